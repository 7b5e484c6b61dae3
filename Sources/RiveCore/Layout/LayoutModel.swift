@_spi(RiveFormatInternals) import RiveFormat

/// The layout structure of an artboard, worked out once per artboard model: which components
/// are laid out (the artboard, its layout components and the hosts of layout participants),
/// the style object each reads, and the grid tracks and placements that shape them.
///
/// Layout *items* are numbered; item 0 is always the artboard, the root of its layout tree. The
/// children of an item are not fixed: they are found when the tree is synced, through groups
/// and the active child of solos (see ``ArtboardInstance/layoutProviders(of:)``).
struct LayoutModel: Sendable {
  /// How a component takes part in its parent layout.
  enum Provider: UInt8, Sendable {
    /// Not at all (it may still be content its layout sizes).
    case none
    /// A layout component: an item of this artboard with a style of its own.
    case layout
    /// A text, image or shape with a layout participant child: an item of this artboard.
    case participant
    /// A nested artboard laid out by this artboard: its artboard's root joins the tree.
    case nestedLayout
    /// An artboard list: its items' artboards join the tree.
    case componentList
  }

  /// One laid-out component of this artboard.
  struct Item: Sendable {
    /// The layout component, or the participant's host (a text, image or shape).
    var component: Int32
    /// The layout participant object (its sizing style), or -1 for a layout component.
    var participant: Int32
    /// The layout component style, or -1 (a participant is its own style).
    var style: Int32
    /// The grid item placement child of the component, or -1.
    var placement: Int32
  }

  /// The items; item 0 is the artboard.
  let items: [Item]
  /// Each object's item index, or -1.
  let itemOf: [Int32]
  /// How each object takes part in its parent layout.
  let providers: [Provider]
  /// The grid tracks (children) of each layout component, by item.
  let gridTracks: [[Int32]]
  /// The item whose layout component uses each style object, by object id (-1 for others).
  let styleOwners: [Int32]
  /// Whether any style of the artboard animates its layout.
  let animates: Bool
  /// Whether the artboard has anything laid out besides itself.
  let hasLayoutContent: Bool
  /// Whether images keep their layout fit's scale apart from their own (files of format 7.2
  /// and later; before, the fit overwrites the image's scale).
  let imageScaleSeparate: Bool
  /// Whether the artboard has nested artboard layouts or artboard lists (whose artboards its
  /// tree may host).
  let hasHosts: Bool
  /// The most layout items on one path down the artboard's component tree (1 for the artboard
  /// alone): how deep the walks over its layout tree recurse, hosted artboards aside.
  let depth: Int

  init(
    types: [UInt16], slotBases: [Int], slots: [UInt32], children: IndexLists,
    imageScaleSeparate: Bool = true
  ) {
    self.imageScaleSeparate = imageScaleSeparate
    let table = TypeTable.shared
    let count = types.count
    func isA(_ id: Int, _ base: UInt32) -> Bool {
      guard id >= 0, id < count, types[id] != 0 else { return false }
      return table.isA(types[id], UInt16(base))
    }
    func uint(_ id: Int, _ slot: Int) -> UInt32 {
      let index = slotBases[id] + slot
      return index < slots.count ? slots[index] : 0
    }
    func child(of id: Int, ofType type: UInt32) -> Int32 {
      guard id >= 0, id < children.count else { return -1 }
      for c in children[id] where isA(Int(c), type) { return c }
      return -1
    }
    var items: [Item] = []
    var itemOf = [Int32](repeating: -1, count: count)
    var providers = [Provider](repeating: .none, count: count)
    var tracks: [[Int32]] = []
    var animates = false
    var styleOwners = [Int32](repeating: -1, count: count)
    func addLayout(_ id: Int) {
      let value = uint(id, Slot.layoutComponentStyleId)
      let styleID = Int(value)
      let style: Int32 =
        value != UInt32.max && isA(styleID, TypeKey.layoutComponentStyle) ? Int32(styleID) : -1
      if style >= 0 && uint(styleID, Slot.layoutComponentStyleAnimationStyleType) != 0 {
        animates = true
      }
      if style >= 0 { styleOwners[Int(style)] = Int32(items.count) }
      itemOf[id] = Int32(items.count)
      providers[id] = .layout
      items.append(
        Item(
          component: Int32(id), participant: -1, style: style,
          placement: child(of: id, ofType: TypeKey.gridItemPlacement)))
      var own: [Int32] = []
      if id < children.count {
        for c in children[id] where isA(Int(c), TypeKey.gridTrack) { own.append(c) }
      }
      tracks.append(own)
    }
    if count > 0, isA(0, TypeKey.artboard) { addLayout(0) }
    for id in 1..<max(count, 1) {
      if isA(id, TypeKey.layoutComponent) {
        addLayout(id)
      } else if isA(id, TypeKey.nestedArtboardLayout) {
        providers[id] = .nestedLayout
      } else if isA(id, TypeKey.artboardComponentList) {
        providers[id] = .componentList
      } else if isA(id, TypeKey.text) || isA(id, TypeKey.image) || isA(id, TypeKey.shape) {
        let participant = child(of: id, ofType: TypeKey.layoutParticipant)
        guard participant >= 0 else { continue }
        itemOf[id] = Int32(items.count)
        itemOf[Int(participant)] = Int32(items.count)
        providers[id] = .participant
        items.append(
          Item(
            component: Int32(id), participant: participant, style: participant,
            placement: child(of: id, ofType: TypeKey.gridItemPlacement)))
        tracks.append([])
      }
    }
    self.items = items
    self.itemOf = itemOf
    self.providers = providers
    gridTracks = tracks
    self.styleOwners = styleOwners
    self.animates = animates
    hasLayoutContent = items.count > 1 || providers.contains { $0 != .none && $0 != .layout }
    hasHosts = providers.contains { $0 == .nestedLayout || $0 == .componentList }
    // Walked without recursion (files can nest thousands deep); each object is visited once,
    // so parent links in a cycle end the walk.
    var deepest = 0
    if count > 0 {
      var visited = [Bool](repeating: false, count: count)
      var stack: [(id: Int32, depth: Int32)] = [(0, 0)]
      visited[0] = true
      while let (id, depth) = stack.popLast() {
        let own = itemOf[Int(id)] >= 0 ? depth + 1 : depth
        deepest = max(deepest, Int(own))
        guard Int(id) < children.count else { continue }
        for c in children[Int(id)] where c >= 0 && Int(c) < count && !visited[Int(c)] {
          visited[Int(c)] = true
          stack.append((c, own))
        }
      }
    }
    depth = deepest
  }

  /// The item of component `id`, or nil.
  @inline(__always)
  func item(of id: Int) -> Int? {
    guard id >= 0, id < itemOf.count else { return nil }
    let item = Int(itemOf[id])
    return item >= 0 ? item : nil
  }
}
