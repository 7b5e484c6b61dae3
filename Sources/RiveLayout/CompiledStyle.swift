// The style as the solver reads it: every length passed through the encoding Yoga stores it in
// (so out-of-range and NaN values read back exactly as they do in Yoga), edges resolved per axis
// once when the style is set, and the enums as small integers.

/// Unit codes of a ``Val`` (Yoga's `YGUnit` raw values).
enum Unit {
  static let undefined: UInt8 = 0
  static let point: UInt8 = 1
  static let percent: UInt8 = 2
  static let auto: UInt8 = 3
}

/// A length as the solver reads it. `unit == Unit.undefined` is Yoga's undefined value.
struct Val: Equatable {
  var value: Float
  var unit: UInt8

  static let undefined = Val(value: .nan, unit: Unit.undefined)
  static let auto = Val(value: .nan, unit: Unit.auto)
  static let zero = Val(value: 0, unit: Unit.point)

  var isUndefined: Bool { unit == Unit.undefined }
  var isAuto: Bool { unit == Unit.auto }

  /// Yoga's `YGResolveValue`: points as they are, a percentage of `ownerSize`, NaN otherwise.
  @_transparent
  func resolve(_ ownerSize: Float) -> Float {
    if unit == Unit.point { return value }
    if unit == Unit.percent { return value * ownerSize * 0.01 }
    return .nan
  }

  /// The length after a round trip through Yoga's 32-bit `CompactValue` encoding: values below
  /// `1.08420217e-19` in magnitude become 0, larger ones than the unit's bound are clamped to
  /// it, and a NaN reads back as a percentage of 1.x (the exponent shift lands NaN's bits there).
  init(stored length: LayoutLength) {
    switch length.unit {
    case .undefined: self = .undefined
    case .auto: self = .auto
    case .point: self = Val.roundTrip(length.value, percent: false)
    case .percent: self = Val.roundTrip(length.value, percent: true)
    }
  }

  init(value: Float, unit: UInt8) {
    self.value = value
    self.unit = unit
  }

  private static let lowerBound: Float = 1.08420217e-19
  private static let upperBoundPoint: Float = 36_893_485_948_395_847_680.0
  private static let upperBoundPercent: Float = 18_446_742_974_197_923_840.0
  private static let bias: UInt32 = 0x2000_0000
  private static let percentBit: UInt32 = 0x4000_0000

  private static func roundTrip(_ input: Float, percent: Bool) -> Val {
    var value = input
    if value == 0 || (value < lowerBound && value > -lowerBound) {
      return Val(value: 0, unit: percent ? Unit.percent : Unit.point)
    }
    let upper = percent ? upperBoundPercent : upperBoundPoint
    if value > upper || value < -upper {
      value = value < 0 ? -upper : upper
    }
    var data = value.bitPattern &- bias
    if percent { data |= percentBit }
    // Decoding: the percent bit selects the unit, the bias comes back.
    let isPercent = data & percentBit != 0
    let decoded = Float(bitPattern: (data & ~percentBit) &+ bias)
    return Val(value: decoded, unit: isPercent ? Unit.percent : Unit.point)
  }
}

/// Style enums and lengths of one node, ready for the solver.
struct CompiledStyle {
  var direction: UInt8 = 0
  var flexDirection: UInt8 = 0
  var justifyContent: UInt8 = 0
  var alignContent: UInt8 = Align.flexStart.rawValue
  var alignItems: UInt8 = Align.stretch.rawValue
  var alignSelf: UInt8 = 0
  var justifyItems: UInt8 = Justify.stretch.rawValue
  var justifySelf: UInt8 = Justify.auto.rawValue
  var positionType: UInt8 = 0
  var flexWrap: UInt8 = 0
  var overflow: UInt8 = 0
  var display: UInt8 = 0
  /// NaN is undefined, as in Yoga's `YGFloatOptional`.
  var flex: Float = .nan
  var flexGrow: Float = .nan
  var flexShrink: Float = .nan
  var aspectRatio: Float = .nan
  var flexBasis = Val.auto
  var width = Val.auto
  var height = Val.auto
  var minWidth = Val.undefined
  var minHeight = Val.undefined
  var maxWidth = Val.undefined
  var maxHeight = Val.undefined
  /// Column gap (gap between columns) and row gap, after the `all` fallback; zero when unset.
  var columnGap = Val.zero
  var rowGap = Val.zero
  /// Leading and trailing edge values per axis (index = flex direction raw value), after
  /// Yoga's fallback chain; undefined when no edge applies.
  var marginEdges = AxisEdges()
  var paddingEdges = AxisEdges()
  var borderEdges = AxisEdges()
  var positionEdges = AxisEdges()
  /// Yoga's `marginLeadingValue`/`marginTrailingValue` per axis: only `start`/`end` (rows) and
  /// the axis's own physical edge, without the horizontal/vertical/all fallback. Auto margins are
  /// detected on these.
  var marginLeadingRaw: (Val, Val, Val, Val) = (.undefined, .undefined, .undefined, .undefined)
  var marginTrailingRaw: (Val, Val, Val, Val) = (.undefined, .undefined, .undefined, .undefined)
  var columnStart = PlacementLine.auto
  var columnEnd = PlacementLine.auto
  var rowStart = PlacementLine.auto
  var rowEnd = PlacementLine.auto
  var hasGridTracks = false

