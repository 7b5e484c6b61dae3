import RiveFormat

/// A state machine of an artboard: inputs, layers of states and transitions, listeners.
package struct StateMachineModel: Sendable {
  package var name: String
  /// Inputs by index; nil for an unknown object's placeholder.
  package var inputs: [Input?]
  package var layers: [Layer]
  var listeners: [Listener]
  /// True for the machine the runtime makes up for an artboard with neither animations nor
  /// state machines.
  package var isSynthetic: Bool

  package struct Input: Sendable {
    package enum Kind: Sendable, Equatable {
      case bool(Bool)
      case number(Float)
      case trigger
    }
    package var name: String
    package var kind: Kind
  }

  /// A layer's states. A class, so that a running layer holds its model by reference and
  /// reads states and transitions in place: a struct passed to each step is copied (its name
  /// and states retained) every time, several times a frame.
  package final class Layer: Sendable {
    let name: String
    package let states: [State]
    let entry: Int?
    let any: Int?
    let exit: Int?

    init(name: String, states: [State], entry: Int?, any: Int?, exit: Int?) {
      self.name = name
      self.states = states
      self.entry = entry
      self.any = any
      self.exit = exit
    }
  }

  package struct State: Sendable {
    package enum Kind: Sendable {
      case entry, exit, any
      /// An animation state: the animation index (nil when it resolves to nothing) and speed.
      case animation(Int?, speed: Float)
      case blend1D(BlendSource, [BlendAnimation1D])
      case blendDirect([BlendAnimationDirect])
      /// An unknown state kind: a placeholder that does nothing.
      case system
    }
    package var typeKey: UInt16
    package var kind: Kind
    var flags: UInt32
    var transitions: [Transition]
    var fireActions: [FireAction]
    var listenerActions: [ListenerAction]

    var isRandom: Bool { flags & 1 != 0 }
    var resets: Bool { flags & 2 != 0 }
  }

  /// Where a 1D blend state reads its value.
  package enum BlendSource: Sendable {
    case input(Int)
    case none
    case bindable(Int)
  }

  package struct BlendAnimation1D: Sendable {
    var animation: Int?
    var value: Float
  }

  package struct BlendAnimationDirect: Sendable {
    enum Source: Sendable {
      case input(Int)
      case mixValue(Float)
      case bindable(Int?)
    }
    var animation: Int?
    var source: Source
  }

  struct Transition: Sendable {
    var stateTo: Int
    var flags: UInt32
    var duration: UInt32
    var exitTime: UInt32
    var interpolator: Interpolator?
    var randomWeight: UInt32
    var conditions: [Condition]
    var fireActions: [FireAction]
    var listenerActions: [ListenerAction]
    /// For a blend-state transition: the blend animation whose time gives the exit time.
    var exitBlendAnimation: Int?
    /// The transition's record in the file, for data binds that target it.
    var record: Int

    var isDisabled: Bool { flags & 1 != 0 }
    var durationIsPercentage: Bool { flags & 2 != 0 }
    var enableExitTime: Bool { flags & 4 != 0 }
    var exitTimeIsPercentage: Bool { flags & 8 != 0 }
    var pauseOnExit: Bool { flags & 16 != 0 }
    var enableEarlyExit: Bool { flags & 32 != 0 }
  }

  /// Comparison operators of conditions.
  enum Op: UInt32, Sendable {
    case equal = 0
    case notEqual, lessThanOrEqual, greaterThanOrEqual, lessThan, greaterThan

    /// Whether `left op right` holds for numbers.
    @inline(__always)
    func compare(_ left: Float, _ right: Float) -> Bool {
      switch self {
      case .equal: left == right
      case .notEqual: left != right
      case .lessThanOrEqual: left <= right
      case .lessThan: left < right
      case .greaterThanOrEqual: left >= right
      case .greaterThan: left > right
      }
    }
  }

  enum Condition: Sendable {
    case bool(input: Int, op: Op)
    case number(input: Int, op: Op, value: Float)
    case trigger(input: Int)
    /// A condition on view-model properties (evaluated by the data-binding layer).
    case viewModel(record: Int, op: Op)
    /// A condition on the artboard's width (0), height (1) or width/height ratio (2).
    case artboardSize(property: UInt32, op: Op, value: Float)
    /// A condition on focus: whether the focus data of component `objectID` holds focus (it or
    /// something under it is focused); nil when the condition names no component.
    case focus(op: Op, objectID: Int?)
    /// A condition kind this runtime does not evaluate: true, as the official runtime treats
    /// conditions whose input is missing.
    case unsupported(typeKey: UInt16)
  }

  struct FireAction: Sendable {
    /// 0 at start, 1 at end.
    var occurs: UInt32
    /// The artboard-local id of the event to report (a fire-event action).
    var eventID: Int
    /// The view-model path of the trigger to fire (a fire-trigger action: view model id, then
    /// property ids); empty for a fire-event action.
    var triggerPath: [UInt32] = []
  }

  /// A listener action (state/transition-scheduled or listener-owned).
  struct ListenerAction: Sendable {
    enum Kind: Sendable {
      case boolChange(input: Int, nestedInput: Int?, value: UInt32)
      case numberChange(input: Int, nestedInput: Int?, value: Float)
      case triggerChange(input: Int, nestedInput: Int?)
      case fireEvent(eventID: Int)
      case viewModelChange(record: Int)
      case alignTarget(targetID: Int, preserveOffset: Bool)
      /// Focus the focus data of component `targetID` (or the first focusable under it).
      case focusTarget(targetID: Int)
      /// Clear the focus (no node focused), as the runtime's `FocusActionClear`.
      case focusClear
      case unsupported(typeKey: UInt16)
    }
    var flags: UInt32
    var kind: Kind
    var record: Int
    /// Bit 0 of the flags: 0 at start, 1 at end.
    var occurs: UInt32 { flags & 1 }
  }

  struct Listener: Sendable {
    var typeKey: UInt16
    var targetID: Int
    /// What the listener listens to: listener types (pointer enter 0, exit 1, down 2, up 3,
    /// move 4, event 5, click 6, …, view model 11) with the event id for event types.
    var inputs: [(type: UInt32, eventID: Int?)]
    var actions: [ListenerAction]
    var record: Int

    func listens(to type: UInt32) -> Bool { inputs.contains { $0.type == type } }
  }
}
