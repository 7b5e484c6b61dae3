import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// State machines: inputs, layers, states, transitions and their conditions, listeners and
/// their actions.
extension ModelBuilder {
  func optionalIndex(_ value: UInt32) -> Int? {
    value == UInt32.max ? nil : Int(value)
  }

  func stateMachine(
    _ record: Int, artboard: PartialArtboard, animations: [LinearAnimationModel]
  ) -> StateMachineModel {
    let children = shared.graph.childPositions(record)
    // The inputs first: the official importer drops a condition whose input index is out of
    // range or of the wrong kind, and each transition's conditions are checked against the
    // inputs as the transition is made (not in a pass over the finished layers, which copied
    // each layer's states to look).
    var inputs: [StateMachineModel.Input?] = []
    inputs.reserveCapacity(children.count)
    for position in children {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else {
        inputs.append(nil)
        continue
      }
      switch UInt32(type) {
      case TypeKey.stateMachineBool:
        inputs.append(
          .init(
            name: stream.string(child, Slot.stateMachineComponentName),
            kind: .bool(stream.bool(child, Slot.stateMachineBoolValue))))
      case TypeKey.stateMachineNumber:
        inputs.append(
          .init(
            name: stream.string(child, Slot.stateMachineComponentName),
            kind: .number(stream.float(child, Slot.stateMachineNumberValue))))
      case TypeKey.stateMachineTrigger:
        inputs.append(
          .init(name: stream.string(child, Slot.stateMachineComponentName), kind: .trigger))
      case TypeKey.stateMachineLayer:
        continue
      default:
        if table.isA(type, UInt16(TypeKey.stateMachineInput)) { inputs.append(nil) }
      }
    }
    var layers: [StateMachineModel.Layer] = []
    var listeners: [StateMachineModel.Listener] = []
    for position in children {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else { continue }
      if UInt32(type) == TypeKey.stateMachineLayer {
        layers.append(
          layer(child, artboard: artboard, animationCount: animations.count, inputs: inputs),
          firstCapacity: 4)
      } else if !table.isA(type, UInt16(TypeKey.stateMachineInput)),
        table.isA(type, UInt16(TypeKey.stateMachineListener))
      {
        listeners.append(listener(child, type: type), firstCapacity: 4)
      }
    }
    return StateMachineModel(
      name: stream.string(record, Slot.animationName), inputs: inputs,
      layers: consume layers, listeners: consume listeners, isSynthetic: false)
  }

  static func conditionIsValid(
    _ condition: StateMachineModel.Condition, inputs: [StateMachineModel.Input?]
  ) -> Bool {
    func check(_ index: Int, _ accepts: (StateMachineModel.Input.Kind) -> Bool) -> Bool {
      guard index < inputs.count else { return false }
      guard let input = inputs[index] else { return true }
      return accepts(input.kind)
    }
    switch condition {
    case .bool(let input, _):
      return check(input) { if case .bool = $0 { true } else { false } }
    case .number(let input, _, _):
      return check(input) { if case .number = $0 { true } else { false } }
    case .trigger(let input):
      return check(input) { $0 == .trigger }
    default:
      return true
    }
  }

