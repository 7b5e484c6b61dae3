@_spi(RiveFormatInternals) import RiveFormat

/// What layers read and write while they advance: input values, keyframe callbacks and events
/// fired, listener actions scheduled on states and transitions.
struct MachineContext: Sendable {
  var inputs: [InputValue]
  /// Keyframe callbacks crossed by animations and the events state and transition actions
  /// fired (as event-trigger callbacks without delay), in the order they happened.
  var callbacks: [KeyedCallbackReport] = []
  /// Listener actions scheduled on states and transitions, waiting to run.
  var actions: [StateMachineModel.ListenerAction] = []
  /// Components focus actions asked to focus, waiting to be queued on the artboard.
  var focusTargets: [Int] = []
  /// Values of bindable properties by record (set by the data-binding layer).
  var bindableNumbers = RecordMap<Float>()
  /// The machine's data-bind container in the artboard's view-model store (-1 unbound).
  var bindContainer: Int32 = -1
  /// The identity of the store ``bindContainer`` is in (0 when none).
  var bindStore: UInt64 = 0
  /// View-model change actions waiting to run (their records).
  var viewModelChanges: [Int] = []
  /// View-model triggers that fire-trigger actions of states and transitions fired, waiting to
  /// be fired in the bound instances (their id paths).
  var firedTriggers: [[UInt32]] = []
  /// The generator random transitions draw from (the C library's, seeded as in the official
  /// runtime's deterministic mode).
  var random = CLibraryRandom(seed: 1)
  /// Whether an action of a state or transition changed an input during the layers' advance
  /// (the machine then needs another advance, as an input set from outside does).
  var inputsChanged = false
  /// Changes of nested artboards' inputs that states' and transitions' actions made, in order:
  /// set on the nested machines as soon as the layer has the artboard (before it captures a
  /// transition's reset values and before it applies its animations), as the runtime sets them
  /// from inside the state change.
  var nestedInputChanges: [StateMachineModel.ListenerAction.Kind] = []

  /// Runs an input change of a state's or transition's listener action at once, as the
  /// official runtime does from inside the state change (later conditions of the same
  /// advance see it). Returns false for actions that are not changes of this machine's
  /// inputs (they are scheduled instead).
  mutating func performInputChange(_ action: StateMachineModel.ListenerAction) -> Bool {
    switch action.kind {
    case .boolChange(let input, nil, let value):
      if input < inputs.count, case .bool(let current) = inputs[input] {
        // 0 false, 1 true, 2 toggle.
        let next = value == 2 ? !current : value == 1
        if next != current {
          inputs[input] = .bool(next)
          inputsChanged = true
        }
      }
      return true
    case .numberChange(let input, nil, let value):
      if input < inputs.count, case .number(let current) = inputs[input], current != value {
        inputs[input] = .number(value)
        inputsChanged = true
      }
      return true
    case .triggerChange(let input, nil):
      if input < inputs.count, case .trigger(false, let used) = inputs[input] {
        inputs[input] = .trigger(fired: true, usedLayers: used)
        inputsChanged = true
      }
      return true
    case .boolChange(_, _?, _), .numberChange(_, _?, _), .triggerChange(_, _?):
      nestedInputChanges.append(action.kind)
      return true
    case .fireEvent(let event):
      callbacks.append(
        KeyedCallbackReport(
          objectID: event, propertyKey: CallbackKey.eventTrigger, elapsedSeconds: 0))
      return true
    default:
      return false
    }
  }

  /// Sets the nested inputs that actions changed on `artboard`'s nested machines.
  @inline(__always)
  mutating func applyNestedInputChanges(to artboard: inout ArtboardInstance) {
    guard !nestedInputChanges.isEmpty else { return }
    for change in nestedInputChanges { artboard.performNestedInputChange(change) }
    nestedInputChanges.removeAll(keepingCapacity: true)
  }

  /// Marks trigger `index` as used by layer `layer` (a trigger makes each layer transition once).
  mutating func useTrigger(_ index: Int, layer: Int) {
    guard index < inputs.count, case .trigger(let fired, let used) = inputs[index] else { return }
    inputs[index] = .trigger(fired: fired, usedLayers: used | (1 << UInt64(layer & 63)))
  }

  func triggerFired(_ index: Int, forLayer layer: Int) -> Bool {
    guard index < inputs.count, case .trigger(let fired, let used) = inputs[index] else {
      return false
    }
    return fired && used & (1 << UInt64(layer & 63)) == 0
  }
}
