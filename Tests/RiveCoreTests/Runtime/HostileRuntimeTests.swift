import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Hostile files for the runtime: each either fails to load with a typed error or loads and
/// plays — every artboard with its default driver and every state machine, 60 frames, drawn —
/// and the play finishes. A trap or a hang fails the suite; a file that silently stops playing
/// fails the frame counts.
@Suite("Hostile runtime files")
struct HostileRuntimeTests {
  /// Frames the harness advances for an artboard with `machines` state machines.
  static func expectedFrames(machines: Int) -> Int { 60 * (1 + machines) }

  /// Loads and plays; returns the frames advanced (the load must succeed).
  static func play(_ fixture: RuntimeFixture) throws -> FuzzHarness.PlayOutcome {
    _ = try fixture.file()
    return FuzzHarness.play(fixture.data)
  }

  @Test("parent links in a cycle, and a component that is its own parent")
  func parentCycles() throws {
    var fixture = RuntimeFixture()
    // Ids 1 and 2 name each other as parents; 3 names itself.
    fixture.component(TypeKey.node, parent: 2, [(PropertyKey.nodeX, .float(5))])
    fixture.component(TypeKey.node, parent: 1, [(PropertyKey.nodeX, .float(7))])
    let shape = fixture.component(TypeKey.shape, parent: 3)
    fixture.component(TypeKey.rectangle, parent: shape)
    fixture.animation(
      name: "move", loop: .loop,
      keys: [(object: 1, property: PropertyKey.nodeX, frames: [(0, 0, 1, nil), (60, 100, 1, nil)])]
    )
    let outcome = try Self.play(fixture)
    #expect(outcome.frames == Self.expectedFrames(machines: 0))
  }

  @Test("ids that point past the file, at the wrong kind of object, or nowhere")
  func danglingIDs() throws {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    fixture.component(TypeKey.node, parent: 4_000_000)
    let notAnInterpolator = node
    fixture.animation(
      name: "dangling", loop: .pingPong,
      keys: [
        (object: 999_999, property: PropertyKey.nodeX, frames: [(0, 1, 1, nil)]),
        (object: node, property: 65_000, frames: [(0, 1, 1, nil)]),
        (
          object: node, property: PropertyKey.nodeX,
          frames: [(0, 0, 2, notAnInterpolator), (30, 50, 2, 77_777)]
        ),
      ])
    MachineWriter.write(
      into: &fixture, inputs: [.number("n", 0)],
      layers: [
        [
          .entry([MachineWriter.Transition(to: 3)]),
          .any([]),
          .exit,
          .animation(
            12_345,
            [
              MachineWriter.Transition(to: 2, conditions: [.number(input: 999, op: 0, value: 1)]),
              MachineWriter.Transition(to: 2, conditions: [.trigger(input: 0)]),
            ], fireAtStart: [424_242]),
        ]
      ])
    let outcome = try Self.play(fixture)
    #expect(outcome.frames == Self.expectedFrames(machines: 1))
  }

  @Test("a transition to a state the layer does not have is a typed error naming the byte")
  func transitionPastTheLayer() throws {
    var fixture = RuntimeFixture()
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [[.entry([MachineWriter.Transition(to: 999)]), .any([]), .exit]])
    let error = #expect(throws: RiveError.self) { try fixture.file() }
    #expect(error?.code == .invalidObject)
    #expect(error?.byteOffset != nil)
    #expect(error?.description.contains("state 999") == true)
  }

  @Test("nested artboards that contain themselves or each other")
  func selfNesting() throws {
    var fixture = RuntimeFixture()
    // Artboard 0 nests artboard 1, which nests artboard 0 and itself.
    fixture.component(TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    fixture.artboard(name: "Inner")
    fixture.component(TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(0))])
    fixture.component(TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    let file = try fixture.file()
    #expect(file.artboards.count == 2)
    // Artboards without animations get the runtime's generated state machine.
    #expect(file.artboards.map(\.stateMachineNames.count) == [1, 1])
    let outcome = FuzzHarness.play(fixture.data)
    #expect(outcome.frames == 2 * Self.expectedFrames(machines: 1))
  }

  @Test("NaN and infinite values in properties, keyframes, speeds and sizes")
  func nonFiniteValues() throws {
    var fixture = RuntimeFixture(artboardWidth: .nan, artboardHeight: .infinity)
    let node = fixture.component(
      TypeKey.node, [(PropertyKey.nodeX, .float(.infinity)), (PropertyKey.nodeY, .float(.nan))])
    let shape = fixture.component(TypeKey.shape, parent: node)
    fixture.component(
      TypeKey.rectangle, parent: shape,
      [
        (PropertyKey.parametricPathWidth, .float(.nan)),
        (PropertyKey.parametricPathHeight, .float(-.infinity)),
      ])
    let ease = fixture.cubicEase(x1: .nan, y1: .infinity, x2: -.infinity, y2: .nan)
    fixture.animation(
      name: "nan", duration: 0, loop: .loop, fps: 0,
      keys: [
        (
          object: node, property: PropertyKey.nodeX,
          frames: [(0, .nan, 2, ease), (10, .infinity, 1, nil), (20, -.infinity, 0, nil)]
        )
      ])
    fixture.animation(
      name: "reversed work area", duration: 60, loop: .pingPong, workArea: (50, 10),
      keys: [
        (object: node, property: PropertyKey.nodeY, frames: [(0, 0, 1, nil), (60, 1, 1, nil)])
      ]
    )
    MachineWriter.write(
      into: &fixture, inputs: [.number("n", .nan)],
      layers: [
        [
          .entry([MachineWriter.Transition(to: 3)]),
          .any([]),
          .exit,
          .animation(
            0,
            [MachineWriter.Transition(to: 4, conditions: [.number(input: 0, op: 4, value: .nan)])]
          ),
          .animation(1, [MachineWriter.Transition(to: 3, duration: .max)]),
        ]
      ])
    let outcome = try Self.play(fixture)
    #expect(outcome.frames == Self.expectedFrames(machines: 1))
  }

  @Test("absurd keyframe and object counts stay bounded per advance")
  func absurdCounts() throws {
    var fixture = RuntimeFixture()
    var parent = 0
    // A chain 5,000 deep (no recursion may depend on the depth).
    for _ in 0..<5_000 { parent = fixture.component(TypeKey.node, parent: parent) }
    let frames = (0..<50_000).map { (UInt32($0), Float($0 % 7), UInt32(1), Int?.none) }
    fixture.animation(
      name: "many keys", duration: 50_000, loop: .loop,
      keys: [(object: parent, property: PropertyKey.nodeX, frames: frames)])
    let file = try fixture.file()
    #expect(file.artboards.first?.objectCount ?? 0 > 5_000)
    let outcome = FuzzHarness.play(fixture.data)
    #expect(outcome.frames == Self.expectedFrames(machines: 0))
  }

  @Test("corrupted corpus state-machine files load with a typed error or play", Corpus.requirement)
  func corruptedCorpusFilesPlay() throws {
    for name in ["state_machine_triggers.riv", "blend_test.riv", "events_on_states.riv"] {
      let data = try Corpus.data(name)
      let outcome = CorruptionSweep.run(
        data, seed: 7, flips: 20, chunkEdits: 4, timeBound: 30, playsFrames: true)
      #expect(outcome.reads == 28)
      #expect(outcome.overTime.isEmpty, "\(outcome.overTime)")
      // Flips that land in property values leave the file readable; those variants play.
      #expect(outcome.successes > 0)
      #expect(outcome.framesPlayed >= outcome.successes * 60)
    }
  }
}
