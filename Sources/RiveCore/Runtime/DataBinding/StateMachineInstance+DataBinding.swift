import RiveFormat

extension StateMachineInstance {
  /// Binds a fresh copy of the artboard's default view model instance to `artboard` and to
  /// this machine (instances of global view models are made too), as a host app with
  /// auto-binding does before the first advance.
  ///
  /// - Parameters:
  ///   - file: the file the artboard belongs to.
  ///   - artboard: the artboard instance this machine drives.
  /// - Returns: the bound view model's name, or nil when the artboard has no view model.
  @discardableResult
  public mutating func bindDefaultViewModel(file: RuntimeFile, artboard: inout ArtboardInstance)
    -> String?
  {
    bindViewModel(file: file, instanceNamed: nil, artboard: &artboard)
  }

  /// Binds a copy of the artboard view model's authored instance named `instanceName` (the
  /// default instance when nil) to `artboard` and to this machine.
  ///
  /// - Returns: the bound view model's name, or nil when the artboard has no view model or no
  ///   such instance.
  @discardableResult
  public mutating func bindViewModel(
    file: RuntimeFile, instanceNamed instanceName: String?, artboard: inout ArtboardInstance
  ) -> String? {
    let model = file.dataBinding
    guard let viewModel = model.artboards[artboard.model.index].viewModel else { return nil }
    var store = artboard.takeViewModelStore() ?? ViewModelStore(model: model)
    let instance = store.selectInstance(of: viewModel, named: instanceName)
    guard instance >= 0 else {
      artboard.storeBox.value = store
      return nil
    }
    store.setRoot(instance)
    store.attach(&artboard)
    var list = [instance]
    for (index, candidate) in model.viewModels.enumerated() where candidate.type == 2 {
      let global = store.defaultInstance(of: index)
      if global >= 0 { list.append(global) }
    }
    let context = store.makeContext(instances: list, parent: -1)
    store.bindArtboard(&artboard, context: context)
    store.bindMachine(&self, artboard: &artboard, context: context)
    artboard.storeBox.value = store
    return model.viewModels[viewModel].name
  }

  /// Runs this machine's dirty binds (never target to source, as the official machine does).
  @inline(__always)  // twice a frame; most machines bind nothing, and a call cost more
  mutating func updateDataBinds(artboard: inout ArtboardInstance) {
    let container = context.bindContainer
    guard container >= 0 else { return }
    // Asked in place first, here: in most frames a bound machine has no dirty bind, no numbers
    // to copy and no dirt for its artboard to take.
    if artboard.pendingBindTargets.isEmpty, artboard.pendingBindCollapses.isEmpty,
      artboard.storeBox.read({
        !$0.hasDirtyBinds(container) && !$0.hasNumberConsumers(container)
          && !$0.hasComponentDirt(container)
      }) == true
    {
      return
    }
    updateBoundDataBinds(artboard: &artboard)
  }

  @inline(never)
  private mutating func updateBoundDataBinds(artboard: inout ArtboardInstance) {
    let container = context.bindContainer
    artboard.updateBinds(of: container, applyTargetToSource: false)
    // Asked in place first: most machines have no numbers to copy, and making the store's box
    // unique to ask cost more than the answer.
    if artboard.storeBox.read({ $0.hasNumberConsumers(container) }) == true {
      artboard.storeBox.withValue { $0.syncBindableNumbers(container, into: &context) }
    }
    artboard.absorbBindingDirt()
  }

  /// Advances this machine's binds' converters; true while one still animates. Asked in
  /// place first, here: most machines' binds have no converter to advance.
  @inline(__always)
  mutating func advanceDataBinds(_ seconds: Float, artboard: inout ArtboardInstance) -> Bool {
    let container = context.bindContainer
    guard container >= 0, artboard.storeBox.read({ $0.hasConverters(container) }) == true else {
      return false
    }
    return advanceConverters(seconds, container: container, artboard: &artboard)
  }

  @inline(never)
  private mutating func advanceConverters(
    _ seconds: Float, container: Int32, artboard: inout ArtboardInstance
  ) -> Bool {
    artboard.storeBox.withValue { $0.advanceContainer(container, seconds: seconds) } ?? false
  }

