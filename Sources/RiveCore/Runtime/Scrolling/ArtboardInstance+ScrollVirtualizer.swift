import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Virtualized artboard lists: a scroll constraint with virtualization on realizes only the
/// items of its lists that the viewport shows at the current offset (plus its buffer of items on
/// each side), and places them one after another along the content's main axis, as the
/// official runtime's `ScrollVirtualizer` does.
extension ArtboardInstance {
  /// One realized item: its list item index and where it is drawn (in the content's space,
  /// before the item artboard's own origin).
  struct RealizedItem: Equatable, Sendable {
    var item: Int
    var x: Float
    var y: Float
  }

  /// The size each item of list `list` takes: its artboard's own size (the authored size of
  /// the artboard it shows while it has none).
  func virtualItemSizes(_ list: Int) -> [(width: Float, height: Float)] {
    // Read field by field: an item holds its artboard inline, and copying every item (as a
    // `map` over them does) moved kilobytes per item per call.
    let count = componentLists[list].items.count
    var sizes: [(width: Float, height: Float)] = []
    sizes.reserveCapacity(count)
    for index in 0..<count {
      if let live = liveItemSize(list, index) {
        sizes.append(live)
      } else {
        sizes.append(componentLists[list].items[index].size)
      }
    }
    return sizes
  }

  /// The gap between a list's items: its parent layout's gap along the list's main axis.
  func virtualListGap(_ c: Int) -> Float {
    let parent = Int(model.parents[c])
    guard layout.isOn, parent >= 0, model.isA(parent, TypeKey.layoutComponent),
      let item = model.layout.item(of: parent)
    else { return 0 }
    let style = layoutStyleObject(item)
    guard style >= 0 else { return 0 }
    let box = scrollBox(parent)
    if layoutMainAxisIsRow(parent) {
      let value = float(style, Slot.layoutComponentStyleGapHorizontal)
      return uint(style, Slot.layoutComponentStyleGapHorizontalUnitsValue) == 2
        ? value / 100 * box.width : value
    }
    let value = float(style, Slot.layoutComponentStyleGapVertical)
    return uint(style, Slot.layoutComponentStyleGapVerticalUnitsValue) == 2
      ? value / 100 * box.height : value
  }

  /// The items of the list with component id `c` that scroll `k` realizes, with their places.
  ///
  /// The walk to the window's first item is a binary search in the scroll's run of sizes
  /// (``virtualRun(_:)``, kept between frames), so a frame costs what its window holds, not
  /// what the list holds.
  func realizedItems(ofList c: Int, scroll k: Int) -> [RealizedItem] {
    var result: [RealizedItem] = []
    realizedItems(ofList: c, scroll: k, into: &result)
    return result
  }

