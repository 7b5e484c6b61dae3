@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Artboards laid out by their host: a nested artboard layout's artboard and the items of an
/// artboard list under a layout join the host's layout tree (their roots become children of the
/// host's layout), so the host's solve sizes and places them; they keep their own styles and
/// solved boxes, and their changes are synced by the host.
extension ArtboardInstance {
  // MARK: - Which artboards are hosted

  /// The layout that lays component `c` out as a provider: its parent layout, reached through
  /// groups and solos (an artboard list only when it says it participates through them).
  func providerLayout(of c: Int) -> Int? {
    var p = Int(model.parents[c])
    var throughContainer = false
    var steps = 0
    while p >= 0, steps < model.types.count {
      steps += 1
      if model.layout.providers[p] == .layout {
        if throughContainer, model.layout.providers[c] == .componentList,
          uint(c, Slot.drawableDrawableFlags) & (1 << 8) == 0
        {
          return nil
        }
        return p
      }
      guard isTransparentLayoutContainer(p) else { return nil }
      throughContainer = true
      p = Int(model.parents[p])
    }
    return nil
  }

  /// Runs `body` on every artboard this instance hosts in its layout tree, with the hosting
  /// component.
  mutating func forEachHostedArtboard(_ body: (inout ArtboardInstance, Int) -> Void) {
    for index in nested.indices {
      let host = model.nestedHosts[nested[index].hostIndex].id
      guard model.layout.providers[host] == .nestedLayout, providerLayout(of: host) != nil else {
        continue
      }
      nested[index].mount.withValue { body(&$0, host) }
    }
    for list in componentLists.indices {
      let host = componentLists[list].componentID
      guard model.layout.providers[host] == .componentList, providerLayout(of: host) != nil
      else { continue }
      for item in componentLists[list].artboardItems
      where componentLists[list].items[item].hasArtboard {
        componentLists[list].items[item].withArtboard { body(&$0, host) }
      }
    }
  }

  // MARK: - Joining a host's tree

  /// Puts the roots of the artboards this instance hosts under its tree (and theirs, in
  /// turn), with their overrides, and syncs the layouts that hold them.
  mutating func attachHostedLayouts() {
    guard layout.isOn, layout.updatesOwnLayout else { return }
    var tree = takeLayoutTree()
    attachHosted(into: &tree)
    putLayoutTree(tree)
  }

  /// Attaches hosted artboards' nodes to `tree` (this instance's nodes are already in it).
  mutating func attachHosted(into tree: inout LayoutTree) {
    var overrides: [Int: HostOverride] = [:]
    for host in hostingComponents() { overrides[host] = hostOverride(host) }
    guard !overrides.isEmpty else { return }
    forEachHostedArtboard { artboard, host in
      artboard.joinHostLayout(tree: &tree)
      if let value = overrides[host] {
        artboard.applyHostOverride(value.choosing(artboard: artboard.model.index))
      }
    }
    for item in model.layout.items.indices where model.layout.items[item].participant < 0 {
      syncLayoutChildren(item)
    }
  }

  /// The components whose artboards this instance hosts.
  func hostingComponents() -> [Int] {
    var hosts: [Int] = []
    for host in model.nestedHosts where model.layout.providers[host.id] == .nestedLayout {
      if providerLayout(of: host.id) != nil { hosts.append(host.id) }
    }
    for list in componentLists where model.layout.providers[list.componentID] == .componentList {
      if providerLayout(of: list.componentID) != nil { hosts.append(list.componentID) }
    }
    return hosts
  }

