@_spi(RiveFormatInternals) import RiveFormat

/// An artboard component list playing inside its host: one artboard instance (and state
/// machine) per item of the view-model list bound to it.
struct ComponentListInstance: Sendable {
  /// The list component's id in the hosting artboard.
  let componentID: Int
  var items: [Item] = []
  /// Whether an item artboard needs an update pass.
  var isDirty = false
  /// Whether the list comes from a number (items are detached instances reset each frame).
  var resetsInstances = false
  /// The order items draw in: by their instances' draw-index property when their view model
  /// has one (ties keep list order), else list order. Kept up to date by the bind pass.
  var drawOrder: [Int] = []
  /// The storage the last draw order was sorted out of (kept, so sorting does not allocate).
  var sortScratch: [Int] = []
  /// Whether an item's view model has a draw-index property (found when the items change;
  /// only then does the bind pass sort again).
  var usesDrawIndex = false
  /// Whether a virtualizing scroll constraint shows the list: its items get an artboard only
  /// while they are in the scroll's realized window (``ArtboardInstance/realizeVirtualizedLists()``).
  var isVirtualized = false
  /// Virtualized lists: item artboards that left the window, kept to show the next items of
  /// the same artboard that enter it.
  var pool: [Recycled] = []
  /// Virtualized lists: the indices of the items that have an artboard, ascending (kept by
  /// ``ArtboardInstance/realizeVirtualizedLists()`` and when the items change), so that a
  /// frame's passes visit the realized window, not every item.
  var realized: [Int] = []
  /// Counts the changes of ``items`` (what a virtualizing scroll's cached run of item sizes
  /// was made from: see ``ArtboardInstance/VirtualRun``).
  var version = 0

  /// How many of the items have an artboard now.
  var realizedCount: Int {
    var count = 0
    for index in artboardItems where items[index].hasArtboard { count += 1 }
    return count
  }

  /// The indices of the items that may have an artboard: a virtualized list's realized ones,
  /// every item of another list.
  var artboardItems: ArtboardItems {
    ArtboardItems(realized: isVirtualized ? realized : nil, count: items.count)
  }

  /// Item indices: the realized ones of a virtualized list, else `0..<count` (without making
  /// an array of them).
  struct ArtboardItems: RandomAccessCollection, Sendable {
    let realized: [Int]?
    let count: Int

    init(realized: [Int]?, count: Int) {
      self.realized = realized
      self.count = realized?.count ?? count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Int { realized?[position] ?? position }
  }

  struct Item: Sendable {
    /// The list item's view-model instance (a store handle).
    var instance: Int32
    /// The item's artboard and machine, held out of line: an item without them (most items of
    /// a virtualized list) takes a few bytes, not the size of an artboard instance.
    private var boxedArtboard = OutOfLine<ArtboardInstance>()
    private var boxedMachine = OutOfLine<StateMachineInstance>()
    var artboard: ArtboardInstance? {
      get { boxedArtboard.value }
      set { boxedArtboard.value = newValue }
      _modify { yield &boxedArtboard.value }
    }
    /// Whether the item has an artboard (without reading it out of its box).
    var hasArtboard: Bool { boxedArtboard.hasValue }
    /// Runs `body` on the item's artboard and machine where they live; nothing without an
    /// artboard.
    mutating func withArtboardAndMachine(
      _ body: (inout ArtboardInstance, inout StateMachineInstance?) -> Void
    ) {
      Self.both(&boxedArtboard, &boxedMachine, body)
    }
    private static func both(
      _ artboard: inout OutOfLine<ArtboardInstance>,
      _ machine: inout OutOfLine<StateMachineInstance>,
      _ body: (inout ArtboardInstance, inout StateMachineInstance?) -> Void
    ) {
      _ = artboard.withValue { artboard in machine.withOptional { body(&artboard, &$0) } }
    }
    /// Reads the item's artboard where it lives, without copying it (nil without one).
    @inline(__always)
    func readArtboard<Result>(_ body: (borrowing ArtboardInstance) -> Result) -> Result? {
      boxedArtboard.read(body)
    }
    /// Runs `body` on the item's artboard where it lives (nil without one).
    @inline(__always) @discardableResult
    mutating func withArtboard<Result>(_ body: (inout ArtboardInstance) -> Result) -> Result? {
      boxedArtboard.withValue(body)
    }
    var machine: StateMachineInstance? {
      get { boxedMachine.value }
      set { boxedMachine.value = newValue }
      _modify { yield &boxedMachine.value }
    }
    /// The artboard model the item shows (its index in the file; -1 when it shows none).
    var artboardIndex: Int32 = -1
    /// The item artboard's authored size (what a virtualized item takes while not realized).
    var size: (width: Float, height: Float) = (0, 0)
    /// The data context the item's artboard is bound in (-1 before it has one).
    var context: Int32 = -1

