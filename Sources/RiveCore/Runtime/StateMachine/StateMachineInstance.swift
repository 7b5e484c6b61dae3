import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// The current value of a state-machine input.
public enum InputValue: Sendable, Equatable {
  case bool(Bool)
  case number(Float)
  /// A trigger: whether it fired since the last advance, and the layers that used it.
  case trigger(fired: Bool, usedLayers: UInt64)
  /// An input the runtime does not know.
  case none
}

/// An event reported during an advance: which event object, and how long before the end of the
/// frame it fired.
public struct ReportedEvent: Sendable, Equatable {
  /// The artboard-local id of the event object.
  public var objectID: Int
  /// How far before the end of the frame the event fired, in seconds.
  public var secondsDelay: Float
}

/// A layer whose state changed during an advance.
public struct StateChange: Sendable, Equatable {
  /// The layer's index.
  public var layer: Int
  /// The state's index in the layer's full state list.
  public var stateIndex: Int
}

/// One running state machine: input values, each layer's current state and mix, reported events.
///
/// Drive it with ``advanceAndApply(_:artboard:)`` on the artboard instance it was made for.
public struct StateMachineInstance: Sendable {
  /// The machine's index in its artboard.
  public let machineIndex: Int
  let machine: StateMachineModel
  var layers: [LayerInstance]
  var context: MachineContext
  var reportedEvents: [ReportedEvent] = []
  var eventsAppliedDuringLoop: [ReportedEvent] = []
  var needsAdvance = false
  /// Events this machine handed to its listeners since its host last collected them; a
  /// machine playing in a nested artboard passes them up to the host's machine.
  var bubblingEvents: [ReportedEvent] = []
  /// Pointer listeners' groups and hit targets (see `Runtime/Pointer/`).
  var pointer = PointerState()

  /// Makes an instance of state machine `index` of `artboard`'s model.
  public init?(artboard: ArtboardInstance, index: Int) {
    guard index >= 0, index < artboard.model.stateMachines.count else { return nil }
    machineIndex = index
    let machine = artboard.model.stateMachines[index]
    self.machine = machine
    context = MachineContext(
      inputs: machine.inputs.map { input in
        switch input?.kind {
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .trigger: .trigger(fired: false, usedLayers: 0)
        case nil: .none
        }
      })
    layers = machine.layers.indices.map { layer in
      LayerInstance(layer: machine.layers[layer], index: layer, artboard: artboard)
    }
    for index in layers.indices {
      layers[index].start(context: &context, artboard: artboard)
    }
    var scratch = artboard
    collectFired(artboard: &scratch)
  }

  /// Puts every layer back in its entry state (``LayerInstance/resetState(context:artboard:)``),
  /// as the runtime does to the machine of a recycled list item; inputs keep their values.
  mutating func resetState(artboard: inout ArtboardInstance) {
    for index in layers.indices {
      layers[index].resetState(context: &context, artboard: artboard)
    }
    collectFired(artboard: &artboard)
    needsAdvance = true
  }

  /// The machine's name.
  public var name: String { machine.name }

  /// Input values by input index.
  public var inputs: [InputValue] { context.inputs }

  /// The layers whose state changed during the last advance, with the state each ended in.
  public var stateChanges: [StateChange] {
    layers.indices.compactMap { index in
      guard layers[index].changedOnAdvance, let state = layers[index].current?.stateIndex else {
        return nil
      }
      return StateChange(layer: index, stateIndex: state)
    }
  }

  /// The state each layer is in (its index in the layer's full state list), nil for none.
  public var currentStates: [Int?] { layers.map { $0.current?.stateIndex } }

  /// The events reported during the last advance, in order.
  public var events: [ReportedEvent] { eventsAppliedDuringLoop + reportedEvents }

  // MARK: - Inputs

  /// Sets a boolean input; returns false when `index` is not a boolean input.
  @discardableResult
  public mutating func setBool(_ index: Int, _ value: Bool) -> Bool {
    guard index >= 0, index < context.inputs.count, case .bool(let current) = context.inputs[index]
    else { return false }
    if current != value {
      context.inputs[index] = .bool(value)
      needsAdvance = true
    }
    return true
  }

  /// Sets a number input; returns false when `index` is not a number input.
  @discardableResult
  public mutating func setNumber(_ index: Int, _ value: Float) -> Bool {
    guard index >= 0, index < context.inputs.count,
      case .number(let current) = context.inputs[index]
    else { return false }
    if current != value {
      context.inputs[index] = .number(value)
      needsAdvance = true
    }
    return true
  }

  /// Fires a trigger input; returns false when `index` is not a trigger.
  @discardableResult
  public mutating func fire(_ index: Int) -> Bool {
    guard index >= 0, index < context.inputs.count,
      case .trigger(let fired, let used) = context.inputs[index]
    else { return false }
    if !fired {
      context.inputs[index] = .trigger(fired: true, usedLayers: used)
      needsAdvance = true
    }
    return true
  }