  func layer(
    _ record: Int, artboard: PartialArtboard, animationCount: Int,
    inputs: [StateMachineModel.Input?]
  ) -> StateMachineModel.Layer {
    var states: [StateMachineModel.State] = []
    states.reserveCapacity(shared.graph.childPositions(record).count)
    var entry: Int?
    var any: Int?
    var exit: Int?
    for position in shared.graph.childPositions(record) {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else {
        states.append(
          .init(
            typeKey: 0, kind: .system, flags: 0, transitions: [], fireActions: [],
            listenerActions: []))
        continue
      }
      var kind: StateMachineModel.State.Kind
      switch UInt32(type) {
      case TypeKey.entryState:
        kind = .entry
        entry = states.count
      case TypeKey.exitState:
        kind = .exit
        exit = states.count
      case TypeKey.anyState:
        kind = .any
        any = states.count
      case TypeKey.animationState:
        let id = stream.uint(child, Slot.animationStateAnimationId)
        kind = .animation(
          Int(id) < animationCount ? Int(id) : nil,
          speed: stream.float(child, Slot.advanceableStateSpeed))
      case TypeKey.blendState1DInput, TypeKey.blendState1DViewModel:
        var source = StateMachineModel.BlendSource.none
        if UInt32(type) == TypeKey.blendState1DInput {
          let input = stream.uint(child, Slot.blendState1DInputInputId)
          if input != UInt32.max { source = .input(Int(input)) }
        } else {
          source = .bindable(child)
        }
        var blends: [StateMachineModel.BlendAnimation1D] = []
        for partPosition in shared.graph.childPositions(child) {
          let part = shared.graph.child(at: partPosition)
          guard part >= 0, stream.records[part].typeKey == UInt16(TypeKey.blendAnimation1D)
          else { continue }
          let id = stream.uint(part, Slot.blendAnimationAnimationId)
          blends.append(
            .init(
              animation: Int(id) < animationCount ? Int(id) : nil,
              value: stream.float(part, Slot.blendAnimation1DValue)))
        }
        kind = .blend1D(source, blends)
      case TypeKey.blendStateDirect:
        var blends: [StateMachineModel.BlendAnimationDirect] = []
        for partPosition in shared.graph.childPositions(child) {
          let part = shared.graph.child(at: partPosition)
          guard part >= 0, stream.records[part].typeKey == UInt16(TypeKey.blendAnimationDirect)
          else { continue }
          let id = stream.uint(part, Slot.blendAnimationAnimationId)
          let sourceValue = stream.uint(part, Slot.blendAnimationDirectBlendSource)
          let source: StateMachineModel.BlendAnimationDirect.Source
          switch sourceValue {
          case 0: source = .input(Int(stream.uint(part, Slot.blendAnimationDirectInputId)))
          case 1: source = .mixValue(stream.float(part, Slot.blendAnimationDirectMixValue))
          default: source = .bindable(part)
          }
          blends.append(
            .init(animation: Int(id) < animationCount ? Int(id) : nil, source: source))
        }
        kind = .blendDirect(blends)
      default:
        kind = .system
      }
      var transitions: [StateMachineModel.Transition] = []
      var fireActions: [StateMachineModel.FireAction] = []
      var listenerActions: [StateMachineModel.ListenerAction] = []
      for partPosition in shared.graph.childPositions(child) {
        let part = shared.graph.child(at: partPosition)
        guard part >= 0, let partType = stream.records[part].typeKey else { continue }
        if table.isA(partType, UInt16(TypeKey.stateTransition)) {
          if let transition = transition(
            part, type: partType, artboard: artboard, inputs: inputs)
          {
            transitions.append(transition, firstCapacity: 4)
          }
        } else if partType == UInt16(TypeKey.stateMachineFireEvent)
          || partType == UInt16(TypeKey.stateMachineFireTrigger)
        {
          fireActions.append(fireAction(part, type: partType))
        } else if table.isA(partType, UInt16(TypeKey.listenerAction)) {
          listenerActions.append(listenerAction(part, type: partType))
        }
      }
      states.append(
        .init(
          typeKey: type, kind: consume kind, flags: stream.uint(child, Slot.layerStateFlags),
          transitions: consume transitions, fireActions: consume fireActions,
          listenerActions: consume listenerActions))
    }
    // Transitions to states past the end make the official importer reject the file; the
    // structure reader has checked that already, so every stateTo is in range here.
    return .init(
      name: stream.string(record, Slot.stateMachineComponentName), states: consume states,
      entry: entry, any: any, exit: exit)
  }