  /// The end of a frame for the bound view models: triggers reset, change flags clear. Asked
  /// in place first, here: most frames leave nothing to clear.
  @inline(__always)
  mutating func advancedDataContext(artboard: inout ArtboardInstance) {
    let container = context.bindContainer
    guard container >= 0, artboard.storeBox.read({ $0.isSettled }) == false else { return }
    settleDataContext(container, artboard: &artboard)
  }

  @inline(never)
  private mutating func settleDataContext(_ container: Int32, artboard: inout ArtboardInstance) {
    artboard.storeBox.withValue { $0.advanced(container: container) }
  }

  /// Whether view-model listeners of this machine were reported and have not run yet.
  ///
  /// `mutating` and `inout` only to read both where they are: a by-value artboard, or a
  /// non-mutating call from the mutating frame step, made each call (several a frame) copy the
  /// whole artboard instance or machine.
  @inline(__always)
  mutating func hasReportedViewModelListeners(_ artboard: inout ArtboardInstance) -> Bool {
    let container = context.bindContainer
    guard container >= 0 else { return false }
    return artboard.storeBox.read { $0.hasReportedListeners(container) } ?? false
  }

  /// Runs the actions of the view-model listeners reported since they last ran.
  mutating func notifyReportedViewModelListeners(artboard: inout ArtboardInstance) {
    let container = context.bindContainer
    guard container >= 0, Int(container) < (artboard.storeBox.read { $0.containers.count } ?? 0)
    else { return }
    guard let reported = artboard.storeBox.withValue({ $0.takeReportedListeners(container) }),
      !reported.isEmpty
    else { return }
    let indices =
      artboard.storeBox.read { $0.containers[Int(container)].listenerIndices } ?? []
    for listener in reported where Int(listener) < indices.count {
      let index = indices[Int(listener)]
      guard index < machine.listeners.count else { continue }
      perform(machine.listeners[index].actions, artboard: &artboard)
      performViewModelChanges(artboard: &artboard)
    }
  }

  /// Runs the view-model changes that listener actions queued.
  mutating func performViewModelChanges(artboard: inout ArtboardInstance) {
    guard !context.viewModelChanges.isEmpty || !context.firedTriggers.isEmpty else { return }
    let changes = context.viewModelChanges
    let triggers = context.firedTriggers
    context.viewModelChanges.removeAll(keepingCapacity: true)
    context.firedTriggers.removeAll(keepingCapacity: true)
    let container = context.bindContainer
    guard container >= 0 else { return }
    var store = artboard.lendStore()
    store.withValue { store in
      for record in changes {
        store.performViewModelChange(record, container: container, artboard: &artboard)
      }
      for path in triggers { store.fireTrigger(path: path, container: container) }
      store.syncBindableNumbers(container, into: &context)
      store.absorbComponentDirt(&artboard)
    }
    artboard.returnStore(store)
  }
}

extension ViewModelStore {
  /// Fires the view-model trigger an id path (view model id, then property ids) resolves to in
  /// container `container`'s context, as a state's or transition's fire-trigger action does;
  /// nothing when the path leads to no trigger.
  mutating func fireTrigger(path: [UInt32], container: Int32) {
    guard container >= 0, Int(container) < containers.count else { return }
    let value = resolveValue(path: path, context: containers[Int(container)].context)
    guard value >= 0, values[Int(value)].kind == .trigger else { return }
    setBits(value, values[Int(value)].bits &+ 1)
  }

  /// The end of a frame for container `container`'s context (nothing for an unknown one).
  mutating func advanced(container: Int32) {
    guard container >= 0, Int(container) < containers.count else { return }
    advanced(context: containers[Int(container)].context)
  }

  @inline(__always)  // asked several times every frame
  func hasReportedListeners(_ container: Int32) -> Bool {
    Int(container) < containers.count && !containers[Int(container)].reportedListeners.isEmpty
  }

  mutating func takeReportedListeners(_ container: Int32) -> [Int32] {
    guard container >= 0, Int(container) < containers.count else { return [] }
    let reported = containers[Int(container)].reportedListeners
    containers[Int(container)].reportedListeners.removeAll(keepingCapacity: true)
    return reported
  }

  /// Whether container `container` feeds numbers to the machine's blend states or transitions.
  @inline(__always)
  func hasNumberConsumers(_ container: Int32) -> Bool {
    container >= 0 && Int(container) < containers.count
      && !containers[Int(container)].numberConsumers.isEmpty
  }