  /// Makes this artboard's layout live in `tree` (its host's): fresh nodes there, marked as
  /// a new layout is, and the same for what it hosts.
  mutating func joinHostLayout(tree: inout LayoutTree) {
    // What it nests solves layout too (its own tree, unless this artboard hosts it).
    for index in nested.indices {
      nested[index].mount.withValue { if !$0.layout.isOn { $0.solveLayout(true) } }
    }
    for list in componentLists.indices {
      for item in componentLists[list].artboardItems
      where componentLists[list].items[item].hasArtboard {
        componentLists[list].items[item].withArtboard {
          if !$0.layout.isOn { $0.solveLayout(true) }
        }
      }
    }
    let items = model.layout.items
    var state = ArtboardLayout(itemCount: items.count)
    state.updatesOwnLayout = false
    state.makeNodes(in: &tree)
    state.items[0].box = LayoutBox(
      left: 0, top: 0, width: float(0, Slot.layoutComponentWidth),
      height: float(0, Slot.layoutComponentHeight))
    layout = state
    markNewLayout()
    layout.set(0, LayoutItemFlag.justAddedToHost, true)
    attachHosted(into: &tree)
  }

  /// What a host tells a hosted artboard's root: its parent's direction and stack-ness, and
  /// for a nested artboard layout (or a list's override of its items) the instance size per
  /// axis.
  struct HostOverride {
    var isRow = true
    var isStack = false
    /// Whether the sizes below apply (a nested artboard layout, or a list item an override
    /// applies to).
    var isNestedLayout = false
    var widthScale: UInt32 = 0
    var heightScale: UInt32 = 0
    /// The instance size, or -1 for the artboard's own.
    var width: Float = -1
    var height: Float = -1
    var widthUnits: UInt32 = 1
    var heightUnits: UInt32 = 1
    /// For an artboard list: the sizes its overrides give items, by the item's artboard (its
    /// index in the file); items of other artboards keep their own.
    var listSizes: [Int: HostOverride] = [:]

    /// The overrides for a hosted artboard of file artboard `index`.
    func choosing(artboard index: Int) -> HostOverride {
      guard !listSizes.isEmpty, var sized = listSizes[index] else { return self }
      sized.isRow = isRow
      sized.isStack = isStack
      return sized
    }
  }

  /// The overrides host component `host` gives the artboards it hosts.
  func hostOverride(_ host: Int) -> HostOverride {
    var value = HostOverride()
    let parent = providerLayout(of: host)
    value.isRow = parent.map { layoutMainAxisIsRow($0) } ?? true
    value.isStack =
      parent.flatMap { model.layout.item(of: $0) }.map { styleIsStack(layoutStyleObject($0)) }
      ?? false
    if model.layout.providers[host] == .componentList {
      value.listSizes = listOverrideSizes(host)
      return value
    }
    guard model.layout.providers[host] == .nestedLayout else { return value }
    value.isNestedLayout = true
    value.widthScale = uint(host, Slot.nestedArtboardLayoutInstanceWidthScaleType)
    value.heightScale = uint(host, Slot.nestedArtboardLayoutInstanceHeightScaleType)
    value.width = float(host, Slot.nestedArtboardLayoutInstanceWidth)
    value.height = float(host, Slot.nestedArtboardLayoutInstanceHeight)
    value.widthUnits = uint(host, Slot.nestedArtboardLayoutInstanceWidthUnitsValue)
    value.heightUnits = uint(host, Slot.nestedArtboardLayoutInstanceHeightUnitsValue)
    return value
  }

