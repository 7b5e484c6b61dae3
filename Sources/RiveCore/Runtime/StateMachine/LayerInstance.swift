import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// One layer of a running state machine: the current state, the state being mixed out of, and
/// the transition in progress.
struct LayerInstance: Sendable {
  static let maxIterations = 100

  let index: Int
  /// The layer's states and transitions (shared with every instance of the machine).
  let model: StateMachineModel.Layer
  var anyState: StateInstance?
  var current: StateInstance?
  var from: StateInstance?
  /// The transition in progress (state index, transition index within that state).
  var transition: (state: Int, index: Int)?
  var transitionCompleted = false
  var holdAnimationFrom = false
  var mix: Float = 1
  var mixFrom: Float = 1
  var changedOnAdvance = false
  var waitingForExit = false
  /// An animation to apply once at a held time (pause on exit).
  var hold: (animation: Int, time: Float)?
  var reset: AnimationResetSnapshot?

  init(layer: StateMachineModel.Layer, index: Int, artboard: ArtboardInstance) {
    self.index = index
    model = layer
    if let any = layer.any {
      anyState = StateInstance(stateIndex: any, state: layer.states[any], artboard: artboard)
    }
  }

  /// Enters the entry state (events of entering it fire as the runtime does at creation).
  mutating func start(context: inout MachineContext, artboard: ArtboardInstance) {
    changeState(to: model.entry, context: &context, artboard: artboard)
  }

  /// Back to the entry state, as the runtime resets a recycled list item's machine: the
  /// current state and the state mixed from are dropped without their end events, then the
  /// entry state is entered (its start events fire). The rest of the layer (a transition
  /// recorded earlier, its mix, a held animation) stays as it was, as the runtime's does.
  mutating func resetState(context: inout MachineContext, artboard: ArtboardInstance) {
    from = nil
    current = nil
    changeState(to: model.entry, context: &context, artboard: artboard)
  }

  // The transition in progress is read field by field where it lies in the model, inline:
  // mixing runs every frame once a layer has taken a transition (the runtime keeps the state
  // mixed from afterwards), and a copy of the transition retained its three arrays, while a
  // call of the layer's own non-mutating helpers from a mutating method copied the layer.

  /// A transition's duration: the value bound to it when a data bind targets it (rounded,
  /// negative as 0), else the file's, as the official layer resolves it.
  @inline(__always)
  private static func duration(
    record: Int, stored: UInt32, _ context: borrowing MachineContext
  ) -> UInt32 {
    guard !context.bindableNumbers.isEmpty, let bound = context.bindableNumbers[record] else {
      return stored
    }
    if !(bound > 0) { return 0 }
    return bound >= Float(UInt32.max) ? UInt32.max : UInt32(bound.rounded())
  }

  /// Moves the mix of the transition in progress on by `seconds`.
  private mutating func updateMix(
    _ seconds: Float, context: inout MachineContext
  ) {
    guard let (state, index) = transition, from != nil else {
      mix = 1
      return
    }
    let duration = Self.duration(
      record: model.states[state].transitions[index].record,
      stored: model.states[state].transitions[index].duration, context)
    guard duration != 0 else {
      mix = 1
      return
    }
    // The mix's length in seconds: a percentage of the animation mixed from, or milliseconds.
    var time = Float(duration) / 1000
    if model.states[state].transitions[index].durationIsPercentage {
      time = Float(duration) / 100 * (from?.animationDurationSeconds ?? 0)
    }
    if time == 0 {
      mix = 1
    } else {
      mix = min(1, max(0, mix + seconds / time))
    }
    if mix == 1 && !transitionCompleted {
      transitionCompleted = true
      reset = nil
      fire(model.states[state].transitions[index].fireActions, occurs: 1, context: &context)
      schedule(model.states[state].transitions[index].listenerActions, occurs: 1, context: &context)
    }
  }

  // MARK: - Advancing

  mutating func advance(
    _ seconds: Float, newFrame: Bool,
    context: inout MachineContext, artboard: inout ArtboardInstance
  ) -> Bool {
    if newFrame { changedOnAdvance = false }
    current?.advance(
      seconds, inputs: context.inputs, bindable: context.bindableNumbers,
      callbacks: &context.callbacks)
    updateMix(seconds, context: &context)
    if from != nil && mix < 1 && !holdAnimationFrom {
      from?.advance(
        seconds, inputs: context.inputs, bindable: context.bindableNumbers,
        callbacks: &context.callbacks)
    }
    // Nested inputs that actions changed (a transition's, ending its mix) are set before the
    // animations apply, as the runtime sets them from inside the change.
    context.applyNestedInputChanges(to: &artboard)
    apply(artboard: &artboard)
    var changedState = false
    var iteration = 0
    while updateState(context: &context, artboard: &artboard) {
      changedState = true
      context.applyNestedInputChanges(to: &artboard)
      apply(artboard: &artboard)
      if iteration == LayerInstance.maxIterations { return false }
      iteration += 1
    }
    current?.clearSpilledTime()
    return changedState || mix != 1 || waitingForExit || (current?.keepGoing ?? false)
  }

