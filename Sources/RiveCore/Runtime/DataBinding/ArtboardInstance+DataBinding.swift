@_spi(RiveFormatInternals) import RiveFormat

extension ArtboardInstance {
  // MARK: - Binding

  /// Binds a fresh copy of the artboard's default view model instance to this instance (and
  /// through it to its nested artboards), as a host app with auto-binding does.
  ///
  /// The copy is the view model's first authored instance (with the instances it references
  /// copied too), or a new instance with default values when the view model has none.
  ///
  /// - Parameter file: the file this instance's artboard belongs to.
  /// - Returns: the bound view model's name, or nil when the artboard has no view model.
  @discardableResult
  public mutating func bindDefaultViewModel(file: RuntimeFile) -> String? {
    bindViewModel(file: file, instanceNamed: nil)
  }

  /// Binds a copy of the artboard view model's authored instance named `instanceName` (the
  /// default instance when nil) to this instance.
  ///
  /// - Returns: the bound view model's name, or nil when the artboard has no view model or no
  ///   such instance.
  @discardableResult
  public mutating func bindViewModel(file: RuntimeFile, instanceNamed instanceName: String?)
    -> String?
  {
    guard let viewModel = file.dataBinding.artboards[model.index].viewModel else { return nil }
    var store = takeViewModelStore() ?? ViewModelStore(model: file.dataBinding)
    let instance = store.selectInstance(of: viewModel, named: instanceName)
    guard instance >= 0 else {
      viewModelStore = store
      return nil
    }
    store.setRoot(instance)
    store.attach(&self)
    let context = store.makeContext(instances: [instance], parent: -1)
    store.bindArtboard(&self, context: context)
    viewModelStore = store
    return file.dataBinding.viewModels[viewModel].name
  }

  /// Moves the store out of this instance (so it can work on the instance).
  mutating func takeViewModelStore() -> ViewModelStore? {
    var store: ViewModelStore?
    swap(&store, &viewModelStore)
    return store
  }

  // MARK: - Updating

  /// Runs the dirty binds of the nested artboards, then this artboard's, as the official
  /// artboard's `updateDataBinds`.
  @inline(__always)  // several times a frame; most artboards bind nothing
  mutating func updateDataBinds(applyTargetToSource: Bool = true) {
    if viewModelStore != nil { updateBoundDataBinds(applyTargetToSource: applyTargetToSource) }
  }

  @inline(never)
  private mutating func updateBoundDataBinds(applyTargetToSource: Bool) {
    for index in nested.indices where nested[index].artboard != nil {
      let host = model.nestedHosts[nested[index].hostIndex].id
      if bool(host, Slot.nestedArtboardIsPaused) { continue }
      withNestedArtboard(index) { $0.updateDataBinds() }
    }
    if !componentLists.isEmpty { updateComponentListBinds() }
    guard bindContainer >= 0 else { return }
    updateBinds(of: bindContainer, applyTargetToSource: applyTargetToSource)
    absorbBindingDirt()
  }

  /// Runs the dirty binds of container `container` (this artboard's, or its machine's) on this
  /// artboard. Asked in place first: most frames have nothing to update, and moving the store
  /// out and back costs more than the check.
  @inline(__always)
  mutating func updateBinds(of container: Int32, applyTargetToSource: Bool) {
    guard !pendingBindTargets.isEmpty || viewModelStore?.hasDirtyBinds(container) == true else {
      return
    }
    runBinds(of: container, applyTargetToSource: applyTargetToSource)
  }

  @inline(never)
  private mutating func runBinds(of container: Int32, applyTargetToSource: Bool) {
    // Moved out and worked on through its optional: binding its payload to a variable copied
    // the whole store.
    var store = takeViewModelStore()
    store?.updateContainer(container, applyTargetToSource: applyTargetToSource, artboard: &self)
    swap(&store, &viewModelStore)  // moved back, not copied
  }

  /// Advances this artboard's binds' converters; true while one still animates. The store
  /// works in place: converters need nothing of the artboard.
  @inline(__always)
  mutating func advanceDataBinds(_ seconds: Float) -> Bool {
    bindContainer >= 0 ? advanceBoundDataBinds(seconds) : false
  }

  @inline(never)
  private mutating func advanceBoundDataBinds(_ seconds: Float) -> Bool {
    let didUpdate = viewModelStore?.advanceContainer(bindContainer, seconds: seconds) ?? false
    absorbBindingDirt()
    return didUpdate
  }

  /// Marks this artboard for an update when its binds got dirty while the store was elsewhere.
  @inline(__always)  // several times every frame; a call cost more than the check
  mutating func absorbBindingDirt() {
    guard bindContainer >= 0 else { return }
    if viewModelStore?.takeComponentDirt(bindContainer) == true { needsUpdate = true }
  }

