import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveRuntime
import RiveTestSupport
import Testing

/// A file's bytes are walked once whichever API loads it: the structure reader records the
/// object stream the runtime later links, so playing and drawing the file reads nothing again.
@Suite("One reading of a file's bytes", SharedCorpus.requirement)
@MainActor
struct SingleReadTests {
  /// A corpus file with a state machine, an embedded image and a view model.
  static let name = "data_binding_image_test.riv"

  @Test("a legacy load, advance and snapshot walk the bytes once")
  func legacyReadsOnce() throws {
    let data = try SharedCorpus.data(Self.name)
    let walks = ReadInstrumentation.WalkCounter()
    try ReadInstrumentation.$walks.withValue(walks) {
      let file = try RiveFile(data: data, loadCdn: false)
      let viewModel = RiveViewModel(RiveModel(riveFile: file), autoPlay: false)
      let view = viewModel.createRiveView()
      view.advance(delta: 0)
      view.advance(delta: 1.0 / 60)
      _ = try view.snapshot(width: 64, height: 64)
      _ = try file.artboard().stateMachine(from: 0).advance(by: 0.5)
    }
    #expect(walks.value == 1)
  }

  @Test("a current load, advance, the Rive's frame and an artboard's frames walk the bytes once")
  func currentReadsOnce() async throws {
    let data = try SharedCorpus.data(Self.name)
    let walks = ReadInstrumentation.WalkCounter()
    try await ReadInstrumentation.$walks.withValue(walks) {
      let worker = try await Worker()
      let file = try await File(source: .data(data), worker: worker)
      _ = try await file.getAssets()
      let rive = try await Rive(file: file)
      _ = rive.advance(by: 1.0 / 60)
      _ = try await rive.renderFrame(width: 64, height: 64)
      let artboard = try await file.createArtboard()
      _ = try await artboard.renderFrame(worker: worker, width: 64, height: 64)
      _ = try await artboard.renderFrame(worker: worker, width: 64, height: 64)
    }
    #expect(walks.value == 1)
  }

  @Test("the walks are counted: reading a second time shows")
  func countsEachWalk() throws {
    let data = try SharedCorpus.data(Self.name)
    let walks = ReadInstrumentation.WalkCounter()
    try ReadInstrumentation.$walks.withValue(walks) {
      _ = try RiveFile(data: data, loadCdn: false)
      _ = try RiveDocument(data: data, depth: .assets)
    }
    #expect(walks.value == 2)
  }
}
