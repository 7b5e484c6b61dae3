/// A node of a ``LayoutTree``. IDs of removed nodes may be reused by later nodes.
public struct LayoutNodeID: Hashable, Sendable {
  /// The node's slot in its tree.
  public let index: Int32

  /// Names the node in slot `index`.
  public init(index: Int32) { self.index = index }
}

/// A node's computed box, as Yoga reports it.
public struct ComputedLayout: Sendable {
  /// Offset of the node's border box from its parent's border box (top-left).
  public var left: Float
  /// Offset of the node's border box from its parent's border box (top-left).
  public var top: Float
  /// Border-box width.
  public var width: Float
  /// Border-box height.
  public var height: Float
  /// Resolved margins.
  public var margin: (left: Float, top: Float, right: Float, bottom: Float)
  /// Resolved borders.
  public var border: (left: Float, top: Float, right: Float, bottom: Float)
  /// Resolved padding.
  public var padding: (left: Float, top: Float, right: Float, bottom: Float)
  /// The direction the node was laid out in.
  public var direction: LayoutDirection
  /// Whether the node's content overflowed it.
  public var hadOverflow: Bool
}

/// Measures nodes that have a measure function (``LayoutTree/setHasMeasure(_:for:)``), and
/// gives baselines.
///
/// `measure` receives the content-box space offered (NaN when `mode` is ``MeasureMode/undefined``)
/// and returns the content size; padding and border are added by the solver. Any value is
/// accepted: NaN and negative sizes end up as the node's padding and border, as in Yoga.
public protocol LayoutMeasurer {
  /// The content size of `node` under the constraints.
  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float)

  /// The baseline of `node` (distance from its top) laid out at `width`×`height`, or nil when
  /// the node has no baseline function (Yoga then uses its first child's baseline).
  mutating func baseline(_ node: LayoutNodeID, width: Float, height: Float) -> Float?
}

extension LayoutMeasurer {
  /// No baseline function.
  public mutating func baseline(_ node: LayoutNodeID, width: Float, height: Float) -> Float? {
    nil
  }
}

/// The measurer of ``LayoutTree/calculateLayout(root:availableWidth:availableHeight:direction:)``:
/// every measured node is 0×0.
public struct ZeroMeasurer: LayoutMeasurer {
  /// A measurer that measures nothing.
  public init() {}

  public mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float) {
    (0, 0)
  }
}

/// Why a change to a tree's structure was refused.
public enum LayoutTreeError: Error, Equatable, Sendable {
  /// The ID names no live node of this tree.
  case unknownNode(LayoutNodeID)
  /// The child is the node itself or one of its ancestors: the change would make a cycle.
  case cycle(parent: LayoutNodeID, child: LayoutNodeID)
  /// The same node appears twice in a list of children.
  case duplicateChild(LayoutNodeID)
  /// An insertion index outside `0...childCount`.
  case indexOutOfRange(Int)
}

/// An arena of layout nodes and Yoga 2.0.1's layout algorithm over it (flexbox, plus the CSS
/// grid of Rive's fork), computing in `Float` exactly what Rive's Yoga computes with its
/// `pointScaleFactor` of 0.
///
/// The tree is a value: nodes are slots in arrays, not objects, so a layout pass touches no
/// reference counts and allocates nothing once the tree has been laid out before in the same
/// shape. Results and caches follow Yoga's rules: a node is recomputed when it or a
/// descendant is dirty (a style or child change, or ``markDirty(_:)``) or its constraints
/// differ from the cached ones; a second ``calculateLayout(root:availableWidth:availableHeight:direction:measurer:)``
/// on an unchanged tree visits the root only.
///
/// Structural changes that would make a cycle, name unknown nodes or repeat a child are
/// refused with a ``LayoutTreeError`` (the `throws` variants) or `false` (the others), and change
/// nothing. A node has one parent: giving it a new one removes it from the old.
public struct LayoutTree: Sendable {
  var nodes: [NodeRecord] = []
  var styles: [LayoutStyle] = []
  var childLists: [[Int32]] = []
  var measurements: [CachedMeasurement] = []
  var freeSlots: [Int32] = []
  /// All child lists back to back, rebuilt when the structure changes.
  var flatChildren: [Int32] = []
  var flatChildrenValid = true
  var depthCache: (root: Int32, depth: Int)? = nil
  var generation: UInt32 = 0
  var scratch = GridScratch()
  var liveCount = 0

