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
      storeBox.value = store
      return nil
    }
    store.setRoot(instance)
    store.attach(&self)
    let context = store.makeContext(instances: [instance], parent: -1)
    store.bindArtboard(&self, context: context)
    storeBox.value = store
    return file.dataBinding.viewModels[viewModel].name
  }

  /// Moves the store out of this instance (so it can work on the instance).
  mutating func takeViewModelStore() -> ViewModelStore? {
    storeBox.take()
  }

  /// Moves the store's box out of this instance, leaving it none (put it back with
  /// ``returnStore(_:)``): the store is lent while this instance is worked on, without its
  /// fields moving.
  @inline(__always)
  mutating func lendStore() -> ViewModelStoreSlot {
    var box = ViewModelStoreSlot()
    swap(&box, &storeBox)
    return box
  }

  /// Puts back a box ``lendStore()`` moved out.
  @inline(__always)
  mutating func returnStore(_ box: consuming ViewModelStoreSlot) {
    storeBox = box
  }

  // MARK: - Updating

  /// Runs the dirty binds of the nested artboards, then this artboard's, as the official
  /// artboard's `updateDataBinds`.
  @inline(__always)  // several times a frame; most artboards bind nothing
  mutating func updateDataBinds(applyTargetToSource: Bool = true) {
    guard storeBox.hasValue else { return }
    // Asked in place first, here: in most frames a bound artboard without nested artboards,
    // lists or list paths has no dirty bind and no dirt to take.
    let container = bindContainer
    if nested.isEmpty, componentLists.isEmpty, listPaths.isEmpty, pendingBindTargets.isEmpty,
      pendingBindCollapses.isEmpty,
      storeBox.read({ !$0.hasDirtyBinds(container) && !$0.hasComponentDirt(container) }) == true
    {
      return
    }
    updateBoundDataBinds(applyTargetToSource: applyTargetToSource)
  }

  @inline(never)
  private mutating func updateBoundDataBinds(applyTargetToSource: Bool) {
    for index in nested.indices where nested[index].hasArtboard {
      let host = model.nestedHosts[nested[index].hostIndex].id
      if bool(host, Slot.nestedArtboardIsPaused) { continue }
      withNestedArtboard(index) { $0.updateDataBinds() }
    }
    if !componentLists.isEmpty { updateComponentListBinds() }
    guard bindContainer >= 0 else { return }
    updateBinds(of: bindContainer, applyTargetToSource: applyTargetToSource)
    // List paths' vertices follow their items' values (the runtime listens to each value).
    if !listPaths.isEmpty { syncListPaths() }
    absorbBindingDirt()
  }

  /// Runs the dirty binds of container `container` (this artboard's, or its machine's) on this
  /// artboard. Asked in place first: most frames have nothing to update, and moving the store
  /// out and back costs more than the check.
  @inline(__always)
  mutating func updateBinds(of container: Int32, applyTargetToSource: Bool) {
    guard
      !pendingBindTargets.isEmpty || !pendingBindCollapses.isEmpty
        || storeBox.read({ $0.hasDirtyBinds(container) }) == true
    else {
      return
    }
    runBinds(of: container, applyTargetToSource: applyTargetToSource)
  }

  @inline(never)
  private mutating func runBinds(of container: Int32, applyTargetToSource: Bool) {
    // Its box moved out and the store worked on where it lives.
    var store = lendStore()
    store.withValue {
      $0.updateContainer(container, applyTargetToSource: applyTargetToSource, artboard: &self)
    }
    returnStore(store)
  }

  /// Advances this artboard's binds' converters; true while one still animates. The store
  /// works in place: converters need nothing of the artboard. Asked in place first, here:
  /// most artboards' binds have no converter and no dirt to take.
  @inline(__always)
  mutating func advanceDataBinds(_ seconds: Float) -> Bool {
    let container = bindContainer
    guard container >= 0,
      storeBox.read({ $0.hasConverters(container) || $0.hasComponentDirt(container) }) == true
    else { return false }
    return advanceBoundDataBinds(seconds)
  }

  @inline(never)
  private mutating func advanceBoundDataBinds(_ seconds: Float) -> Bool {
    let container = bindContainer
    let didUpdate = storeBox.withValue { $0.advanceContainer(container, seconds: seconds) } ?? false
    absorbBindingDirt()
    return didUpdate
  }

  /// Marks this artboard for an update when its binds got dirty while the store was elsewhere.
  @inline(__always)  // several times every frame; a call cost more than the check
  mutating func absorbBindingDirt() {
    let container = bindContainer
    guard container >= 0, storeBox.read({ $0.hasComponentDirt(container) }) == true else {
      return
    }
    if storeBox.withValue({ $0.takeComponentDirt(container) }) == true { needsUpdate = true }
  }

  /// Runs `body` on nested artboard `index` with the store moved into it.
  mutating func withNestedArtboard(_ index: Int, _ body: (inout ArtboardInstance) -> Void) {
    // Worked on where it lives: copying it out retained and released every reference it holds.
    var store = lendStore()
    nested[index].mount.withValue { artboard in
      swap(&store, &artboard.storeBox)
      body(&artboard)
      swap(&store, &artboard.storeBox)
    }
    returnStore(store)
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
    for index in artboard.nested.indices where artboard.nested[index].hasArtboard {
      let host = artboard.model.nestedHosts[artboard.nested[index].hostIndex]
      let childContext = nestedContext(artboard, host: host.id, context: context)
      // The instance and its machines are worked on in their boxes, moved out of the host.
      var child = OutOfLine<ArtboardInstance>()
      swap(&child, &artboard.nested[index].mount)
      child.withValue { child in
        bindArtboard(&child, context: childContext)
        for position in artboard.nested[index].animations.indices {
          var machine = OutOfLine<StateMachineInstance>()
          swap(&machine, &artboard.nested[index].animations[position].boxedMachine)
          machine.withValue { bindMachine(&$0, artboard: &child, context: childContext) }
          swap(&machine, &artboard.nested[index].animations[position].boxedMachine)
        }
      }
      swap(&child, &artboard.nested[index].mount)
    }
    if artboard.bindContainer < 0 {
      _ = makeArtboardContainer(&artboard)
    }
    bindContainer(artboard.bindContainer, context: context)
    sortBinds(artboard.bindContainer)
    observeEmbeddedTargets(artboard)
    absorbComponentDirt(&artboard)
  }

  /// Makes the artboard's binds to source whose targets are its embedded instances' values
  /// observe those values in the store: the nested artboard that binds to the instance
  /// writes the same value (a listener, a bind of its own), and the host's bind hears it.
  private mutating func observeEmbeddedTargets(_ artboard: ArtboardInstance) {
    let container = artboard.bindContainer
    guard !artboard.embeddedHandles.isEmpty, container >= 0, Int(container) < containers.count
    else { return }
    for bind in containers[Int(container)].binds {
      let state = binds[Int(bind)]
      guard state.toSource, case .component(let id) = state.target else { continue }
      let handle = artboard.embeddedValueHandle(Int(id), in: self)
      if handle >= 0 { addDependent(handle, .bindTarget(bind)) }
    }
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

  /// Whether container `container`'s binds dirtied components (asked in place, before taking).
  @inline(__always)
  func hasComponentDirt(_ container: Int32) -> Bool {
    container >= 0 && Int(container) < containers.count && containers[Int(container)].componentDirt
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
    // A trigger already at 0 stays as it is (as a set of the value it has).
    let triggers = model.customTriggerSlots
    for position in triggers.indices {
      let index = triggers[position]
      guard index >= 0, slots[index] != 0 else { continue }
      slots[index] = 0
      changed(model.customTriggerIDs[position], key: PropertyKey.customPropertyTriggerPropertyValue)
    }
    for index in nested.indices where nested[index].hasArtboard {
      withNestedArtboard(index) { $0.resetResettables() }
    }
    if !embeddedHandles.isEmpty { resetEmbeddedInstances() }
    if !componentLists.isEmpty { resetComponentLists() }
  }
}

