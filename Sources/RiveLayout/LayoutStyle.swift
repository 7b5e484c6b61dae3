/// Every style input of a layout node, with Yoga 2.0.1's defaults.
///
/// The defaults are Yoga's, not the web's: `flexDirection` is `column`, `alignContent` is
/// `flexStart`, `flexShrink` resolves to 0, `positionType` is `static` (which Yoga 2.0.1 lays out
/// as `relative`), and there is no automatic minimum size.
///
/// Values are stored as given; the solver reads them as Yoga stores them (Yoga's `CompactValue`):
/// a point or percentage of magnitude below `1.0842e-19` becomes `0`, and one beyond
/// `3.689e19` points (`1.845e19` percent), infinity included, is clamped to that bound.
public struct LayoutStyle: Hashable, Sendable {
  /// The node's own inline direction; `inherit` takes the parent's.
  public var direction: LayoutDirection = .inherit
  /// The main axis of the node's flex children.
  public var flexDirection: FlexDirection = .column
  /// Distribution of flex children along the main axis, or of grid columns.
  public var justifyContent: Justify = .flexStart
  /// Distribution of flex lines, or of grid rows.
  public var alignContent: Align = .flexStart
  /// Cross-axis alignment of children (flex), block-axis alignment in grid areas (grid).
  public var alignItems: Align = .stretch
  /// This node's own alignment, overriding the parent's `alignItems` unless `auto`.
  public var alignSelf: Align = .auto
  /// Inline alignment of grid items in their areas.
  public var justifyItems: Justify = .stretch
  /// This node's inline alignment in its grid area, overriding `justifyItems` unless `auto`.
  public var justifySelf: Justify = .auto
  /// How the node is positioned.
  public var positionType: PositionType = .static
  /// Whether flex children wrap.
  public var flexWrap: FlexWrap = .noWrap
  /// Overflow behaviour.
  public var overflow: Overflow = .visible
  /// Flex layout, grid layout, or no layout at all (the node and its subtree get zero boxes).
  public var display: Display = .flex
  /// The `flex` shorthand (Yoga: a positive value is the grow factor with a zero basis, a
  /// negative one the shrink factor); nil is undefined.
  public var flex: Float?
  /// The grow factor; nil is undefined (0, or `flex` when positive).
  public var flexGrow: Float?
  /// The shrink factor; nil is undefined (0, or `-flex` when negative).
  public var flexShrink: Float?
  /// The flex basis.
  public var flexBasis: LayoutLength = .auto
  /// Margins; `auto` margins absorb free space.
  public var margin = EdgeValues()
  /// Insets (left/top/right/bottom/start/end).
  public var position = EdgeValues()
  /// Padding.
  public var padding = EdgeValues()
  /// Border widths (only the value is read, as Yoga does, whatever the unit).
  public var border = EdgeValues()
  /// Gaps between rows and columns.
  public var gap = GapValues()
  /// Width and height.
  public var dimensions = LayoutDimensions(width: .auto, height: .auto)
  /// Minimum width and height.
  public var minDimensions = LayoutDimensions(width: .undefined, height: .undefined)
  /// Maximum width and height.
  public var maxDimensions = LayoutDimensions(width: .undefined, height: .undefined)
  /// Width divided by height; nil is undefined.
  public var aspectRatio: Float?
  /// The explicit grid's columns.
  public var gridTemplateColumns: [GridTrackSize] = []
  /// The explicit grid's rows.
  public var gridTemplateRows: [GridTrackSize] = []
  /// Sizes of implicit columns (repeated); empty means `auto`.
  public var gridAutoColumns: [GridTrackSize] = []
  /// Sizes of implicit rows (repeated); empty means `auto`.
  public var gridAutoRows: [GridTrackSize] = []
  /// The grid item's column start line.
  public var gridColumnStart: GridLine = .auto
  /// The grid item's column end line.
  public var gridColumnEnd: GridLine = .auto
  /// The grid item's row start line.
  public var gridRowStart: GridLine = .auto
  /// The grid item's row end line.
  public var gridRowEnd: GridLine = .auto

  /// A style with every field at Yoga 2.0.1's default.
  public init() {}

  public static func == (lhs: LayoutStyle, rhs: LayoutStyle) -> Bool {
    lhs.direction == rhs.direction && lhs.flexDirection == rhs.flexDirection
      && lhs.justifyContent == rhs.justifyContent && lhs.alignContent == rhs.alignContent
      && lhs.alignItems == rhs.alignItems && lhs.alignSelf == rhs.alignSelf
      && lhs.justifyItems == rhs.justifyItems && lhs.justifySelf == rhs.justifySelf
      && lhs.positionType == rhs.positionType && lhs.flexWrap == rhs.flexWrap
      && lhs.overflow == rhs.overflow && lhs.display == rhs.display
      && sameOptional(lhs.flex, rhs.flex) && sameOptional(lhs.flexGrow, rhs.flexGrow)
      && sameOptional(lhs.flexShrink, rhs.flexShrink) && lhs.flexBasis == rhs.flexBasis
      && lhs.margin == rhs.margin && lhs.position == rhs.position && lhs.padding == rhs.padding
      && lhs.border == rhs.border && lhs.gap == rhs.gap && lhs.dimensions == rhs.dimensions
      && lhs.minDimensions == rhs.minDimensions && lhs.maxDimensions == rhs.maxDimensions
      && sameOptional(lhs.aspectRatio, rhs.aspectRatio)
      && lhs.gridTemplateColumns == rhs.gridTemplateColumns
      && lhs.gridTemplateRows == rhs.gridTemplateRows
      && lhs.gridAutoColumns == rhs.gridAutoColumns && lhs.gridAutoRows == rhs.gridAutoRows
      && lhs.gridColumnStart == rhs.gridColumnStart && lhs.gridColumnEnd == rhs.gridColumnEnd
      && lhs.gridRowStart == rhs.gridRowStart && lhs.gridRowEnd == rhs.gridRowEnd
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(direction)
    hasher.combine(flexDirection)
    hasher.combine(justifyContent)
    hasher.combine(alignContent)
    hasher.combine(alignItems)
    hasher.combine(alignSelf)
    hasher.combine(positionType)
    hasher.combine(display)
    hasher.combine(flexBasis)
    hasher.combine(margin)
    hasher.combine(padding)
    hasher.combine(dimensions)
    hasher.combine(gridTemplateColumns)
    hasher.combine(gridTemplateRows)
    hasher.combine(gridColumnStart)
    hasher.combine(gridRowStart)
  }
}

/// Optional floats compare equal when both are nil, both NaN, or equal.
private func sameOptional(_ a: Float?, _ b: Float?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?): return x == y || (x.isNaN && y.isNaN)
  default: return false
  }
}