  /// ``realizedItems(ofList:scroll:)`` into `result`, emptied first (its storage kept: a
  /// frame's draw reuses one buffer).
  func realizedItems(ofList c: Int, scroll k: Int, into result: inout [RealizedItem]) {
    result.removeAll(keepingCapacity: true)
    // The list's place among the scroll's children, and their count (walked, not listed).
    guard let content = scrollContent(k) else { return }
    var childCount = 0
    var found: Int?
    for raw in geometryModel.children[content] where isScrollChild(Int(raw)) {
      if found == nil && Int(raw) == c { found = childCount }
      childCount += 1
    }
    guard let listChild = found else { return }
    let horizontal = !scrollMainAxisIsColumn(k)
    let contentSize = horizontal ? scrollContentWidth(k) : scrollContentHeight(k)
    guard contentSize > 0, contentSize.isFinite else { return }
    let offset = horizontal ? scrollClampedOffsetX(k) : scrollClampedOffsetY(k)
    guard offset.isFinite else { return }
    let infinite = scrollIsInfinite(k)
    let viewport = horizontal ? scrollViewportWidth(k) : scrollViewportHeight(k)
    guard let run = virtualRun(k), run.firstNode.count == childCount + 1 else { return }
    let gap = run.key.gap

    // The window's start along the content, folded into one cycle of it.
    var start: Float
    if offset > 0 {
      // Whole cycles counted in floating point: an offset beyond Int's range (a hostile drag)
      // must not trap; past 2^24 cycles the fold is as coarse as the float.
      let cycles = (offset / contentSize).rounded(.down)
      start = infinite ? -(offset - (cycles + 1) * contentSize) : -offset
    } else {
      let normalized = -offset
      let cycles = (normalized / contentSize).rounded(.down)
      start = cycles > 0 ? fmodf(normalized, cycles * contentSize) : normalized
    }

    let total = run.sizes.count
    guard total > 0, start.isFinite else { return }

    // The first item the window reaches (the runtime walks children and their items keeping
    // which item the visible run resumes from, with its quirks for the first items): the
    // first node whose end, or end and gap, passes the start.
    var running: Float
    var runningOffset: Float = 0
    var childIndex: Int
    var resume: Int
    var first = 0
    if let node = run.firstNodeReaching(start) {
      let position = run.child(ofNode: node)
      let j = node - run.firstNode[position]
      childIndex = position
      // The walk keeps the index (within its child) of the last node it passed.
      resume = j > 0 ? j - 1 : run.lastIndexBefore(child: position)
      let end = run.starts[node] + run.sizes[node]
      if end > start {
        running = run.starts[node]
        first = node
      } else {
        resume = j
        running = run.starts[node + 1]
        first = node + 1 == total ? 0 : node + 1
      }
      runningOffset = running - start
      if resume == childCount - 1 {
        childIndex += 1
        resume = 0
      } else {
        resume += 1
      }
    } else {
      running = run.starts[total]
      childIndex = childCount
      resume = run.lastIndexBefore(child: childCount)
    }
    var last = total - 1

    // The last item the viewport shows.
    childIndex %= childCount
    var i = first
    var wrapped = false
    var cycles = 0
    var steps = 0
    visible: while i < total && cycles < 2 && steps <= 4 * total + 4 {
      steps += 1
      let base = run.firstNode[childIndex]
      let count = run.firstNode[childIndex + 1] - base
      var j = resume
      while j < count {
        let size = run.sizes[base + j]
        if running + size + gap >= start + viewport {
          last = infinite && wrapped ? i + total : i
          break visible
        }
        running += size + gap
        if infinite && i == total - 1 {
          wrapped = true
          i = -1
          cycles += 1
        }
        i += 1
        j += 1
      }
      resume = 0
      if count == 0 { break }
    }

    // The buffer widens the window on each side.
    let buffer = Int(min(uint(k, Slot.scrollConstraintVirtualizeBuffer), UInt32(total)))
    if buffer > 0 {
      let span = last - first + 1
      let extra = max(0, total - span)
      let before = max(0, min(buffer, infinite ? extra : first))
      let after = max(0, min(buffer, infinite ? extra - before : total - 1 - last))
      if before > 0 {
        for step in 1...before {
          var index = (first - step) % total
          if index < 0 { index += total }
          runningOffset -= run.sizes[index] + gap
        }
      }
      first -= before
      last += after
      if infinite {
        first += total
        last += total
      }
    }

    // Places along the main axis; the cross axis keeps the item's laid-out place.
    guard first <= last, let list = componentListIndex(c) else { return }
    let listBase = run.firstNode[listChild]
    let listEnd = run.firstNode[listChild + 1]
    for index in first...last {
      let actual = infinite ? index % total : index
      guard actual >= 0, actual < total else { continue }
      // Only list items move the places on (as the runtime's placing loop does).
      guard run.isListNode(actual) else { continue }
      if actual >= listBase, actual < listEnd, actual - listBase < componentLists[list].items.count
      {
        let item = actual - listBase
        let cross = crossPlace(list, item, horizontal: horizontal)
        result.append(
          RealizedItem(
            item: item, x: horizontal ? runningOffset : cross,
            y: horizontal ? cross : runningOffset))
      }
      runningOffset += run.sizes[actual] + gap
    }
  }
}

/// A virtualizing scroll's run of nodes along its main axis (each item of its lists, each
/// other child whole): their sizes and where each starts as the virtualizer sums them (its
/// size, then the gap, in single precision, one after another).
///
/// Made from the items' authored sizes, kept per scroll between frames and used while it is
/// current: its key (the children, their lists' versions, the gaps and axes) matches and every
/// realized item artboard has its authored size. Otherwise (an item artboard resized by a bind
/// or an animation) a run is made afresh from the live sizes for each use, as before.
struct VirtualRun: Sendable {
  struct Key: Equatable, Sendable {
    var horizontal: Bool
    /// The scroll's gap along its main axis (between nodes in the walk).
    var gap: Float
    var children: [Child]
  }

