// The solver: Yoga 2.0.1's flexbox algorithm as Rive's fork runs it, over the tree's arena.
//
// Everything works on raw pointers into the tree's storage, which `LayoutTree.calculateLayout`
// pins for the duration of one pass, so the hot path has no reference counting, no copy-on-write
// checks and no allocation. Node references are arena indices (`Int`).

/// Counts of the work one `calculateLayout` did.
public struct LayoutStatistics: Sendable, Equatable {
  /// Nodes whose layout was computed (Yoga's layouts, not served from a cache).
  public var layouts = 0
  /// Nodes measured (sizing only, not served from a cache).
  public var measures = 0
  /// Layout requests answered by a node's cached layout.
  public var cachedLayouts = 0
  /// Measurement requests answered by a node's measurement cache.
  public var cachedMeasures = 0
  /// Calls into the ``LayoutMeasurer``'s `measure`.
  public var measureCallbacks = 0
  /// Nodes the pass entered at all (each request for a node's size or layout is one visit).
  public var visits = 0
  /// Times a scratch buffer of the tree had to grow (0 once the tree has been laid out before
  /// with the same shape).
  public var scratchGrowths = 0
  /// Steps the grid placements' overlap checks took (rows and intervals examined); the
  /// placements stop looking for free cells past 2²⁴ in one solve.
  public var gridPlacementSteps = 0
  /// Whether the pass ran out of its visit budget (``LayoutTree/visitLimit``) and left the
  /// remaining requests at zero size.
  public var exhaustedVisitLimit = false

  /// No work.
  public init() {}
}

struct Engine<M: LayoutMeasurer> {
  let nodes: UnsafeMutablePointer<NodeRecord>
  let childList: UnsafePointer<Int32>
  let measurements: UnsafeMutablePointer<CachedMeasurement>
  let styles: UnsafePointer<LayoutStyle>
  let measurer: UnsafeMutablePointer<M>
  let scratch: UnsafeMutablePointer<GridScratch>
  let stats: UnsafeMutablePointer<LayoutStatistics>
  let generation: UInt32
  /// Nesting depth below which nodes are laid out (see `LayoutTree.maximumDepth`).
  let depthLimit: Int
  /// Node visits the pass may make (see `LayoutTree.visitLimit`).
  let visitLimit: Int
  /// Where a node's style is inside its record (a stored constant: a global would be
  /// initialised lazily and checked on every access).
  let styleOffset = MemoryLayout<NodeRecord>.offset(of: \NodeRecord.style) ?? 0

  // MARK: Node helpers (YGNode methods)

  /// The node's compiled style, by pointer (reading through it copies only what is read).
  @_transparent func st(_ node: Int) -> UnsafeMutablePointer<CompiledStyle> {
    UnsafeMutableRawPointer(nodes + node).advanced(by: styleOffset).assumingMemoryBound(
      to: CompiledStyle.self)
  }

  @_transparent func child(_ node: Int, _ index: Int) -> Int {
    Int(childList[Int(nodes[node].childStart) + index])
  }

  @_transparent func childCount(_ node: Int) -> Int { Int(nodes[node].childCount) }

  @_transparent func hasParent(_ node: Int) -> Bool { nodes[node].parent != NodeRecord.none }

  /// Yoga's `resolveDimension`.
  @_transparent func resolveDimensions(_ node: Int) {
    let style = st(node)
    if !style.pointee.maxWidth.isUndefined
      && sameValue(style.pointee.maxWidth, style.pointee.minWidth)
    {
      nodes[node].resolvedWidth = style.pointee.maxWidth
    } else {
      nodes[node].resolvedWidth = style.pointee.width
    }
    if !style.pointee.maxHeight.isUndefined
      && sameValue(style.pointee.maxHeight, style.pointee.minHeight)
    {
      nodes[node].resolvedHeight = style.pointee.maxHeight
    } else {
      nodes[node].resolvedHeight = style.pointee.height
    }
  }

