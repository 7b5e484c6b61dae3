@_spi(RiveFormatInternals) import RiveFormat

/// Focus, as the official runtime's focus manager keeps it for a root artboard and everything
/// nested in it: one focused node at most (always a leaf of the focus tree when it can be),
/// every node on its way up to the root "holding" focus, requests queued by state machines'
/// focus actions and applied after the artboard updates.
///
/// The root instance keeps the focused node; each instance keeps which of its own focus data
/// components hold focus (what focus conditions read) and the requests its machines queued.
extension ArtboardInstance {
  /// A node of the focus tree: an instance (by nested artboard indices from the root) and one
  /// of its focus data components.
  struct FocusNodeReference: Sendable, Equatable {
    var path: [Int]
    var data: Int
  }

  /// How deep the focus tree is followed (focus data inside focus data, nested artboards).
  static let maximumFocusDepth = 256

  // MARK: - Queries

  /// The first focus data child of component `id`, or -1.
  func focusData(of id: Int) -> Int { model.focus.focusDataOf[id] ?? -1 }

  /// Whether focus data `data` holds focus (it or a node under it is focused).
  func holdsFocus(_ data: Int) -> Bool { focusHeld.contains(Int32(data)) }

  /// Asks for component `target`'s focus data to be focused (a focus action). In the root
  /// instance, with nothing queued, it is tried at once (as the official manager does, so a
  /// focusable target lands in the frame it was asked for); otherwise, or when it cannot take
  /// yet, it is queued for the root to apply after the next update.
  mutating func queueFocus(on target: Int) {
    guard model.isA(target, TypeKey.node) else { return }
    let data = focusData(of: target)
    guard data >= 0 else { return }
    if nestingDepth == 0, !hasPendingFocusRequests(depth: 0) {
      setFocus(FocusNodeReference(path: [], data: data))
      if holdsFocus(data) { return }
    }
    // Bounded as the official queue is: the oldest request goes first (an artboard nobody
    // applies requests for — driven by an animation, say — keeps at most this many).
    if pendingFocusTargets.count >= ArtboardInstance.maximumPendingFocusRequests {
      pendingFocusTargets.removeFirst()
    }
    pendingFocusTargets.append(data)
  }

  /// Asks for the focus to be cleared (a focus action): at once in the root instance with
  /// nothing queued, else queued (in order with the focus requests) for the root to apply.
  mutating func queueClearFocus() {
    if nestingDepth == 0, !hasPendingFocusRequests(depth: 0) {
      clearFocus()
      return
    }
    if pendingFocusTargets.count >= ArtboardInstance.maximumPendingFocusRequests {
      pendingFocusTargets.removeFirst()
    }
    pendingFocusTargets.append(-1)
  }

  /// How many focus requests wait at most (per instance).
  static let maximumPendingFocusRequests = 64

  // MARK: - The manager (on the root instance)

  /// Applies the queued focus requests of this instance and every nested one, in order;
  /// requests that do not take stay queued when `keepsUnapplied`, else they are dropped.
  ///
  /// Runs several times a frame: the common case (nothing queued anywhere) is answered inline.
  @inline(__always)
  mutating func processFocusRequests(keepsUnapplied: Bool) {
    guard !pendingFocusTargets.isEmpty || model.mayQueueFocus else { return }
    processQueuedFocusRequests(keepsUnapplied: keepsUnapplied)
  }

  @inline(never)
  private mutating func processQueuedFocusRequests(keepsUnapplied: Bool) {
    guard
      !pendingFocusTargets.isEmpty || (model.mayQueueFocus && hasPendingFocusRequests(depth: 0))
    else { return }
    var requests: [FocusNodeReference] = []
    collectFocusRequests(path: [], into: &requests, depth: 0)
    guard !requests.isEmpty else { return }
    for request in requests {
      // -1: a request to clear the focus.
      if request.data < 0 {
        clearFocus()
        continue
      }
      setFocus(request)
      if keepsUnapplied && !isHoldingFocus(request) {
        withInstance(at: request.path[...]) {
          if $0.pendingFocusTargets.count < ArtboardInstance.maximumPendingFocusRequests {
            $0.pendingFocusTargets.append(request.data)
          }
        }
      }
    }
  }

  /// Clears the focus (as the focus manager's `clearFocus`): no node is focused or holds focus.
  mutating func clearFocus() {
    guard focusPrimary != nil else { return }
    focusPrimary = nil
    updateHeldFocus()
  }

  /// Asks for the focusable component named `name` of this artboard to be focused, as a focus
  /// action targeting it does; false when no component of that name has focus data.
  mutating func requestFocus(onComponentNamed name: String) -> Bool {
    guard
      let id = model.types.indices.first(where: { id in
        focusData(of: id) >= 0 && model.isA(id, TypeKey.node) && self.name(of: id) == name
      })
    else { return false }
    queueFocus(on: id)
    return true
  }