    init(instance: Int32) { self.instance = instance }
  }

  /// An item artboard out of the window, with its machine and data context.
  struct Recycled: Sendable {
    var artboardIndex: Int32
    var artboard: ArtboardInstance
    var machine: StateMachineInstance?
    var context: Int32
  }

  /// How many list items a list instantiates at most.
  static let maximumItems = 512
  /// How many items a virtualized list holds at most (only its realized window has artboards,
  /// at most ``maximumRealizedItems`` of them).
  static let maximumVirtualizedItems = 1_000_000
  /// How many artboards a virtualized list keeps at most (realized and pooled together).
  static let maximumRealizedItems = 256

  /// Puts the items in draw order: list order, then (when ``usesDrawIndex``) a stable sort by
  /// draw index, as the official list draws them. An insertion sort into a kept array: lists
  /// are short and a steady frame allocates nothing. True when the order changed.
  @discardableResult
  mutating func sortDrawOrder(store: ViewModelStore) -> Bool {
    let count = items.count
    var order: [Int] = []
    swap(&order, &sortScratch)
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: 0..<count)
    if usesDrawIndex {
      for i in 1..<max(1, count) {
        let moving = order[i]
        let key = store.drawIndex(of: items[moving].instance)
        var j = i - 1
        while j >= 0, store.drawIndex(of: items[order[j]].instance) > key {
          order[j + 1] = order[j]
          j -= 1
        }
        order[j + 1] = moving
      }
    }
    let changed = order != drawOrder
    swap(&order, &drawOrder)
    swap(&order, &sortScratch)
    return changed
  }
}

extension ArtboardInstance {
  /// The index in ``componentLists`` of the list with component id `id`.
  @inline(__always)  // called while drawing; a call copied the whole instance first
  func componentListIndex(_ id: Int) -> Int? {
    componentLists.firstIndex { $0.componentID == id }
  }

  /// Runs `body` on item `item` of list `list` with the store moved into the item.
  mutating func withListItem(
    _ list: Int, _ item: Int,
    _ body: (inout ArtboardInstance, inout StateMachineInstance?) -> Void
  ) {
    guard componentLists[list].items[item].hasArtboard else { return }
    // Worked on where they live (their boxes are changed in place), with this artboard's store
    // lent to the item for the call.
    var store = lendStore()
    componentLists[list].items[item].withArtboardAndMachine { artboard, machine in
      swap(&store, &artboard.storeBox)
      artboard.storeBox.withValue { $0.listItemDepth += 1 }
      body(&artboard, &machine)
      artboard.storeBox.withValue { $0.listItemDepth -= 1 }
      swap(&store, &artboard.storeBox)
    }
    returnStore(store)
  }

  /// Advances every list's item machines and artboards; true while one keeps going.
  mutating func advanceComponentLists(_ seconds: Float, newFrame: Bool) -> Bool {
    if newFrame, !componentLists.isEmpty, storeBox.read({ $0.listItemDepth }) == 0 {
      storeBox.withValue { $0.listTransitionBudget = ViewModelStore.listTransitionsPerFrame }
    }
    var keepGoing = false
    for list in componentLists.indices {
      if isCollapsed(componentLists[list].componentID) { continue }
      var dirty = false
      for item in componentLists[list].artboardItems {
        withListItem(list, item) { artboard, machine in
          let more = machine?.inPlace { running in
            if newFrame { return running.advance(seconds, newFrame: true, artboard: &artboard) }
            return running.tryChangeState(artboard: &artboard)
              && running.advance(seconds, newFrame: false, artboard: &artboard)
          }
          if more == true { keepGoing = true }
          if artboard.advanceInternal(seconds, newFrame: newFrame) { keepGoing = true }
          artboard.absorbBindingDirt()
          if artboard.needsUpdate { dirty = true }
        }
      }
      if dirty {
        componentLists[list].isDirty = true
        needsUpdate = true
      }
    }
    return keepGoing
  }