  /// The sizes artboard list `list`'s overrides (its `ArtboardComponentListOverride`
  /// children) give its items, by the items' artboard: an override names an artboard, or any
  /// (-1); an item takes the one naming the first artboard of its view model (the last
  /// artboard when none has it), else the last that names any, as the runtime attaches them.
  func listOverrideSizes(_ list: Int) -> [Int: HostOverride] {
    guard list >= 0, list < model.children.count else { return [:] }
    var overrides: [Int] = []
    for child in model.children[list]
    where UInt32(model.types[Int(child)]) == TypeKey.artboardComponentListOverride {
      overrides.append(Int(child))
    }
    guard !overrides.isEmpty, let bindings = storeBox.read({ $0.model.artboards }),
      !bindings.isEmpty
    else { return [:] }
    var sizes: [Int: HostOverride] = [:]
    for artboard in bindings.indices {
      let viewModel = bindings[artboard].viewModel
      let first =
        viewModel.flatMap { vm in bindings.firstIndex { $0.viewModel == vm } }
        ?? bindings.count - 1
      var chosen: Int?
      for id in overrides {
        let named = uint(id, Slot.artboardComponentListOverrideArtboardId)
        if named == UInt32.max {
          chosen = id
        } else if Int(named) == first {
          chosen = id
          break
        }
      }
      guard let id = chosen else { continue }
      var value = HostOverride()
      value.isNestedLayout = true
      value.widthScale = uint(id, Slot.artboardComponentListOverrideInstanceWidthScaleType)
      value.heightScale = uint(id, Slot.artboardComponentListOverrideInstanceHeightScaleType)
      value.width = float(id, Slot.artboardComponentListOverrideInstanceWidth)
      value.height = float(id, Slot.artboardComponentListOverrideInstanceHeight)
      value.widthUnits = uint(id, Slot.artboardComponentListOverrideInstanceWidthUnitsValue)
      value.heightUnits = uint(id, Slot.artboardComponentListOverrideInstanceHeightUnitsValue)
      sizes[artboard] = value
    }
    return sizes
  }

  /// Takes a host's overrides on this (hosted) artboard's root: fixed (the instance size in
  /// its units), fill (auto) or hug per axis, as the runtime's `StyleOverrider` sets them.
  mutating func applyHostOverride(_ value: HostOverride) {
    guard layout.isOn else { return }
    layout.set(0, LayoutItemFlag.parentIsStack, value.isStack)
    layout.set(0, LayoutItemFlag.parentIsRow, value.isRow)
    if value.isNestedLayout {
      let width = value.width == -1 ? model.float(0, Slot.layoutComponentWidth) : value.width
      let height = value.height == -1 ? model.float(0, Slot.layoutComponentHeight) : value.height
      switch value.widthScale {
      case 0:
        layout.set(0, LayoutItemFlag.widthIntrinsicOverride, false)
        layout.widthOverride = width
        layout.widthUnitOverride = Int8(truncatingIfNeeded: value.widthUnits)
      case 1:
        layout.set(0, LayoutItemFlag.widthIntrinsicOverride, false)
        layout.widthOverride = width
        layout.widthUnitOverride = 3
      case 2:
        layout.set(0, LayoutItemFlag.widthIntrinsicOverride, true)
        layout.widthUnitOverride = 3
      default:
        break
      }
      switch value.heightScale {
      case 0:
        layout.set(0, LayoutItemFlag.heightIntrinsicOverride, false)
        layout.heightOverride = height
        layout.heightUnitOverride = Int8(truncatingIfNeeded: value.heightUnits)
      case 1:
        layout.set(0, LayoutItemFlag.heightIntrinsicOverride, false)
        layout.heightOverride = height
        layout.heightUnitOverride = 3
      default:
        // The official runtime hugs the height when the *width* hugs.
        if value.widthScale == 2 {
          layout.set(0, LayoutItemFlag.heightIntrinsicOverride, true)
          layout.heightUnitOverride = 3
        }
      }
    }
    markLayoutNodeDirty(0)
  }

  /// A nested artboard layout's (or an artboard list override's) instance size or scale
  /// changed: its artboards' overrides are set again.
  mutating func nestedLayoutOverridesChanged(_ host: Int) {
    guard layout.isOn else { return }
    refreshHostOverrides(host)
    needsUpdate = true
  }

  /// Sets the overrides of every artboard component `host` hosts again.
  mutating func refreshHostOverrides(_ host: Int) {
    let value = hostOverride(host)
    forEachHostedArtboard { artboard, hosting in
      guard hosting == host, artboard.layout.isOn, !artboard.layout.updatesOwnLayout else {
        return
      }
      artboard.applyHostOverride(value.choosing(artboard: artboard.model.index))
    }
  }

