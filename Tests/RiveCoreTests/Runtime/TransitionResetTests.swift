import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// A transition that mixes starts from the values its properties have, read as the official
/// runtime's getters read them: a nested artboard's number input is its nested machine's
/// input, not a stored value of the host.
@Suite("Runtime: transition resets")
struct TransitionResetTests {
  /// A host whose nested artboard has a number input, authored at 50. The host's machine
  /// starts in "first" (which keys the input to 120), moves to "rest" (which keys only a
  /// node) when `up` turns true, and when `go` fires mixes over 500 ms into "set" (which keys
  /// the input to 200): the mix starts from 120, the input's value, not from the authored 50.
  static func data() -> Data {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    let nested = fixture.component(
      TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    let machine = fixture.component(
      TypeKey.nestedStateMachine, parent: nested,
      [(PropertyKey.nestedAnimationAnimationId, .uint(0))])
    let input = fixture.component(
      TypeKey.nestedNumber, parent: machine,
      [
        (PropertyKey.nestedInputInputId, .uint(0)),
        (PropertyKey.nestedNumberNestedValue, .float(50)),
      ])
    fixture.animation(
      name: "first", keys: [(input, PropertyKey.nestedNumberNestedValue, [(0, 120, 0, nil)])])
    fixture.animation(name: "rest", keys: [(node, PropertyKey.nodeX, [(0, 10, 0, nil)])])
    fixture.animation(
      name: "set", keys: [(input, PropertyKey.nestedNumberNestedValue, [(0, 200, 0, nil)])])
    MachineWriter.write(
      into: &fixture, inputs: [.bool("up", false), .trigger("go")],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]),
          .animation(1, [.init(to: 5, duration: 500, conditions: [.trigger(input: 1)])]),
          .animation(2, []),
        ]
      ])
    fixture.artboard(name: "Child")
    MachineWriter.write(into: &fixture, inputs: [.number("level", 0)], layers: [])
    return fixture.data
  }

  @Test("mixing into a keyed nested input starts from the input's value")
  func nestedInputBaseline() throws {
    let file = try RuntimeFile(data: Self.data())
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    var values: [Int: Float] = [:]
    for frame in 0...180 {
      if frame == 20 { machine.setBool(0, true) }
      if frame == 40 { machine.fire(1) }
      _ = machine.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &artboard)
      if case .number(let value)? = artboard.value(
        of: 4, property: PropertyKey.nestedNumberNestedValue)
      {
        values[frame] = value
      }
    }
    // The official runtime's values for this file (its trace, read every frame).
    let official: [Int: Float] = [
      0: 120, 40: 120, 45: 133.3333, 50: 146.6667, 55: 160, 60: 173.3333, 65: 186.6667,
      70: 200, 180: 200,
    ]
    for (frame, expected) in official {
      #expect(abs((values[frame] ?? .nan) - expected) < 1e-3, "frame \(frame)")
    }
  }
}

