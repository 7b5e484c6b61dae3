import Foundation
import RiveFixtures
import RiveLegacy
import RiveRuntime
import RiveTestSupport
import Testing

/// Frames show the live state, in both API generations: what a pointer event or a bound
/// view-model value changed is drawn, and both generations draw it the same.
///
/// click_event.riv's "art-2" turns its group green while the pointer is over it (state
/// "green") and red when it leaves; data_binding_test.riv's "artboard-1" fills a shape with
/// view model "vm1"'s `color` (red as authored); data_binding_image_test.riv's "main" draws
/// the image given to view model "vm"'s `img` (none as authored).
@Suite("Frames of live state in both generations", SharedCorpus.requirement)
@MainActor
struct LiveFrameTests {
  /// How many pixels are mostly `channel` (0 red, 1 green, 2 blue) and opaque.
  static func count(_ frame: RiveFrame, dominant channel: Int) -> Int {
    let bytes = frame.rgba
    var count = 0
    var index = 0
    while index + 3 < bytes.count {
      let value = Int(bytes[index + channel])
      let others = (0..<3).filter { $0 != channel }.map { Int(bytes[index + $0]) }
      if bytes[index + 3] > 200, value > 150, others.allSatisfy({ $0 < 80 }) { count += 1 }
      index += 4
    }
    return count
  }

  @Test("a hover drawn: the current API's pointer event and the legacy touch give one frame")
  func hoverDrawn() async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(SharedCorpus.data("click_event.riv")), worker: worker)
    let artboard = try await file.createArtboard("art-2")
    let rive = try await Rive(
      file: file, artboard: artboard, stateMachine: try await artboard.createStateMachine("sm-1"))
    rive.stateMachine.advance(by: 0)
    let before = try await rive.renderFrame()
    rive.stateMachine.pointerMove(at: CGPoint(x: 75, y: 75))
    rive.stateMachine.advance(by: 1 / 60)
    #expect(rive.stateMachine.stateChanges.last == "green")
    let hovered = try await rive.renderFrame()
    #expect(try before.raster.difference(from: hovered.raster).differingPixelCount > 100)
    #expect(Self.count(hovered, dominant: 1) > Self.count(before, dominant: 1) + 100)
    // Drawing does not advance: the same state draws the same frame.
    #expect(try await rive.renderFrame() == hovered)

    let legacyFile = try RiveFile(name: "click_event", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: legacyFile)
    try model.setArtboard("art-2")
    try model.setStateMachine("sm-1")
    let view = RiveView()
    try view.setModel(model, autoPlay: false)
    #expect(try view.snapshot() == before)
    let machine = try #require(model.stateMachine)
    machine.touchMoved(atLocation: CGPoint(x: 75, y: 75))
    view.advance(delta: 1 / 60)
    #expect(try view.snapshot() == hovered)
  }

  @Test("a bound colour drawn: set in either generation, it shows after the next advance")
  func boundColorDrawn() async throws {
    let worker = try await Worker()
    let file = try await File(
      source: .data(SharedCorpus.data("data_binding_test.riv")), worker: worker)
    let artboard = try await file.createArtboard("artboard-1")
    let rive = try await Rive(file: file, artboard: artboard)
    let instance = try #require(rive.viewModelInstance)
    rive.stateMachine.advance(by: 0)
    let authored = try await rive.renderFrame()
    let red = Self.count(authored, dominant: 0)
    #expect(red > 1000)
    instance.setValue(of: ColorProperty(path: "color"), to: Color(red: 0, green: 255, blue: 0))
    // Not drawn before the advance that carries it into the artboard.
    #expect(try await rive.renderFrame() == authored)
    rive.stateMachine.advance(by: 1 / 60)
    let changed = try await rive.renderFrame()
    #expect(Self.count(changed, dominant: 0) == 0)
    #expect(Self.count(changed, dominant: 1) == red)

    let legacyFile = try RiveFile(name: "data_binding_test", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: legacyFile)
    try model.setArtboard("artboard-1")
    try model.setStateMachine()
    let legacy = try #require(legacyFile.viewModelNamed("vm1")?.createDefaultInstance())
    let machine = try #require(model.stateMachine)
    machine.bind(viewModelInstance: legacy)
    let view = RiveView()
    try view.setModel(model, autoPlay: false)
    #expect(try view.snapshot() == authored)
    let color = try #require(legacy.colorProperty(fromPath: "color"))
    color.value = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    view.advance(delta: 1 / 60)
    #expect(try view.snapshot() == changed)
  }

  @Test("a data-bound image drawn: given in either generation, it shows after the next advance")
  func boundImageDrawn() async throws {
    // A solid blue picture at the size the file's images are authored at.
    let blue = try #require(
      PNGFixtureEncoder.compressed(
        rgb: Array(repeating: [0, 0, 255], count: 184 * 230).flatMap { $0 }, width: 184,
        height: 230))
    let worker = try await Worker()
    let file = try await File(
      source: .data(SharedCorpus.data("data_binding_image_test.riv")), worker: worker)
    let rive = try await Rive(file: file)
    let instance = try #require(rive.viewModelInstance)
    rive.stateMachine.advance(by: 0)
    let before = try await rive.renderFrame()
    #expect(Self.count(before, dominant: 2) == 0)
    let image = try await worker.decodeImage(from: Data(blue))
    instance.setValue(of: ImageProperty(path: "img"), to: image)
    rive.stateMachine.advance(by: 1 / 60)
    let shown = try await rive.renderFrame()
    // The picture covers thousands of pixels wherever and however large the artboard draws it.
    #expect(Self.count(shown, dominant: 2) > 5000)
    instance.setValue(of: ImageProperty(path: "img"), to: nil)
    rive.stateMachine.advance(by: 1 / 60)
    #expect(Self.count(try await rive.renderFrame(), dominant: 2) == 0)

    let legacyFile = try RiveFile(name: "data_binding_image_test", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: legacyFile)
    try model.setArtboard()
    try model.setStateMachine()
    let legacy = try #require(legacyFile.viewModelNamed("vm")?.createDefaultInstance())
    let machine = try #require(model.stateMachine)
    machine.bind(viewModelInstance: legacy)
    let view = RiveView()
    try view.setModel(model, autoPlay: false)
    #expect(try view.snapshot() == before)
    let property = try #require(legacy.imageProperty(fromPath: "img"))
    property.setValue(RiveRenderImage(data: Data(blue)))
    view.advance(delta: 1 / 60)
    #expect(try view.snapshot() == shown)
  }
}