  /// Drops the focus when the focused node can no longer take it (hidden, collapsed,
  /// transparent), as the official runtime does after each advance.
  @inline(__always)
  mutating func dropFocusIfHidden() {
    if focusPrimary != nil { dropHiddenFocus() }
  }

  @inline(never)
  private mutating func dropHiddenFocus() {
    guard let primary = focusPrimary, !isEligibleForTraversal(primary) else { return }
    focusPrimary = nil
    updateHeldFocus()
  }

  /// Whether this instance or a nested one has queued requests (read without allocating: this
  /// runs several times a frame). `mutating` only so that a nested instance is asked where it
  /// is: asking through its optional from a non-mutating method copied the whole instance.
  private mutating func hasPendingFocusRequests(depth: Int) -> Bool {
    if !pendingFocusTargets.isEmpty { return true }
    guard depth < ArtboardInstance.maximumFocusDepth else { return false }
    for index in nested.indices {
      let pending = nested[index].mount.withValue { $0.hasPendingFocusRequests(depth: depth + 1) }
      if pending == true { return true }
    }
    return false
  }

  private mutating func collectFocusRequests(
    path: [Int], into requests: inout [FocusNodeReference], depth: Int
  ) {
    for data in pendingFocusTargets { requests.append(.init(path: path, data: data)) }
    pendingFocusTargets.removeAll()
    guard depth < ArtboardInstance.maximumFocusDepth else { return }
    for index in nested.indices {
      nested[index].mount.withValue {
        $0.collectFocusRequests(path: path + [index], into: &requests, depth: depth + 1)
      }
    }
  }

  /// Focuses `node` (descending to its first eligible leaf), as the official `setFocus`.
  private mutating func setFocus(_ node: FocusNodeReference) {
    var target = node
    if isEligibleForFocus(node), let leaf = firstLeaf(node, depth: 0) { target = leaf }
    if target == focusPrimary { return }
    guard isEligibleForFocus(target) else { return }
    focusPrimary = target
    updateHeldFocus()
  }

  /// Marks the focused node and every node above it (across nested artboards) as holding focus.
  private mutating func updateHeldFocus() {
    clearHeldFocus(depth: 0)
    guard var current = focusPrimary else { return }
    var node = current.data
    for _ in 0..<(ArtboardInstance.maximumFocusDepth * 4) {
      var chain: [Int32] = []
      var steps = 0
      while node >= 0, steps < ArtboardInstance.maximumFocusDepth {
        chain.append(Int32(node))
        node = (readInstance(at: current.path[...]) { $0.model.focus.parents[node] } ?? nil) ?? -1
        steps += 1
      }
      withInstance(at: current.path[...]) { $0.focusHeld.append(contentsOf: chain) }
      guard let host = current.path.last else { return }
      current.path.removeLast()
      node =
        (readInstance(at: current.path[...]) { $0.model.focus.hostParents[host] } ?? nil) ?? -1
    }
  }

  private mutating func clearHeldFocus(depth: Int) {
    focusHeld.removeAll()
    guard depth < ArtboardInstance.maximumFocusDepth else { return }
    for index in nested.indices {
      nested[index].mount.withValue { $0.clearHeldFocus(depth: depth + 1) }
    }
  }

  private func isHoldingFocus(_ node: FocusNodeReference) -> Bool {
    readInstance(at: node.path[...]) { $0.holdsFocus(node.data) } ?? false
  }

  // MARK: - The tree

  /// The children of a focus node (or of the top of this artboard when nil), nested
  /// artboards' top-level nodes in their place.
  private func focusChildren(of node: FocusNodeReference?) -> [FocusNodeReference] {
    let path = node?.path ?? []
    guard let owner = instance(at: path[...]) else { return [] }
    let entries =
      node.map { owner.model.focus.children[$0.data] ?? [] } ?? owner.model.focus.topLevel
    var result: [FocusNodeReference] = []
    expand(entries, in: owner, path: path, into: &result, depth: 0)
    return result
  }

  private func expand(
    _ entries: [FocusModel.Child], in owner: ArtboardInstance, path: [Int],
    into result: inout [FocusNodeReference], depth: Int
  ) {
    for entry in entries {
      switch entry {
      case .data(let data):
        result.append(.init(path: path, data: data))
      case .nested(let index):
        guard depth < ArtboardInstance.maximumFocusDepth, index < owner.nested.count,
          let child = owner.nested[index].artboard
        else { continue }
        expand(
          child.model.focus.topLevel, in: child, path: path + [index], into: &result,
          depth: depth + 1)
      }
    }
  }

