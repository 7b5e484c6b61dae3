import Foundation
import RiveFixtures

/// Key layout files and the pixels their frames must show, shared by the layout frame tests
/// of both API generations (RiveConcurrencyTests, RiveLegacyTests).
package enum LayoutFrameProbes {
  /// Key layout files and what their 200 × 100 frame shows at points inside the boxes worked
  /// out by hand in `LayoutFixtureTests` (RiveCoreTests), where the derivations are: each
  /// point is the centre of a layout's box, with that layout's colour (nil: nothing drawn).
  package static let keyFixtures:
    [String: (data: Data, probes: [(x: Int, y: Int, color: UInt32?)])] = [
      // A (0, 0, 30, 20), B (30, 0, 40, 30), C (70, 0, 50, 10); nothing below them.
      "row": (
        LayoutFixture.flow(.row),
        [(15, 10, 0xFFE0_3030), (50, 15, 0xFF30_A030), (95, 5, 0xFF30_30E0), (150, 70, nil)]
      ),
      // A (0, 0, 20, 10), B (70, 0, 20, 10), C (0, 35, 20, 10), D (70, 35, 20, 10).
      "grid": (
        LayoutFixture.gridPoints(),
        [
          (10, 5, 0xFFE0_3030), (80, 5, 0xFF30_A030), (10, 40, 0xFF30_30E0),
          (80, 40, 0xFFE0_C020), (40, 20, nil),
        ]
      ),
      // Right to left: A (160, 0, 30, 20), B (120, 0, 40, 30), C (100, 0, 20, 20); the start
      // padding (10) at the right stays empty.
      "rtl": (
        LayoutFixture.rtl(),
        [(175, 10, 0xFFE0_3030), (140, 15, 0xFF30_A030), (110, 10, 0xFF30_30E0), (195, 10, nil)]
      ),
      // A (0, 0, 20, 30), B (20, 0, 45, 30), C (65, 0, 135, 100).
      "fill": (
        LayoutFixture.fill(.row),
        [(10, 15, 0xFFE0_3030), (42, 15, 0xFF30_A030), (132, 50, 0xFF30_30E0), (40, 60, nil)]
      ),
      // Nested artboards (green backgrounds) at (0, 0, 80, 30), (80, 0, 30, 20) and
      // (110, 0, 90, 100), each with its layout K (black, 30 × 20) at its top-left.
      "nested": (
        LayoutFixture.nested(),
        [
          (60, 25, 0xFF00_8000), (15, 10, 0xFF00_0000), (95, 10, 0xFF00_0000),
          (125, 10, 0xFF00_0000), (170, 60, 0xFF00_8000), (95, 40, nil),
        ]
      ),
    ]

  package static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?)
    -> [UInt8]?
  {
    pixel.map { $0.alpha == 0 ? [] : [$0.red, $0.green, $0.blue] }
  }

  package static func expected(_ color: UInt32?) -> [UInt8] {
    guard let color else { return [] }
    return [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
  }
}
