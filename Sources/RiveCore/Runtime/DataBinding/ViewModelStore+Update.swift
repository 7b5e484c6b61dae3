import RiveFormat

extension ViewModelStore {
  // MARK: - Dirt

  /// Marks a bind dirty (as the official runtime's data bind `addDirt`): latches the direction
  /// of the change and queues the bind in its container.
  mutating func addDirt(_ bind: Int32, _ value: UInt8) {
    guard bind >= 0, Int(bind) < binds.count else { return }
    let index = Int(bind)
    if binds[index].suppressesDirt || binds[index].dirt & value == value { return }
    let hasSource = value & BindDirt.bindings != 0
    let hasTarget = value & BindDirt.bindingsTarget != 0
    if hasSource && hasTarget {
      binds[index].targetOrigin = !binds[index].sourceToTargetRunsFirst
    } else if hasTarget {
      binds[index].targetOrigin = true
    } else if hasSource {
      binds[index].targetOrigin = false
    }
    binds[index].dirt |= value
    if binds[index].dirt & BindDirt.dependents != 0 && binds[index].hasContextValue {
      binds[index].isValid = false
    }
    if !binds[index].isCollapsed {
      addDirtyDataBind(bind)
    }
  }

  /// Queues a dirty bind in its container's lists.
  mutating func addDirtyDataBind(_ bind: Int32) {
    let state = binds[Int(bind)]
    let container = Int(state.container)
    guard container >= 0, container < containers.count else { return }
    switch containers[container].kind {
    case .artboard:
      if case .component = state.target { containers[container].componentDirt = true }
    case .converter(let converter):
      markConverterDirty(converter)
    case .machine:
      break
    }
    if state.toSource && state.isInPersistingList { return }
    if state.isInDirtyList { return }
    let processing = containers[container].isProcessing
    if state.toSource {
      if processing {
        containers[container].pendingDirtyToSource.append(bind)
      } else {
        containers[container].dirtyToSource.append(bind)
      }
    } else if processing {
      containers[container].pendingDirty.append(bind)
    } else {
      containers[container].dirty.append(bind)
    }
    binds[Int(bind)].isInDirtyList = true
  }

  /// A converter's own value changed: its parent bind recomputes (in the direction of the
  /// change in flight).
  mutating func markConverterDirty(_ converter: Int32) {
    guard converter >= 0, Int(converter) < converters.count else { return }
    let parent = converters[Int(converter)].parentBind
    guard parent >= 0, Int(parent) < binds.count else { return }
    let origin =
      binds[Int(parent)].targetOrigin ? BindDirt.bindingsTarget : BindDirt.bindings
    addDirt(parent, BindDirt.dependents | origin)
  }

  // MARK: - Updating

  /// Whether `updateContainer` has binds to run for container `container` (besides the
  /// artboard's pending target changes, which the caller checks).
  @inline(__always)  // asked several times every frame
  func hasDirtyBinds(_ container: Int32) -> Bool {
    let index = Int(container)
    guard index >= 0, index < containers.count, !containers[index].isProcessing else {
      return false
    }
    return !containers[index].persisting.isEmpty || !containers[index].dirtyToSource.isEmpty
      || !containers[index].dirty.isEmpty
  }

  /// Runs the dirty binds of a container, as the official container's `updateDataBinds`:
  /// polled binds first, then binds to source, then binds to target.
  mutating func updateContainer(
    _ container: Int32, applyTargetToSource: Bool, artboard: inout ArtboardInstance
  ) {
    let index = Int(container)
    guard index >= 0, index < containers.count, !containers[index].isProcessing else { return }
    drainTargetChanges(artboard: &artboard)
    guard hasDirtyBinds(container) else { return }
    containers[index].isProcessing = true
    var position = 0
    while position < containers[index].persisting.count {
      let bind = containers[index].persisting[position]
      position += 1
      if !canSkip(bind, artboard: artboard) {
        updateBind(bind, applyTargetToSource: applyTargetToSource, artboard: &artboard)
      }
    }
    position = 0
    while position < containers[index].dirtyToSource.count {
      let bind = containers[index].dirtyToSource[position]
      position += 1
      binds[Int(bind)].isInDirtyList = false
      updateBind(bind, applyTargetToSource: applyTargetToSource, artboard: &artboard)
    }
    position = 0
    while position < containers[index].dirty.count {
      let bind = containers[index].dirty[position]
      position += 1
      binds[Int(bind)].isInDirtyList = false
      updateBind(bind, applyTargetToSource: applyTargetToSource, artboard: &artboard)
    }
    // Emptied only when not empty: emptying an empty array still goes through replacing a range.
    if !containers[index].dirtyToSource.isEmpty {
      containers[index].dirtyToSource.removeAll(keepingCapacity: true)
    }
    if !containers[index].dirty.isEmpty { containers[index].dirty.removeAll(keepingCapacity: true) }
    if !containers[index].pendingDirtyToSource.isEmpty {
      containers[index].dirtyToSource.append(contentsOf: containers[index].pendingDirtyToSource)
      containers[index].pendingDirtyToSource.removeAll(keepingCapacity: true)
    }
    if !containers[index].pendingDirty.isEmpty {
      containers[index].dirty.append(contentsOf: containers[index].pendingDirty)
      containers[index].pendingDirty.removeAll(keepingCapacity: true)
    }
    containers[index].isProcessing = false
  }