  /// Copies the machine's numeric bindable values where blend states and bound transition
  /// durations read them.
  /// (`mutating` only so that a call through an artboard's optional store reads the store where
  /// it is: as a non-mutating call it copied the store, every frame.)
  @inline(__always)  // every frame; most machines have no numeric bindables
  mutating func syncBindableNumbers(_ container: Int32, into context: inout MachineContext) {
    guard container >= 0, Int(container) < containers.count,
      !containers[Int(container)].numberConsumers.isEmpty
    else { return }
    copyBindableNumbers(container, into: &context)
  }

  @inline(never)
  private func copyBindableNumbers(_ container: Int32, into context: inout MachineContext) {
    // The consumers are sorted by record, as the map's keys are.
    context.bindableNumbers.update(ascending: containers[Int(container)].numberConsumers) {
      (record: $0.consumer, value: Float(bitPattern: bindables[Int($0.bindable)].bits))
    }
  }

  /// A listener's view-model change: the bindable's value goes to its view-model property
  /// (and a bound value refreshes the bindable first).
  mutating func performViewModelChange(
    _ record: Int, container: Int32, artboard: inout ArtboardInstance
  ) {
    guard let bindableRecord = model.bindableOf[record], container >= 0,
      Int(container) < containers.count,
      let index = containers[Int(container)].bindableIndex[bindableRecord]
    else { return }
    let toSource = bindables[Int(index)].toSourceBind
    if toSource >= 0 {
      if bindables[Int(index)].kind == .viewModel {
        let main = mainInstance(of: containers[Int(container)].context)
        bindables[Int(index)].instance = main
        bindables[Int(index)].bits = main < 0 ? UInt32.max : UInt32(main)
      }
      updateSourceBinding(toSource, invalidate: true, artboard: &artboard)
    }
    let toTarget = bindables[Int(index)].toTargetBind
    if toTarget >= 0 { addDirt(toTarget, BindDirt.bindings) }
  }

  // MARK: - Conditions

  /// Where view-model condition `record` is among the model's conditions, and whether it
  /// compares something of the artboard (its size or a component's property), so that it needs
  /// the artboard to be evaluated.
  @inline(__always)
  func condition(_ record: Int) -> (position: Int, readsArtboard: Bool)? {
    guard let position = model.conditions.position(of: record) else { return nil }
    return (
      position,
      model.conditions.values[position].left.readsArtboard
        || model.conditions.values[position].right.readsArtboard
    )
  }

  /// The two sides of the view-model condition at `position` (see ``condition(_:)``).
  func comparands(at position: Int) -> (
    ConditionDefinition.Comparand, ConditionDefinition.Comparand
  ) {
    (model.conditions.values[position].left, model.conditions.values[position].right)
  }

  /// Evaluates the view-model condition at `position` (see ``condition(_:)``) for a layer.
  /// `artboard` is read only by a condition that reads the artboard; the others are given
  /// ``NoConditionArtboard`` (an optional instance costs a 600-byte clear and copy per call).
  ///
  /// Mutating so that it is asked where the store is: a non-mutating call through the
  /// artboard's optional copied the whole store for every condition.
  mutating func evaluateCondition<Artboard: ConditionArtboard>(
    at position: Int, container: Int32, layer: Int, artboard: Artboard
  ) -> Bool {
    // Read field by field: a copy of the whole definition goes through its value witness.
    let left = model.conditions.values[position].left
    let right = model.conditions.values[position].right
    if container < 0 {
      if case .bindable = left { return false }
      if case .bindable = right { return false }
    }
    let op = model.conditions.values[position].op
    switch model.conditions.values[position].shape {
    case .never:
      return false
    case .selfChange(let bindable):
      guard let source = toTargetSource(bindable, container: container) else { return false }
      return values[Int(source)].hasChanged
        && !values[Int(source)].usedLayers.contains(layerKey(container, layer))
    case .number:
      return op.compare(
        number(left, container: container, artboard: artboard),
        number(right, container: container, artboard: artboard))
    case .boolean:
      let leftValue = bits(left, container: container, artboard: artboard) != 0
      let rightValue = bits(right, container: container, artboard: artboard) != 0
      return compareEquality(leftValue == rightValue, op)
    case .string:
      let leftValue = text(left, container: container, artboard: artboard)
      let rightValue = text(right, container: container, artboard: artboard)
      return compareEquality(leftValue == rightValue, op)
    case .color, .enumeration, .uint32:
      let leftValue = bits(left, container: container, artboard: artboard)
      let rightValue = bits(right, container: container, artboard: artboard)
      return compareEquality(leftValue == rightValue, op)
    case .viewModel:
      return bits(left, container: container, artboard: artboard)
        == bits(right, container: container, artboard: artboard)
    }
  }

