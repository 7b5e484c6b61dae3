import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Random draws as the official runtime's test build makes them (the build whose unit tests
/// recorded the silvers): its `RandomProvider` gives the values a test queued, else 0, where
/// the shipping runtime draws from the C library's generator.
@Suite("Test-build random draws (writer-made)")
struct TestBuildRandomTests {
  /// A file whose artboard (bound to a view model with one number) has a shape and a machine
  /// whose entry state picks one of three states at random; state `i` plays an animation
  /// that keys the shape's x to `10 × (i + 1)`. Returns the file and the shape's id.
  static func randomEntry() -> (data: Data, shape: Int) {
    var file = RuntimeFixture(viewModel: 0, defaultStateMachine: 0) { writer in
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
      writer.object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("n"))])
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("Main")),
        ])
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
    }
    let rectangle = file.rectangle(parent: 0, width: 10, height: 10, color: 0xFF00_0000)
    for index in 0..<3 {
      file.animation(
        name: "x\(index)", duration: 10,
        keys: [(rectangle.shape, PropertyKey.nodeX, [(0, 10 * Float(index + 1), 0, nil)])])
    }
    // States: 0 entry, 1 any, 2 exit, 3…5 the animations.
    MachineWriter.write(
      into: &file, inputs: [],
      layers: [
        [
          .randomEntry([.init(to: 3), .init(to: 4), .init(to: 5)]), .any([]), .exit,
          .animation(0, []), .animation(1, []), .animation(2, []),
        ]
      ])
    return (file.data, rectangle.shape)
  }

  /// The shape's x after the first frame of a player of `data`, prepared by `prepare`.
  static func firstX(
    _ data: Data, shape: Int, prepare: (inout ArtboardPlayback) -> Void = { _ in }
  ) throws -> Float {
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    prepare(&player)
    _ = player.advance(by: 1 / 60)
    return player.artboard.geometry.worldTransforms[shape].tx
  }

  @Test("the entry state's pick: the C library's first draw, the test build's 0 or queued value")
  func entryPick() throws {
    let (data, shape) = Self.randomEntry()
    // The generator seeded with 1 first draws 1804289383 / (2³¹ − 1) ≈ 0.84: the third state.
    let shipping = try Self.firstX(data, shape: shape)
    // The test build draws 0: the first state.
    var enabled = false
    let testBuild = try Self.firstX(data, shape: shape) { player in
      enabled = player.drawRandomsAsTestBuild()
    }
    // A queued 0.5 picks the second of three; a value queued after enabling, 0.9, the third.
    let queued = try Self.firstX(data, shape: shape) { player in
      player.drawRandomsAsTestBuild(queue: [0.5])
    }
    let appended = try Self.firstX(data, shape: shape) { player in
      player.drawRandomsAsTestBuild()
      player.queueTestBuildRandom(0.9)
    }
    #expect(shipping == 30)
    #expect(enabled)
    #expect(testBuild == 10)
    #expect(queued == 20)
    #expect(appended == 30)
  }

  @Test("an artboard bound to nothing has no store to draw as the test build")
  func unboundHasNoStore() throws {
    let (data, _) = Self.randomEntry()
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.unbind()
    let enabled = player.drawRandomsAsTestBuild()
    let queued = player.queueTestBuildRandom(0.5)
    #expect(!enabled)
    #expect(!queued)
  }
}