  /// Yoga's `YGValueEqual`.
  @_transparent func sameValue(_ a: Val, _ b: Val) -> Bool {
    if a.unit != b.unit { return false }
    if a.unit == Unit.undefined || (a.value.isNaN && b.value.isNaN) { return true }
    return abs(a.value - b.value) < 0.0001
  }

  /// Yoga's `resolveDirection`.
  @_transparent func resolveDirection(_ node: Int, _ ownerDirection: UInt8) -> UInt8 {
    let own = nodes[node].style.direction
    if own == LayoutDirection.inherit.rawValue {
      return ownerDirection > LayoutDirection.inherit.rawValue
        ? ownerDirection : LayoutDirection.ltr.rawValue
    }
    return own
  }

  /// Yoga's `resolveFlexGrow`: 0 for the root.
  @_transparent func flexGrow(_ node: Int) -> Float {
    if !hasParent(node) { return 0 }
    let style = st(node)
    if !style.pointee.flexGrow.isNaN { return style.pointee.flexGrow }
    if !style.pointee.flex.isNaN && style.pointee.flex > 0 { return style.pointee.flex }
    return 0
  }

  /// Yoga's `resolveFlexShrink`: 0 for the root.
  @_transparent func flexShrink(_ node: Int) -> Float {
    if !hasParent(node) { return 0 }
    let style = st(node)
    if !style.pointee.flexShrink.isNaN { return style.pointee.flexShrink }
    if !style.pointee.flex.isNaN && style.pointee.flex < 0 { return -style.pointee.flex }
    return 0
  }

  @_transparent func isFlexible(_ node: Int) -> Bool {
    nodes[node].style.positionType != PositionType.absolute.rawValue
      && (flexGrow(node) != 0 || flexShrink(node) != 0)
  }

  /// Yoga's `resolveFlexBasisPtr`.
  @_transparent func flexBasis(_ node: Int) -> Val {
    let style = st(node)
    if style.pointee.flexBasis.unit != Unit.auto && style.pointee.flexBasis.unit != Unit.undefined {
      return style.pointee.flexBasis
    }
    if !style.pointee.flex.isNaN && style.pointee.flex > 0 { return .zero }
    return .auto
  }

  /// Yoga's `relativePosition(axis, axisSize)`: the leading inset, else minus the trailing one.
  @_transparent func relativePosition(_ node: Int, _ axis: UInt8, _ axisSize: Float) -> Float {
    let style = st(node)
    if style.isLeadingPositionDefined(axis) { return style.leadingPosition(axis, axisSize) }
    let trailing = style.trailingPosition(axis, axisSize)
    return trailing.isNaN ? trailing : -1 * trailing
  }

  /// Yoga's `setPosition`: margins plus relative insets along the node's own axes.
  func setPosition(
    _ node: Int, _ direction: UInt8, _ mainSize: Float, _ crossSize: Float, _ ownerWidth: Float
  ) {
    let effective = hasParent(node) ? direction : LayoutDirection.ltr.rawValue
    let mainAxis = Axis.resolve(nodes[node].style.flexDirection, effective)
    let crossAxis = Axis.cross(mainAxis, effective)
    let relativeMain = relativePosition(node, mainAxis, mainSize)
    let relativeCross = relativePosition(node, crossAxis, crossSize)
    let style = st(node)
    nodes[node].layout.setPosition(
      style.leadingMargin(mainAxis, ownerWidth) + relativeMain, Axis.leadingEdge(mainAxis))
    nodes[node].layout.setPosition(
      style.trailingMargin(mainAxis, ownerWidth) + relativeMain, Axis.trailingEdge(mainAxis))
    nodes[node].layout.setPosition(
      style.leadingMargin(crossAxis, ownerWidth) + relativeCross, Axis.leadingEdge(crossAxis))
    nodes[node].layout.setPosition(
      style.trailingMargin(crossAxis, ownerWidth) + relativeCross, Axis.trailingEdge(crossAxis))
  }

