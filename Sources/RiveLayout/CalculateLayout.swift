#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LayoutTree {
  /// Lays out the tree under `root` (Yoga's `YGNodeCalculateLayout` with Rive's configuration:
  /// no pixel rounding, no errata, no experimental features).
  ///
  /// - Parameters:
  ///   - root: The node to lay out with its subtree (usually a root, but any node works: it
  ///     is laid out as if it were one, except that its flex factors still apply).
  ///   - availableWidth: The width offered to the root; NaN is undefined (the root hugs its
  ///     content unless its style sizes it).
  ///   - availableHeight: Likewise.
  ///   - direction: The direction the root inherits.
  ///   - measurer: Measures the nodes that have a measure function.
  public mutating func calculateLayout<M: LayoutMeasurer>(
    root: LayoutNodeID, availableWidth: Float, availableHeight: Float,
    direction: LayoutDirection, measurer: inout M
  ) {
    guard let rootSlot = slotOf(root) else { return }
    statistics = LayoutStatistics()
    rebuildFlatChildren()
    let depth = treeDepth(rootSlot)
    generation &+= 1
    let generationNow = generation
    let scratchGrowthsBefore = scratch.growths
    // The grid placement budget is the solve's (see `placementWorkLimit`).
    scratch.placementWork = 0
    let effectiveVisitLimit = visitLimit ?? Swift.max(32_000_000, 256 * nodes.count)
    var stats = LayoutStatistics()
    withUnsafeMutablePointer(to: &measurer) { measurerPointer in
      withUnsafeMutablePointer(to: &scratch) { scratchPointer in
        withUnsafeMutablePointer(to: &stats) { statsPointer in
          nodes.withUnsafeMutableBufferPointer { nodeBuffer in
            measurements.withUnsafeMutableBufferPointer { measurementBuffer in
              styles.withUnsafeBufferPointer { styleBuffer in
                flatChildren.withUnsafeBufferPointer { childBuffer in
                  guard let nodeBase = nodeBuffer.baseAddress,
                    let measurementBase = measurementBuffer.baseAddress,
                    let styleBase = styleBuffer.baseAddress,
                    let childBase = childBuffer.baseAddress
                  else { return }
                  func engine(depthLimit: Int) -> Engine<M> {
                    Engine(
                      nodes: nodeBase, childList: childBase, measurements: measurementBase,
                      styles: styleBase, measurer: measurerPointer, scratch: scratchPointer,
                      stats: statsPointer, generation: generationNow, depthLimit: depthLimit,
                      visitLimit: effectiveVisitLimit)
                  }
                  let full = engine(depthLimit: LayoutTree.maximumDepth)
                  let ranOnItsOwnStack = runOnDeepStackIfNeeded(treeDepth: depth) {
                    full.calculateRoot(
                      rootSlot, ownerWidth: availableWidth, ownerHeight: availableHeight,
                      ownerDirection: direction.rawValue)
                  }
                  if !ranOnItsOwnStack {
                    // No thread could be made: lay out here, as deep as this stack surely
                    // allows.
                    engine(depthLimit: inlineDepthLimit).calculateRoot(
                      rootSlot, ownerWidth: availableWidth, ownerHeight: availableHeight,
                      ownerDirection: direction.rawValue)
                  }
                }
              }
            }
          }
        }
      }
    }
    stats.scratchGrowths = scratch.growths - scratchGrowthsBefore
    stats.gridPlacementSteps = scratch.placementWork
    statistics = stats
  }

  /// ``calculateLayout(root:availableWidth:availableHeight:direction:measurer:)`` where every
  /// node with a measure function measures 0×0.
  public mutating func calculateLayout(
    root: LayoutNodeID, availableWidth: Float, availableHeight: Float,
    direction: LayoutDirection = .inherit
  ) {
    var measurer = ZeroMeasurer()
    calculateLayout(
      root: root, availableWidth: availableWidth, availableHeight: availableHeight,
      direction: direction, measurer: &measurer)
  }

  /// Lays all child lists end to end in `flatChildren` when the structure changed.
  mutating func rebuildFlatChildren() {
    if flatChildrenValid { return }
    flatChildren.removeAll(keepingCapacity: true)
    for slot in 0..<nodes.count {
      nodes[slot].childStart = Int32(flatChildren.count)
      nodes[slot].childCount = Int32(childLists[slot].count)
      flatChildren.append(contentsOf: childLists[slot])
    }
    // A sentinel, so that the list always has storage (nothing reads it).
    flatChildren.append(0)
    flatChildrenValid = true
  }

  /// The number of levels under `root` (1 for a leaf), cached until the structure changes.
  mutating func treeDepth(_ root: Int) -> Int {
    if let cached = depthCache, cached.root == Int32(root) { return cached.depth }
    var deepest = 0
    var stack: [(node: Int32, level: Int)] = [(Int32(root), 1)]
    while let (node, level) = stack.popLast() {
      deepest = Swift.max(deepest, level)
      for child in childLists[Int(node)] { stack.append((child, level + 1)) }
    }
    depthCache = (Int32(root), deepest)
    return deepest
  }
}