extension ArtboardInstance {
  /// A keyframe's value bits: its own, or (for a keyframe bound to a view model) the bound
  /// value as its bind delivers it (see ``boundKeyFrameValue(_:kind:)``).
  @inline(__always)
  mutating func keyFrameBits(_ frame: KeyFrame, kind: KeyFrameKind) -> UInt32 {
    frame.bindRecord < 0 ? frame.value : boundKeyFrameValue(Int(frame.bindRecord), kind: kind).bits
  }

  /// A string keyframe's text: its own, or the bound value as its bind delivers it.
  @inline(__always)
  mutating func keyFrameText(_ frame: KeyFrame) -> String {
    frame.bindRecord < 0
      ? model.strings[Int(frame.value)]
      : boundKeyFrameValue(Int(frame.bindRecord), kind: .string).text
  }

  /// The value a bound keyframe holds, as the official runtime's animation instance keeps it:
  /// a holder of the keyframe's type (number, colour, boolean or string) that a copy of the
  /// keyframe's bind (with its converter) writes, made the first time the keyframe is read and
  /// brought up to date whenever it is read. A holder not bound to a view model keeps its
  /// default (0, 0xFF1D1D1D, false, ""); a keyframe of another type keeps its own value.
  private mutating func boundKeyFrameValue(_ bindRecord: Int, kind: KeyFrameKind) -> (
    bits: UInt32, text: String
  ) {
    guard let holder = KeyFrameHolder(kind) else { return (0, "") }
    let container = bindContainer
    guard container >= 0, storeBox.hasValue else { return (holder.defaultBits, "") }
    // Its box lent out while the store works on this artboard, in place.
    var store = lendStore()
    let found: (bits: UInt32, text: String)?? = store.withValue { store in
      let index = store.keyFrameHolder(
        bindRecord, holder: holder, container: container, artboard: &self)
      return index >= 0 ? (store.bindables[Int(index)].bits, store.bindables[Int(index)].text) : nil
    }
    returnStore(store)
    return (found ?? nil) ?? (holder.defaultBits, "")
  }
}

