import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A host whose state machine sets a nested artboard's input through a listener action that
/// is not a pointer listener's: a state's action at its start, or the action of a listener on
/// an event the host reports.
///
/// Artboard `Host` (200 × 200) holds nested artboard `Child` (id 1) whose state machine
/// (id 2) exposes its boolean input `on` as a nested input (id ``nestedOn``). The host's
/// machine enters state `Idle` (animation 0, looping; it keys the host's shape only). With
/// ``Route/stateAction``, `Idle` carries a bool-change action on ``nestedOn`` (value: true) that
/// runs at the state's start; with ``Route/eventListener``, `Idle` fires the event `ping`
/// (id ``ping``) at its start and a listener on that event carries the same action. `Child`
/// (100 × 100): a filled 20 × 20 rectangle at x 0 that state `On` (entered when `on` is true)
/// moves to x ``onX``. The runtime sets the nested input from every listener action
/// (`listener_bool_change.cpp`), so the child's shape moves on the first frames.
public enum NestedInputActionFixture {
  /// How the action reaches the nested input.
  public enum Route: Sendable, CaseIterable { case stateAction, eventListener }

  /// The nested input component (`NestedBool`).
  public static let nestedOn = 3
  /// The host's event.
  public static let ping = 5
  /// Where `On` keys the child's shape.
  public static let onX: Float = 100