  /// Whether a machine playing on this artboard may take a transition: always, unless the
  /// artboard is a list item's and the items' transitions this frame are spent (see
  /// ``ViewModelStore/listTransitionsPerFrame``).
  ///
  /// (`mutating` only so that the machine's artboard, which it holds `inout`, is read where it
  /// is: a getter copied the whole instance to call the out-of-line part. Only the flag is
  /// inline: every machine asks several times a frame, and most artboards are not list items.)
  @inline(__always)
  mutating func mayTakeTransition() -> Bool {
    !isListItem || listItemHasTransitionBudget()
  }

  @inline(never)
  private mutating func listItemHasTransitionBudget() -> Bool {
    (storeBox.read { $0.listTransitionBudget } ?? 1) > 0
  }

  /// Counts a transition taken by a machine playing on this artboard against the list items'
  /// budget when the artboard is a list item's.
  @inline(__always)
  mutating func countTransition() {
    if isListItem { spendListItemTransition() }
  }

  @inline(never)
  private mutating func spendListItemTransition() {
    storeBox.withValue { $0.listTransitionBudget -= 1 }
  }

  /// Runs the update pass of the item artboards of dirty lists.
  mutating func updateComponentLists() {
    for list in componentLists.indices where componentLists[list].isDirty {
      componentLists[list].isDirty = false
      let id = componentLists[list].componentID
      let opacity = id < geometry.renderOpacities.count ? geometry.renderOpacities[id] : 1
      for item in componentLists[list].artboardItems {
        withListItem(list, item) { artboard, _ in
          if artboard.geometry.hostOpacity != opacity {
            artboard.geometry.hostOpacity = opacity
            artboard.addDirt(0, Dirt.renderOpacity, recurse: true)
          }
          _ = artboard.updatePass()
        }
      }
    }
  }

  /// Runs the dirty binds of every list item's machine and artboard, then sorts the draw
  /// order of each list whose items have draw indices (their values may have changed).
  mutating func updateComponentListBinds() {
    for list in componentLists.indices {
      let listToRoot = componentListToRoot(list)
      for item in componentLists[list].artboardItems {
        withListItem(list, item) { artboard, machine in
          if let (toRoot, hostIsLayout) = listToRoot {
            artboard.geometry.hostToRoot =
              toRoot * artboard.listItemTransform(hostIsLayout: hostIsLayout)
          }
          machine?.updateDataBinds(artboard: &artboard)
          artboard.updateDataBinds()
        }
      }
      // A virtualized list puts its realized items in draw order as it draws them.
      if componentLists[list].usesDrawIndex, !componentLists[list].isVirtualized {
        sortComponentListDrawOrder(list)
      }
    }
  }

  /// The transform from list `list`'s space to the root artboard's, and whether its parent is a
  /// layout (nil for a virtualized list, whose items are placed as it draws them).
  private func componentListToRoot(_ list: Int) -> (Transform2D, Bool)? {
    let id = componentLists[list].componentID
    guard id >= 0, id < geometry.worldTransforms.count, virtualizingScroll(ofList: id) == nil
    else { return nil }
    return (geometry.hostToRoot * geometry.worldTransforms[id], listParentIsLayout(id))
  }

  /// Puts list `list`'s items in draw order (see ``ComponentListInstance/sortDrawOrder(store:)``).
  mutating func sortComponentListDrawOrder(_ list: Int) {
    guard storeBox.hasValue else { return }
    // Read where it lives, its box lent meanwhile. A new order draws another frame (see
    // `FrameReplay`).
    let store = lendStore()
    let changed = store.read { componentLists[list].sortDrawOrder(store: $0) } ?? false
    returnStore(store)
    if changed { drawInputs &+= 1 }
  }