  init() {}

  init(_ style: LayoutStyle) {
    direction = style.direction.rawValue
    flexDirection = style.flexDirection.rawValue
    justifyContent = style.justifyContent.rawValue
    alignContent = style.alignContent.rawValue
    alignItems = style.alignItems.rawValue
    alignSelf = style.alignSelf.rawValue
    justifyItems = style.justifyItems.rawValue
    justifySelf = style.justifySelf.rawValue
    positionType = style.positionType.rawValue
    flexWrap = style.flexWrap.rawValue
    overflow = style.overflow.rawValue
    display = style.display.rawValue
    flex = style.flex ?? .nan
    flexGrow = style.flexGrow ?? .nan
    flexShrink = style.flexShrink ?? .nan
    aspectRatio = style.aspectRatio ?? .nan
    flexBasis = Val(stored: style.flexBasis)
    width = Val(stored: style.dimensions.width)
    height = Val(stored: style.dimensions.height)
    minWidth = Val(stored: style.minDimensions.width)
    minHeight = Val(stored: style.minDimensions.height)
    maxWidth = Val(stored: style.maxDimensions.width)
    maxHeight = Val(stored: style.maxDimensions.height)
    let gapAll = Val(stored: style.gap.all)
    let gapColumn = Val(stored: style.gap.column)
    let gapRow = Val(stored: style.gap.row)
    columnGap = !gapColumn.isUndefined ? gapColumn : (!gapAll.isUndefined ? gapAll : .zero)
    rowGap = !gapRow.isUndefined ? gapRow : (!gapAll.isUndefined ? gapAll : .zero)
    marginEdges = AxisEdges(style.margin)
    paddingEdges = AxisEdges(style.padding)
    borderEdges = AxisEdges(style.border)
    positionEdges = AxisEdges(style.position)
    let start = Val(stored: style.margin[.start])
    let end = Val(stored: style.margin[.end])
    let left = Val(stored: style.margin[.left])
    let right = Val(stored: style.margin[.right])
    let top = Val(stored: style.margin[.top])
    let bottom = Val(stored: style.margin[.bottom])
    marginLeadingRaw = (
      top, bottom, !start.isUndefined ? start : left, !start.isUndefined ? start : right
    )
    marginTrailingRaw = (bottom, top, !end.isUndefined ? end : right, !end.isUndefined ? end : left)
    columnStart = PlacementLine(style.gridColumnStart)
    columnEnd = PlacementLine(style.gridColumnEnd)
    rowStart = PlacementLine(style.gridRowStart)
    rowEnd = PlacementLine(style.gridRowEnd)
    hasGridTracks =
      !style.gridTemplateColumns.isEmpty || !style.gridTemplateRows.isEmpty
      || !style.gridAutoColumns.isEmpty || !style.gridAutoRows.isEmpty
  }
}