  /// Runs `body` on nested artboard `index` with the store moved into it.
  mutating func withNestedArtboard(_ index: Int, _ body: (inout ArtboardInstance) -> Void) {
    // Worked on in place through the optional: binding the payload of `artboard.take()` to a
    // variable copied the whole instance (every reference it holds retained, then released).
    var store = takeViewModelStore()
    nested[index].artboard?.inPlace { artboard in
      swap(&store, &artboard.viewModelStore)
      body(&artboard)
      swap(&store, &artboard.viewModelStore)
    }
    swap(&store, &viewModelStore)  // moved back, not copied
  }

  /// Runs the update pass of nested artboard `index` (with the store).
  mutating func updateNestedArtboard(_ index: Int) {
    withNestedArtboard(index) { _ = $0.updatePass() }
  }

  /// Records a change of a property that a bind to source observes.
  mutating func noteBindTarget(_ id: Int, key: UInt16) {
    guard id >= 0, id < bindObserved.count, bindObserved[id] else { return }
    pendingBindTargets.append((Int32(id), key))
    needsUpdate = true
  }

  // MARK: - Solos

  /// The active child of a solo: its index among the solo's options and its name.
  func soloActiveChild(_ id: Int) -> (index: Int, name: String) {
    let active = Int(uint(id, Slot.soloActiveComponentId))
    var index = 0
    for child in model.children.ints(id) where Self.isSoloOption(model, child) {
      if child == active {
        let name: String
        if case .string(let text)? = value(of: child, property: PropertyKey.componentName) {
          name = text
        } else {
          name = ""
        }
        return (index, name)
      }
      index += 1
    }
    return (-1, "")
  }

  static func isSoloOption(_ model: ArtboardModel, _ child: Int) -> Bool {
    !(model.isA(child, TypeKey.constraint) || model.isA(child, TypeKey.clippingShape)
      || model.isA(child, TypeKey.focusData) || model.isA(child, TypeKey.semanticData))
  }

  /// Makes a solo's `index`-th option active.
  mutating func setSoloActiveChild(_ id: Int, index: Int) {
    guard index >= 0, index < model.children.ints(id).count,
      let offset = TypeTable.shared.slotOffset(
        type: model.types[id], key: PropertyKey.soloActiveComponentId)
    else { return }
    var position = 0
    for child in model.children.ints(id) where Self.isSoloOption(model, child) {
      if position == index {
        set(id, offset: offset, key: PropertyKey.soloActiveComponentId, bits: UInt32(child))
        return
      }
      position += 1
    }
  }

  /// Makes the solo option named `name` active.
  mutating func setSoloActiveChild(_ id: Int, named name: String) {
    guard
      let offset = TypeTable.shared.slotOffset(
        type: model.types[id], key: PropertyKey.soloActiveComponentId)
    else { return }
    for child in model.children.ints(id) where Self.isSoloOption(model, child) {
      if case .string(let text)? = value(of: child, property: PropertyKey.componentName),
        text == name
      {
        set(id, offset: offset, key: PropertyKey.soloActiveComponentId, bits: UInt32(child))
        return
      }
    }
  }
}

extension ViewModelStore {
  mutating func setRoot(_ instance: Int32) { rootInstance = instance }

  /// Binds an artboard instance (and its nested artboards and their machines) to a context,
  /// as the official artboard's `internalDataContext`.
  mutating func bindArtboard(_ artboard: inout ArtboardInstance, context: Int32) {
    makeEmbeddedInstances(&artboard)
    for index in artboard.nested.indices {
      guard var child = artboard.nested[index].artboard.take() else { continue }
      let host = artboard.model.nestedHosts[artboard.nested[index].hostIndex]
      let childContext = nestedContext(artboard, host: host.id, context: context)
      bindArtboard(&child, context: childContext)
      for position in artboard.nested[index].animations.indices {
        var machine: StateMachineInstance?
        swap(&machine, &artboard.nested[index].animations[position].machine)
        machine?.inPlace { bindMachine(&$0, artboard: &child, context: childContext) }
        swap(&machine, &artboard.nested[index].animations[position].machine)
      }
      artboard.nested[index].artboard = child
    }
    if artboard.bindContainer < 0 {
      _ = makeArtboardContainer(&artboard)
    }
    bindContainer(artboard.bindContainer, context: context)
    sortBinds(artboard.bindContainer)
    absorbComponentDirt(&artboard)
  }

  /// The context nested artboard component `host` of `artboard` binds its artboard in: a
  /// nested artboard with an instance of its own binds to it (then the global instances it
  /// holds), else to the instance its path names, else to `context` — also an artboard an
  /// artboard property swaps in.
  mutating func nestedContext(_ artboard: ArtboardInstance, host: Int, context: Int32) -> Int32 {
    let embedded = embeddedContext(artboard, host: host)
    var instance = embedded.main
    if instance < 0 {
      let path = model.artboards[artboard.model.index].nestedPaths[host] ?? []
      instance = path.isEmpty ? -1 : resolveInstance(path: path, context: context)
    }
    let list = (instance >= 0 ? [instance] : []) + embedded.globals
    return list.isEmpty ? context : makeContext(instances: list, parent: context)
  }

