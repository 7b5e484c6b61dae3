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
      if componentLists[list].items[index].hasArtboard,
        let width = componentLists[list].items[index].artboard?.float(
          0, Slot.layoutComponentWidth),
        let height = componentLists[list].items[index].artboard?.float(
          0, Slot.layoutComponentHeight)
      {
        sizes.append((width, height))
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
  func realizedItems(ofList c: Int, scroll k: Int) -> [RealizedItem] {
    let children = scrollChildren(k)
    guard let listChild = children.firstIndex(of: c) else { return [] }
    let horizontal = !scrollMainAxisIsColumn(k)
    let contentSize = horizontal ? scrollContentWidth(k) : scrollContentHeight(k)
    guard contentSize > 0, contentSize.isFinite else { return [] }
    let offset = horizontal ? scrollClampedOffsetX(k) : scrollClampedOffsetY(k)
    guard offset.isFinite else { return [] }
    let infinite = scrollIsInfinite(k)
    let viewport = horizontal ? scrollViewportWidth(k) : scrollViewportHeight(k)
    let gap = horizontal ? scrollGap(k).x : scrollGap(k).y

    // The window's start along the content, folded into one cycle of it.
    var start: Float
    if offset > 0 {
      start =
        infinite
        ? -(offset - (Float(Int((offset / contentSize).rounded(.down))) + 1) * contentSize)
        : -offset
    } else {
      let normalized = -offset
      let cycles = (normalized / contentSize).rounded(.down)
      start = cycles > 0 ? fmodf(normalized, cycles * contentSize) : normalized
    }

    // Nodes: each child's items (a list's items, one node for anything else), with sizes.
    struct Node {
      var child: Int
      var index: Int
      var size: Float
      var isListItem: Bool
    }
    var nodesByChild: [[Node]] = []
    for (position, child) in children.enumerated() {
      if let list = componentListIndex(child) {
        let sizes = virtualItemSizes(list)
        nodesByChild.append(
          sizes.enumerated().map {
            Node(
              child: position, index: $0.offset,
              size: horizontal ? $0.element.width : $0.element.height,
              isListItem: true)
          })
      } else {
        let box = scrollBox(child)
        nodesByChild.append([
          Node(
            child: position, index: 0, size: horizontal ? box.width : box.height, isListItem: false)
        ])
      }
    }
    let total = nodesByChild.reduce(0) { $0 + $1.count }
    guard total > 0 else { return [] }
    let flat = nodesByChild.flatMap { $0 }

    // The first item the window reaches (the runtime walks children and their items keeping
    // which item the visible run resumes from, with its quirks for the first items).
    var running: Float = 0
    var runningOffset: Float = 0
    var runningIndex = 0
    var childIndex = 0
    var resume = 0
    var first = 0
    var last = total - 1
    var found = false
    search: for (position, nodes) in nodesByChild.enumerated() {
      for (j, node) in nodes.enumerated() {
        if running + node.size > start {
          runningOffset = running - start
          first = runningIndex
          if resume == children.count - 1 {
            childIndex += 1
            resume = 0
          } else {
            resume += 1
          }
          found = true
          break search
        }
        running += node.size
        resume = j
        runningIndex += 1
        if running + gap > start {
          if runningIndex == total { runningIndex = 0 }
          if resume == children.count - 1 {
            childIndex += 1
            resume = 0
          } else {
            resume += 1
          }
          running += gap
          runningOffset = running - start
          first = runningIndex
          found = true
          break search
        }
        running += gap
      }
      childIndex = position + 1
    }
    _ = found

    // The last item the viewport shows.
    childIndex %= children.count
    var i = first
    var wrapped = false
    var cycles = 0
    var steps = 0
    visible: while i < total && cycles < 2 && steps <= 4 * total + 4 {
      steps += 1
      let nodes = nodesByChild[childIndex]
      var j = resume
      while j < nodes.count {
        let size = nodes[j].size
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
      if nodes.isEmpty { break }
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
          runningOffset -= flat[index].size + gap
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
    var result: [RealizedItem] = []
    guard first <= last else { return [] }
    for index in first...last {
      let actual = infinite ? index % total : index
      guard actual >= 0, actual < total else { continue }
      let node = flat[actual]
      guard node.isListItem else { continue }
      if node.child == listChild, let list = componentListIndex(c),
        node.index < componentLists[list].items.count
      {
        var cross: Float = 0
        if let artboard = componentLists[list].items[node.index].artboard, artboard.layout.isOn {
          cross = horizontal ? artboard.layout.items[0].box.top : artboard.layout.items[0].box.left
        }
        result.append(
          RealizedItem(
            item: node.index, x: horizontal ? runningOffset : cross,
            y: horizontal ? cross : runningOffset))
      }
      runningOffset += node.size + gap
    }
    return result
  }
}

extension ArtboardInstance {
  /// Virtualized lists: the items entering their scroll's realized window get an artboard (one
  /// from the list's pool of the same artboard, bound again to the item's instance, else a new
  /// one); the items leaving it give theirs back to the pool. Only the window has artboards,
  /// so a list of any length keeps as many as its viewport and buffer show.
  mutating func realizeVirtualizedLists() {
    guard componentLists.contains(where: \.isVirtualized) else { return }
    var store: ViewModelStore?
    swap(&store, &viewModelStore)
    defer { swap(&store, &viewModelStore) }
    guard store != nil else { return }
    for list in componentLists.indices where componentLists[list].isVirtualized {
      let id = componentLists[list].componentID
      let wanted: [Int]
      if let scroll = virtualizingScroll(ofList: id), !isCollapsed(id) {
        wanted = realizedItems(ofList: id, scroll: scroll).map(\.item)
          .prefix(ComponentListInstance.maximumRealizedItems).sorted()
      } else {
        wanted = []
      }
      var changed = false
      // Leaving: every realized item the window no longer holds.
      for index in componentLists[list].items.indices
      where componentLists[list].items[index].hasArtboard {
        if binarySearch(wanted, index) { continue }
        let item = componentLists[list].items[index]
        componentLists[list].items[index].artboard = nil
        componentLists[list].items[index].machine = nil
        store?.recycle(item, list: list, host: &self)
        changed = true
      }
      // Entering.
      for index in wanted where !componentLists[list].items[index].hasArtboard {
        store?.realize(index, list: list, host: &self)
        changed = true
      }
      if changed {
        // New artboards join a hosting layout's tree in the layout sync.
        componentLists[list].isDirty = true
        needsUpdate = true
      }
    }
  }

  /// How many artboards this artboard's lists hold now (for a virtualized list, its realized
  /// window).
  public var listItemArtboardCount: Int {
    componentLists.reduce(0) { total, list in
      total + list.items.lazy.filter(\.hasArtboard).count
    }
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