  func transition(
    _ record: Int, type: UInt16, artboard: PartialArtboard, inputs: [StateMachineModel.Input?]
  ) -> StateMachineModel.Transition? {
    var conditions: [StateMachineModel.Condition] = []
    // A transition's parts are mostly its conditions: room for them all at once.
    let parts = shared.graph.childPositions(record)
    if !parts.isEmpty { conditions.reserveCapacity(parts.count) }
    var fireActions: [StateMachineModel.FireAction] = []
    var listenerActions: [StateMachineModel.ListenerAction] = []
    for partPosition in parts {
      let part = shared.graph.child(at: partPosition)
      guard part >= 0, let partType = stream.records[part].typeKey else { continue }
      switch UInt32(partType) {
      case TypeKey.transitionBoolCondition:
        conditions.append(
          .bool(
            input: Int(stream.uint(part, Slot.transitionInputConditionInputId)),
            op: .init(rawValue: stream.uint(part, Slot.transitionValueConditionOpValue)) ?? .equal))
      case TypeKey.transitionNumberCondition:
        conditions.append(
          .number(
            input: Int(stream.uint(part, Slot.transitionInputConditionInputId)),
            op: .init(rawValue: stream.uint(part, Slot.transitionValueConditionOpValue)) ?? .equal,
            value: stream.float(part, Slot.transitionNumberConditionValue)))
      case TypeKey.transitionTriggerCondition:
        conditions.append(
          .trigger(input: Int(stream.uint(part, Slot.transitionInputConditionInputId))))
      case TypeKey.stateMachineFireEvent, TypeKey.stateMachineFireTrigger:
        fireActions.append(fireAction(part, type: partType))
      case TypeKey.transitionArtboardCondition, TypeKey.transitionFocusCondition:
        conditions.append(sizeOrFocusCondition(part, type: partType))
      default:
        if table.isA(partType, UInt16(TypeKey.transitionViewModelCondition)) {
          conditions.append(
            .viewModel(
              record: part,
              op: .init(rawValue: stream.uint(part, Slot.transitionViewModelConditionOpValue))
                ?? .equal))
        } else if table.isA(partType, UInt16(TypeKey.transitionCondition)) {
          conditions.append(.unsupported(typeKey: partType))
        } else if table.isA(partType, UInt16(TypeKey.listenerAction)) {
          listenerActions.append(listenerAction(part, type: partType))
        }
      }
    }
    // Conditions on an input out of range or of the wrong kind are dropped, as the official
    // importer drops them.
    if conditions.contains(where: { !Self.conditionIsValid($0, inputs: inputs) }) {
      conditions.removeAll { !Self.conditionIsValid($0, inputs: inputs) }
    }
    // A transition whose interpolator does not resolve fails to initialise; the official
    // runtime then drops the whole state machine layer's state. Keep it without easing.
    let easing = interpolator(
      stream.uint(record, Slot.stateTransitionInterpolatorId), artboard: artboard)
    var exitBlend: Int?
    if type == UInt16(TypeKey.blendStateTransition) {
      exitBlend = optionalIndex(stream.uint(record, Slot.blendStateTransitionExitBlendAnimationId))
    }
    return StateMachineModel.Transition(
      stateTo: Int(stream.uint(record, Slot.stateTransitionStateToId)),
      flags: stream.uint(record, Slot.stateTransitionFlags),
      duration: stream.uint(record, Slot.stateTransitionDuration),
      exitTime: stream.uint(record, Slot.stateTransitionExitTime),
      interpolator: easing ?? nil,
      randomWeight: stream.uint(record, Slot.stateTransitionRandomWeight),
      conditions: consume conditions, fireActions: consume fireActions,
      listenerActions: consume listenerActions, exitBlendAnimation: exitBlend, record: record)
  }

  /// A condition on the artboard's size (its comparators: an artboard property on the left, a
  /// number on the right) or on keyboard focus.
  func sizeOrFocusCondition(_ record: Int, type: UInt16) -> StateMachineModel.Condition {
    let op =
      StateMachineModel.Op(rawValue: stream.uint(record, Slot.transitionViewModelConditionOpValue))
      ?? .equal
    let comparators = shared.graph.childrenOf(record).filter { part in
      guard part >= 0, let partType = stream.records[part].typeKey else { return false }
      return table.isA(partType, UInt16(TypeKey.transitionComparator))
    }
    if UInt32(type) == TypeKey.transitionFocusCondition {
      // The focused component sits on a component comparator (the exported one is the left).
      let componentComparator = UInt16(TypeKey.transitionPropertyComponentComparator)
      let target = comparators.last { stream.records[$0].typeKey == componentComparator }
      return .focus(
        op: op,
        objectID: target.map {
          Int(stream.uint($0, Slot.transitionPropertyComponentComparatorObjectId))
        })
    }
    let artboardComparator = UInt16(TypeKey.transitionPropertyArtboardComparator)
    guard comparators.count >= 2, stream.records[comparators[0]].typeKey == artboardComparator,
      let last = comparators.last,
      stream.records[last].typeKey == UInt16(TypeKey.transitionValueNumberComparator)
    else { return .viewModel(record: record, op: op) }
    return .artboardSize(
      property: stream.uint(comparators[0], Slot.transitionPropertyArtboardComparatorPropertyType),
      op: op, value: stream.float(last, Slot.transitionValueNumberComparatorValue))
  }