  /// Tries the any state's transitions, then the current state's; true when one was taken.
  mutating func updateState(
    context: inout MachineContext,
    artboard: inout ArtboardInstance
  ) -> Bool {
    // A transition mixing (with a duration) blocks others unless it allows an early exit.
    if let (state, index) = transition, from != nil, mix < 1,
      !model.states[state].transitions[index].enableEarlyExit,
      Self.duration(
        record: model.states[state].transitions[index].record,
        stored: model.states[state].transitions[index].duration, context) != 0
    {
      return false
    }
    waitingForExit = false
    // A list item's machine takes no transition once the items' budget for the frame is spent.
    guard artboard.mayTakeTransition() else { return false }
    // The states are read where they are (binding them would copy each, with its players),
    // and a state without transitions is not searched: this runs several times a frame.
    if let any = anyState?.stateIndex, hasTransitions(any),
      let position = findAllowedTransition(
        from: any, fromAny: true, context: &context, artboard: &artboard)
    {
      takeTransition(position, from: any, context: &context, artboard: &artboard)
      artboard.countTransition()
      return true
    }
    if let state = current?.stateIndex, hasTransitions(state),
      let position = findAllowedTransition(
        from: state, fromAny: false, context: &context, artboard: &artboard)
    {
      takeTransition(position, from: state, context: &context, artboard: &artboard)
      artboard.countTransition()
      return true
    }
    return false
  }

  @inline(__always)
  private func hasTransitions(_ state: Int) -> Bool {
    state < model.states.count && !model.states[state].transitions.isEmpty
  }

  private func canChange(to state: Int) -> Bool { current?.stateIndex != state }

  private enum Allow { case yes, no, waitingForExit }

  /// Whether transition `position` of state `state` may be taken now. The transition is read
  /// where it is, field by field: a copy (or a local holding its state's transition list)
  /// retained arrays for every check. `mutating` and `inout` only so that nothing is copied to
  /// ask: a non-mutating call from the mutating search copied the layer, the context and the
  /// whole artboard each time.
  private mutating func allowed(
    state: Int, _ position: Int, fromAny: Bool, context: inout MachineContext,
    artboard: inout ArtboardInstance
  ) -> Allow {
    if model.states[state].transitions[position].isDisabled { return .no }
    for condition in model.states[state].transitions[position].conditions.indices {
      if !Self.evaluate(
        model.states[state].transitions[position].conditions[condition], layer: index,
        context: &context, artboard: &artboard)
      {
        return .no
      }
    }
    if model.states[state].transitions[position].enableExitTime {
      let blend = model.states[state].transitions[position].exitBlendAnimation
      guard let clock = fromAny ? anyState?.exitClock(blend) : current?.exitClock(blend) else {
        return .yes
      }
      var exitTime = exitTimeSeconds(
        percentage: model.states[state].transitions[position].exitTimeIsPercentage,
        exitTime: model.states[state].transitions[position].exitTime, clock: clock,
        absolute: false)
      let duration = clock.durationSeconds
      if exitTime <= duration && clock.loop != .oneShot {
        exitTime += (clock.lastTotalTime / duration).rounded(.down) * duration
      }
      if clock.totalTime < exitTime { return .waitingForExit }
    }
    return .yes
  }

  private func exitTimeSeconds(
    percentage: Bool, exitTime: UInt32, clock: StateInstance.ExitClock?, absolute: Bool
  ) -> Float {
    if percentage {
      var animationDuration: Float = 0
      var start: Float = 0
      if let clock {
        start = absolute ? clock.startSeconds : 0
        animationDuration = clock.durationSeconds
      }
      return start + Float(exitTime) / 100 * animationDuration
    }
    return Float(exitTime) / 1000
  }