  private func canSkip(_ bind: Int32, artboard: ArtboardInstance) -> Bool {
    let state = binds[Int(bind)]
    guard case .component(let id) = state.target else { return false }
    return artboard.isCollapsed(Int(id))
      && state.propertyKey != ViewModelStore.displayValueKey
  }

  /// Updates one bind: its converter's own binds, then target to source and source to target
  /// in the bind's order.
  mutating func updateBind(
    _ bind: Int32, applyTargetToSource: Bool, artboard: inout ArtboardInstance
  ) {
    let dirt = binds[Int(bind)].dirt
    if dirt & BindDirt.dependents != 0 {
      updateConverterBinds(binds[Int(bind)].converter, artboard: &artboard)
    }
    let state = binds[Int(bind)]
    let wantsTargetToSource =
      applyTargetToSource
      && (state.isInPersistingList || dirt & BindDirt.bindingsTarget != 0)
    if wantsTargetToSource && !state.sourceToTargetRunsFirst {
      updateSourceBinding(bind, invalidate: false, artboard: &artboard)
    }
    if dirt != 0 {
      binds[Int(bind)].dirt = 0
      if dirt & BindDirt.bindings != 0 {
        applySourceToTarget(bind, artboard: &artboard)
      }
    }
    if wantsTargetToSource && state.sourceToTargetRunsFirst {
      updateSourceBinding(bind, invalidate: false, artboard: &artboard)
    }
  }

  /// Runs the dirty binds of a converter (and, for a group, of its items).
  mutating func updateConverterBinds(_ converter: Int32, artboard: inout ArtboardInstance) {
    guard converter >= 0, Int(converter) < converters.count else { return }
    let children = converters[Int(converter)].children
    if !children.isEmpty {
      for child in children { updateConverterBinds(child, artboard: &artboard) }
      return
    }
    let container = converters[Int(converter)].container
    if container >= 0 {
      updateContainer(container, applyTargetToSource: false, artboard: &artboard)
    }
  }

  /// Advances a container's binds' converters (interpolators); true while one still moves.
  /// Whether a frame has converters to advance in container `container`.
  @inline(__always)
  func hasConverters(_ container: Int32) -> Bool {
    container >= 0 && Int(container) < containers.count
      && !containers[Int(container)].converterBinds.isEmpty
  }

  mutating func advanceContainer(_ container: Int32, seconds: Float) -> Bool {
    guard container >= 0, Int(container) < containers.count else { return false }
    var didUpdate = false
    // By position and field, in place: iterating the list, or copying a bind's state, retained
    // their storage every frame.
    // Only the binds with a converter (most binds have none).
    var position = 0
    while position < containers[Int(container)].converterBinds.count {
      let bind = Int(containers[Int(container)].converterBinds[position])
      position += 1
      let converter = binds[bind].converter
      if converter >= 0 && binds[bind].source >= 0 && !binds[bind].isCollapsed {
        if advanceConverter(converter, seconds: seconds) { didUpdate = true }
      }
    }
    return didUpdate
  }

  // MARK: - Target changes

  /// Collapses or expands a bind with its target component (the runtime's `DataBind::collapse`):
  /// a collapsed bind keeps its dirt without being queued; expanded, it is queued again when
  /// it has dirt.
  mutating func collapse(_ bind: Int32, _ value: Bool) {
    let index = Int(bind)
    guard binds[index].collapses, binds[index].isCollapsed != value else { return }
    binds[index].isCollapsed = value
    if !value && binds[index].dirt != 0 { addDirtyDataBind(bind) }
  }

  /// Passes the collapses of the artboard's bound components since the last update on to
  /// their binds.
  mutating func drainCollapses(artboard: inout ArtboardInstance) {
    guard !artboard.pendingBindCollapses.isEmpty else { return }
    let container = artboard.bindContainer
    guard container >= 0, Int(container) < containers.count else {
      artboard.pendingBindCollapses.removeAll()
      return
    }
    // One pass over the binds, whatever the number of changes.
    let changed = Set(artboard.pendingBindCollapses)
    for bind in containers[Int(container)].binds {
      guard case .component(let target) = binds[Int(bind)].target, changed.contains(target) else {
        continue
      }
      collapse(bind, artboard.isCollapsed(Int(target)))
    }
    artboard.pendingBindCollapses.removeAll(keepingCapacity: true)
  }

  /// Turns the artboard's recorded changes of observed properties into target dirt of the
  /// binds that observe them (the official runtime's property observers).
  mutating func drainTargetChanges(artboard: inout ArtboardInstance) {
    drainCollapses(artboard: &artboard)
    guard !artboard.pendingBindTargets.isEmpty else { return }
    let container = artboard.bindContainer
    guard container >= 0, Int(container) < containers.count else {
      artboard.pendingBindTargets.removeAll()
      return
    }
    var position = 0
    while position < artboard.pendingBindTargets.count {
      let change = artboard.pendingBindTargets[position]
      position += 1
      // Observers are walked newest first, as the official runtime prepends them.
      for bind in containers[Int(container)].binds.reversed() {
        let state = binds[Int(bind)]
        guard state.toSource, !state.isInPersistingList, state.propertyKey == change.key,
          case .component(let id) = state.target, id == change.id
        else { continue }
        addDirt(bind, BindDirt.bindingsTarget)
      }
    }
    artboard.pendingBindTargets.removeAll(keepingCapacity: true)
  }
}
