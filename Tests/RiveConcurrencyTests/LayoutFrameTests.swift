import Foundation
import RiveConcurrency
import RiveCore
import RiveTestSupport
import Testing

/// Key layout files (``LayoutFixture``) drawn through the current API: an artboard's frame
/// shows every layout at the box worked out by hand (and confirmed by the official runtime
/// built with layout).
@Suite("Current API layout frames")
@MainActor
struct LayoutFrameTests {
  nonisolated static let keyFixtures = LayoutFrameProbes.keyFixtures
  static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> [UInt8]? {
    LayoutFrameProbes.rgb(pixel)
  }
  static func expected(_ color: UInt32?) -> [UInt8] { LayoutFrameProbes.expected(color) }

  @Test("a key layout file drawn by Artboard.renderFrame", arguments: keyFixtures.keys.sorted())
  func keyFixture(_ name: String) async throws {
    let fixture = try #require(Self.keyFixtures[name])
    let worker = try await Worker()
    let file = try await File(source: .data(fixture.data), worker: worker)
    let artboard = try await file.createArtboard()
    let frame = try await artboard.renderFrame(worker: worker, width: 200, height: 100).raster
    for probe in fixture.probes {
      #expect(
        Self.rgb(frame.pixel(x: probe.x, y: probe.y)) == Self.expected(probe.color),
        "\(name) at (\(probe.x), \(probe.y))")
    }
  }
}