  /// Binds a state machine's binds and view-model listeners to a context.
  mutating func bindMachine(
    _ machine: inout StateMachineInstance, artboard: inout ArtboardInstance, context: Int32
  ) {
    attach(&machine)
    if machine.context.bindContainer < 0 {
      machine.context.bindContainer = makeMachineContainer(
        artboardIndex: artboard.model.index, machineIndex: machine.machineIndex)
    }
    let container = machine.context.bindContainer
    bindContainer(container, context: context)
    bindListeners(
      container, context: context, artboardIndex: artboard.model.index,
      machineIndex: machine.machineIndex)
    syncBindableNumbers(container, into: &machine.context)
  }

  /// Sets an artboard's update flag when one of its component binds got dirty.
  mutating func absorbComponentDirt(_ artboard: inout ArtboardInstance) {
    if takeComponentDirt(artboard.bindContainer) { artboard.needsUpdate = true }
  }

  @inline(__always)  // asked several times every frame
  mutating func takeComponentDirt(_ container: Int32) -> Bool {
    guard container >= 0, Int(container) < containers.count,
      containers[Int(container)].componentDirt
    else { return false }
    containers[Int(container)].componentDirt = false
    return true
  }
}

extension ArtboardInstance {
  /// A custom trigger property fired (by a keyframe callback): its count goes up by one.
  mutating func fireCustomTrigger(_ id: Int) {
    guard
      let offset = TypeTable.shared.slotOffset(
        type: model.types[id], key: PropertyKey.customPropertyTriggerPropertyValue)
    else { return }
    set(
      id, offset: offset, key: PropertyKey.customPropertyTriggerPropertyValue,
      bits: uint(id, offset) &+ 1)
  }

  /// The end-of-frame reset of the components that reset themselves (custom triggers return
  /// to 0), in this artboard and its nested artboards.
  @inline(__always)
  mutating func resetResettables() {
    // Answered inline when there is nothing to reset (the common case, every frame).
    guard
      !model.customTriggerIDs.isEmpty || !nested.isEmpty || !embeddedHandles.isEmpty
        || !componentLists.isEmpty
    else { return }
    resetAllResettables()
  }

  @inline(never)
  private mutating func resetAllResettables() {
    for id in model.customTriggerIDs {
      guard
        let offset = TypeTable.shared.slotOffset(
          type: model.types[id], key: PropertyKey.customPropertyTriggerPropertyValue)
      else { continue }
      set(id, offset: offset, key: PropertyKey.customPropertyTriggerPropertyValue, bits: 0)
    }
    for index in nested.indices where nested[index].artboard != nil {
      withNestedArtboard(index) { $0.resetResettables() }
    }
    if !embeddedHandles.isEmpty { resetEmbeddedInstances() }
    if !componentLists.isEmpty { resetComponentLists() }
  }
}

extension ArtboardInstance {
  /// A keyframe's value bits: its own, or (for a keyframe bound to a view model) the bound
  /// value (the bindable holder's default while the artboard is not bound).
  @inline(__always)
  mutating func keyFrameBits(_ frame: KeyFrame, kind: KeyFrameKind) -> UInt32 {
    frame.bindRecord < 0 ? frame.value : boundKeyFrameBits(Int(frame.bindRecord), kind: kind)
  }

  private mutating func boundKeyFrameBits(_ bindRecord: Int, kind: KeyFrameKind) -> UInt32 {
    let fallback: UInt32 = kind == .color ? 0xFF1D_1D1D : 0
    guard bindContainer >= 0, var store = takeViewModelStore() else { return fallback }
    let source = store.keyFrameSource(bindRecord, container: bindContainer)
    var bits = fallback
    if source >= 0 {
      let value = store.values[Int(source)]
      switch (kind, value.kind) {
      case (.double, .number), (.color, .color), (.bool, .boolean):
        bits = value.bits
      default:
        break
      }
    }
    viewModelStore = store
    return bits
  }
}

extension ViewModelStore {
  /// The source value of a keyframe's bind in a container's context (resolved once).
  mutating func keyFrameSource(_ bindRecord: Int, container: Int32) -> Int32 {
    guard container >= 0, Int(container) < containers.count else { return -1 }
    if let cached = containers[Int(container)].keyFrameSources[bindRecord] { return cached }
    var source: Int32 = -1
    if let definition = bindDefinitionIndex(bindRecord) {
      let bind = model.binds[definition]
      let context = containers[Int(container)].context
      if bind.flags & BindFlags.nameBased != 0 {
        source = resolveRelativeValue(path: model.resolvedPath(bind.sourcePath), context: context)
      } else {
        source = resolveValue(path: bind.sourcePath, context: context)
      }
    }
    containers[Int(container)].keyFrameSources[bindRecord] = source
    return source
  }
}