/// Input changes that a state's or transition's listener actions make happen at once, inside
/// the state change, as in the official runtime: a condition later in the same advance sees
/// them.
@Suite("Runtime: state listener actions")
struct StateListenerActionTests {
  /// State "arm" (animation 0) sets `armed` when it starts; its transition to "go"
  /// (animation 1) needs `armed`. A transition from "go" back to "arm" fires on `back`.
  static func data() -> Data {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    fixture.animation(name: "arm", keys: [(node, PropertyKey.nodeX, [(0, 1, 0, nil)])])
    fixture.animation(name: "go", keys: [(node, PropertyKey.nodeX, [(0, 2, 0, nil)])])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    fixture.object(
      TypeKey.stateMachineBool, [(PropertyKey.stateMachineComponentName, .string("armed"))])
    fixture.object(
      TypeKey.stateMachineTrigger, [(PropertyKey.stateMachineComponentName, .string("back"))])
    fixture.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    // At the state's start (flag bit 0 clear), parent kind State (2 << 1).
    fixture.object(
      TypeKey.listenerBoolChange,
      [
        (PropertyKey.listenerInputChangeInputId, .uint(0)),
        (PropertyKey.listenerBoolChangeValue, .uint(1)),
        (PropertyKey.listenerActionFlags, .uint(2 << 1)),
      ])
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(4))])
    fixture.object(
      TypeKey.transitionBoolCondition,
      [
        (PropertyKey.transitionInputConditionInputId, .uint(0)),
        (PropertyKey.transitionValueConditionOpValue, .uint(0)),
      ])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(1))])
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(
      TypeKey.transitionTriggerCondition, [(PropertyKey.transitionInputConditionInputId, .uint(1))])
    return fixture.data
  }

  @Test("a state's action sets an input that its own transition takes in the same advance")
  func sameAdvance() throws {
    let file = try RuntimeFile(data: Self.data())
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    var changes: [(frame: Int, names: [String])] = []
    for frame in 0...10 {
      if frame == 5 { machine.fire(1) }
      _ = machine.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &artboard)
      let names = machine.stateChanges.map {
        machine.describe($0, artboard: artboard.model).legacyName
      }
      if !names.isEmpty { changes.append((frame, names)) }
    }
    // The official runtime enters "arm" and leaves it for "go" in frame 0, and after the
    // trigger goes through "arm" back to "go" within the frame.
    #expect(changes.map(\.frame) == [0, 5])
    #expect(changes.map(\.names) == [["go"], ["go"]])
  }

  /// A 1D blend state on `level` (animation "low" at 0, "high" at 100) whose start sets
  /// `level` to 100.
  static func blendData() -> Data {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    fixture.animation(name: "low", keys: [(node, PropertyKey.nodeX, [(0, 10, 0, nil)])])
    fixture.animation(name: "high", keys: [(node, PropertyKey.nodeX, [(0, 90, 0, nil)])])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    fixture.object(
      TypeKey.stateMachineNumber, [(PropertyKey.stateMachineComponentName, .string("level"))])
    fixture.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.blendState1DInput, [(PropertyKey.blendState1DInputInputId, .uint(0))])
    for (animation, value) in [(UInt64(0), Float(0)), (1, 100)] {
      fixture.object(
        TypeKey.blendAnimation1D,
        [
          (PropertyKey.blendAnimationAnimationId, .uint(animation)),
          (PropertyKey.blendAnimation1DValue, .float(value)),
        ])
    }
    fixture.object(
      TypeKey.listenerNumberChange,
      [
        (PropertyKey.listenerInputChangeInputId, .uint(0)),
        (PropertyKey.listenerNumberChangeValue, .float(100)),
        (PropertyKey.listenerActionFlags, .uint(2 << 1)),
      ])
    return fixture.data
  }

  @Test("a blend state entered on an advance mixes with the input its own start just set")
  func blendSeesTheNewInput() throws {
    let file = try RuntimeFile(data: Self.blendData())
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    _ = machine.advanceAndApply(0, artboard: &artboard)
    // The official runtime applies "high" at frame 0 (the start set `level` before the
    // state's first advance computed its mixes).
    #expect(artboard.float(1, Slot.nodeX) == 90)
  }
}

/// A transition's duration bound to a view-model number: the machine mixes over the bound
/// time, as the official layer resolves it when the transition is taken.
@Suite("Runtime: bound transition durations")
struct BoundTransitionDurationTests {
  /// View model "Main" (number `ms`, 1,000 in its instance) bound to the artboard; animations
  /// "a" (x 0) and "b" (x 100); the machine goes from "a" to "b" when `go` is true, over a
  /// duration of 0 in the file but bound to `ms`.
  static func data(bound: Bool) -> Data {
    var fixture = RuntimeFixture(viewModel: 0) { writer in
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
      writer.object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("ms"))])
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("Instance")),
        ])
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(1000)),
        ])
    }
    let node = fixture.component(TypeKey.node)
    fixture.animation(name: "a", keys: [(node, PropertyKey.nodeX, [(0, 0, 0, nil)])])
    fixture.animation(name: "b", keys: [(node, PropertyKey.nodeX, [(0, 100, 0, nil)])])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    fixture.object(
      TypeKey.stateMachineBool, [(PropertyKey.stateMachineComponentName, .string("go"))])
    fixture.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(4))])
    if bound { fixture.bind(PropertyKey.stateTransitionDuration, to: [0, 0]) }
    fixture.object(
      TypeKey.transitionBoolCondition,
      [
        (PropertyKey.transitionInputConditionInputId, .uint(0)),
        (PropertyKey.transitionValueConditionOpValue, .uint(0)),
      ])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(1))])
    return fixture.data
  }

  private func xs(bound: Bool) throws -> [Int: Float] {
    let file = try RuntimeFile(data: Self.data(bound: bound))
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    machine.bindDefaultViewModel(file: file, artboard: &artboard)
    var xs: [Int: Float] = [:]
    for frame in 0...90 {
      if frame == 20 { machine.setBool(0, true) }
      _ = machine.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &artboard)
      xs[frame] = artboard.float(1, Slot.nodeX)
    }
    return xs
  }

  @Test("the bound duration is the mix time")
  func boundDuration() throws {
    let xs = try xs(bound: true)
    // The official runtime's values for this file (its trace, read every 10 frames).
    let official: [Int: Float] = [
      10: 0, 20: 0, 30: 16.66667, 40: 33.33334, 50: 50.00002, 60: 66.66667, 70: 83.33332,
      80: 99.99997, 90: 100,
    ]
    for (frame, expected) in official {
      #expect(abs((xs[frame] ?? .nan) - expected) < 1e-3, "frame \(frame)")
    }
  }

  @Test("without the bind the file's duration (0) applies")
  func fileDuration() throws {
    let xs = try xs(bound: false)
    #expect(xs[19] == 0)
    #expect(xs[20] == 100)
  }
}