  /// What a child's nodes were made from.
  enum Child: Equatable, Sendable {
    /// A list (its index in the host's lists), with its version, item count and the gap
    /// between its items.
    case list(index: Int, version: Int, count: Int, gap: Float)
    /// Any other child: its solved box.
    case other(LayoutBox)
  }

  var key: Key
  /// Each child's first node, then the node count.
  var firstNode: [Int]
  /// Each node's size along the main axis.
  var sizes: [Float]
  /// Where each node starts (and, last, where the run ends), gaps included.
  var starts: [Float]
  /// Whether `starts` and the ends never go back (sizes and gap not negative, all finite): the
  /// first node reaching a point is then found by a binary search.
  var ascends: Bool
  /// Each child's bounds along the scroll (a list's: its items' run with its own gap, the
  /// largest across).
  var childBounds: [LayoutBox]

  /// The first node whose end, or end and the gap after it, passes `point`.
  func firstNodeReaching(_ point: Float) -> Int? {
    let total = sizes.count
    if ascends {
      // starts[n + 1] is node n's end and gap: the first n whose value passes `point`.
      var low = 0
      var high = total
      while low < high {
        let middle = (low + high) / 2
        if starts[middle + 1] > point { high = middle } else { low = middle + 1 }
      }
      return low < total ? low : nil
    }
    for node in 0..<total
    where starts[node] + sizes[node] > point || starts[node + 1] > point {
      return node
    }
    return nil
  }