  /// A state's or transition's fire action: an event to report, or (`type` a fire trigger) a
  /// view-model trigger to fire by its path.
  func fireAction(_ record: Int, type: UInt16) -> StateMachineModel.FireAction {
    guard type == UInt16(TypeKey.stateMachineFireTrigger) else {
      return .init(
        occurs: stream.uint(record, Slot.stateMachineFireActionOccursValue),
        eventID: Int(stream.uint(record, Slot.stateMachineFireEventEventId)))
    }
    return .init(
      occurs: stream.uint(record, Slot.stateMachineFireActionOccursValue), eventID: -1,
      triggerPath: stream.withBytes(record, Slot.stateMachineFireTriggerViewModelPathIds) {
        BindPath.decode($0)
      })
  }

  func listenerAction(_ record: Int, type: UInt16) -> StateMachineModel.ListenerAction {
    let flags = stream.uint(record, Slot.listenerActionFlags)
    let kind: StateMachineModel.ListenerAction.Kind
    func nested() -> Int? {
      optionalIndex(stream.uint(record, Slot.listenerInputChangeNestedInputId))
    }
    var input: Int { Int(stream.uint(record, Slot.listenerInputChangeInputId)) }
    switch UInt32(type) {
    case TypeKey.listenerBoolChange:
      kind = .boolChange(
        input: input, nestedInput: nested(),
        value: stream.uint(record, Slot.listenerBoolChangeValue))
    case TypeKey.listenerNumberChange:
      kind = .numberChange(
        input: input, nestedInput: nested(),
        value: stream.float(record, Slot.listenerNumberChangeValue))
    case TypeKey.listenerTriggerChange:
      kind = .triggerChange(input: input, nestedInput: nested())
    case TypeKey.listenerFireEvent:
      kind = .fireEvent(eventID: Int(stream.uint(record, Slot.listenerFireEventEventId)))
    case TypeKey.listenerViewModelChange:
      kind = .viewModelChange(record: record)
    case TypeKey.focusActionTarget:
      kind = .focusTarget(targetID: Int(stream.uint(record, Slot.focusActionTargetTargetId)))
    case TypeKey.focusActionClear:
      kind = .focusClear
    case TypeKey.listenerAlignTarget:
      kind = .alignTarget(
        targetID: Int(stream.uint(record, Slot.listenerAlignTargetTargetId)),
        preserveOffset: stream.bool(record, Slot.listenerAlignTargetPreserveOffset))
    default:
      kind = .unsupported(typeKey: type)
    }
    return .init(flags: flags, kind: kind, record: record)
  }

  func listener(_ record: Int, type: UInt16) -> StateMachineModel.Listener {
    var actions: [StateMachineModel.ListenerAction] = []
    var inputs: [(type: UInt32, eventID: Int?)] = []
    if type == UInt16(TypeKey.stateMachineListenerSingle) {
      inputs.append(
        (
          stream.uint(record, Slot.stateMachineListenerSingleListenerTypeValue),
          optionalIndex(stream.uint(record, Slot.stateMachineListenerSingleEventId))
        ))
    }
    for part in shared.graph.childrenOf(record) where part >= 0 {
      guard let partType = stream.records[part].typeKey else { continue }
      if table.isA(partType, UInt16(TypeKey.listenerAction)) {
        actions.append(listenerAction(part, type: partType))
      } else if table.isA(partType, UInt16(TypeKey.listenerInputType)) {
        let eventID =
          partType == UInt16(TypeKey.listenerInputTypeEvent)
          ? optionalIndex(stream.uint(part, Slot.listenerInputTypeEventEventId)) : nil
        inputs.append((stream.uint(part, Slot.listenerInputTypeListenerTypeValue), eventID))
      }
    }
    return .init(
      typeKey: type, targetID: Int(stream.uint(record, Slot.stateMachineListenerTargetId)),
      inputs: inputs, actions: actions, record: record)
  }
}