  /// The first eligible leaf under `node` (depth first), or `node` itself when it is an
  /// eligible leaf; nil when there is none.
  private func firstLeaf(_ node: FocusNodeReference, depth: Int) -> FocusNodeReference? {
    guard depth < ArtboardInstance.maximumFocusDepth else { return nil }
    let children = focusChildren(of: node).filter { isEligibleForTraversal($0) }
    for child in children {
      if let leaf = firstLeaf(child, depth: depth + 1) { return leaf }
    }
    return children.isEmpty && isEligibleForTraversal(node) ? node : nil
  }

  // MARK: - Eligibility

  private func focusFlags(_ node: FocusNodeReference) -> UInt32 {
    readInstance(at: node.path[...]) { owner in
      owner.model.isA(node.data, TypeKey.focusData)
        ? owner.uint(node.data, Slot.focusDataFocusFlags) : 0
    } ?? 0
  }

  /// Can focus, and every component above it lets focus through.
  private func isEligibleForFocus(_ node: FocusNodeReference) -> Bool {
    focusFlags(node) & 1 != 0 && isEligibleForFocusTraversal(node)
  }

  /// Can be reached by traversal, and is eligible for focus.
  private func isEligibleForTraversal(_ node: FocusNodeReference) -> Bool {
    focusFlags(node) & 4 != 0 && isEligibleForFocus(node)
  }

  /// Not collapsed, and no component above it (in its artboard, its host and the artboards
  /// above) is collapsed, hidden or fully transparent, nor is a nested artboard on the way
  /// paused.
  ///
  /// Each artboard on the way is read where it lives: this runs every frame while something is
  /// focused, and a copy of an instance (to climb from) retained every array it holds.
  private func isEligibleForFocusTraversal(_ node: FocusNodeReference) -> Bool {
    let path = node.path
    let start = readInstance(at: path[...]) { owner in
      !owner.isCollapsed(node.data) && owner.letsFocusThrough(from: owner.model.parents[node.data])
    }
    guard start == true else { return false }
    var level = path.count
    while level > 0 {
      let index = path[level - 1]
      level -= 1
      // nil: no host to climb to (the top is reached).
      let step = readInstance(at: path[..<level]) { parent -> Bool? in
        guard index < parent.model.nestedHosts.count else { return nil }
        let host = parent.model.nestedHosts[index].id
        if parent.bool(host, Slot.nestedArtboardIsPaused) { return false }
        return parent.letsFocusThrough(from: host)
      }
      guard let step, let allows = step else { return true }
      if !allows { return false }
    }
    return true
  }

  /// Whether component `start` and every component above it in this artboard let focus
  /// through.
  private func letsFocusThrough(from start: Int) -> Bool {
    var component = start
    var steps = 0
    while component >= 0, component < model.parents.count {
      if !allowsFocusTraversal(component) { return false }
      component = model.parents[component]
      // Parent links cannot cycle in a loaded file; bounded all the same.
      steps += 1
      if steps > model.parents.count { return false }
    }
    return true
  }

  /// Whether component `id` lets focus reach what is under it.
  private func allowsFocusTraversal(_ id: Int) -> Bool {
    if isCollapsed(id) { return false }
    if model.isA(id, TypeKey.drawable), uint(id, Slot.drawableDrawableFlags) & 1 == 1 {
      return false
    }
    if id < geometryModel.kinds.count, geometryModel.kinds[id].isTransform,
      id < geometry.renderOpacities.count, geometry.renderOpacities[id] <= 0
    {
      return false
    }
    return true
  }

  // MARK: - Instances by path

  /// The instance at `path` (nested artboard indices from this one), or nil.
  private func instance(at path: ArraySlice<Int>) -> ArtboardInstance? {
    guard let index = path.first else { return self }
    guard index >= 0, index < nested.count, let child = nested[index].artboard else {
      return nil
    }
    return child.instance(at: path.dropFirst())
  }

  /// `body` on the instance at `path`, read where it lives (neither copied nor made unique);
  /// nil when there is none.
  private func readInstance<Result>(
    at path: ArraySlice<Int>, _ body: (borrowing ArtboardInstance) -> Result
  ) -> Result? {
    guard let index = path.first else { return body(self) }
    guard index >= 0, index < nested.count else { return nil }
    return nested[index].mount.read { $0.readInstance(at: path.dropFirst(), body) } ?? nil
  }

  /// Runs `body` on the instance at `path`, in place (through `inPlace`: no copy).
  private mutating func withInstance(
    at path: ArraySlice<Int>, _ body: (inout ArtboardInstance) -> Void
  ) {
    guard let index = path.first else {
      body(&self)
      return
    }
    guard index >= 0, index < nested.count else { return }
    nested[index].mount.withValue { $0.withInstance(at: path.dropFirst(), body) }
  }
}