  /// Whether `condition` holds for layer `layer` (static, so that asking copies no layer).
  private static func evaluate(
    _ condition: StateMachineModel.Condition, layer index: Int, context: inout MachineContext,
    artboard: inout ArtboardInstance
  ) -> Bool {
    switch condition {
    case .bool(let input, let op):
      guard input < context.inputs.count, case .bool(let value) = context.inputs[input] else {
        return true
      }
      return (value && op == .equal) || (!value && op == .notEqual)
    case .number(let input, let op, let target):
      guard input < context.inputs.count, case .number(let value) = context.inputs[input] else {
        return true
      }
      return op.compare(value, target)
    case .trigger(let input):
      guard input < context.inputs.count, case .trigger = context.inputs[input] else { return true }
      return context.triggerFired(input, forLayer: index)
    case .artboardSize(let property, let op, let target):
      let (width, height) = artboard.artboardLayoutSize()
      let value: Float = property == 0 ? width : (property == 1 ? height : width / height)
      return op.compare(value, target)
    case .focus(let op, let objectID):
      // The target holds focus when it or something under it is focused; a condition that
      // names no component never holds.
      guard let objectID else { return false }
      let data = artboard.focusData(of: objectID)
      let focused = data >= 0 && artboard.holdsFocus(data)
      return op == .equal ? focused : !focused
    case .viewModel(let record, _):
      return artboard.evaluateViewModelCondition(
        record, container: context.bindContainer, layer: index)
    case .unsupported(let typeKey):
      // Scripted conditions never hold with scripting off; other unknown kinds do.
      return UInt32(typeKey) != TypeKey.scriptedTransitionCondition
    }
  }

  /// The random state's draw: the allowed transitions weighed, one picked with the C
  /// library's generator (seeded with 1 in deterministic mode), as the official runtime does.
  /// A method of its own: a local function capturing the artboard and the layer made the
  /// caller copy both on every check, random state or not.
  private mutating func pickRandomTransition(
    state: Int, fromAny: Bool, context: inout MachineContext, artboard: inout ArtboardInstance
  ) -> Int? {
    // Weighed twice (the second time only to find the pick) rather than kept in an array: a
    // random state checks its transitions every frame, and that must not allocate.
    func weight(_ position: Int) -> (UInt32, waiting: Bool) {
      guard canChange(to: model.states[state].transitions[position].stateTo) else {
        return (0, false)
      }
      switch allowed(
        state: state, position, fromAny: fromAny, context: &context, artboard: &artboard)
      {
      case .yes: return (model.states[state].transitions[position].randomWeight, false)
      case .waitingForExit: return (0, true)
      case .no: return (0, false)
      }
    }
    let count = model.states[state].transitions.count
    var total: UInt32 = 0
    for position in 0..<count {
      let (value, waiting) = weight(position)
      if waiting { waitingForExit = true }
      total &+= value
    }
    guard total > 0 else { return nil }
    let draw = Double(context.random.nextFloat()) * Double(total)
    var accumulated: Double = 0
    for position in 0..<count {
      let value = Double(weight(position).0)
      if accumulated + value > draw { return position }
      accumulated += value
    }
    return nil
  }

  /// The first transition of state `stateIndex` that may be taken now (marking the triggers
  /// and view-model conditions it uses), or nil.
  private mutating func findAllowedTransition(
    from stateIndex: Int, fromAny: Bool, context: inout MachineContext,
    artboard: inout ArtboardInstance
  ) -> Int? {
    guard stateIndex < model.states.count else { return nil }
    var randomPick: Int?
    if model.states[stateIndex].isRandom {
      guard
        let pick = pickRandomTransition(
          state: stateIndex, fromAny: fromAny, context: &context, artboard: &artboard)
      else { return nil }
      randomPick = pick
    }
    for position in 0..<model.states[stateIndex].transitions.count {
      if let randomPick, position != randomPick { continue }
      guard canChange(to: model.states[stateIndex].transitions[position].stateTo) else {
        continue
      }
      let allow =
        randomPick != nil
        ? .yes
        : allowed(
          state: stateIndex, position, fromAny: fromAny, context: &context, artboard: &artboard)
      switch allow {
      case .yes:
        for condition in model.states[stateIndex].transitions[position].conditions.indices {
          switch model.states[stateIndex].transitions[position].conditions[condition] {
          case .trigger(let input):
            context.useTrigger(input, layer: index)
          case .viewModel(let record, _):
            let container = context.bindContainer
            artboard.storeBox.withValue {
              $0.useConditionInLayer(record, container: container, layer: index)
            }
          default:
            break
          }
        }
        return position
      case .waitingForExit:
        waitingForExit = true
      case .no:
        break
      }
    }
    return nil
  }