  /// The end-of-frame reset of list items: detached instances advance, item artboards reset.
  mutating func resetComponentLists() {
    for list in componentLists.indices {
      guard componentLists[list].resetsInstances else {
        for item in componentLists[list].artboardItems {
          withListItem(list, item) { artboard, _ in artboard.resetResettables() }
        }
        continue
      }
      for item in componentLists[list].items.indices {
        let instance = componentLists[list].items[item].instance
        storeBox.withValue { $0.advanced(instance: instance) }
        withListItem(list, item) { artboard, _ in artboard.resetResettables() }
      }
    }
  }
}

extension ViewModelStore {
  /// A list bound to a component list changed: item artboards are made for new items (and
  /// dropped for removed ones), each bound to its item's instance.
  mutating func updateComponentList(
    _ id: Int, items: [Int32], fromNumber: Bool, artboard: inout ArtboardInstance
  ) {
    let list: Int
    if let existing = artboard.componentListIndex(id) {
      list = existing
    } else {
      artboard.componentLists.append(ComponentListInstance(componentID: id))
      list = artboard.componentLists.count - 1
    }
    artboard.componentLists[list].resetsInstances = fromNumber
    let current = artboard.componentLists[list].items.map(\.instance)
    if current == items { return }
    // The frame's stamp (`ArtboardInstance.drawStamp()`) counts the items' stamps: the items
    // that go move theirs into the host's count, so the stamp only goes up.
    artboard.retireListStamps(list)
    var previous: [Int32: ComponentListInstance.Item] = [:]
    for item in artboard.componentLists[list].items { previous[item.instance] = item }
    artboard.componentLists[list].items = []
    let virtualized = artboard.virtualizingScroll(ofList: id) != nil
    artboard.componentLists[list].isVirtualized = virtualized
    let limit =
      virtualized
      ? ComponentListInstance.maximumVirtualizedItems : ComponentListInstance.maximumItems
    for (index, instance) in items.prefix(limit).enumerated() {
      setListIndex(instance, index)
      if let reused = previous.removeValue(forKey: instance) {
        artboard.componentLists[list].items.append(reused)
        continue
      }
      var item = ComponentListInstance.Item(instance: instance)
      if let model = listArtboard(for: instance, list: id, host: artboard.model) {
        item.artboardIndex = Int32(model.index)
        item.size = (
          model.float(0, Slot.layoutComponentWidth), model.float(0, Slot.layoutComponentHeight)
        )
        // A virtualized list's items get their artboards as they enter the window.
        if !virtualized { makeListItemArtboard(&item, model: model, host: &artboard) }
      }
      artboard.componentLists[list].items.append(item)
    }
    artboard.componentLists[list].version &+= 1
    // Items that left the list give their artboards to the pool of a virtualized list.
    if virtualized {
      artboard.componentLists[list].realized = artboard.componentLists[list].items.indices.filter {
        artboard.componentLists[list].items[$0].hasArtboard
      }
      for (_, item) in previous {
        recycle(item, list: list, host: &artboard)
      }
    } else {
      artboard.componentLists[list].realized = []
    }
    artboard.componentLists[list].isDirty = true
    artboard.needsUpdate = true
    artboard.componentLists[list].usesDrawIndex = items.contains { hasDrawIndex($0) }
    if virtualized {
      // Its realized items are put in draw order as they are drawn.
      artboard.componentLists[list].drawOrder = []
    } else {
      artboard.componentLists[list].sortDrawOrder(store: self)
    }
  }

