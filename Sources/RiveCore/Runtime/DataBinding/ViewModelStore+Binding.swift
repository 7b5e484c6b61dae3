@_spi(RiveFormatInternals) import RiveFormat

extension ViewModelStore {
  /// Property keys whose targets cannot tell binds they changed (computed values, solos'
  /// active child, colour channels): binds to source poll them every update instead.
  static let polledKeys: Set<UInt16> = [
    PropertyKey.soloActiveComponentId, PropertyKey.nodeComputedLocalX,
    PropertyKey.nodeComputedLocalY, PropertyKey.nodeComputedWorldX, PropertyKey.nodeComputedWorldY,
    PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY, PropertyKey.nodeComputedWidth,
    PropertyKey.nodeComputedHeight, PropertyKey.shapeLength,
    PropertyKey.scrollConstraintScrollIndex, PropertyKey.scrollConstraintScrollPercentX,
    PropertyKey.scrollConstraintScrollPercentY, PropertyKey.scrollConstraintVelocityX,
    PropertyKey.scrollConstraintVelocityY, PropertyKey.scrollConstraintScrollActive,
    PropertyKey.scrollConstraintComputedContentWidth,
    PropertyKey.scrollConstraintComputedContentHeight, PropertyKey.colorChannelsColorAlpha,
    PropertyKey.colorChannelsColorRed, PropertyKey.colorChannelsColorBlue,
    PropertyKey.colorChannelsColorGreen,
  ]

  /// How deep converter groups may nest (a group can name itself).
  static let maximumConverterDepth = 8

  // MARK: - Making binds

  /// Whether a bind's target tells it when its property changes (else it is polled).
  func targetSupportsPush(_ bind: Int32, targetType: UInt16?) -> Bool {
    let state = binds[Int(bind)]
    if state.target == .none { return false }
    if ViewModelStore.polledKeys.contains(state.propertyKey) { return false }
    if let targetType {
      switch UInt32(targetType) {
      case TypeKey.bindablePropertyAsset, TypeKey.bindablePropertyViewModel,
        TypeKey.viewModelInstanceViewModel:
        return false
      default:
        break
      }
    }
    return true
  }

  /// Adds a bind made from definition `definition` to a container (with its own copy of the
  /// bind's converter).
  @discardableResult
  mutating func addBind(
    definition: Int, container: Int32, target: BindTarget, targetType: UInt16?,
    propertyKey: UInt16? = nil, depth: Int = 0
  ) -> Int32 {
    let bindModel = self.model.binds[definition]
    let bind = Int32(binds.count)
    binds.append(
      BindState(
        definition: Int32(definition), container: container, target: target,
        propertyKey: propertyKey ?? bindModel.propertyKey, flags: bindModel.flags))
    if bindModel.converter >= 0 {
      binds[Int(bind)].converter = makeConverter(
        bindModel.converter, parentBind: bind, depth: depth + 1)
    }
    containers[Int(container)].binds.append(bind)
    if binds[Int(bind)].converter >= 0 { containers[Int(container)].converterBinds.append(bind) }
    if binds[Int(bind)].toSource && !targetSupportsPush(bind, targetType: targetType) {
      containers[Int(container)].persisting.append(bind)
      binds[Int(bind)].isInPersistingList = true
    }
    return bind
  }

  /// A bind's own copy of converter `definition` (recursively for groups, with its own binds).
  mutating func makeConverter(_ definition: Int, parentBind: Int32, depth: Int) -> Int32 {
    guard definition >= 0, definition < model.converters.count,
      depth < ViewModelStore.maximumConverterDepth,
      converters.count < ViewModelStore.maximumInstances
    else { return -1 }
    let converterDefinition = model.converters[definition]
    let index = Int32(converters.count)
    converters.append(
      ConverterState(definition: definition, kind: converterDefinition.kind, parentBind: parentBind)
    )
    if case .group(let items) = converterDefinition.kind {
      var children: [Int32] = []
      for item in items {
        let child = makeConverter(item, parentBind: parentBind, depth: depth + 1)
        if child >= 0 { children.append(child) }
      }
      converters[Int(index)].children = children
    }
    if !converterDefinition.binds.isEmpty {
      containers.append(BindContainer(kind: .converter(index)))
      let container = Int32(containers.count - 1)
      converters[Int(index)].container = container
      var tokenIndex: [Int: Int32] = [:]
      if case .formula(let tokens, _) = converterDefinition.kind {
        for (position, token) in tokens.enumerated() { tokenIndex[token.record] = Int32(position) }
      }
      for record in converterDefinition.binds {
        guard let bindDefinition = bindDefinitionIndex(record) else { continue }
        let targetRecord = model.binds[bindDefinition].targetRecord
        let target: BindTarget
        if targetRecord == converterDefinition.record {
          target = .converter(index)
        } else if let token = tokenIndex[targetRecord] {
          target = .formulaToken(converter: index, token: token)
        } else {
          target = .none
        }
        addBind(
          definition: bindDefinition, container: container, target: target, targetType: nil,
          depth: depth + 1)
      }
    }
    return index
  }