  // MARK: Sizing helpers

  @_transparent func paddingAndBorder(_ node: Int, _ axis: UInt8, _ widthSize: Float) -> Float {
    st(node).paddingAndBorderForAxis(axis, widthSize)
  }

  /// Yoga's `YGNodeAlignItem`.
  @_transparent func alignItem(_ node: Int, _ child: Int) -> UInt8 {
    let own = nodes[child].style.alignSelf
    let align = own == Align.auto.rawValue ? nodes[node].style.alignItems : own
    if align == Align.baseline.rawValue && Axis.isColumn(nodes[node].style.flexDirection) {
      return Align.flexStart.rawValue
    }
    return align
  }

  /// The grid's child justification: `justifySelf`, or the container's `justifyItems`.
  @_transparent func justifyItem(_ node: Int, _ child: Int) -> UInt8 {
    let own = nodes[child].style.justifySelf
    return own == Justify.auto.rawValue ? nodes[node].style.justifyItems : own
  }

  @_transparent func dimWithMargin(_ node: Int, _ axis: UInt8, _ widthSize: Float) -> Float {
    nodes[node].layout.measured(Axis.dimension(axis))
      + (st(node).leadingMargin(axis, widthSize)
        + st(node).trailingMargin(axis, widthSize))
  }

  /// Yoga's `YGNodeIsStyleDimDefined` (on the resolved dimension).
  @_transparent func isStyleDimDefined(_ node: Int, _ axis: UInt8, _ ownerSize: Float) -> Bool {
    let v = nodes[node].resolvedDimension(Axis.dimension(axis))
    let valueIsNaN = v.value.isNaN
    if v.unit == Unit.auto || v.unit == Unit.undefined { return false }
    if v.unit == Unit.point && !valueIsNaN && v.value < 0 { return false }
    if v.unit == Unit.percent && !valueIsNaN && (v.value < 0 || ownerSize.isNaN) { return false }
    return true
  }

  @_transparent func isLayoutDimDefined(_ node: Int, _ axis: UInt8) -> Bool {
    let value = nodes[node].layout.measured(Axis.dimension(axis))
    return !value.isNaN && value >= 0
  }

  /// Yoga's `YGNodeBoundAxisWithinMinAndMax`.
  @_transparent func boundWithinMinAndMax(
    _ node: Int, _ axis: UInt8, _ value: Float, _ axisSize: Float
  ) -> Float {
    let dimension = Axis.dimension(axis)
    let style = st(node)
    let minimum = style.minDimension(dimension).resolve(axisSize)
    let maximum = style.maxDimension(dimension).resolve(axisSize)
    if (maximum > 0 || maximum == 0) && value > maximum { return maximum }
    if (minimum > 0 || minimum == 0) && value < minimum { return minimum }
    return value
  }

  /// Yoga's `YGNodeBoundAxis`: min/max, and never below padding and border.
  @_transparent func boundAxis(
    _ node: Int, _ axis: UInt8, _ value: Float, _ axisSize: Float, _ widthSize: Float
  ) -> Float {
    ygMax(
      boundWithinMinAndMax(node, axis, value, axisSize), paddingAndBorder(node, axis, widthSize))
  }

  @_transparent func setChildTrailingPosition(_ node: Int, _ child: Int, _ axis: UInt8) {
    let dimension = Axis.dimension(axis)
    let size = nodes[child].layout.measured(dimension)
    nodes[child].layout.setPosition(
      nodes[node].layout.measured(dimension) - size
        - nodes[child].layout.positionAt(Axis.leadingEdge(axis)),
      Axis.trailingEdge(axis))
  }