/// The holder a bound keyframe's value is written into: a bindable property of the keyframe's
/// value type.
struct KeyFrameHolder {
  var kind: BindableDefinition.Kind
  var type: UInt16
  var propertyKey: UInt16
  var defaultBits: UInt32
}

extension KeyFrameHolder {
  /// The holder of a keyframe type the official runtime binds (double, colour, boolean,
  /// string); nil for the others (id, uint, int), which keep their authored value.
  init?(_ kind: KeyFrameKind) {
    switch kind {
    case .double:
      self.init(
        kind: .number, type: UInt16(TypeKey.bindablePropertyNumber),
        propertyKey: PropertyKey.bindablePropertyNumberPropertyValue, defaultBits: 0)
    case .color:
      self.init(
        kind: .color, type: UInt16(TypeKey.bindablePropertyColor),
        propertyKey: PropertyKey.bindablePropertyColorPropertyValue, defaultBits: 0xFF1D_1D1D)
    case .bool:
      self.init(
        kind: .boolean, type: UInt16(TypeKey.bindablePropertyBoolean),
        propertyKey: PropertyKey.bindablePropertyBooleanPropertyValue, defaultBits: 0)
    case .string:
      self.init(
        kind: .string, type: UInt16(TypeKey.bindablePropertyString),
        propertyKey: PropertyKey.bindablePropertyStringPropertyValue, defaultBits: 0)
    case .id, .uint, .int, .callback:
      return nil
    }
  }
}

extension ViewModelStore {
  /// The bindable holding the value of keyframe bind `bindRecord` in an artboard's container:
  /// made (with its own copy of the bind, added to the container and bound to its context at
  /// once) the first time, then brought up to date when the bind is dirty, as the official
  /// runtime flushes a keyframe's bind when the keyframe is read. -1 when the record is not a
  /// bind.
  mutating func keyFrameHolder(
    _ bindRecord: Int, holder: KeyFrameHolder, container: Int32, artboard: inout ArtboardInstance
  ) -> Int32 {
    guard container >= 0, Int(container) < containers.count else { return -1 }
    if let bind = containers[Int(container)].keyFrameHolders[bindRecord] {
      guard bind >= 0, case .bindable(let index) = binds[Int(bind)].target else { return -1 }
      if binds[Int(bind)].dirt != 0 && !containers[Int(container)].isProcessing {
        updateBind(bind, applyTargetToSource: false, artboard: &artboard)
      }
      return index
    }
    // A container in the middle of its update takes no new bind (the runtime defers it):
    // the holder is made at the next read.
    guard !containers[Int(container)].isProcessing else { return -1 }
    guard let definition = bindDefinitionIndex(bindRecord),
      bindables.count < ViewModelStore.maximumInstances
    else {
      containers[Int(container)].keyFrameHolders[bindRecord] = -1
      return -1
    }
    let index = Int32(bindables.count)
    bindables.append(
      BindableState(record: bindRecord, kind: holder.kind, bits: holder.defaultBits, text: ""))
    let bind = addBind(
      definition: definition, container: container, target: .bindable(index),
      targetType: holder.type, propertyKey: holder.propertyKey)
    containers[Int(container)].keyFrameHolders[bindRecord] = bind
    let context = containers[Int(container)].context
    if context >= 0 {
      bindFromContext(bind, context: context)
      updateBind(bind, applyTargetToSource: true, artboard: &artboard)
    }
    return index
  }
}