/// Levels of nesting laid out on the calling thread's stack; deeper trees get a thread of
/// their own with `stackBytesPerLevel` per level.
let inlineDepthLimit = 64

#if DEBUG
  let stackBytesPerLevel = 48 * 1024
#else
  let stackBytesPerLevel = 12 * 1024
#endif

/// Runs `body` on the calling thread, or, for deep trees, on a new thread whose stack fits the
/// recursion, waiting for it to finish. Returns false, without running `body`, when a deep tree
/// needed a thread and none could be made.
func runOnDeepStackIfNeeded(treeDepth: Int, _ body: () -> Void) -> Bool {
  if treeDepth <= inlineDepthLimit {
    body()
    return true
  }
  var ran = false
  let levels = Swift.min(treeDepth, LayoutTree.maximumDepth) + 16
  let stackSize = levels * stackBytesPerLevel + (1 << 20)
  withoutActuallyEscaping(body) { escapable in
    let box = ClosureBox(escapable)
    let context = Unmanaged.passRetained(box).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    var started = pthread_attr_setstacksize(&attributes, stackSize) == 0
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    if started {
      started =
        pthread_create(
          &thread, &attributes,
          { raw in
            #if canImport(Darwin)
              let box = Unmanaged<ClosureBox>.fromOpaque(raw).takeUnretainedValue()
            #else
              guard let raw else { return nil }
              let box = Unmanaged<ClosureBox>.fromOpaque(raw).takeUnretainedValue()
            #endif
            box.body()
            return nil
          }, context) == 0
    }
    if started {
      #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
      #else
        pthread_join(thread, nil)
      #endif
      ran = true
    }
    Unmanaged<ClosureBox>.fromOpaque(context).release()
  }
  return ran
}

/// Carries a closure to the layout thread, which runs it while the caller waits.
private final class ClosureBox: @unchecked Sendable {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

extension Engine {
  /// Yoga's `YGNodeCalculateLayoutWithContext` for one root.
  func calculateRoot(_ root: Int, ownerWidth: Float, ownerHeight: Float, ownerDirection: UInt8) {
    resolveDimensions(root)
    var width = Float.nan
    var widthMode = Mode.undefined
    let style = st(root)
    if isStyleDimDefined(root, Axis.row, ownerWidth) {
      width =
        nodes[root].resolvedWidth.resolve(ownerWidth) + style.marginForAxis(Axis.row, ownerWidth)
      widthMode = Mode.exactly
    } else if !style.pointee.maxWidth.resolve(ownerWidth).isNaN {
      width = style.pointee.maxWidth.resolve(ownerWidth)
      widthMode = Mode.atMost
    } else {
      width = ownerWidth
      widthMode = width.isNaN ? Mode.undefined : Mode.exactly
    }
    var height = Float.nan
    var heightMode = Mode.undefined
    if isStyleDimDefined(root, Axis.column, ownerHeight) {
      height =
        nodes[root].resolvedHeight.resolve(ownerHeight)
        + style.marginForAxis(Axis.column, ownerWidth)
      heightMode = Mode.exactly
    } else if !style.pointee.maxHeight.resolve(ownerHeight).isNaN {
      height = style.pointee.maxHeight.resolve(ownerHeight)
      heightMode = Mode.atMost
    } else {
      height = ownerHeight
      heightMode = height.isNaN ? Mode.undefined : Mode.exactly
    }
    if layoutNode(
      root, availableWidth: width, availableHeight: height, ownerDirection: ownerDirection,
      widthMode: widthMode, heightMode: heightMode, ownerWidth: ownerWidth,
      ownerHeight: ownerHeight, performLayout: true, depth: 0)
    {
      setPosition(root, nodes[root].layout.direction, ownerWidth, ownerHeight, ownerWidth)
    }
  }
}