  /// Marks the change a condition's left bindable reads as used by a layer (a transition
  /// taken on a change does not fire again in that layer until the frame ends).
  mutating func useConditionInLayer(_ record: Int, container: Int32, layer: Int) {
    guard let condition = model.conditions[record], let bindable = condition.leftBindable,
      let source = toTargetSource(bindable, container: container)
    else { return }
    let key = layerKey(container, layer)
    if !values[Int(source)].usedLayers.contains(key) {
      if values[Int(source)].usedLayers.isEmpty { unsettledValues.append(source) }
      values[Int(source)].usedLayers.append(key)
    }
  }

  private func layerKey(_ container: Int32, _ layer: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: container) << 16 | UInt32(truncatingIfNeeded: layer & 0xFFFF)
  }

  private func compareEquality(_ equal: Bool, _ op: StateMachineModel.Op) -> Bool {
    switch op {
    case .equal: return equal
    case .notEqual: return !equal
    default: return false
    }
  }

  /// The index of the machine's instance of bindable `record` (an index, not the state: a
  /// copy of the state retains its text on every condition check).
  @inline(__always)
  private func bindableInstance(_ record: Int, container: Int32) -> Int? {
    guard container >= 0, Int(container) < containers.count,
      let index = containers[Int(container)].bindableIndex[record]
    else { return nil }
    return Int(index)
  }

  private func toTargetSource(_ bindable: Int, container: Int32) -> Int32? {
    guard let instance = bindableInstance(bindable, container: container) else { return nil }
    let bind = bindables[instance].toTargetBind
    guard bind >= 0 else { return nil }
    let source = binds[Int(bind)].source
    return source >= 0 ? source : nil
  }

  /// The number a comparand reads. `mutating`, as `bits` and `text` are, only so that asking
  /// copies nothing: called from the mutating evaluation, a non-mutating helper was handed a
  /// copy of the whole store (176 bytes) at every call.
  private mutating func number<Artboard: ConditionArtboard>(
    _ comparand: ConditionDefinition.Comparand, container: Int32, artboard: Artboard
  ) -> Float {
    switch comparand {
    case .bindable(let record):
      guard let instance = bindableInstance(record, container: container) else { return 0 }
      let bits = bindables[instance].bits
      return bindables[instance].kind == .number ? Float(bitPattern: bits) : Float(bits)
    case .number(let value):
      return value
    case .artboardProperty(let property):
      let (width, height) = artboard.artboardLayoutSize()
      switch property {
      case 0: return width
      case 1: return height
      case 2: return width / height
      default: return 0
      }
    case .component(let id, let key):
      guard let value = artboard.value(of: id, property: key) else { return 0 }
      switch value {
      case .number(let number): return number
      case .uint(let number): return Float(number)
      case .int(let number): return Float(number)
      default: return 0
      }
    default:
      return 0
    }
  }

  private mutating func bits<Artboard: ConditionArtboard>(
    _ comparand: ConditionDefinition.Comparand, container: Int32, artboard: Artboard
  ) -> UInt32 {
    switch comparand {
    case .bindable(let record):
      guard let instance = bindableInstance(record, container: container) else { return 0 }
      return bindables[instance].bits
    case .boolean(let flag): return flag ? 1 : 0
    case .color(let color): return color
    case .uint(let value): return value
    case .component(let id, let key):
      guard let value = artboard.value(of: id, property: key) else { return 0 }
      switch value {
      case .bool(let flag): return flag ? 1 : 0
      case .color(let color): return color
      case .uint(let number): return number
      case .int(let number): return UInt32(bitPattern: number)
      default: return 0
      }
    default:
      return 0
    }
  }

  private mutating func text<Artboard: ConditionArtboard>(
    _ comparand: ConditionDefinition.Comparand, container: Int32, artboard: Artboard
  ) -> String {
    switch comparand {
    case .bindable(let record):
      guard let instance = bindableInstance(record, container: container) else { return "" }
      return bindables[instance].text
    case .string(let text):
      return text
    case .component(let id, let key):
      if case .string(let text)? = artboard.value(of: id, property: key) { return text }
      return ""
    default:
      return ""
    }
  }
}