  /// Changes to the target of transition `position` of state `stateFrom`.
  private mutating func takeTransition(
    _ position: Int, from stateFrom: Int, context: inout MachineContext,
    artboard: inout ArtboardInstance
  ) {
    let transition = model.states[stateFrom].transitions[position]
    var outState = current
    reset = nil
    changeState(to: transition.stateTo, context: &context, artboard: artboard)
    changedOnAdvance = true
    self.transition = (stateFrom, position)
    fire(transition.fireActions, occurs: 0, context: &context)
    schedule(transition.listenerActions, occurs: 0, context: &context)
    if Self.duration(record: transition.record, stored: transition.duration, context) == 0 {
      transitionCompleted = true
      fire(transition.fireActions, occurs: 1, context: &context)
      schedule(transition.listenerActions, occurs: 1, context: &context)
    } else {
      transitionCompleted = false
    }
    // The nested inputs the states' and the transition's actions changed are set now, before
    // the reset below captures the values the mix starts from.
    context.applyNestedInputChanges(to: &artboard)
    // Exit-time hold: with pause on exit the state we leave stops at its exit time.
    let useExitTime = transition.enableExitTime && outState?.isAnimationState == true
    if useExitTime, transition.pauseOnExit {
      let clock = outState?.exitClock(transition.exitBlendAnimation)
      outState?.setTime(
        exitTimeSeconds(
          percentage: transition.exitTimeIsPercentage, exitTime: transition.exitTime,
          clock: clock, absolute: true))
    }
    from = outState
    if !transitionCompleted {
      var animations: [LinearAnimationModel] = []
      if let player = from?.player, player.animationIndex >= 0 {
        animations.append(player.animation)
      }
      if let player = current?.player, player.animationIndex >= 0 {
        animations.append(player.animation)
      }
      reset = AnimationResetSnapshot(
        animations: animations, artboard: artboard, useFirstAsBaseline: false)
    }
    if useExitTime, let player = outState?.player {
      hold = (player.animationIndex, player.time)
    }
    mixFrom = mix
    if mix != 0 { holdAnimationFrom = transition.pauseOnExit }
    if current != nil {
      let advanceTime = from?.player?.spilledTime ?? 0
      current?.advance(
        advanceTime, inputs: context.inputs, bindable: context.bindableNumbers,
        callbacks: &context.callbacks)
    }
    mix = 0
    updateMix(0, context: &context)
    waitingForExit = false
  }

  private mutating func changeState(
    to stateIndex: Int?, context: inout MachineContext,
    artboard: ArtboardInstance
  ) {
    if current?.stateIndex == stateIndex { return }
    if let current {
      let state = model.states[current.stateIndex]
      fire(state.fireActions, occurs: 1, context: &context)
      schedule(state.listenerActions, occurs: 1, context: &context)
    }
    guard let stateIndex, stateIndex < model.states.count else {
      current = nil
      return
    }
    current = StateInstance(
      stateIndex: stateIndex, state: model.states[stateIndex], artboard: artboard)
    let state = model.states[stateIndex]
    fire(state.fireActions, occurs: 0, context: &context)
    schedule(state.listenerActions, occurs: 0, context: &context)
  }

  private func fire(
    _ actions: [StateMachineModel.FireAction], occurs: UInt32, context: inout MachineContext
  ) {
    // Reported in the order they happen, among the keyframe callbacks of the same advance
    // (an event a state fires after its animation crossed an event keyframe comes second), as
    // the official runtime reports each the moment it happens.
    for action in actions where action.occurs == occurs {
      if !action.triggerPath.isEmpty {
        context.firedTriggers.append(action.triggerPath)
        continue
      }
      context.callbacks.append(
        KeyedCallbackReport(
          objectID: action.eventID, propertyKey: CallbackKey.eventTrigger, elapsedSeconds: 0))
    }
  }

  private func schedule(
    _ actions: [StateMachineModel.ListenerAction], occurs: UInt32, context: inout MachineContext
  ) {
    for action in actions where action.occurs == occurs && !context.performInputChange(action) {
      context.actions.append(action)
    }
  }

  // MARK: - Applying

  mutating func apply(artboard: inout ArtboardInstance) {
    reset?.apply(to: &artboard)
    if let hold {
      let animations = artboard.model.animations
      if hold.animation >= 0 && hold.animation < animations.count {
        animations[hold.animation].apply(to: &artboard, time: hold.time, mix: mixFrom)
      }
      self.hold = nil
    }
    let easing = transition.flatMap { model.states[$0.state].transitions[$0.index].interpolator }
    // Applied where they are: binding the states would copy each, with its players.
    if mix < 1 {
      let fromMix = easing?.transform(mixFrom) ?? mixFrom
      from?.apply(to: &artboard, mix: fromMix)
    }
    let currentMix = easing?.transform(mix) ?? mix
    current?.apply(to: &artboard, mix: currentMix)
  }
}