  /// Yoga's `YGConstrainMaxSizeForMode`.
  @_transparent func constrainMaxSize(
    _ node: Int, _ axis: UInt8, _ ownerAxisSize: Float, _ ownerWidth: Float,
    _ mode: inout UInt8, _ size: inout Float
  ) {
    let style = st(node)
    let maxSize =
      style.maxDimension(Axis.dimension(axis)).resolve(ownerAxisSize)
      + style.marginForAxis(axis, ownerWidth)
    switch mode {
    case Mode.exactly, Mode.atMost:
      size = (maxSize.isNaN || size < maxSize) ? size : maxSize
    default:
      if !maxSize.isNaN {
        mode = Mode.atMost
        size = maxSize
      }
    }
  }

  /// Yoga's `YGNodeCalculateAvailableInnerDim`.
  @_transparent func availableInnerDimension(
    _ node: Int, _ dimension: Int, _ availableDim: Float, _ paddingAndBorder: Float,
    _ ownerDim: Float
  ) -> Float {
    var inner = availableDim - paddingAndBorder
    if !inner.isNaN {
      let style = st(node)
      let minimum = style.minDimension(dimension).resolve(ownerDim)
      let minInner: Float = minimum.isNaN ? 0 : minimum - paddingAndBorder
      let maximum = style.maxDimension(dimension).resolve(ownerDim)
      let maxInner: Float =
        maximum.isNaN ? Float.greatestFiniteMagnitude : maximum - paddingAndBorder
      inner = ygMax(ygMin(inner, maxInner), minInner)
    }
    return inner
  }

  // MARK: Baseline

  /// Yoga's `YGBaseline`, walked down the first-line chain without recursion: the chosen
  /// child's baseline plus its top, summed in the order Yoga's recursion adds them.
  func baseline(_ start: Int) -> Float {
    var node = start
    let stackBase = scratch.pointee.floatStack.count
    var value: Float
    while true {
      let width = nodes[node].layout.measuredWidth
      let height = nodes[node].layout.measuredHeight
      if let own = measurer.pointee.baseline(
        LayoutNodeID(index: Int32(node)), width: width, height: height)
      {
        value = own
        break
      }
      var chosen = -1
      let count = childCount(node)
      var i = 0
      while i < count {
        let c = child(node, i)
        if nodes[c].lineIndex > 0 { break }
        if nodes[c].style.positionType == PositionType.absolute.rawValue {
          i += 1
          continue
        }
        if alignItem(node, c) == Align.baseline.rawValue {
          chosen = c
          break
        }
        if chosen < 0 { chosen = c }
        i += 1
      }
      if chosen < 0 {
        value = nodes[node].layout.measuredHeight
        break
      }
      scratch.pointee.pushFloat(nodes[chosen].layout.position.1)
      node = chosen
    }
    while scratch.pointee.floatStack.count > stackBase {
      value += scratch.pointee.popFloat()
    }
    return value
  }

  func isBaselineLayout(_ node: Int) -> Bool {
    if Axis.isColumn(nodes[node].style.flexDirection) { return false }
    if nodes[node].style.alignItems == Align.baseline.rawValue { return true }
    let count = childCount(node)
    for i in 0..<count {
      let c = child(node, i)
      if nodes[c].style.positionType != PositionType.absolute.rawValue
        && nodes[c].style.alignSelf == Align.baseline.rawValue
      {
        return true
      }
    }
    return false
  }

  // MARK: Zeroing hidden subtrees

  /// Yoga's `YGZeroOutLayoutRecursively`, iteratively.
  func zeroOutLayout(_ start: Int) {
    let stackBase = scratch.pointee.pushNodeStack(start)
    while let node = scratch.pointee.popNodeStack(above: stackBase) {
      nodes[node].layout = NodeLayout()
      nodes[node].layout.width = 0
      nodes[node].layout.height = 0
      nodes[node].hasNewLayout = true
      let count = childCount(node)
      for i in 0..<count { scratch.pointee.pushNode(child(node, i)) }
    }
  }
}