extension ArtboardInstance {
  /// Evaluates view-model condition `record` for layer `layer` of the machine whose binds are
  /// in `container` (false without a store).
  ///
  /// Mutating, with the store asked where it is: a non-mutating call from the layer's step
  /// copied the whole instance, and asking through `viewModelStore?` from one copied the
  /// store. A condition on the artboard's own values has them read first, then evaluated the
  /// same way.
  mutating func evaluateViewModelCondition(_ record: Int, container: Int32, layer: Int) -> Bool {
    // Looked up once; the position serves the evaluation.
    guard let (position, readsArtboard) = storeBox.read({ $0.condition(record) }) ?? nil
    else { return false }
    if readsArtboard {
      return evaluateViewModelConditionReadingArtboard(
        at: position, container: container, layer: layer)
    }
    return storeBox.withValue {
      $0.evaluateCondition(
        at: position, container: container, layer: layer, artboard: NoConditionArtboard())
    } ?? false
  }

  /// A condition that reads the artboard's own values: those values are read first, where
  /// the artboard is, and the store then evaluates the condition where it is (in its box)
  /// with them. Binding the store to a local copied it whole, with every array retained, at
  /// each evaluation (a file checking such conditions every frame took four times the
  /// runtime's frame); reading the artboard through a pointer meanwhile copied the instance.
  @inline(never)
  private mutating func evaluateViewModelConditionReadingArtboard(
    at position: Int, container: Int32, layer: Int
  ) -> Bool {
    guard let (left, right) = storeBox.read({ $0.comparands(at: position) }) else { return false }
    var read = ReadConditionArtboard()
    readForCondition(left, into: &read)
    readForCondition(right, into: &read)
    return storeBox.withValue {
      $0.evaluateCondition(at: position, container: container, layer: layer, artboard: read)
    } ?? false
  }
}

extension ArtboardInstance {
  /// Reads what one side of a view-model condition needs of the artboard into `read`.
  private func readForCondition(
    _ comparand: ConditionDefinition.Comparand, into read: inout ReadConditionArtboard
  ) {
    switch comparand {
    case .component(let id, let key):
      read.add(id: id, key: key, value: value(of: id, property: key))
    case .artboardProperty:
      read.size = artboardLayoutSize()
    default:
      break
    }
  }
}

/// The values of its artboard a view-model condition reads (at most two properties and the
/// artboard's size), read before the store evaluates it: the store and the artboard cannot
/// both be reached where they are at once, and a copy of either costs more than the
/// condition.
struct ReadConditionArtboard: ConditionArtboard {
  private var first: (id: Int, key: UInt16, value: PropertyValue?)?
  private var second: (id: Int, key: UInt16, value: PropertyValue?)?
  /// The artboard's size as laid out (read only when a comparand asks for it).
  var size: (width: Float, height: Float) = (0, 0)

  mutating func add(id: Int, key: UInt16, value: PropertyValue?) {
    if first == nil { first = (id, key, value) } else { second = (id, key, value) }
  }

  func value(of id: Int, property key: UInt16) -> PropertyValue? {
    if let first, first.id == id, first.key == key { return first.value }
    if let second, second.id == id, second.key == key { return second.value }
    return nil
  }

  func artboardLayoutSize() -> (width: Float, height: Float) { size }
}

/// What a view-model condition may read of its artboard: its size and its objects' values.
protocol ConditionArtboard {
  func value(of id: Int, property key: UInt16) -> PropertyValue?
  /// The artboard's size as laid out.
  func artboardLayoutSize() -> (width: Float, height: Float)
}

/// The artboard given to conditions that read none of it (every read is 0).
struct NoConditionArtboard: ConditionArtboard {
  func value(of id: Int, property key: UInt16) -> PropertyValue? { nil }
  func artboardLayoutSize() -> (width: Float, height: Float) { (0, 0) }
}