  // MARK: - Syncing hosted artboards

  /// Syncs hosted artboards' queued changes into `tree`; returns whether there were any.
  mutating func syncHostedLayouts(tree: inout LayoutTree) -> Bool {
    guard model.layout.hasHosts else { return false }
    var updated = false
    // Artboards made since the last sync (a swapped-in artboard, new list items) join the
    // tree; their layouts' children are collected again.
    var joined = false
    var hostedCount = 0
    forEachHostedArtboard { artboard, _ in
      hostedCount += 1
      if !artboard.layout.isOn || artboard.layout.updatesOwnLayout { joined = true }
    }
    // Only items leaving a virtualized window: the layouts keep their children as they are.
    let onlyLeft =
      !joined && !layout.virtualItemEntered && layout.virtualItemsLeft > 0
      && hostedCount + layout.virtualItemsLeft == layout.hostedCount
    layout.virtualItemsLeft = 0
    layout.virtualItemEntered = false
    if onlyLeft {
      layout.hostedCount = hostedCount
    } else if joined || hostedCount != layout.hostedCount {
      var values: [Int: HostOverride] = [:]
      for host in hostingComponents() { values[host] = hostOverride(host) }
      forEachHostedArtboard { artboard, host in
        guard !artboard.layout.isOn || artboard.layout.updatesOwnLayout else { return }
        artboard.joinHostLayout(tree: &tree)
        if let value = values[host] {
          artboard.applyHostOverride(value.choosing(artboard: artboard.model.index))
        }
      }
      for item in model.layout.items.indices where model.layout.items[item].participant < 0 {
        syncLayoutChildren(item)
      }
      layout.hostedCount = hostedCount
      updated = true
    }
    forEachHostedArtboard { artboard, _ in
      guard artboard.layout.isOn, !artboard.layout.updatesOwnLayout else { return }
      if artboard.syncLayoutStyleChanges(tree: &tree) { updated = true }
    }
    return updated
  }

  /// Takes the solved boxes of a list's item artboards.
  mutating func updateListLayoutBounds(
    _ list: Int, animate: Bool, tree: inout LayoutTree, level: Int = 0
  ) {
    guard let index = componentListIndex(list) else { return }
    for item in componentLists[index].artboardItems
    where componentLists[index].items[item].hasArtboard {
      componentLists[index].items[item].withArtboard {
        guard $0.layout.isOn, !$0.layout.updatesOwnLayout else { return }
        $0.updateLayoutBounds(0, animate: animate, tree: &tree, level: level)
      }
    }
    componentLists[index].isDirty = true
    needsUpdate = true
    markWorldTransformDirty(list)
  }

  /// Passes animation settings and direction to a list's item artboards.
  mutating func cascadeListLayoutStyle(
    _ list: Int, interpolation: UInt8, interpolator: LayoutCurve?, time: Float,
    direction: LayoutDirection, level: Int = 0
  ) {
    guard let index = componentListIndex(list) else { return }
    for item in componentLists[index].artboardItems
    where componentLists[index].items[item].hasArtboard {
      componentLists[index].items[item].withArtboard {
        $0.cascadeLayoutStyle(
          0, interpolation: interpolation, interpolator: interpolator, time: time,
          direction: direction, level: level)
      }
    }
  }

  // MARK: - Measuring hosted nodes

  /// Measures `node` through the hosted artboard that owns it.
  mutating func measureHostedNode(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float)? {
    var result: (width: Float, height: Float)?
    forEachHostedArtboard { artboard, _ in
      guard result == nil, artboard.layout.isOn, !artboard.layout.updatesOwnLayout else { return }
      result = artboard.measureLayoutNode(
        node, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
    }
    return result
  }
}