  /// The index of the input named `name`.
  public func inputIndex(named name: String) -> Int? {
    machine.inputs.firstIndex { $0?.name == name }
  }

  // MARK: - Advancing

  /// One frame: advance the layers by `seconds`, apply them, update the artboard and settle
  /// any state changes that follow. Returns whether the machine needs more frames.
  public mutating func advanceAndApply(_ seconds: Float, artboard: inout ArtboardInstance) -> Bool {
    var keepGoing = advance(seconds, newFrame: true, artboard: &artboard) || seconds == 0
    artboard.dropFocusIfHidden()
    if artboard.advanceInternal(seconds, newFrame: true) { keepGoing = true }
    handleNestedEvents(artboard: &artboard)
    for _ in 0..<5 {
      if artboard.updatePass() { keepGoing = true }
      // Focus requests apply once the artboard is up to date (those that cannot take yet
      // are kept for the next pass).
      artboard.processFocusRequests(keepsUnapplied: true)
      if tryChangeState(artboard: &artboard) {
        _ = advance(0, newFrame: false, artboard: &artboard)
        keepGoing = true
      }
      if artboard.advanceInternal(0, newFrame: false) { keepGoing = true }
      handleNestedEvents(artboard: &artboard)
      advancedDataContext(artboard: &artboard)
      artboard.resetResettables()
      artboard.absorbBindingDirt()
      if !artboard.needsUpdate { break }
    }
    // The last chance this frame: what cannot take now is dropped.
    artboard.processFocusRequests(keepsUnapplied: false)
    return keepGoing || !reportedEvents.isEmpty || hasReportedViewModelListeners(&artboard)
  }

  mutating func advance(_ seconds: Float, newFrame: Bool, artboard: inout ArtboardInstance) -> Bool
  {
    checkBindStore(&artboard)
    if newFrame {
      applyEvents(artboard: &artboard)
      needsAdvance = false
    }
    updateDataBinds(artboard: &artboard)
    for index in layers.indices {
      if layers[index].advance(seconds, newFrame: newFrame, context: &context, artboard: &artboard)
      {
        needsAdvance = true
      }
      collectFired(artboard: &artboard)
    }
    noteInputChanges()
    if advanceDataBinds(seconds, artboard: &artboard) { needsAdvance = true }
    for index in context.inputs.indices {
      // Written only when there is something to clear: every write checks the array's
      // uniqueness.
      if case .trigger(let fired, let used) = context.inputs[index], fired || used != 0 {
        context.inputs[index] = .trigger(fired: false, usedLayers: 0)
      }
    }
    return needsAdvance || !reportedEvents.isEmpty || hasReportedViewModelListeners(&artboard)
  }

  mutating func tryChangeState(artboard: inout ArtboardInstance) -> Bool {
    checkBindStore(&artboard)
    updateDataBinds(artboard: &artboard)
    var changed = false
    for index in layers.indices {
      if layers[index].updateState(context: &context, artboard: &artboard) {
        changed = true
      }
      collectFired(artboard: &artboard)
    }
    noteInputChanges()
    return changed
  }

  /// An input a state's or transition's action changed asks for another advance.
  @inline(__always)
  private mutating func noteInputChanges() {
    if context.inputsChanged {
      context.inputsChanged = false
      needsAdvance = true
    }
  }

  /// Reports the events that state and transition actions and keyframes fired, and runs the
  /// listener actions they scheduled.
  ///
  /// Runs after every layer step: the common case (nothing fired) is answered inline.
  @inline(__always)
  private mutating func collectFired(artboard: inout ArtboardInstance) {
    if !context.callbacks.isEmpty || !context.actions.isEmpty
      || !context.viewModelChanges.isEmpty || !context.focusTargets.isEmpty
      || !context.firedTriggers.isEmpty || !context.nestedInputChanges.isEmpty
    {
      collectAllFired(artboard: &artboard)
    }
  }

  @inline(never)
  private mutating func collectAllFired(artboard: inout ArtboardInstance) {
    // Nested inputs that a state change outside a layer's advance changed.
    context.applyNestedInputChanges(to: &artboard)
    if !context.callbacks.isEmpty {
      // Taken out and handed back emptied, so the buffer is reused instead of copied.
      var callbacks: [KeyedCallbackReport] = []
      swap(&callbacks, &context.callbacks)
      for event in artboard.applyCallbacks(callbacks) {
        reportEvent(event.objectID, delay: event.secondsDelay)
      }
      if context.callbacks.isEmpty {
        callbacks.removeAll(keepingCapacity: true)
        swap(&callbacks, &context.callbacks)
      }
    }
    if !context.actions.isEmpty {
      let actions = context.actions
      context.actions.removeAll(keepingCapacity: true)
      perform(actions, artboard: &artboard)
    }
    performViewModelChanges(artboard: &artboard)
    if !context.focusTargets.isEmpty {
      for target in context.focusTargets {
        if target < 0 { artboard.queueClearFocus() } else { artboard.queueFocus(on: target) }
      }
      context.focusTargets.removeAll(keepingCapacity: true)
    }
  }