  /// What the last layout pass did.
  public internal(set) var statistics = LayoutStatistics()

  /// The deepest nesting laid out. A node at this depth is laid out as a leaf (its size from
  /// its own style, as an empty container) and everything below it gets zero boxes, as if
  /// hidden. Trees deeper than a few dozen levels are laid out on a dedicated thread whose
  /// stack is sized for their depth, so no depth up to this one can overflow a stack.
  public static let maximumDepth = 20_000

  /// The most node visits (requests for a node's size or layout) one pass makes; nil is
  /// automatic: 256 per node, at least 32 million (a few seconds). Yoga's algorithm is
  /// exponential in the nesting of content-sized grids (each level measures its items several
  /// times, and the min-content probe bypasses the measurement cache): six nested levels of
  /// them in a tree of a thousand nodes already take Yoga about two seconds and four million
  /// visits, and a few more levels would run for hours. Past the limit the remaining requests
  /// get zero sizes and ``LayoutStatistics/exhaustedVisitLimit`` says so. Real trees use a few
  /// visits per node.
  public var visitLimit: Int? = nil

  /// An empty tree.
  public init() {}

  /// How many nodes the tree holds.
  public var nodeCount: Int { liveCount }

  /// Makes room for `count` nodes in all, so that making them does not move storage.
  public mutating func reserveCapacity(_ count: Int) {
    nodes.reserveCapacity(count)
    styles.reserveCapacity(count)
    childLists.reserveCapacity(count)
    measurements.reserveCapacity(count * measurementCacheSize)
  }

  // MARK: Nodes

  /// Adds a node with a style. The node starts dirty, as a Yoga node does once its style has
  /// been written through Yoga's setters (and as the runtime marks its new nodes): marking
  /// one of its descendants dirty before its first layout does not reach its ancestors.
  public mutating func makeNode(style: LayoutStyle = LayoutStyle()) -> LayoutNodeID {
    var record = NodeRecord()
    record.style = CompiledStyle(style)
    record.isDirty = true
    let slot: Int
    if let reused = freeSlots.popLast() {
      slot = Int(reused)
      nodes[slot] = record
      styles[slot] = style
      childLists[slot] = []
    } else {
      slot = nodes.count
      nodes.append(record)
      styles.append(style)
      childLists.append([])
      let empty = CachedMeasurement()
      for _ in 0..<measurementCacheSize { measurements.append(empty) }
    }
    liveCount += 1
    return LayoutNodeID(index: Int32(slot))
  }

