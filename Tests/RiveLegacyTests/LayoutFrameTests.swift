import Foundation
import RiveCore
import RiveLegacy
import RiveTestSupport
import Testing

/// Key layout files (``LayoutFixture``) drawn through the legacy API: a view model's snapshot
/// shows every layout at the box worked out by hand (and confirmed by the official runtime
/// built with layout).
@Suite("Legacy layout frames")
@MainActor
struct LayoutFrameTests {
  nonisolated static let keyFixtures = LayoutFrameProbes.keyFixtures
  static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> [UInt8]? {
    LayoutFrameProbes.rgb(pixel)
  }
  static func expected(_ color: UInt32?) -> [UInt8] { LayoutFrameProbes.expected(color) }

  @Test("a key layout file drawn by RiveViewModel.snapshot", arguments: keyFixtures.keys.sorted())
  func keyFixture(_ name: String) throws {
    let fixture = try #require(Self.keyFixtures[name])
    let file = try RiveFile(data: fixture.data, loadCdn: false)
    let viewModel = RiveViewModel(RiveModel(riveFile: file))
    let frame = try viewModel.snapshot(width: 200, height: 100).raster
    for probe in fixture.probes {
      #expect(
        Self.rgb(frame.pixel(x: probe.x, y: probe.y)) == Self.expected(probe.color),
        "\(name) at (\(probe.x), \(probe.y))")
    }
  }
}