  /// The model index of the bind with file record `record`.
  func bindDefinitionIndex(_ record: Int) -> Int? {
    var low = 0
    var high = model.binds.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = model.binds[middle].record
      if candidate == record { return middle }
      if candidate < record { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Makes the container of an artboard instance's binds (cloned in the instance's order).
  mutating func makeArtboardContainer(_ artboard: inout ArtboardInstance) -> Int32 {
    containers.append(BindContainer(kind: .artboard))
    let container = Int32(containers.count - 1)
    let bindings = model.artboards[artboard.model.index]
    var observed = [Bool](filling: false, count: artboard.model.types.count)
    var anyObserved = false
    var collapsible = [Bool](filling: false, count: artboard.model.types.count)
    var anyCollapsible = false
    for (id, definition) in bindings.binds {
      let targetType = artboard.typeKey(of: id)
      let bind = addBind(
        definition: definition, container: container, target: .component(Int32(id)),
        targetType: targetType)
      if binds[Int(bind)].toSource && !binds[Int(bind)].isInPersistingList {
        observed[id] = true
        anyObserved = true
      }
      // A bind on a component follows its collapse from the start (the runtime's
      // `addCollapsable`), unless it binds a layout's display or a target it polls.
      if binds[Int(bind)].propertyKey != ViewModelStore.displayValueKey,
        targetSupportsPush(bind, targetType: targetType)
      {
        binds[Int(bind)].collapses = true
        binds[Int(bind)].isCollapsed = artboard.isCollapsed(id)
        collapsible[id] = true
        anyCollapsible = true
      }
    }
    artboard.bindContainer = container
    artboard.bindObserved = anyObserved ? observed : []
    artboard.bindCollapsible = anyCollapsible ? collapsible : []
    artboard.pendingBindCollapses = []
    return container
  }

  /// Makes a state machine's bind container: its binds, and a bindable property instance for
  /// each bindable they target.
  mutating func makeMachineContainer(artboardIndex: Int, machineIndex: Int) -> Int32 {
    containers.append(BindContainer(kind: .machine))
    let container = Int32(containers.count - 1)
    let bindings = model.artboards[artboardIndex]
    // (A machine past the end of the list has no binds; it may still have listeners.)
    let machineBinds =
      machineIndex < bindings.machineBinds.count ? bindings.machineBinds[machineIndex] : []
    for definition in machineBinds {
      let bindModel = model.binds[definition]
      let targetRecord = bindModel.targetRecord
      let targetType = model.machineTargetTypes[targetRecord]
      if let bindable = model.bindables[targetRecord] {
        var index = containers[Int(container)].bindableIndex[targetRecord] ?? -1
        if index < 0 {
          index = Int32(bindables.count)
          bindables.append(
            BindableState(
              record: targetRecord, kind: bindable.kind, bits: bindable.bits, text: bindable.text))
          containers[Int(container)].bindableIndex[targetRecord] = index
        }
        let bind = addBind(
          definition: definition, container: container, target: .bindable(index),
          targetType: targetType)
        if bindModel.flags & BindFlags.toSource != 0 {
          bindables[Int(index)].toSourceBind = bind
        } else {
          bindables[Int(index)].toTargetBind = bind
        }
      } else if let targetType, TypeTable.shared.isA(targetType, UInt16(TypeKey.stateTransition)) {
        let index = Int32(bindables.count)
        bindables.append(BindableState(record: targetRecord, kind: .number, bits: 0, text: ""))
        if bindModel.propertyKey == PropertyKey.stateTransitionDuration {
          containers[Int(container)].transitionBindables[targetRecord] = index
        }
        addBind(
          definition: definition, container: container, target: .bindable(index),
          targetType: UInt16(TypeKey.bindablePropertyNumber),
          propertyKey: PropertyKey.bindablePropertyNumberPropertyValue)
      } else {
        addBind(definition: definition, container: container, target: .none, targetType: targetType)
      }
    }
    var consumers: [(consumer: Int, bindable: Int32)] = []
    for (consumer, record) in model.bindableOf.entries {
      if let index = containers[Int(container)].bindableIndex[record],
        bindables[Int(index)].kind == .number
      {
        consumers.append((consumer, index))
      }
    }
    for (transition, index) in containers[Int(container)].transitionBindables.entries {
      consumers.append((transition, index))
    }
    containers[Int(container)].numberConsumers = consumers.sorted { $0.consumer < $1.consumer }
    if machineIndex < bindings.machineListeners.count {
      containers[Int(container)].listenerIndices = bindings.machineListeners[machineIndex].map(
        \.listener)
      containers[Int(container)].listenerValues = bindings.machineListeners[machineIndex].map {
        _ in []
      }
    }
    return container
  }

  // MARK: - Binding to a context

  /// Binds every context bind of a container to the values a context resolves.
  mutating func bindContainer(_ container: Int32, context: Int32) {
    guard container >= 0, Int(container) < containers.count else { return }
    containers[Int(container)].context = context
    let list = containers[Int(container)].binds
    for bind in list where model.binds[Int(binds[Int(bind)].definition)].isContext {
      bindFromContext(bind, context: context)
    }
  }

  /// Resolves a bind's source in a context and (re)binds it.
  mutating func bindFromContext(_ bind: Int32, context: Int32) {
    let definition = model.binds[Int(binds[Int(bind)].definition)]
    let source: Int32
    if binds[Int(bind)].isNameBased {
      source = resolveRelativeValue(
        path: model.resolvedPath(definition.sourcePath), context: context)
    } else {
      source = resolveValue(path: definition.sourcePath, context: context)
    }
    let current = binds[Int(bind)].source
    if current < 0 || source != current {
      if source >= 0 {
        clearSource(bind)
        setSource(bind, source)
        bindContextValue(bind)
      } else {
        unbind(bind)
      }
    } else {
      addDirt(bind, binds[Int(bind)].reconcileDirt)
    }
    let converter = binds[Int(bind)].converter
    if converter >= 0 {
      bindConverter(converter, context: context, parentBind: bind)
    }
  }

  private mutating func setSource(_ bind: Int32, _ source: Int32) {
    if !binds[Int(bind)].bindsOnce { addDependent(source, .bind(bind)) }
    binds[Int(bind)].source = source
  }

  private mutating func clearSource(_ bind: Int32) {
    let source = binds[Int(bind)].source
    guard source >= 0 else { return }
    if !binds[Int(bind)].bindsOnce { removeDependent(source, .bind(bind)) }
    binds[Int(bind)].source = -1
  }

  /// Makes a bind's context value for its output type, resets its converter and marks every
  /// direction it supports.
  private mutating func bindContextValue(_ bind: Int32) {
    let type = outputType(bind)
    binds[Int(bind)].outputType = type
    switch type {
    case .none, .input:
      binds[Int(bind)].hasContextValue = false
    default:
      binds[Int(bind)].hasContextValue = true
    }
    binds[Int(bind)].isValid = false
    binds[Int(bind)].targetCacheInitialized = false
    binds[Int(bind)].targetCache = .none
    resetConverter(binds[Int(bind)].converter)
    addDirt(bind, binds[Int(bind)].reconcileDirt)
  }

  /// Drops a bind's source and context value.
  mutating func unbind(_ bind: Int32) {
    clearSource(bind)
    binds[Int(bind)].hasContextValue = false
    let converter = binds[Int(bind)].converter
    if converter >= 0 { unbindConverter(converter) }
  }

  private mutating func bindConverter(_ converter: Int32, context: Int32, parentBind: Int32) {
    converters[Int(converter)].parentBind = parentBind
    let container = converters[Int(converter)].container
    if container >= 0 { bindContainer(container, context: context) }
    for child in converters[Int(converter)].children {
      bindConverter(child, context: context, parentBind: parentBind)
    }
    if case .formula = converters[Int(converter)].kind {
      let source = binds[Int(parentBind)].source
      if source >= 0 { addDependent(source, .formula(converter)) }
    }
  }

  private mutating func unbindConverter(_ converter: Int32) {
    for child in converters[Int(converter)].children { unbindConverter(child) }
    let container = converters[Int(converter)].container
    if container >= 0 {
      for bind in containers[Int(container)].binds { unbind(bind) }
    }
  }

  /// Moves binds to source to the front of a container (the official runtime's sort, which
  /// swaps rather than shifts).
  mutating func sortBinds(_ container: Int32) {
    var list = containers[Int(container)].binds
    var next = 0
    for index in list.indices where binds[Int(list[index])].toSource {
      if index != next { list.swapAt(next, index) }
      next += 1
    }
    containers[Int(container)].binds = list
    containers[Int(container)].converterBinds = list.filter { binds[Int($0)].converter >= 0 }
  }

  // MARK: - View-model listeners

  /// Binds a machine's view-model listeners to the values their paths resolve.
  mutating func bindListeners(
    _ container: Int32, context: Int32, artboardIndex: Int, machineIndex: Int
  ) {
    let bindings = model.artboards[artboardIndex]
    guard machineIndex < bindings.machineListeners.count else { return }
    let listeners = bindings.machineListeners[machineIndex]
    for (position, listener) in listeners.enumerated() {
      for value in containers[Int(container)].listenerValues[position] {
        removeDependent(value, .listener(container: container, listener: Int32(position)))
      }
      var watched: [Int32] = []
      for path in listener.paths {
        let value = resolveValue(path: path, context: context)
        if value >= 0 {
          watched.append(value)
          addDependent(value, .listener(container: container, listener: Int32(position)))
        }
      }
      containers[Int(container)].listenerValues[position] = watched
      for value in watched where values[Int(value)].kind == .trigger && values[Int(value)].bits != 0
      {
        reportListener(container: container, listener: Int32(position))
      }
    }
  }

  mutating func reportListener(container: Int32, listener: Int32) {
    guard container >= 0, Int(container) < containers.count else { return }
    containers[Int(container)].reportedListeners.append(listener)
  }
}