  mutating func reportEvent(_ objectID: Int, delay: Float) {
    reportedEvents.append(ReportedEvent(objectID: objectID, secondsDelay: delay))
  }

  /// Hands the events of the last frame to the event listeners and clears them.
  @inline(__always)  // every frame; most frames report nothing
  private mutating func applyEvents(artboard: inout ArtboardInstance) {
    // Emptied only when there is something to drop: `removeAll()` on an empty array still
    // releases (and replaces) its storage.
    if !eventsAppliedDuringLoop.isEmpty { eventsAppliedDuringLoop.removeAll() }
    if !reportedEvents.isEmpty || hasReportedViewModelListeners(&artboard) {
      applyReportedEvents(artboard: &artboard)
    }
  }

  @inline(never)
  private mutating func applyReportedEvents(artboard: inout ArtboardInstance) {
    var iteration = 0
    while (!reportedEvents.isEmpty || hasReportedViewModelListeners(&artboard)) && iteration < 100 {
      iteration += 1
      updateDataBinds(artboard: &artboard)
      let reporting = reportedEvents
      reportedEvents.removeAll()
      if iteration > 1 { eventsAppliedDuringLoop.append(contentsOf: reporting) }
      notifyEventListeners(reporting, artboard: &artboard)
      performViewModelChanges(artboard: &artboard)
      notifyReportedViewModelListeners(artboard: &artboard)
    }
  }

  /// Runs the listeners of events that nested artboards' machines reported.
  @inline(__always)
  mutating func handleNestedEvents(artboard: inout ArtboardInstance) {
    if !artboard.nestedEvents.isEmpty { handleReportedNestedEvents(artboard: &artboard) }
  }

  @inline(never)
  private mutating func handleReportedNestedEvents(artboard: inout ArtboardInstance) {
    while !artboard.nestedEvents.isEmpty {
      let batch = artboard.nestedEvents
      artboard.nestedEvents.removeAll()
      for (hostID, events) in batch {
        notifyEventListeners(events, source: hostID, artboard: &artboard)
      }
      performViewModelChanges(artboard: &artboard)
      updateDataBinds(artboard: &artboard)
      collectFired(artboard: &artboard)
    }
  }

  /// Runs the event listeners matching `events`: the machine's own events (`source` nil) or
  /// those a nested artboard `source` reported. The events are then passed further up.
  mutating func notifyEventListeners(
    _ events: [ReportedEvent], source: Int? = nil, artboard: inout ArtboardInstance
  ) {
    guard !events.isEmpty else { return }
    for listener in machine.listeners where listener.listens(to: 5) {
      if let source, listener.targetID != source { continue }
      if source == nil, listener.targetID != 0,
        artboard.typeKey(of: listener.targetID) != nil,
        !artboard.model.isA(listener.targetID, TypeKey.event)
      {
        continue
      }
      for event in events
      where listener.inputs.contains(where: { $0.type == 5 && $0.eventID == event.objectID }) {
        perform(listener.actions, artboard: &artboard)
        break
      }
    }
    bubblingEvents.append(contentsOf: events)
  }

  /// Runs listener actions that change inputs (this machine's, or a nested artboard's machine's
  /// through its nested input, at once, as rive-runtime's `ListenerBoolChange::perform` and its
  /// siblings do), report events or queue view-model changes and focus.
  mutating func perform(
    _ actions: [StateMachineModel.ListenerAction], artboard: inout ArtboardInstance
  ) {
    for action in actions {
      switch action.kind {
      case .boolChange(let input, nil, let value):
        if input < context.inputs.count, case .bool(let current) = context.inputs[input] {
          // 0 false, 1 true, 2 toggle.
          setBool(input, value == 2 ? !current : value == 1)
        }
      case .numberChange(let input, nil, let value):
        setNumber(input, value)
      case .triggerChange(let input, nil):
        fire(input)
      case .boolChange(_, _?, _), .numberChange(_, _?, _), .triggerChange(_, _?):
        artboard.performNestedInputChange(action.kind)
      case .fireEvent(let eventID):
        reportEvent(eventID, delay: 0)
      case .viewModelChange(let record):
        context.viewModelChanges.append(record)
      case .focusTarget(let target):
        context.focusTargets.append(target)
      case .focusClear:
        // -1 asks for the focus to be cleared, in order with the targets.
        context.focusTargets.append(-1)
      case .alignTarget, .unsupported:
        break
      }
    }
  }
}