  /// Makes `item`'s artboard (with its default state machine) from `model` and binds it to the
  /// item's instance in a data context of its own under the host's.
  mutating func makeListItemArtboard(
    _ item: inout ComponentListInstance.Item, model: ArtboardModel,
    host artboard: inout ArtboardInstance
  ) {
    let depth = artboard.nestingDepth + 1
    guard depth < ArtboardInstance.maximumNestingDepth,
      listArtboardCount < ViewModelStore.maximumListArtboards
    else { return }
    listArtboardCount += 1
    let context = artboard.bindContainer >= 0 ? containers[Int(artboard.bindContainer)].context : -1
    var child = ArtboardInstance(model: model, depth: depth)
    child.isListItem = true
    if let fonts = artboard.textCache.layoutFonts { child.measureText(with: fonts) }
    // It solves layout as its host does (its own tree until a layout hosts it).
    if artboard.solvesLayout { child.solveLayout(true) }
    let itemContext = makeContext(instances: [item.instance], parent: context)
    item.context = itemContext
    bindArtboard(&child, context: itemContext)
    updateContainer(child.bindContainer, applyTargetToSource: true, artboard: &child)
    absorbComponentDirt(&child)
    let machineIndex = model.defaultStateMachineIndex ?? 0
    if var machine = StateMachineInstance(artboard: child, index: machineIndex) {
      bindMachine(&machine, artboard: &child, context: itemContext)
      let container = machine.context.bindContainer
      updateContainer(container, applyTargetToSource: false, artboard: &child)
      syncBindableNumbers(container, into: &machine.context)
      item.machine = machine
      // Making a machine's layers seeds the C library's generator again in the official
      // runtime's deterministic mode, after the item's binds drew from it: the formula
      // randoms of the next item start the sequence over.
      if !machine.machine.layers.isEmpty { random = CLibraryRandom(seed: 1) }
    }
    item.artboard = child
  }

  /// Gives `item`'s artboard (if it has one) to the pool of virtualized list `list`, up to
  /// ``ComponentListInstance/maximumRealizedItems`` artboards (beyond that it is dropped).
  mutating func recycle(
    _ item: ComponentListInstance.Item, list: Int, host artboard: inout ArtboardInstance
  ) {
    guard let child = item.artboard, item.context >= 0 else { return }
    let realized = artboard.componentLists[list].realizedCount
    guard
      artboard.componentLists[list].pool.count + realized
        < ComponentListInstance.maximumRealizedItems
    else { return }
    artboard.componentLists[list].pool.append(
      ComponentListInstance.Recycled(
        artboardIndex: item.artboardIndex, artboard: child, machine: item.machine,
        context: item.context))
  }

  /// Gives item `index` of virtualized list `list` an artboard: a pooled one of the same
  /// artboard bound again to the item's instance (its context now names that instance), else
  /// a new one.
  mutating func realize(_ index: Int, list: Int, host artboard: inout ArtboardInstance) {
    var item = artboard.componentLists[list].items[index]
    guard item.artboard == nil, item.artboardIndex >= 0 else { return }
    if let position = artboard.componentLists[list].pool.lastIndex(where: {
      $0.artboardIndex == item.artboardIndex
    }) {
      var recycled = artboard.componentLists[list].pool.remove(at: position)
      // Authored values first (the item's binds then set theirs), as the runtime's recorder.
      restoreRecorded(&recycled.artboard, depth: 0)
      if recycled.context >= 0, Int(recycled.context) < contexts.count {
        contexts[Int(recycled.context)].instances = [item.instance]
      }
      bindContainer(recycled.artboard.bindContainer, context: recycled.context)
      updateContainer(
        recycled.artboard.bindContainer, applyTargetToSource: true, artboard: &recycled.artboard)
      absorbComponentDirt(&recycled.artboard)
      if var machine = recycled.machine {
        machine.resetState(artboard: &recycled.artboard)
        listItemRecord(Int(item.artboardIndex))?.restoreInputs(&machine)
        let container = machine.context.bindContainer
        bindContainer(container, context: recycled.context)
        updateContainer(container, applyTargetToSource: false, artboard: &recycled.artboard)
        syncBindableNumbers(container, into: &machine.context)
        recycled.machine = machine
      }
      recycled.artboard.needsUpdate = true
      item.artboard = recycled.artboard
      item.machine = recycled.machine
      item.context = recycled.context
    } else {
      let models = model.artboardModels
      guard Int(item.artboardIndex) < models.count else { return }
      makeListItemArtboard(&item, model: models[Int(item.artboardIndex)], host: &artboard)
    }
    artboard.componentLists[list].items[index] = item
  }