  /// The child node `node` belongs to.
  func child(ofNode node: Int) -> Int {
    var low = 0
    var high = firstNode.count - 1
    // The last child whose first node is at or before `node`, skipping empty children.
    while low < high {
      let middle = (low + high + 1) / 2
      if firstNode[middle] <= node { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Whether node `node` is a list's item.
  func isListNode(_ node: Int) -> Bool {
    let position = child(ofNode: node)
    guard position < key.children.count, case .list = key.children[position] else { return false }
    return true
  }

  /// The index (within its child) of the last node of the children before `child`, 0 when
  /// they have none (where the runtime's walk leaves its resume index).
  func lastIndexBefore(child: Int) -> Int {
    var position = child - 1
    while position >= 0 {
      let count = firstNode[position + 1] - firstNode[position]
      if count > 0 { return count - 1 }
      position -= 1
    }
    return 0
  }
}

extension ArtboardInstance {
  /// The key of scroll `k`'s run of nodes as things are now.
  func virtualRunKey(_ k: Int) -> VirtualRun.Key {
    let horizontal = !scrollMainAxisIsColumn(k)
    let gap = horizontal ? scrollGap(k).x : scrollGap(k).y
    let children = scrollChildren(k).map { child -> VirtualRun.Child in
      if let list = componentListIndex(child) {
        return .list(
          index: list, version: componentLists[list].version,
          count: componentLists[list].items.count, gap: virtualListGap(child))
      }
      return .other(scrollBox(child))
    }
    return VirtualRun.Key(horizontal: horizontal, gap: gap, children: children)
  }

  /// Whether `key` is scroll `k`'s key as things are now (compared child by child, without
  /// making the key: a frame asks this several times).
  func virtualRunKeyIsCurrent(_ key: VirtualRun.Key, _ k: Int) -> Bool {
    let horizontal = !scrollMainAxisIsColumn(k)
    guard key.horizontal == horizontal, key.gap == (horizontal ? scrollGap(k).x : scrollGap(k).y)
    else { return false }
    guard let content = scrollContent(k) else { return key.children.isEmpty }
    var position = 0
    for raw in geometryModel.children[content] where isScrollChild(Int(raw)) {
      let child = Int(raw)
      guard position < key.children.count else { return false }
      switch key.children[position] {
      case .list(let index, let version, let count, let gap):
        guard let list = componentListIndex(child), list == index,
          componentLists[list].version == version, componentLists[list].items.count == count,
          virtualListGap(child) == gap
        else { return false }
      case .other(let box):
        guard componentListIndex(child) == nil, scrollBox(child) == box else { return false }
      }
      position += 1
    }
    return position == key.children.count
  }

  /// Scroll `k`'s run of nodes: the kept one while it is current, else one made now from the
  /// live sizes. Nil when `k` does not virtualize.
  func virtualRun(_ k: Int) -> VirtualRun? {
    guard scrollVirtualizes(k) else { return nil }
    if let kept = virtualRuns[k], virtualRunKeyIsCurrent(kept.key, k),
      realizedSizesAreAuthored(kept.key)
    {
      return kept
    }
    return makeVirtualRun(key: virtualRunKey(k), authored: false)
  }

  /// Where realized item `item` of list `list` sits across the main axis: its laid-out place
  /// (read where the item's artboard lives, not copied out), 0 without layout.
  private func crossPlace(_ list: Int, _ item: Int, horizontal: Bool) -> Float {
    componentLists[list].items[item].readArtboard { artboard in
      guard artboard.layout.isOn else { return 0 }
      return horizontal ? artboard.layout.items[0].box.top : artboard.layout.items[0].box.left
    } ?? 0
  }

  /// Keeps scroll `k`'s run of nodes current (made again when its key changed).
  mutating func refreshVirtualRun(_ k: Int) {
    guard scrollVirtualizes(k) else {
      virtualRuns[k] = nil
      return
    }
    if let kept = virtualRuns[k], virtualRunKeyIsCurrent(kept.key, k) { return }
    virtualRuns[k] = makeVirtualRun(key: virtualRunKey(k), authored: true)
  }

  /// Whether every realized item of the run's lists has its authored size (what a kept run
  /// holds for every item).
  private func realizedSizesAreAuthored(_ key: VirtualRun.Key) -> Bool {
    for child in key.children {
      guard case .list(let list, _, _, _) = child else { continue }
      for item in componentLists[list].artboardItems {
        guard let size = liveItemSize(list, item) else { continue }
        let authored = componentLists[list].items[item].size
        if size.width != authored.width || size.height != authored.height { return false }
      }
    }
    return true
  }

  /// The size item `item`'s artboard has now (nil when it has none), read where it lives.
  private func liveItemSize(_ list: Int, _ item: Int) -> (width: Float, height: Float)? {
    componentLists[list].items[item].readArtboard {
      ($0.float(0, Slot.layoutComponentWidth), $0.float(0, Slot.layoutComponentHeight))
    }
  }

  /// Makes the run of nodes for `key`: from the items' authored sizes, or (`authored` false)
  /// from what ``virtualItemSizes(_:)`` reads now.
  private func makeVirtualRun(key: VirtualRun.Key, authored: Bool) -> VirtualRun {
    var firstNode: [Int] = []
    var sizes: [Float] = []
    var bounds: [LayoutBox] = []
    firstNode.reserveCapacity(key.children.count + 1)
    bounds.reserveCapacity(key.children.count)
    for child in key.children {
      firstNode.append(sizes.count)
      switch child {
      case .list(let list, _, let count, let gap):
        let items: [(width: Float, height: Float)] =
          authored ? componentLists[list].items.map(\.size) : virtualItemSizes(list)
        sizes.reserveCapacity(sizes.count + count)
        var width: Float = 0
        var height: Float = 0
        for (index, size) in items.enumerated() {
          sizes.append(key.horizontal ? size.width : size.height)
          let between = index == items.count - 1 ? 0 : gap
          if key.horizontal {
            width += size.width + between
            height = Swift.max(height, size.height)
          } else {
            width = Swift.max(width, size.width)
            height += size.height + between
          }
        }
        bounds.append(LayoutBox(left: 0, top: 0, width: width, height: height))
      case .other(let box):
        sizes.append(key.horizontal ? box.width : box.height)
        bounds.append(box)
      }
    }
    firstNode.append(sizes.count)
    var starts: [Float] = []
    starts.reserveCapacity(sizes.count + 1)
    var running: Float = 0
    var ascends = key.gap >= 0 && key.gap.isFinite
    for size in sizes {
      starts.append(running)
      if !(size >= 0 && size.isFinite) { ascends = false }
      running += size
      running += key.gap
    }
    starts.append(running)
    if !running.isFinite { ascends = false }
    return VirtualRun(
      key: key, firstNode: firstNode, sizes: sizes, starts: starts, ascends: ascends,
      childBounds: bounds)
  }
}

extension ArtboardInstance {
  /// Virtualized lists: the items entering their scroll's realized window get an artboard (one
  /// from the list's pool of the same artboard, bound again to the item's instance, else a new
  /// one); the items leaving it give theirs back to the pool. Only the window has artboards,
  /// so a list of any length keeps as many as its viewport and buffer show.
  mutating func realizeVirtualizedLists() {
    guard componentLists.contains(where: \.isVirtualized) else { return }
    var store = lendStore()
    defer { swap(&store, &storeBox) }
    guard store.hasValue else { return }
    for list in componentLists.indices where componentLists[list].isVirtualized {
      let id = componentLists[list].componentID
      let wanted: [Int]
      let scroll = virtualizingScroll(ofList: id)
      if let scroll { refreshVirtualRun(scroll) }
      if let scroll, !isCollapsed(id) {
        wanted = realizedItems(ofList: id, scroll: scroll).map(\.item)
          .prefix(ComponentListInstance.maximumRealizedItems).sorted()
      } else {
        wanted = []
      }
      var changed = false
      let hosted =
        layout.isOn && model.layout.providers[id] == .componentList && providerLayout(of: id) != nil
      // Leaving: every realized item the window no longer holds.
      for index in componentLists[list].realized
      where componentLists[list].items[index].hasArtboard {
        if binarySearch(wanted, index) { continue }
        let item = componentLists[list].items[index]
        componentLists[list].items[index].artboard = nil
        componentLists[list].items[index].machine = nil
        store.withValue { $0.recycle(item, list: list, host: &self) }
        if hosted { layout.virtualItemsLeft += 1 }
        changed = true
      }
      // Entering.
      for index in wanted where !componentLists[list].items[index].hasArtboard {
        store.withValue { $0.realize(index, list: list, host: &self) }
        if hosted { layout.virtualItemEntered = true }
        changed = true
      }
      if changed || componentLists[list].realized != wanted {
        // Unique (an infinite window may hold an item twice), with an artboard.
        var kept: [Int] = []
        kept.reserveCapacity(wanted.count)
        for index in wanted
        where kept.last != index && componentLists[list].items[index].hasArtboard {
          kept.append(index)
        }
        componentLists[list].realized = kept
      }
      if changed {
        // New artboards join a hosting layout's tree in the layout sync.
        componentLists[list].isDirty = true
        needsUpdate = true
      }
    }
  }

  /// A virtualized list's realized items in draw order, each once at its last place: the
  /// window's order from its first item (an infinite list's window wraps from the last item to
  /// the first, and draws in that order, as the runtime's ordered indices run from the realized
  /// start to the realized end), then (when its items have draw indices) a stable sort by draw
  /// index (only the window is sorted).
  func virtualDrawOrder(_ list: Int, _ realized: [RealizedItem]) -> [RealizedItem] {
    var order: [RealizedItem] = []
    var keys: [Float] = []
    virtualDrawOrder(list, realized, into: &order, keys: &keys)
    return order
  }

  /// ``virtualDrawOrder(_:_:)`` into `order`, with `keys` to sort by: both emptied first,
  /// their storage kept (a frame's draw reuses its buffers).
  func virtualDrawOrder(
    _ list: Int, _ realized: [RealizedItem], into order: inout [RealizedItem],
    keys: inout [Float]
  ) {
    // Each item once, where it was first seen, at the last place given (a window of a few
    // items: searched, not hashed).
    order.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    for place in realized {
      if let seen = order.firstIndex(where: { $0.item == place.item }) {
        order[seen] = place
      } else {
        order.append(place)
      }
    }
    guard componentLists[list].usesDrawIndex, storeBox.hasValue, order.count > 1 else { return }
    storeBox.read { store in
      for place in order {
        keys.append(store.drawIndex(of: componentLists[list].items[place.item].instance))
      }
    }
    guard keys.count == order.count else { return }
    if order.count > 32 {
      // A wide window (a large buffer): a stable sort of positions by key.
      let sorted = order.indices.sorted {
        keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1)
      }
      order = sorted.map { order[$0] }
      return
    }
    // A stable insertion sort by key (a window of a few items), the keys moved alongside.
    for index in 1..<order.count {
      let key = keys[index]
      let place = order[index]
      var slot = index
      while slot > 0 && keys[slot - 1] > key {
        keys[slot] = keys[slot - 1]
        order[slot] = order[slot - 1]
        slot -= 1
      }
      keys[slot] = key
      order[slot] = place
    }
  }

  /// How many artboards this artboard's lists hold now (for a virtualized list, its realized
  /// window).
  public var listItemArtboardCount: Int {
    componentLists.reduce(0) { $0 + $1.realizedCount }
  }

  private func binarySearch(_ sorted: [Int], _ value: Int) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value
  }
}
