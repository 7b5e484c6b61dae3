@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Layout in the runtime: the layout tree of an artboard instance (the artboard, its layout
/// components and participants, and the roots of artboards it hosts), styles synced into it
/// when they change, solved in the update pass, and the solved boxes flowing back into world
/// transforms, content sizes and drawing — as the official runtime built with layout does.
extension ArtboardInstance {
  // MARK: - Turning layout on

  /// Solves layout in every update pass from now on (in this instance, its nested artboards
  /// and list items, and those made later), as the runtime built with layout does; false goes
  /// back to leaving layout components at their stored place and size (the layout-off runtime
  /// the reference streams were recorded with).
  package mutating func solveLayout(_ on: Bool) {
    if on == layout.isOn { return }
    drawInputs &+= 1
    if on {
      startLayout()
    } else {
      layout = ArtboardLayout()
      for c in 0..<geometryModel.objectCount where geometryModel.kinds[c].isTransform {
        markTransformDirty(c)
      }
    }
    for index in nested.indices {
      nested[index].mount.withValue { $0.solveLayout(on) }
    }
    for list in componentLists.indices {
      for item in componentLists[list].artboardItems
      where componentLists[list].items[item].hasArtboard {
        componentLists[list].items[item].withArtboard { $0.solveLayout(on) }
      }
    }
    if on { attachHostedLayouts() }
  }

  /// Whether layout is solved in this instance.
  package var solvesLayout: Bool { layout.isOn }

  /// How deep the walks over this instance's layout recurse: the deeper of its model's layout
  /// items and its solved tree (which holds the artboards it hosts); 0 with layout off or
  /// while a host lays it out.
  var layoutDepth: Int {
    mutating get {
      guard layout.isOn, layout.updatesOwnLayout else { return 0 }
      guard model.layout.depth > LayoutTree.inlineDepth || model.layout.hasHosts else {
        return model.layout.depth
      }
      guard let root = layout.items.first?.node else { return model.layout.depth }
      return max(model.layout.depth, layout.tree.depth(under: root))
    }
  }

  /// Makes the layout state and tree, and marks everything as the runtime's linking does.
  private mutating func startLayout() {
    let items = model.layout.items
    var state = ArtboardLayout(itemCount: items.count)
    var tree = LayoutTree()
    state.makeNodes(in: &tree)
    state.tree = tree
    state.items[0].box = LayoutBox(
      left: 0, top: 0, width: float(0, Slot.layoutComponentWidth),
      height: float(0, Slot.layoutComponentHeight))
    layout = state
    markNewLayout()
  }

  /// Marks a new layout as the runtime's linking does: every layout's style dirty and its
  /// children collected, every participant joined to its layout and its host's place dirty,
  /// the artboard in its set of layouts to sync.
  mutating func markNewLayout() {
    let items = model.layout.items
    for item in items.indices {
      let c = Int(items[item].component)
      if items[item].participant >= 0 {
        // Its style is written when its layout syncs (a layout syncs its participants).
        if let owner = layoutParent(of: c), let ownerItem = model.layout.item(of: owner) {
          syncLayoutChildren(ownerItem)
        }
        markWorldTransformDirty(c)
        markLayoutNodeDirty(item, forceUpdateBounds: true)
      } else {
        markLayoutStyleDirty(item)
        syncLayoutChildren(item)
        if item != 0, layoutStyleHidden(item) { collapse(c, true) }
      }
    }
    markLayoutDirty(0)
  }

  /// Whether layout item `item`'s style hides it (`display: none`).
  func layoutStyleHidden(_ item: Int) -> Bool {
    let style = layoutStyleObject(item)
    return style >= 0
      && uint(style, Slot.layoutSizingStyleDisplayValue) == UInt32(Display.none.rawValue)
  }

  /// Whether layout component `c` (not the artboard) is hidden by its own style while layout is
  /// solved: the runtime built with layout counts such a layout collapsed, whatever its parent
  /// passes down.
  func layoutDisplayHides(_ c: Int) -> Bool {
    guard layout.isOn, c != 0, let item = model.layout.item(of: c),
      model.layout.providers[c] == .layout
    else { return false }
    return layoutStyleHidden(item)
  }

  /// Whether `c`'s parent collapses it: the parent is collapsed, or `c` is a solo's inactive
  /// member.
  func collapsedByParent(_ c: Int) -> Bool {
    let parent = Int(model.parents[c])
    guard parent >= 0 else { return false }
    if isCollapsed(parent) { return true }
    if geometryModel.kinds[parent] == .solo,
      geometryModel.soloMembers[parent].contains(Int32(c))
    {
      return Int(uint(parent, Slot.soloActiveComponentId)) != c
    }
    return false
  }

  // MARK: - The tree

  /// Moves the tree this instance solves out of its state (put it back with
  /// ``putLayoutTree(_:)``), so that it can be changed while the instance is read.
  mutating func takeLayoutTree() -> LayoutTree {
    guard layout.isOn else { return LayoutTree() }
    var tree = LayoutTree()
    swap(&tree, &layout.tree)
    return tree
  }

  mutating func putLayoutTree(_ tree: consuming LayoutTree) {
    guard layout.isOn else { return }
    layout.tree = tree
  }

  // MARK: - Dirt

  /// A layout item's node changed (the runtime's `markLayoutNodeDirty`): it is synced and the
  /// tree solved again in the next update pass.
  ///
  /// - Parameters:
  ///   - item: The layout item.
  ///   - forceUpdateBounds: Whether its bounds are taken after the next solve even if equal.
  ///   - dirtiesArtboard: Whether the artboard is marked as needing an update (false for marks
  ///     made once the update's components are done: the runtime makes them inside its
  ///     component loop, which takes the artboard's mark back, so they wait for the next pass).
  mutating func markLayoutNodeDirty(
    _ item: Int, forceUpdateBounds: Bool = false, dirtiesArtboard: Bool = true
  ) {
    guard layout.isOn, item < layout.items.count else { return }
    let entry = model.layout.items[item]
    if entry.participant >= 0 {
      layout.pendingDirty.append(layout.items[item].node)
      if let owner = layoutParent(of: Int(entry.component)),
        let ownerItem = model.layout.item(of: owner)
      {
        markLayoutNodeDirty(
          ownerItem, forceUpdateBounds: forceUpdateBounds, dirtiesArtboard: dirtiesArtboard)
      }
      return
    }
    if forceUpdateBounds { layout.set(item, LayoutItemFlag.forceUpdateBounds, true) }
    layout.pendingDirty.append(layout.items[item].node)
    markLayoutDirty(item, dirtiesArtboard: dirtiesArtboard)
  }

  /// Puts a layout item in the artboard's set of layouts to sync (and, unless told otherwise,
  /// marks the artboard as needing an update).
  mutating func markLayoutDirty(_ item: Int, dirtiesArtboard: Bool = true) {
    guard layout.isOn else { return }
    if !layout.has(item, LayoutItemFlag.dirty) {
      layout.set(item, LayoutItemFlag.dirty, true)
      layout.dirtyItems.append(Int32(item))
    }
    if dirtiesArtboard { addDirt(0, Dirt.components) }
  }

  /// A layout's style changed in a way its children inherit (animation, direction, corner
  /// radii): it and the artboard cascade again.
  mutating func markLayoutStyleDirty(_ item: Int) {
    guard layout.isOn else { return }
    clearInheritedInterpolation(item)
    let c = Int(model.layout.items[item].component)
    addDirt(c, Dirt.layoutStyle)
    if c != 0 {
      clearInheritedInterpolation(0)
      addDirt(0, Dirt.layoutStyle)
    }
  }

  private mutating func clearInheritedInterpolation(_ item: Int) {
    layout.items[item].inheritedInterpolation = 0
    layout.items[item].inheritedInterpolator = nil
    layout.items[item].inheritedTime = 0
  }

  // MARK: - Children

  /// Visits the layout providers a layout component lays out: its children that provide a
  /// node, and those inside groups and the active child of solos (depth first, so layout order
  /// follows the hierarchy). `visit` returns false to stop.
  func forEachLayoutProvider(of c: Int, _ visit: (Int, LayoutModel.Provider) -> Bool) {
    var stopped = false
    walkLayoutProviders(of: c, nested: false, depth: 0, stopped: &stopped, visit)
  }

  /// The layout providers ``forEachLayoutProvider(of:_:)`` visits, in order, gathered first so
  /// that a mutating walk can change the instance as it goes (a closure that mutates the
  /// instance while a non-mutating method runs on it works on a copy of it, and each change
  /// then copies the arrays it touches).
  func layoutProviderList(of c: Int) -> [(child: Int, provider: LayoutModel.Provider)] {
    var list: [(child: Int, provider: LayoutModel.Provider)] = []
    forEachLayoutProvider(of: c) { child, provider in
      list.append((child, provider))
      return true
    }
    return list
  }

  private func walkLayoutProviders(
    of c: Int, nested: Bool, depth: Int, stopped: inout Bool,
    _ visit: (Int, LayoutModel.Provider) -> Bool
  ) {
    guard depth < 256, c >= 0, c < model.children.count else { return }
    func consider(_ child: Int) {
      let provider = model.layout.providers[child]
      if provider != .none {
        if !nested || joinsLayoutThroughContainer(child, provider) {
          if !visit(child, provider) { stopped = true }
        }
      } else if isTransparentLayoutContainer(child) {
        walkLayoutProviders(of: child, nested: true, depth: depth + 1, stopped: &stopped, visit)
      }
    }
    if geometryModel.kinds[c] == .solo && model.layout.providers[c] == .none {
      let active = Int(uint(c, Slot.soloActiveComponentId))
      for child in model.children[c] where Int(child) == active {
        consider(active)
        break
      }
      return
    }
    for child in model.children[c] {
      if stopped { return }
      consider(Int(child))
    }
  }

  /// Groups (plain nodes) and solos are transparent to layout: the layout above sees through
  /// them.
  func isTransparentLayoutContainer(_ c: Int) -> Bool {
    UInt32(model.types[c]) == TypeKey.node || geometryModel.kinds[c] == .solo
  }

  /// An artboard list inside a group joins the layout above only when it says so.
  private func joinsLayoutThroughContainer(_ c: Int, _ provider: LayoutModel.Provider) -> Bool {
    guard provider == .componentList else { return true }
    return uint(c, Slot.drawableDrawableFlags) & (1 << 8) != 0
  }

  /// The nodes a provider adds to its layout's children.
  private func providerNodes(
    _ child: Int, _ provider: LayoutModel.Provider, into nodes: inout [LayoutNodeID]
  ) {
    guard layout.isOn else { return }
    switch provider {
    case .layout, .participant:
      if let item = model.layout.item(of: child) { nodes.append(layout.items[item].node) }
    case .nestedLayout:
      if let index = nestedIndex(forHost: child), let artboard = nested[index].artboard,
        case let hosted = artboard.layout, hosted.isOn, !hosted.updatesOwnLayout,
        !hosted.items.isEmpty
      {
        nodes.append(hosted.items[0].node)
      }
    case .componentList:
      if let list = componentListIndex(child) {
        for index in componentLists[list].artboardItems
        where componentLists[list].items[index].hasArtboard {
          if let hosted = componentLists[list].items[index].artboard?.layout, hosted.isOn,
            !hosted.updatesOwnLayout, !hosted.items.isEmpty
          {
            nodes.append(hosted.items[0].node)
          }
        }
      }
    case .none:
      break
    }
  }

  /// Sets a layout component's node children from its providers, in layout order.
  mutating func syncLayoutChildren(_ item: Int) {
    guard layout.isOn, model.layout.items[item].participant < 0 else { return }
    var children: [LayoutNodeID] = []
    forEachLayoutProvider(of: Int(model.layout.items[item].component)) { child, provider in
      providerNodes(child, provider, into: &children)
      return true
    }
    layout.pendingChildren.append((layout.items[item].node, children))
    markLayoutNodeDirty(item)
  }

  // MARK: - Syncing and solving

  /// Applies the tree changes this instance queued (dirty nodes, new children) to `tree`.
  mutating func applyPendingLayoutChanges(tree: inout LayoutTree) {
    guard layout.isOn else { return }
    if !layout.pendingChildren.isEmpty {
      for (node, children) in layout.pendingChildren { tree.setChildren(children, of: node) }
      layout.pendingChildren.removeAll(keepingCapacity: true)
    }
    if !layout.pendingDirty.isEmpty {
      for node in layout.pendingDirty { tree.markDirty(node) }
      layout.pendingDirty.removeAll(keepingCapacity: true)
    }
  }

  /// Syncs the styles of the layouts marked dirty (and of hosted artboards); returns whether
  /// there were any.
  mutating func syncLayoutStyleChanges(tree: inout LayoutTree) -> Bool {
    guard layout.isOn else { return false }
    var updated = false
    if syncHostedLayouts(tree: &tree) { updated = true }
    applyPendingLayoutChanges(tree: &tree)
    if !layout.dirtyItems.isEmpty {
      var dirty: [Int32] = []
      swap(&dirty, &layout.dirtyItems)
      for item in dirty {
        let i = Int(item)
        layout.set(i, LayoutItemFlag.dirty, false)
        syncLayoutStyle(i, tree: &tree)
        // A layout syncs the participants it lays out (they have no dirty entry of their own).
        let c = Int(model.layout.items[i].component)
        for (child, provider) in layoutProviderList(of: c) where provider == .participant {
          if let p = model.layout.item(of: child) { syncLayoutStyle(p, tree: &tree) }
        }
      }
      dirty.removeAll(keepingCapacity: true)
      if layout.dirtyItems.isEmpty { swap(&dirty, &layout.dirtyItems) }
      applyPendingLayoutChanges(tree: &tree)
      updated = true
    }
    return updated
  }

  /// Syncs styles and, when this artboard solves its own layout (or `force`), solves the tree
  /// and applies the new boxes (the runtime's `syncStyleChangesWithUpdate`). An artboard laid
  /// out by a host leaves its changes for the host.
  mutating func syncLayoutWithUpdate(force: Bool = false) {
    guard layout.isOn, layout.updatesOwnLayout else { return }
    // A steady frame: nothing to sync or solve, and the tree stays where it is.
    if layoutSyncIsIdle() { return }
    drawInputs &+= 1
    var tree = takeLayoutTree()
    if syncLayoutStyleChanges(tree: &tree) {
      calculateLayout(tree: &tree)
      updateLayoutBounds(0, animate: true, tree: &tree)
      applyPendingLayoutChanges(tree: &tree)
    }
    putLayoutTree(tree)
  }

  /// Whether a sync would find nothing to do (``syncLayoutStyleChanges(tree:)`` would change
  /// nothing and report nothing): no style, dirt or children change queued here, and no
  /// hosted artboard joining, leaving or with changes of its own.
  mutating func layoutSyncIsIdle(depth: Int = 0) -> Bool {
    guard layout.dirtyItems.isEmpty, layout.pendingDirty.isEmpty, layout.pendingChildren.isEmpty
    else { return false }
    guard model.layout.hasHosts else { return true }
    guard depth < 64 else { return false }
    var count = 0
    var idle = true
    forEachHostedArtboard { artboard, _ in
      count += 1
      guard idle else { return }
      if !artboard.layout.isOn || artboard.layout.updatesOwnLayout
        || !artboard.layoutSyncIsIdle(depth: depth + 1)
      {
        idle = false
      }
    }
    return idle && count == layout.hostedCount
  }

  /// Solves the tree from the artboard's root: its width and height available, unless its
  /// style hugs (then the content decides).
  private mutating func calculateLayout(tree: inout LayoutTree) {
    guard let root = layout.items.first?.node else { return }
    let style = layoutStyleObject(0)
    let intrinsic = style >= 0 && styleIsIntrinsicallySized(style)
    let width: Float = intrinsic ? .nan : float(0, Slot.layoutComponentWidth)
    let height: Float = intrinsic ? .nan : float(0, Slot.layoutComponentHeight)
    withUnsafeMutablePointer(to: &self) { instance in
      var measurer = InstanceLayoutMeasurer(instance: instance)
      tree.calculateLayout(
        root: root, availableWidth: width, availableHeight: height, direction: .inherit,
        measurer: &measurer)
    }
    layout.solveCount += 1
  }

  // MARK: - Solved boxes

  /// Takes the solved boxes of item `item` and its providers into the instance (the runtime's
  /// `updateLayoutBounds`): a changed box moves the component and resizes what it holds, or
  /// starts an animation towards it. `level` is how deep the walk is (it stops past the
  /// solver's maximum depth, whose stack it runs on).
  mutating func updateLayoutBounds(
    _ item: Int, animate: Bool, tree: inout LayoutTree, level: Int = 0
  ) {
    guard layout.isOn, item < layout.items.count, level <= LayoutTree.maximumDepth else { return }
    let node = layout.items[item].node
    guard tree.hasNewLayout(node) else { return }
    tree.clearNewLayout(node)
    // A new layout may change what scroll bars measure (content, viewport, track).
    if level == 0 { placeAllScrollBars() }
    let entry = model.layout.items[item]
    if entry.participant >= 0 {
      updateParticipantBounds(item, animate: animate, tree: &tree)
      return
    }
    let c = Int(entry.component)
    for (child, provider) in layoutProviderList(of: c) {
      switch provider {
      case .layout, .participant:
        if let childItem = model.layout.item(of: child) {
          updateLayoutBounds(childItem, animate: animate, tree: &tree, level: level + 1)
        }
      case .nestedLayout:
        if let index = nestedIndex(forHost: child) {
          nested[index].mount.withValue {
            guard $0.layout.isOn, !$0.layout.updatesOwnLayout else { return }
            $0.updateLayoutBounds(0, animate: animate, tree: &tree, level: level + 1)
          }
          // Its artboard updates in this pass with its new boxes.
          nested[index].isDirty = true
          needsUpdate = true
          markWorldTransformDirty(child)
        }
      case .componentList:
        updateListLayoutBounds(child, animate: animate, tree: &tree, level: level + 1)
      case .none:
        break
      }
    }
    let solved = tree.layout(of: node)
    let newBox = LayoutBox(
      left: solved.left, top: solved.top, width: solved.width, height: solved.height)
    layout.items[item].padding = LayoutBox(
      left: solved.padding.left, top: solved.padding.top, width: solved.padding.right,
      height: solved.padding.bottom)
    let current = layout.items[item].box
    if layout.has(item, LayoutItemFlag.justAddedToHost) {
      layout.set(item, LayoutItemFlag.justAddedToHost, false)
      layout.items[item].box = newBox
      if layout.has(item, LayoutItemFlag.isSmoothing) {
        layout.items[item].trackB = LayoutTrack(from: newBox, to: newBox, elapsed: 0)
      } else {
        layout.items[item].trackA = LayoutTrack(from: newBox, to: newBox, elapsed: 0)
      }
      propagateLayoutSize(item)
      markWorldTransformDirty(c)
      layout.set(item, LayoutItemFlag.forceUpdateBounds, false)
      return
    }
    let force = layout.has(item, LayoutItemFlag.forceUpdateBounds)
    if animate && layoutAnimates(item) {
      let smoothing = layout.has(item, LayoutItemFlag.isSmoothing)
      let track = smoothing ? layout.items[item].trackB : layout.items[item].trackA
      if newBox != track.to || force {
        if track.elapsed != 0 {
          if smoothing { layout.items[item].trackA = layout.items[item].trackB }
          layout.set(item, LayoutItemFlag.isSmoothing, true)
        } else {
          layout.set(item, LayoutItemFlag.isSmoothing, false)
        }
        let fresh = LayoutTrack(from: current, to: newBox, elapsed: 0)
        if layout.has(item, LayoutItemFlag.isSmoothing) {
          layout.items[item].trackB = fresh
        } else {
          layout.items[item].trackA = fresh
        }
        propagateLayoutSize(item)
        markWorldTransformDirty(c)
      }
    } else if newBox != current || force {
      if current.width != newBox.width || current.height != newBox.height {
        addDirt(c, Dirt.path)
      }
      layout.items[item].box = newBox
      layout.items[item].trackA.to = newBox
      propagateLayoutSize(item)
      markWorldTransformDirty(c)
    }
    layout.set(item, LayoutItemFlag.forceUpdateBounds, false)
  }

  // MARK: - Content sizes

  /// Gives every content child of a layout (not a layout, a group or a participant) the
  /// layout's size, as the runtime's `propagateSize` does.
  mutating func propagateLayoutSize(_ item: Int) {
    // An artboard's new size only rebuilds its background (its content is not resized).
    if item == 0 {
      addDirt(0, Dirt.path)
      return
    }
    let c = Int(model.layout.items[item].component)
    guard model.layout.items[item].participant < 0, !isCollapsed(c) else { return }
    let style = layoutStyleObject(item)
    guard style >= 0, layout.isOn else { return }
    let box = layout.items[item].box
    let widthScale = widthScale(ofStyle: style)
    let heightScale = heightScale(ofStyle: style)
    let direction = layoutActualDirection(item)
    var stack: [Int] = [c]
    var steps = 0
    while let container = stack.popLast(), steps < 4 * model.types.count + 16 {
      steps += 1
      for child in model.children[container] {
        let k = Int(child)
        if model.layout.providers[k] == .layout || UInt32(model.types[k]) == TypeKey.node {
          continue
        }
        if model.layout.providers[k] != .none { continue }
        if isIntrinsicallySizeable(k) {
          controlSize(
            k, width: box.width, height: box.height, widthScale: widthScale,
            heightScale: heightScale, direction: direction)
          if !propagatesSizeToChildren(k) { continue }
        }
        stack.append(k)
      }
    }
  }

  /// Whether component `c` takes a size from its layout (a transform component or joystick).
  func isIntrinsicallySizeable(_ c: Int) -> Bool {
    geometryModel.kinds[c].isTransform || model.isA(c, TypeKey.joystick)
  }

  /// Whether the size given to `c` goes on to its children (N-sliced nodes and joysticks keep
  /// it).
  func propagatesSizeToChildren(_ c: Int) -> Bool {
    !(model.isA(c, TypeKey.nSlicedNode) || model.isA(c, TypeKey.joystick))
  }

  /// A layout tells content component `c` its size (the runtime's `controlSize`).
  mutating func controlSize(
    _ c: Int, width: Float, height: Float, widthScale: LayoutScale, heightScale: LayoutScale,
    direction: LayoutDirection
  ) {
    switch geometryModel.kinds[c] {
    case .shape:
      if let item = model.layout.item(of: c), model.layout.items[item].participant >= 0 {
        updateShapeLayoutScale(item, width: width, height: height)
        return
      }
      // The shape's first parametric path takes the size.
      for path in geometryModel.shapePaths[c] where geometryModel.kinds[Int(path)].isParametric {
        controlSize(
          Int(path), width: width, height: height, widthScale: widthScale,
          heightScale: heightScale, direction: direction)
        break
      }
    case .rectangle, .ellipse, .triangle, .polygon, .star:
      setFloat(c, offset: Slot.parametricPathWidth, key: PropertyKey.parametricPathWidth, width)
      setFloat(c, offset: Slot.parametricPathHeight, key: PropertyKey.parametricPathHeight, height)
      markWorldTransformDirty(c)
    case .image:
      // Kept even while the image has none (a referenced image may arrive later).
      let size = ControlledSize(
        width: width, height: height, widthScale: widthScale.rawValue,
        heightScale: heightScale.rawValue, direction: direction)
      if controlledSize(of: c).map({ $0.width != width || $0.height != height }) ?? true {
        setControlledSize(c, size)
        updateImageScale(c)
      }
    default:
      if isText(c) {
        let size = ControlledSize(
          width: width, height: height, widthScale: widthScale.rawValue,
          heightScale: heightScale.rawValue, direction: direction)
        if controlledSize(of: c) != size {
          setControlledSize(c, size)
          textLayoutChanged(c)
        }
      } else if model.isA(c, TypeKey.nSlicedNode) {
        setFloat(c, offset: Slot.nSlicedNodeWidth, key: PropertyKey.nSlicedNodeWidth, width)
        setFloat(c, offset: Slot.nSlicedNodeHeight, key: PropertyKey.nSlicedNodeHeight, height)
        markWorldTransformDirty(c)
      } else if model.isA(c, TypeKey.joystick) {
        setFloat(c, offset: Slot.joystickWidth, key: PropertyKey.joystickWidth, width)
        setFloat(c, offset: Slot.joystickHeight, key: PropertyKey.joystickHeight, height)
        setFloat(
          c, offset: Slot.joystickPosX, key: PropertyKey.joystickPosX,
          width * float(c, Slot.joystickOriginX))
        setFloat(
          c, offset: Slot.joystickPosY, key: PropertyKey.joystickPosY,
          height * float(c, Slot.joystickOriginY))
      }
    }
  }

  /// The size a layout gave component `c`, if one did.
  func controlledSize(of c: Int) -> ControlledSize? {
    guard layout.isOn, c >= 0, c < layout.controlled.count else { return nil }
    let size = layout.controlled[c]
    return size.widthScale == .max && size.width.isNaN ? nil : size
  }

  mutating func setControlledSize(_ c: Int, _ size: ControlledSize) {
    guard layout.isOn, c >= 0, c < model.types.count else { return }
    if layout.controlled.isEmpty {
      layout.controlled = [ControlledSize](repeating: ControlledSize(), count: model.types.count)
    }
    layout.controlled[c] = size
  }

  /// A text's layout inputs changed (its controlled size): it is laid out again.
  mutating func textLayoutChanged(_ c: Int) {
    textCache.inputVersion &+= 1
    markWorldTransformDirty(c)
  }

  // MARK: - Cascade

  /// Passes animation settings and writing direction down the layout tree (the runtime's
  /// `cascadeLayoutStyle`); returns whether something changed. `level` is how deep the walk is
  /// (it stops past the solver's maximum depth).
  @discardableResult
  mutating func cascadeLayoutStyle(
    _ item: Int, interpolation: UInt8, interpolator: LayoutCurve?, time: Float,
    direction: LayoutDirection, level: Int = 0
  ) -> Bool {
    guard layout.isOn, level <= LayoutTree.maximumDepth else { return false }
    let entry = model.layout.items[item]
    if entry.participant >= 0 {
      return cascadeParticipant(
        item, interpolation: interpolation, interpolator: interpolator, time: time)
    }
    var updated = false
    let style = layoutStyleObject(item)
    if style >= 0 && uint(style, Slot.layoutComponentStyleAnimationStyleType) == 1 {
      if layout.items[item].inheritedInterpolation != interpolation
        || layout.items[item].inheritedInterpolator != interpolator
        || layout.items[item].inheritedTime != time
      {
        layout.items[item].inheritedInterpolation = interpolation
        layout.items[item].inheritedInterpolator = interpolator
        layout.items[item].inheritedTime = time
        updated = true
      }
    } else {
      clearInheritedInterpolation(item)
    }
    let old = layout.items[item].inheritedDirection
    if direction == .inherit
      || (style >= 0 && uint(style, Slot.layoutComponentStyleDirectionValue) != 0)
    {
      layout.items[item].inheritedDirection = .inherit
    } else {
      layout.items[item].inheritedDirection = direction
    }
    let c = Int(entry.component)
    if layout.items[item].inheritedDirection != old {
      markLayoutNodeDirty(item, forceUpdateBounds: true)
      addDirt(c, Dirt.path)
      updated = true
    }
    let ownInterpolation = layoutInterpolation(item)
    let ownInterpolator = layoutInterpolator(item)
    let ownTime = layoutInterpolationTime(item)
    let ownDirection = layoutActualDirection(item)
    for (child, provider) in layoutProviderList(of: c) {
      switch provider {
      case .layout, .participant:
        if let childItem = model.layout.item(of: child) {
          cascadeLayoutStyle(
            childItem, interpolation: ownInterpolation, interpolator: ownInterpolator,
            time: ownTime, direction: ownDirection, level: level + 1)
        }
      case .nestedLayout:
        if let index = nestedIndex(forHost: child) {
          nested[index].mount.withValue {
            $0.cascadeLayoutStyle(
              0, interpolation: ownInterpolation, interpolator: ownInterpolator, time: ownTime,
              direction: ownDirection, level: level + 1)
          }
        }
      case .componentList:
        cascadeListLayoutStyle(
          child, interpolation: ownInterpolation, interpolator: ownInterpolator, time: ownTime,
          direction: ownDirection, level: level + 1)
      case .none:
        break
      }
    }
    return updated
  }

  // MARK: - Animation settings

  /// Whether layout item `item` animates between solved boxes.
  func layoutAnimates(_ item: Int) -> Bool {
    let style = layoutStyleObject(item)
    guard style >= 0 else { return false }
    return uint(style, Slot.layoutComponentStyleAnimationStyleType) != 0
      && layoutInterpolation(item) != 0 && layoutInterpolationTime(item) > 0
  }

  /// The interpolation type (hold, linear, cubic, elastic) a layout animates with.
  func layoutInterpolation(_ item: Int) -> UInt8 {
    let style = layoutStyleObject(item)
    guard style >= 0, layout.isOn else { return 0 }
    switch uint(style, Slot.layoutComponentStyleAnimationStyleType) {
    case 1: return layout.items[item].inheritedInterpolation
    case 2:
      return UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStyleInterpolationType))
    default: return 0
    }
  }

  /// The interpolator a layout animates with, or nil.
  func layoutInterpolator(_ item: Int) -> LayoutCurve? {
    let style = layoutStyleObject(item)
    guard style >= 0, layout.isOn else { return nil }
    let value = uint(style, Slot.layoutComponentStyleInterpolatorId)
    let own = value == UInt32.max ? nil : layoutCurve(ofObject: Int(value))
    switch uint(style, Slot.layoutComponentStyleAnimationStyleType) {
    case 1: return layout.items[item].inheritedInterpolator ?? own
    case 2: return own
    default: return nil
    }
  }

  func layoutInterpolationTime(_ item: Int) -> Float {
    let style = layoutStyleObject(item)
    guard style >= 0, layout.isOn else { return 0 }
    switch uint(style, Slot.layoutComponentStyleAnimationStyleType) {
    case 1: return layout.items[item].inheritedTime
    case 2: return float(style, Slot.layoutComponentStyleInterpolationTime)
    default: return 0
    }
  }
}

/// Measures the nodes of an instance's layout tree through the instance: a hugging layout
/// measures its content, a participant its host (text through the text engine).
struct InstanceLayoutMeasurer: LayoutMeasurer {
  let instance: UnsafeMutablePointer<ArtboardInstance>

  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float) {
    instance.pointee.measureLayoutNode(
      node, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
      ?? (0, 0)
  }
}

extension ArtboardInstance {
  /// A layout that animates jumps to where its animation is going (the runtime's
  /// `interruptAnimation`, on the first update, so nothing animates in on start).
  mutating func interruptLayoutAnimation(_ item: Int) {
    guard layout.isOn, layoutAnimates(item) else { return }
    let smoothing = layout.has(item, LayoutItemFlag.isSmoothing)
    layout.items[item].box = smoothing ? layout.items[item].trackB.to : layout.items[item].trackA.to
    propagateLayoutSize(item)
  }
}
