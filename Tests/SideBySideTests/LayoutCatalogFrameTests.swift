import Foundation
import RiveCore
import RiveReference
import RiveRuntime
import RiveTestSupport
import Testing

/// Every file of the writer's layout catalog (``LayoutFixture/catalog(font:)``, one layout
/// feature each; their boxes are checked by hand in `LayoutFixtureTests` and their draw streams
/// against the official runtime built with layout) drawn through both API generations: the
/// legacy view model's snapshot and the current `Rive`'s frame are the same pixels, and where a
/// layout `A` lies directly in the artboard with nothing laid out over its centre, that pixel
/// is `A`'s colour at the place the core's solved box says.
@Suite("Layout catalog in both API generations")
@MainActor
struct LayoutCatalogFrameTests {
  /// The catalog but the files whose frames the generations draw differently by design: a
  /// legacy view model binds no view-model instance unless auto-binding is on, where the current
  /// API binds the default one (`layout-bound-width` sizes a layout from a bound value); and
  /// the deep one, slow to draw twice in a debug build.
  static let files = LayoutFixture.catalog(font: nil).filter {
    !["layout-deep", "layout-bound-width"].contains($0.name)
  }
  /// Files whose `A` holds content drawn over its centre (not a layout, so not in its frames).
  static let coveredCentres: Set = ["layout-background-clip"]

  /// The centre of layout `A` in artboard space, when `A` is a direct child of the artboard,
  /// has no laid-out children and no later layout of the artboard covers that point.
  static func centreOfA(_ data: Data) throws -> (x: Int, y: Int)? {
    let frames = DrawRecorder(file: try RuntimeFile(data: data), text: false, layout: true)
      .layoutFrames(at: 0)
    guard let index = frames.firstIndex(where: { $0.name == "A" && $0.depth == 1 }) else {
      return nil
    }
    let a = frames[index]
    guard a.width >= 4, a.height >= 4 else { return nil }
    if index + 1 < frames.count, frames[index + 1].depth > 1 { return nil }
    let x = a.x + a.width / 2
    let y = a.y + a.height / 2
    for later in frames[(index + 1)...] where later.kind != "artboard" {
      if later.depth == 1, x >= later.x, x < later.x + later.width, y >= later.y,
        y < later.y + later.height
      {
        return nil
      }
    }
    return (Int(x), Int(y))
  }

  @Test("legacy snapshots and current frames agree and draw A where the layout put it")
  func bothGenerations() async throws {
    var checkedCentres = 0
    let worker = try await Worker()
    for (name, data) in Self.files {
      let legacy = RiveViewModel(
        RiveModel(riveFile: try RiveFile(data: data, loadCdn: false)), stateMachineName: nil,
        autoPlay: false)
      let legacyFrame = try legacy.snapshot()
      let file = try await File(source: .data(data), worker: worker)
      // Most catalog files have no state machine, which a `Rive` needs: their artboard is
      // drawn on its own.
      let artboard = try await file.createArtboard()
      let currentFrame: RiveFrame
      if let machine = try? await artboard.createStateMachine() {
        let rive = try await Rive(file: file, artboard: artboard, stateMachine: machine)
        currentFrame = try await rive.renderFrame()
      } else {
        currentFrame = try await artboard.renderFrame(worker: worker)
      }
      #expect(legacyFrame == currentFrame, "\(name): the generations' pixels differ")
      guard !Self.coveredCentres.contains(name), let (x, y) = try Self.centreOfA(data) else {
        continue
      }
      let pixel = currentFrame.pixel(x: x, y: y)
      let want = LayoutFixture.color("A")
      let rgb = pixel.map { [$0.red, $0.green, $0.blue] }
      #expect(
        rgb == [UInt8(want >> 16 & 0xFF), UInt8(want >> 8 & 0xFF), UInt8(want & 0xFF)],
        "\(name): at A's centre (\(x), \(y)): \(String(describing: pixel))")
      checkedCentres += 1
    }
    // Most files have such an A.
    #expect(checkedCentres >= 30, "A's centre checked in \(checkedCentres) files")
  }
}