/// The style's accessors work through a pointer into the arena, so that reading one value
/// never copies the whole style (which unoptimised builds would do for every method call).
extension UnsafeMutablePointer where Pointee == CompiledStyle {
  @_transparent func marginLeading(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.marginEdges.leadingValues.0
    case 1: return pointee.marginEdges.leadingValues.1
    case 2: return pointee.marginEdges.leadingValues.2
    default: return pointee.marginEdges.leadingValues.3
    }
  }

  @_transparent func marginTrailing(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.marginEdges.trailingValues.0
    case 1: return pointee.marginEdges.trailingValues.1
    case 2: return pointee.marginEdges.trailingValues.2
    default: return pointee.marginEdges.trailingValues.3
    }
  }

  @_transparent func paddingLeading(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.paddingEdges.leadingValues.0
    case 1: return pointee.paddingEdges.leadingValues.1
    case 2: return pointee.paddingEdges.leadingValues.2
    default: return pointee.paddingEdges.leadingValues.3
    }
  }

  @_transparent func paddingTrailing(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.paddingEdges.trailingValues.0
    case 1: return pointee.paddingEdges.trailingValues.1
    case 2: return pointee.paddingEdges.trailingValues.2
    default: return pointee.paddingEdges.trailingValues.3
    }
  }

  @_transparent func borderLeading(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.borderEdges.leadingValues.0
    case 1: return pointee.borderEdges.leadingValues.1
    case 2: return pointee.borderEdges.leadingValues.2
    default: return pointee.borderEdges.leadingValues.3
    }
  }

  @_transparent func borderTrailing(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.borderEdges.trailingValues.0
    case 1: return pointee.borderEdges.trailingValues.1
    case 2: return pointee.borderEdges.trailingValues.2
    default: return pointee.borderEdges.trailingValues.3
    }
  }

  @_transparent func positionLeading(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.positionEdges.leadingValues.0
    case 1: return pointee.positionEdges.leadingValues.1
    case 2: return pointee.positionEdges.leadingValues.2
    default: return pointee.positionEdges.leadingValues.3
    }
  }

  @_transparent func positionTrailing(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.positionEdges.trailingValues.0
    case 1: return pointee.positionEdges.trailingValues.1
    case 2: return pointee.positionEdges.trailingValues.2
    default: return pointee.positionEdges.trailingValues.3
    }
  }

  @_transparent func marginLeadingValue(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.marginLeadingRaw.0
    case 1: return pointee.marginLeadingRaw.1
    case 2: return pointee.marginLeadingRaw.2
    default: return pointee.marginLeadingRaw.3
    }
  }

  @_transparent func marginTrailingValue(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return pointee.marginTrailingRaw.0
    case 1: return pointee.marginTrailingRaw.1
    case 2: return pointee.marginTrailingRaw.2
    default: return pointee.marginTrailingRaw.3
    }
  }

  // Yoga's per-edge getters (YGNode::getLeading*/getTrailing*); axis = flex direction raw value.

  @_transparent func leadingMargin(_ axis: UInt8, _ widthSize: Float) -> Float {
    let v = marginLeading(axis)
    if v.unit == Unit.undefined { return 0 }
    if v.unit == Unit.auto { return 0 }
    return v.resolve(widthSize)
  }

  @_transparent func trailingMargin(_ axis: UInt8, _ widthSize: Float) -> Float {
    let v = marginTrailing(axis)
    if v.unit == Unit.undefined { return 0 }
    if v.unit == Unit.auto { return 0 }
    return v.resolve(widthSize)
  }

  @_transparent func marginForAxis(_ axis: UInt8, _ widthSize: Float) -> Float {
    leadingMargin(axis, widthSize) + trailingMargin(axis, widthSize)
  }

  @_transparent func leadingPadding(_ axis: UInt8, _ widthSize: Float) -> Float {
    let v = paddingLeading(axis)
    let r: Float = v.unit == Unit.undefined ? 0 : v.resolve(widthSize)
    return r >= 0 ? r : 0
  }

  @_transparent func trailingPadding(_ axis: UInt8, _ widthSize: Float) -> Float {
    let v = paddingTrailing(axis)
    let r: Float = v.unit == Unit.undefined ? 0 : v.resolve(widthSize)
    return r >= 0 ? r : 0
  }

  @_transparent func leadingBorder(_ axis: UInt8) -> Float {
    let v = borderLeading(axis)
    let r: Float = v.unit == Unit.undefined ? 0 : v.value
    return r >= 0 ? r : 0
  }

  @_transparent func trailingBorder(_ axis: UInt8) -> Float {
    let v = borderTrailing(axis)
    let r: Float = v.unit == Unit.undefined ? 0 : v.value
    return r >= 0 ? r : 0
  }

  @_transparent func leadingPaddingAndBorder(_ axis: UInt8, _ widthSize: Float) -> Float {
    leadingPadding(axis, widthSize) + leadingBorder(axis)
  }

  @_transparent func trailingPaddingAndBorder(_ axis: UInt8, _ widthSize: Float) -> Float {
    trailingPadding(axis, widthSize) + trailingBorder(axis)
  }

  @_transparent func paddingAndBorderForAxis(_ axis: UInt8, _ widthSize: Float) -> Float {
    leadingPaddingAndBorder(axis, widthSize) + trailingPaddingAndBorder(axis, widthSize)
  }

  @_transparent func isLeadingPositionDefined(_ axis: UInt8) -> Bool {
    !positionLeading(axis).isUndefined
  }

  @_transparent func isTrailingPositionDefined(_ axis: UInt8) -> Bool {
    !positionTrailing(axis).isUndefined
  }

  @_transparent func leadingPosition(_ axis: UInt8, _ axisSize: Float) -> Float {
    let v = positionLeading(axis)
    return v.unit == Unit.undefined ? 0 : v.resolve(axisSize)
  }

  @_transparent func trailingPosition(_ axis: UInt8, _ axisSize: Float) -> Float {
    let v = positionTrailing(axis)
    return v.unit == Unit.undefined ? 0 : v.resolve(axisSize)
  }

  /// Yoga's `getGapForAxis`: the column gap along rows, the row gap along columns.
  @_transparent func gapForAxis(_ axis: UInt8, _ widthSize: Float) -> Float {
    (axis >= 2 ? pointee.columnGap : pointee.rowGap).resolve(widthSize)
  }

  @_transparent func minDimension(_ dimension: Int) -> Val {
    dimension == 0 ? pointee.minWidth : pointee.minHeight
  }

  @_transparent func maxDimension(_ dimension: Int) -> Val {
    dimension == 0 ? pointee.maxWidth : pointee.maxHeight
  }

  @_transparent func dimension(_ dimension: Int) -> Val {
    dimension == 0 ? pointee.width : pointee.height
  }
}