  /// The record of the file's artboard `index` (``ListItemRecord``), made the first time.
  mutating func listItemRecord(_ index: Int) -> ListItemRecord? {
    if let record = listItemRecords[index] { return record }
    let models = model.artboardModels
    guard index >= 0, index < models.count else { return nil }
    let record = ListItemRecord(
      model: models[index], bindings: index < model.artboards.count ? model.artboards[index] : nil,
      binds: model.binds)
    listItemRecords[index] = record
    return record
  }

  /// Puts a recycled item artboard's recorded properties back to their authored values, and
  /// those of the artboards nested in it (each by its own artboard's record), as the runtime
  /// applies its recorders to a pooled artboard before it shows another item.
  mutating func restoreRecorded(_ artboard: inout ArtboardInstance, depth: Int) {
    listItemRecord(artboard.model.index)?.restore(&artboard)
    guard depth < ArtboardInstance.maximumNestingDepth else { return }
    for index in artboard.nested.indices {
      // Taken out while it changes, so its values are not copied.
      guard var child = artboard.nested[index].artboard else { continue }
      artboard.nested[index].artboard = nil
      restoreRecorded(&child, depth: depth + 1)
      artboard.nested[index].artboard = child
      artboard.nested[index].isDirty = true
    }
  }

  /// Sets the item-index value of a list item's instance.
  private mutating func setListIndex(_ instance: Int32, _ index: Int) {
    guard instance >= 0, Int(instance) < instances.count else { return }
    let state = instances[Int(instance)]
    for value in state.firstValue..<(state.firstValue + state.valueCount)
    where values[value].kind == .symbolListIndex {
      setBits(Int32(value), UInt32(index))
      return
    }
  }

  /// The artboard a list item shows: the list's map rule for its view model, else the first
  /// artboard bound to that view model.
  private func listArtboard(for instance: Int32, list id: Int, host: ArtboardModel)
    -> ArtboardModel?
  {
    let viewModel = self.viewModel(of: instance)
    guard viewModel >= 0 else { return nil }
    let models = model.artboardModels
    // A rule naming an artboard the file does not have falls back to the search below.
    if let index = model.artboards[host.index].listRules[id]?[viewModel], index >= 0,
      index < models.count
    {
      return models[index]
    }
    for (index, bindings) in model.artboards.enumerated() where bindings.viewModel == viewModel {
      return index < models.count ? models[index] : nil
    }
    return nil
  }

  /// Whether instance `instance`'s view model has a draw-index property (symbol type 16).
  func hasDrawIndex(_ instance: Int32) -> Bool {
    let viewModel = self.viewModel(of: instance)
    guard viewModel >= 0 else { return false }
    return model.viewModels[viewModel].properties.contains { $0.symbolType == 16 }
  }

  /// The draw index of instance `instance`: its draw-index number, 0 when it has none or the
  /// number is not finite.
  func drawIndex(of instance: Int32) -> Float {
    // The first number with the draw-index role counts.
    var index: Float?
    forEachRoleNumber(of: instance) { role, number in
      if role == 16, index == nil { index = number.isFinite ? number : 0 }
    }
    return index ?? 0
  }

  /// Calls `body` with the symbol type (role) and value of each number of `instance`, in the
  /// order of its values (the draw index, list paths' vertex roles).
  @inline(__always)
  func forEachRoleNumber(of instance: Int32, _ body: (UInt8, Float) -> Void) {
    guard instance >= 0, Int(instance) < instances.count else { return }
    let state = instances[Int(instance)]
    guard state.viewModel >= 0, state.viewModel < model.viewModels.count else { return }
    let properties = model.viewModels[state.viewModel].properties
    for value in state.firstValue..<(state.firstValue + state.valueCount) {
      let property = Int(values[value].propertyID)
      guard property >= 0, property < properties.count, values[value].kind == .number else {
        continue
      }
      body(properties[property].symbolType, Float(bitPattern: values[value].bits))
    }
  }

  /// The end of a frame for one instance (detached list items).
  mutating func advanced(instance: Int32) {
    guard !isSettled else { return }
    var budget = 0
    advancedInstance(instance, budget: &budget, depth: 0)
    keepUnsettled()
  }
}
