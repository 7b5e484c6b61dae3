extension Importer {
  /// Adds a state machine to the current artboard and makes it current.
  @_spi(RiveFormatInternals) public mutating func importStateMachine() {
    guard let artboard = currentArtboard else { return }
    report.artboards[artboard].stateMachines.append(
      RiveDocument.StateMachine(
        name: string(PropertyKey.animationName, of: TypeKey.stateMachine), inputs: [],
        layerCount: 0,
        listenerCount: 0, isSynthetic: false), firstCapacity: 4)
    currentStateMachine = (artboard, report.artboards[artboard].stateMachines.count - 1)
    stack[.stateMachine] = report.artboards[artboard].stateMachines.count - 1
  }

  /// Adds an input to the current state machine.
  @_spi(RiveFormatInternals) public mutating func importStateMachineInput(typeKey: UInt32) {
    guard let (artboard, machine) = currentStateMachine else { return }
    let kind: RiveDocument.StateMachineInput.Kind
    switch typeKey {
    case TypeKey.stateMachineNumber:
      kind = .number(defaultValue: float(PropertyKey.stateMachineNumberValue, of: typeKey))
    case TypeKey.stateMachineBool:
      kind = .boolean(defaultValue: bool(PropertyKey.stateMachineBoolValue, of: typeKey))
    default: kind = .trigger
    }
    report.artboards[artboard].stateMachines[machine].inputs.append(
      RiveDocument.StateMachineInput(
        name: string(PropertyKey.stateMachineComponentName, of: typeKey), typeKey: typeKey,
        kind: kind),
      firstCapacity: 4)
  }

  /// Resolves the current layer and starts a new one on the current state machine.
  @_spi(RiveFormatInternals) public mutating func importStateMachineLayer(offset: Int)
    throws(RiveError)
  {
    guard let (artboard, machine) = currentStateMachine else { return }
    try resolveLayer()
    report.artboards[artboard].stateMachines[machine].layerCount += 1
    currentLayer = PendingLayer(
      byteOffset: offset,
      name: string(PropertyKey.stateMachineComponentName, of: TypeKey.stateMachineLayer))
    stack[.layer] = report.artboards[artboard].stateMachines[machine].layerCount - 1
    currentLayerState = nil
  }

  /// Counts a state of the current layer, noting the Any, Entry and Exit states.
  @_spi(RiveFormatInternals) public mutating func importLayerState(typeKey: UInt32, offset: Int) {
    guard currentLayer != nil else { return }
    currentLayer?.stateCount += 1
    switch typeKey {
    case TypeKey.anyState: currentLayer?.hasAny = true
    case TypeKey.entryState: currentLayer?.hasEntry = true
    case TypeKey.exitState: currentLayer?.hasExit = true
    default: break
    }
    currentLayerState = offset
  }

  /// Notes a transition of the current state, checked when its layer resolves.
  @_spi(RiveFormatInternals) public mutating func importStateTransition(offset: Int) {
    guard currentLayerState != nil, currentLayer != nil else { return }
    let stateTo = uint(PropertyKey.stateTransitionStateToId, of: TypeKey.stateTransition)
    currentLayer?.transitions.append((offset, stateTo), firstCapacity: 8)
  }

  /// Counts a listener of the current state machine.
  @_spi(RiveFormatInternals) public mutating func importStateMachineListener() {
    guard let (artboard, machine) = currentStateMachine else { return }
    report.artboards[artboard].stateMachines[machine].listenerCount += 1
  }

  /// Offers an unknown object to the most recent importer that takes a null placeholder.
  @_spi(RiveFormatInternals) public mutating func readNullObject() {
    // Of the importers that accept placeholders (artboard, state machine, layer, keyed property),
    // only a layer's placeholder changes what this reader reports: it counts as a state.
    if currentLayer != nil, stack.isNewer(.layer, than: .stateMachine, .artboard) {
      currentLayer?.stateCount += 1
    }
  }

  @_spi(RiveFormatInternals) public mutating func resolveLayer() throws(RiveError) {
    guard let layer = currentLayer else { return }
    currentLayer = nil
    for transition in layer.transitions where transition.stateTo >= UInt64(layer.stateCount) {
      throw RiveError(
        .invalidObject,
        "state machine layer \"\(layer.name)\" (at byte \(layer.byteOffset)) has a transition "
          + "to state \(transition.stateTo), but the layer has \(layer.stateCount) states",
        at: transition.offset)
    }
    if depth == .structure, !(layer.hasAny && layer.hasEntry && layer.hasExit) {
      let missing = [(layer.hasAny, "Any"), (layer.hasEntry, "Entry"), (layer.hasExit, "Exit")]
        .filter { !$0.0 }.map(\.1).joined(separator: ", ")
      throw RiveError(
        .invalidObject,
        "state machine layer \"\(layer.name)\" lacks its \(missing) state", at: layer.byteOffset)
    }
  }
}