/// Leading and trailing values of one edge property for each of the four axes.
struct AxisEdges {
  var leadingValues: (Val, Val, Val, Val) = (.undefined, .undefined, .undefined, .undefined)
  var trailingValues: (Val, Val, Val, Val) = (.undefined, .undefined, .undefined, .undefined)

  init() {}

  /// Yoga's `computeEdgeValueForColumn`/`computeEdgeValueForRow` for every axis.
  init(_ edges: EdgeValues) {
    let left = Val(stored: edges.storage.0)
    let top = Val(stored: edges.storage.1)
    let right = Val(stored: edges.storage.2)
    let bottom = Val(stored: edges.storage.3)
    let start = Val(stored: edges.storage.4)
    let end = Val(stored: edges.storage.5)
    let horizontal = Val(stored: edges.storage.6)
    let vertical = Val(stored: edges.storage.7)
    let all = Val(stored: edges.storage.8)
    func column(_ edge: Val) -> Val {
      if !edge.isUndefined { return edge }
      if !vertical.isUndefined { return vertical }
      return all
    }
    func row(_ logical: Val, _ edge: Val) -> Val {
      if !logical.isUndefined { return logical }
      if !edge.isUndefined { return edge }
      if !horizontal.isUndefined { return horizontal }
      return all
    }
    leadingValues = (column(top), column(bottom), row(start, left), row(start, right))
    trailingValues = (column(bottom), column(top), row(end, right), row(end, left))
  }

  @_transparent func leading(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return leadingValues.0
    case 1: return leadingValues.1
    case 2: return leadingValues.2
    default: return leadingValues.3
    }
  }

  @_transparent func trailing(_ axis: UInt8) -> Val {
    switch axis {
    case 0: return trailingValues.0
    case 1: return trailingValues.1
    case 2: return trailingValues.2
    default: return trailingValues.3
    }
  }
}

/// A grid placement as the solver reads it, with line numbers and spans clamped to
/// [-10000, 10000] (CSS implementations bound the implicit grid the same way) so that no
/// arithmetic on them can overflow and no grid grows past 20001 tracks from one item.
struct PlacementLine: Equatable {
  static let autoKind: UInt8 = 0
  static let lineKind: UInt8 = 1
  static let spanKind: UInt8 = 2
  static let limit = 10_000

  var kind: UInt8
  var value: Int32

  static let auto = PlacementLine(kind: autoKind, value: 0)

  init(kind: UInt8, value: Int32) {
    self.kind = kind
    self.value = value
  }

  init(_ line: GridLine) {
    switch line.kind {
    case .auto: self = .auto
    case .line:
      kind = PlacementLine.lineKind
      value = Int32(Swift.min(Swift.max(line.value, -PlacementLine.limit), PlacementLine.limit))
    case .span:
      kind = PlacementLine.spanKind
      value = Int32(Swift.min(Swift.max(line.value, 1), PlacementLine.limit))
    }
  }
}