  /// Removes a node: it leaves its parent (which becomes dirty), its children become roots,
  /// and its ID may be given to a later node.
  @discardableResult
  public mutating func removeNode(_ id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id) else { return false }
    detachFromParent(slot)
    for child in childLists[slot] {
      nodes[Int(child)].parent = NodeRecord.none
    }
    childLists[slot] = []
    nodes[slot].isAlive = false
    styles[slot] = LayoutStyle()
    freeSlots.append(Int32(slot))
    liveCount -= 1
    structureChanged()
    return true
  }

  /// Whether the ID names a live node of this tree.
  public func contains(_ id: LayoutNodeID) -> Bool { slotOf(id) != nil }

  // MARK: Style

  /// Sets a node's style; the node (and its ancestors) become dirty only when the style differs
  /// from the current one.
  public mutating func setStyle(_ style: LayoutStyle, of id: LayoutNodeID) {
    guard let slot = slotOf(id) else { return }
    if styles[slot] == style { return }
    styles[slot] = style
    nodes[slot].style = CompiledStyle(style)
    markDirtyAndPropagate(slot)
  }

  /// A node's style (the default style for an unknown node).
  public func style(of id: LayoutNodeID) -> LayoutStyle {
    guard let slot = slotOf(id) else { return LayoutStyle() }
    return styles[slot]
  }

  /// Gives a node a measure function (answered by the pass's ``LayoutMeasurer``) or takes it
  /// away. As in Yoga this does not dirty the node; a node with a measure function is laid out
  /// as a leaf even if it has children.
  public mutating func setHasMeasure(_ hasMeasure: Bool, for id: LayoutNodeID) {
    guard let slot = slotOf(id) else { return }
    nodes[slot].hasMeasure = hasMeasure
  }

  /// Whether a node has a measure function.
  public func hasMeasure(_ id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id) else { return false }
    return nodes[slot].hasMeasure
  }

  /// Yoga's `markDirtyAndPropagate`: the node and its ancestors will be laid out again (for
  /// example because the text a measure function measures changed), and their cached flex
  /// bases are forgotten.
  public mutating func markDirty(_ id: LayoutNodeID) {
    guard let slot = slotOf(id) else { return }
    markDirtyAndPropagate(slot)
  }

  /// Whether a node will be laid out again by the next pass.
  public func isDirty(_ id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id) else { return false }
    return nodes[slot].isDirty
  }

  // MARK: Structure

  /// A node's parent, or nil for a root.
  public func parent(of id: LayoutNodeID) -> LayoutNodeID? {
    guard let slot = slotOf(id), nodes[slot].parent != NodeRecord.none else { return nil }
    return LayoutNodeID(index: nodes[slot].parent)
  }

  /// A node's children in order.
  public func children(of id: LayoutNodeID) -> [LayoutNodeID] {
    guard let slot = slotOf(id) else { return [] }
    return childLists[slot].map { LayoutNodeID(index: $0) }
  }

  /// Replaces a node's children (Yoga's `YGNodeSetChildren`): children that leave get a fresh
  /// layout, the node becomes dirty. Returns false, changing nothing, when an ID is unknown,
  /// repeated, or the node itself or one of its ancestors.
  @discardableResult
  public mutating func setChildren(_ children: [LayoutNodeID], of id: LayoutNodeID) -> Bool {
    (try? setChildrenChecked(children, of: id)) != nil
  }

  /// ``setChildren(_:of:)`` that says why it refused.
  public mutating func setChildrenChecked(_ children: [LayoutNodeID], of id: LayoutNodeID)
    throws(LayoutTreeError)
  {
    guard let slot = slotOf(id) else { throw .unknownNode(id) }
    var seen = Set<Int32>()
    for child in children {
      guard let childSlot = slotOf(child) else { throw .unknownNode(child) }
      if isSelfOrAncestor(childSlot, of: slot) { throw .cycle(parent: id, child: child) }
      if !seen.insert(Int32(childSlot)).inserted { throw .duplicateChild(child) }
    }
    let old = childLists[slot]
    if children.isEmpty && old.isEmpty { return }
    for child in old where !seen.contains(child) {
      nodes[Int(child)].layout = NodeLayout()
      nodes[Int(child)].layout.nextCachedMeasurementsIndex = 0
      nodes[Int(child)].parent = NodeRecord.none
    }
    childLists[slot] = []
    for child in children {
      let childSlot = Int(child.index)
      if nodes[childSlot].parent != NodeRecord.none && Int(nodes[childSlot].parent) != slot {
        detachFromParent(childSlot)
      }
      nodes[childSlot].parent = Int32(slot)
      childLists[slot].append(Int32(childSlot))
    }
    structureChanged()
    markDirtyAndPropagate(slot)
  }

  /// Inserts a child at an index (Yoga's `YGNodeInsertChild`), taking it from any other
  /// parent. Returns false, changing nothing, when refused (see ``LayoutTreeError``).
  @discardableResult
  public mutating func insertChild(_ child: LayoutNodeID, into id: LayoutNodeID, at index: Int)
    -> Bool
  {
    (try? insertChildChecked(child, into: id, at: index)) != nil
  }

  /// ``insertChild(_:into:at:)`` that says why it refused.
  public mutating func insertChildChecked(
    _ child: LayoutNodeID, into id: LayoutNodeID, at index: Int
  ) throws(LayoutTreeError) {
    guard let slot = slotOf(id) else { throw .unknownNode(id) }
    guard let childSlot = slotOf(child) else { throw .unknownNode(child) }
    if isSelfOrAncestor(childSlot, of: slot) { throw .cycle(parent: id, child: child) }
    if nodes[childSlot].parent == Int32(slot) { throw .duplicateChild(child) }
    guard index >= 0 && index <= childLists[slot].count else { throw .indexOutOfRange(index) }
    detachFromParent(childSlot)
    childLists[slot].insert(Int32(childSlot), at: index)
    nodes[childSlot].parent = Int32(slot)
    structureChanged()
    markDirtyAndPropagate(slot)
  }

  /// Appends a child (see ``insertChild(_:into:at:)``).
  @discardableResult
  public mutating func appendChild(_ child: LayoutNodeID, to id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id) else { return false }
    return insertChild(child, into: id, at: childLists[slot].count)
  }

  /// Removes a child (Yoga's `YGNodeRemoveChild`): it gets a fresh layout and becomes a root;
  /// the parent becomes dirty. Returns false when it is not a child of the node.
  @discardableResult
  public mutating func removeChild(_ child: LayoutNodeID, from id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id), let childSlot = slotOf(child),
      let position = childLists[slot].firstIndex(of: Int32(childSlot))
    else { return false }
    childLists[slot].remove(at: position)
    nodes[childSlot].layout = NodeLayout()
    nodes[childSlot].parent = NodeRecord.none
    structureChanged()
    markDirtyAndPropagate(slot)
    return true
  }

  /// Removes every child (Yoga's `YGNodeRemoveAllChildren`): each gets a fresh layout and
  /// becomes a root; the node becomes dirty if it had children.
  public mutating func removeAllChildren(of id: LayoutNodeID) {
    guard let slot = slotOf(id), !childLists[slot].isEmpty else { return }
    for child in childLists[slot] {
      nodes[Int(child)].layout = NodeLayout()
      nodes[Int(child)].parent = NodeRecord.none
    }
    childLists[slot] = []
    structureChanged()
    markDirtyAndPropagate(slot)
  }

  // MARK: Results

  /// A node's computed layout (all zero for an unknown node).
  public func layout(of id: LayoutNodeID) -> ComputedLayout {
    guard let slot = slotOf(id) else {
      return ComputedLayout(
        left: 0, top: 0, width: 0, height: 0, margin: (0, 0, 0, 0), border: (0, 0, 0, 0),
        padding: (0, 0, 0, 0), direction: .inherit, hadOverflow: false)
    }
    let layout = nodes[slot].layout
    return ComputedLayout(
      left: layout.position.0, top: layout.position.1, width: layout.width,
      height: layout.height,
      margin: (layout.margin.0, layout.margin.1, layout.margin.2, layout.margin.3),
      border: (layout.border.0, layout.border.1, layout.border.2, layout.border.3),
      padding: (layout.padding.0, layout.padding.1, layout.padding.2, layout.padding.3),
      direction: LayoutDirection(rawValue: layout.direction) ?? .inherit,
      hadOverflow: layout.hadOverflow)
  }

  /// Yoga's `hasNewLayout`: set when a pass lays the node out (new nodes have it too).
  public func hasNewLayout(_ id: LayoutNodeID) -> Bool {
    guard let slot = slotOf(id) else { return false }
    return nodes[slot].hasNewLayout
  }

  /// Clears ``hasNewLayout(_:)`` once the caller has read the node's layout.
  public mutating func clearNewLayout(_ id: LayoutNodeID) {
    guard let slot = slotOf(id) else { return }
    nodes[slot].hasNewLayout = false
  }

  // MARK: Internals

  func slotOf(_ id: LayoutNodeID) -> Int? {
    let slot = Int(id.index)
    guard slot >= 0 && slot < nodes.count && nodes[slot].isAlive else { return nil }
    return slot
  }

  func isSelfOrAncestor(_ candidate: Int, of slot: Int) -> Bool {
    // A node without children is no one's ancestor: trees built from the top down (each
    // parent given its children before they get theirs) skip the walk up, which would make
    // a chain of n levels cost n² steps to build.
    if childLists[candidate].isEmpty { return candidate == slot }
    var current = Int32(slot)
    while current != NodeRecord.none {
      if Int(current) == candidate { return true }
      current = nodes[Int(current)].parent
    }
    return false
  }

  mutating func detachFromParent(_ slot: Int) {
    let parent = nodes[slot].parent
    guard parent != NodeRecord.none else { return }
    if let position = childLists[Int(parent)].firstIndex(of: Int32(slot)) {
      childLists[Int(parent)].remove(at: position)
    }
    nodes[slot].parent = NodeRecord.none
    structureChanged()
    markDirtyAndPropagate(Int(parent))
  }

  mutating func structureChanged() {
    flatChildrenValid = false
    depthCache = nil
  }

  /// Yoga's `markDirtyAndPropagate`, iteratively: stops at the first node already dirty.
  mutating func markDirtyAndPropagate(_ start: Int) {
    var current = Int32(start)
    while current != NodeRecord.none {
      let slot = Int(current)
      if nodes[slot].isDirty { return }
      nodes[slot].isDirty = true
      nodes[slot].layout.computedFlexBasis = .nan
      current = nodes[slot].parent
    }
  }
}
