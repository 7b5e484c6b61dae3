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
      LayoutFixture.writeNumberViewModel(
        name: "Main", properties: [(name: "n", value: 0)], into: &writer)
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

  /// The shape's x after the first frame of a player of `data`, its draws from `random` (the
  /// C library's generator when nil), unbound when `unbound`.
  static func firstX(
    _ data: Data, shape: Int, random: TestBuildRandom? = nil, unbound: Bool = false
  ) throws -> Float {
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    if unbound { player.unbind() }
    RandomDraws.$testBuild.withValue(random) { _ = player.advance(by: 1 / 60) }
    return player.artboard.geometry.worldTransforms[shape].tx
  }

  @Test("the entry state's pick: the C library's first draw, the test build's 0 or queued value")
  func entryPick() throws {
    let (data, shape) = Self.randomEntry()
    // The generator seeded with 1 first draws 1804289383 / (2³¹ − 1) ≈ 0.84: the third state.
    let shipping = try Self.firstX(data, shape: shape)
    // The test build draws 0: the first state.
    let testBuild = try Self.firstX(data, shape: shape, random: TestBuildRandom())
    // A queued 0.5 picks the second of three, a queued 0.9 the third.
    let half = TestBuildRandom()
    half.enqueue(0.5)
    let queued = try Self.firstX(data, shape: shape, random: half)
    let most = TestBuildRandom()
    most.enqueue(0.9)
    let third = try Self.firstX(data, shape: shape, random: most)
    #expect(shipping == 30)
    #expect(testBuild == 10)
    #expect(queued == 20)
    #expect(third == 30)
  }

  @Test("an artboard bound to nothing draws from the test build's provider too")
  func unboundDrawsToo() throws {
    let (data, shape) = Self.randomEntry()
    let half = TestBuildRandom()
    half.enqueue(0.5)
    #expect(try Self.firstX(data, shape: shape, random: half, unbound: true) == 20)
    #expect(try Self.firstX(data, shape: shape, random: TestBuildRandom(), unbound: true) == 10)
  }
}