  public static func data(route: Route) -> Data {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200, defaultStateMachine: 0)
    let on = host(&fixture, nestedInput: TypeKey.nestedBool)
    precondition(on == nestedOn)
    let hostShape = fixture.shape(x: 150, y: 150)
    let event = fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("ping"))])
    precondition(event == ping)
    fixture.animation(
      name: "Idle", duration: 60, loop: .loop,
      keys: [
        (
          object: hostShape, property: PropertyKey.nodeX,
          frames: [(frame: 0, value: 150, interpolation: 1, interpolator: nil)]
        )
      ])
    hostMachine(&fixture, booleans: [])
    // A bool change to true of the nested input; flags: bit 0 clear runs it at the start, bits
    // 1–2 name the parent (0 a listener, 2 a state).
    func setOn(parentKind: UInt64) {
      fixture.object(
        TypeKey.listenerBoolChange,
        [
          (PropertyKey.listenerInputChangeNestedInputId, .uint(UInt64(on))),
          (PropertyKey.listenerBoolChangeValue, .uint(1)),
          (PropertyKey.listenerActionFlags, .uint(parentKind << 1)),
        ])
    }
    switch route {
    case .stateAction:
      setOn(parentKind: 2)
    case .eventListener:
      fixture.object(
        TypeKey.stateMachineFireEvent,
        [
          (PropertyKey.stateMachineFireEventEventId, .uint(UInt64(event))),
          (PropertyKey.stateMachineFireActionOccursValue, .uint(0)),
        ])
      fixture.object(
        TypeKey.stateMachineListenerSingle,
        [
          (PropertyKey.stateMachineListenerTargetId, .uint(0)),
          (PropertyKey.stateMachineListenerSingleListenerTypeValue, .uint(5)),
          (PropertyKey.stateMachineListenerSingleEventId, .uint(UInt64(event))),
        ])
      setOn(parentKind: 0)
    }
    fixture.artboard(name: "Child", width: 100, height: 100)
    let shape = fixture.shape(x: 0, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: shape, width: 20, height: 20)
    fixture.fill(shape)
    func hold(_ x: Float) -> [(
      frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?
    )] {
      [(frame: 0, value: x, interpolation: 1, interpolator: nil)]
    }
    fixture.animation(
      name: "Off", duration: 60, loop: .loop,
      keys: [(object: shape, property: PropertyKey.nodeX, frames: hold(0))])
    fixture.animation(
      name: "On", duration: 60, loop: .loop,
      keys: [(object: shape, property: PropertyKey.nodeX, frames: hold(onX))])
    MachineWriter.write(
      into: &fixture, inputs: [.bool("on", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]),
          .animation(1, []),
        ]
      ])
    return fixture.data
  }

  /// The nested number input of ``transitionData()``.
  public static let nestedLevel = 3
  /// The value the transition's action sets ``nestedLevel`` to, and the one `Raise` keys.
  public static let actionLevel: Float = 20
  public static let keyedLevel: Float = 100

  /// A transition whose action sets a nested input that the state it enters keys, mixing over
  /// a second: the runtime sets the input inside the state change, before the transition
  /// captures the values its mix starts from, so the mix runs from ``actionLevel`` to
  /// ``keyedLevel``.
  ///
  /// `Host` (200 × 200) holds `Child` (id 1) whose machine (id 2) exposes its number input
  /// `level` (0) as nested input ``nestedLevel``. Animations: `Idle` (0) keys a host shape
  /// only, `Raise` (1) keys ``nestedLevel`` to ``keyedLevel``. The host's machine (boolean
  /// input `go`, false): entry → `Idle`; `Idle` → `Raise` when `go` is true over 1,000 ms,
  /// with an action at the transition's start setting ``nestedLevel`` to ``actionLevel``. The
  /// runtime's trace scenario sets `go` at frame 20; at frame 30 the mix is 10/60 through.
  public static func transitionData() -> Data {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200, defaultStateMachine: 0)
    let level = host(&fixture, nestedInput: TypeKey.nestedNumber)
    precondition(level == nestedLevel)
    let hostShape = fixture.shape(x: 150, y: 150)
    func hold(_ value: Float) -> [(
      frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?
    )] {
      [(frame: 0, value: value, interpolation: 1, interpolator: nil)]
    }
    fixture.animation(
      name: "Idle", duration: 60, loop: .loop,
      keys: [(object: hostShape, property: PropertyKey.nodeX, frames: hold(150))])
    fixture.animation(
      name: "Raise", duration: 60, loop: .loop,
      keys: [
        (object: level, property: PropertyKey.nestedNumberNestedValue, frames: hold(keyedLevel))
      ])
    hostMachine(&fixture, booleans: [("go", false)])
    fixture.object(
      TypeKey.stateTransition,
      [
        (PropertyKey.stateTransitionStateToId, .uint(4)),
        (PropertyKey.stateTransitionDuration, .uint(1000)),
      ])
    fixture.object(
      TypeKey.transitionBoolCondition,
      [
        (PropertyKey.transitionInputConditionInputId, .uint(0)),
        (PropertyKey.transitionValueConditionOpValue, .uint(0)),
      ])
    // A number change of the nested input; flags: bit 0 clear runs it at the start, bits 1–2
    // name the parent (1: a transition).
    fixture.object(
      TypeKey.listenerNumberChange,
      [
        (PropertyKey.listenerInputChangeNestedInputId, .uint(UInt64(level))),
        (PropertyKey.listenerNumberChangeValue, .float(actionLevel)),
        (PropertyKey.listenerActionFlags, .uint(1 << 1)),
      ])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(1))])
    fixture.artboard(name: "Child", width: 100, height: 100)
    fixture.shape(x: 0, y: 50)
    fixture.animation(name: "Still", duration: 60, loop: .loop, keys: [])
    MachineWriter.write(
      into: &fixture, inputs: [.number("level", 0)],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    return fixture.data
  }
  /// Starts the host: nested artboard `Child` (id 1, artboard 1) whose machine (id 2) exposes
  /// its input 0 as a nested input of `type` (id 3); returns the nested input's id.
  private static func host(_ fixture: inout RuntimeFixture, nestedInput type: UInt32) -> Int {
    let nested = fixture.component(
      TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    let machine = fixture.component(
      TypeKey.nestedStateMachine, parent: nested,
      [(PropertyKey.nestedAnimationAnimationId, .uint(0))])
    return fixture.component(type, parent: machine, [(PropertyKey.nestedInputInputId, .uint(0))])
  }

  /// The host's machine up to its first state (written out: MachineWriter's states carry no
  /// listener actions): `inputs` (name, value) booleans, one layer, entry → state 3 (animation
  /// 0), the any and exit states, then state 3 itself.
  private static func hostMachine(_ fixture: inout RuntimeFixture, booleans: [(String, Bool)]) {
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    for (name, value) in booleans {
      fixture.object(
        TypeKey.stateMachineBool,
        [
          (PropertyKey.stateMachineComponentName, .string(name)),
          (PropertyKey.stateMachineBoolValue, .bool(value)),
        ])
    }
    fixture.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
  }
}
