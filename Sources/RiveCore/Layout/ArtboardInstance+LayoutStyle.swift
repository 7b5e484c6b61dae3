@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// What a layout item's style depends on outside itself, worked out once per sync (the
/// runtime's `LayoutSyncContext`).
struct LayoutSyncContext {
  var parentIsGrid = false
  var parentIsStack = false
  var containerJustifyItems: UInt32 = UInt32(Justify.stretch.rawValue)
  var inlineHugs = false
  var widthFills = false
  var parentIsRow = true
  var isLTR = true
  var hasLayoutParent = false
}

/// `std::max` as C++ has it (the first argument when the comparison fails, so a NaN second
/// argument gives the first).
@inline(__always)
func cppMax(_ a: Float, _ b: Float) -> Float { a < b ? b : a }

/// A length from a stored value and unit (the runtime's `YGValue{value, unit}`).
@inline(__always)
func layoutLength(_ value: Float, unitRaw: UInt32) -> LayoutLength {
  LayoutLength(
    value: value,
    unit: LayoutLength.Unit(rawValue: UInt8(truncatingIfNeeded: unitRaw)) ?? .undefined)
}

/// The 9-way alignment of a layout component style (the runtime's `LayoutAlignmentType`).
enum LayoutAlignment: UInt32 {
  case topLeft, topCenter, topRight, centerLeft, center, centerRight, bottomLeft, bottomCenter,
    bottomRight, spaceBetweenStart, spaceBetweenCenter, spaceBetweenEnd
}

extension ArtboardInstance {
  // MARK: - Reading styles

  /// The style object of layout item `item`, or -1.
  @inline(__always)
  func layoutStyleObject(_ item: Int) -> Int { Int(model.layout.items[item].style) }

  /// The layout component that lays component `c` out: the nearest layout component above it.
  func layoutParent(of c: Int) -> Int? {
    var p = Int(model.parents[c])
    var steps = 0
    while p >= 0, steps < model.types.count {
      if model.layout.providers[p] == .layout { return p }
      p = Int(model.parents[p])
      steps += 1
    }
    return nil
  }

  func styleIsStack(_ style: Int) -> Bool {
    style >= 0 && uint(style, Slot.layoutComponentStyleLayoutTypeValue) == 2
  }

  func styleIsGrid(_ style: Int) -> Bool {
    style >= 0 && uint(style, Slot.layoutComponentStyleLayoutTypeValue) != 0
  }

  func styleFlexDirection(_ style: Int) -> FlexDirection {
    guard style >= 0 else { return .row }
    return FlexDirection(
      rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStyleFlexDirectionValue)))
      ?? .column
  }

  /// Whether layout component `c` lays its children out in a row (true without a style).
  func layoutMainAxisIsRow(_ c: Int) -> Bool {
    guard let item = model.layout.item(of: c) else { return true }
    let style = layoutStyleObject(item)
    guard style >= 0 else { return true }
    let direction = styleFlexDirection(style)
    return direction == .row || direction == .rowReverse
  }

  func widthScale(ofStyle style: Int) -> LayoutScale {
    LayoutScale(
      rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutSizingStyleLayoutWidthScaleType)))
      ?? .fixed
  }

  func heightScale(ofStyle style: Int) -> LayoutScale {
    LayoutScale(
      rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutSizingStyleLayoutHeightScaleType)))
      ?? .fixed
  }

  func styleIsIntrinsicallySized(_ style: Int) -> Bool {
    style >= 0 && uint(style, Slot.layoutComponentStyleIntrinsicallySizedValue) == 1
  }

  /// The display a style gives (hidden wins; else flex or grid — a stack drives the grid).
  func styleDisplay(_ style: Int, isLayoutComponent: Bool) -> Display {
    if uint(style, Slot.layoutSizingStyleDisplayValue) == UInt32(Display.none.rawValue) {
      return .none
    }
    guard isLayoutComponent else { return .flex }
    return uint(style, Slot.layoutComponentStyleLayoutTypeValue) == 0 ? .flex : .grid
  }

  /// The writing direction a layout item resolves to: its style's, else what it inherits.
  func layoutActualDirection(_ item: Int) -> LayoutDirection {
    guard layout.isOn else { return .inherit }
    let style = layoutStyleObject(item)
    guard style >= 0 else { return layout.items[item].inheritedDirection }
    switch uint(style, Slot.layoutComponentStyleDirectionValue) {
    case 1: return .ltr
    case 2: return .rtl
    default: return layout.items[item].inheritedDirection
    }
  }

  /// The scale type a layout item's width is sized by: a host's override when it sets one,
  /// else its style's.
  func effectiveWidthScale(_ item: Int) -> LayoutScale {
    if layout.isOn, item == 0, layout.widthUnitOverride != -1 {
      switch layout.widthUnitOverride {
      case 1, 2: return .fixed
      case 3: return layout.has(0, LayoutItemFlag.widthIntrinsicOverride) ? .hug : .fill
      default: break
      }
    }
    let style = layoutStyleObject(item)
    return style >= 0 ? widthScale(ofStyle: style) : .fixed
  }

  func effectiveHeightScale(_ item: Int) -> LayoutScale {
    if layout.isOn, item == 0, layout.heightUnitOverride != -1 {
      switch layout.heightUnitOverride {
      case 1, 2: return .fixed
      case 3: return layout.has(0, LayoutItemFlag.heightIntrinsicOverride) ? .hug : .fill
      default: break
      }
    }
    let style = layoutStyleObject(item)
    return style >= 0 ? heightScale(ofStyle: style) : .fixed
  }

  /// Whether the layout a component sits in lays out in a row (its override when hosted).
  func effectiveParentIsRow(_ item: Int) -> Bool {
    // An artboard takes its parent's direction from its host (a row unless told).
    if item == 0 { return layout.isOn && layout.has(0, LayoutItemFlag.parentIsRow) }
    let c = Int(model.layout.items[item].component)
    guard let parent = layoutParent(of: c) else { return true }
    return layoutMainAxisIsRow(parent)
  }

  // MARK: - Syncing a style

  /// Writes item `item`'s layout style into its node: every contribution in the runtime's
  /// phases (base, container, item, placement), over the style the node already has.
  mutating func syncLayoutStyle(_ item: Int, tree: inout LayoutTree) {
    guard layout.isOn, item < layout.items.count else { return }
    let entry = model.layout.items[item]
    let node = layout.items[item].node
    if entry.participant >= 0 {
      syncParticipantStyle(item, tree: &tree)
      return
    }
    let style = Int(entry.style)
    guard style >= 0 else { return }
    let c = Int(entry.component)
    let isLeaf = layoutIsLeaf(c)
    tree.setHasMeasure(styleIsIntrinsicallySized(style) && isLeaf, for: node)

    var context = LayoutSyncContext()
    let parent = item == 0 ? nil : layoutParent(of: c)
    let parentStyle =
      parent.flatMap { model.layout.item(of: $0) }.map { layoutStyleObject($0) } ?? -1
    context.parentIsStack =
      parentStyle >= 0
      ? styleIsStack(parentStyle)
      : (item == 0 && layout.has(0, LayoutItemFlag.parentIsStack))
    context.parentIsGrid = parentStyle >= 0 ? styleIsGrid(parentStyle) : context.parentIsStack
    context.containerJustifyItems =
      parentStyle >= 0
      ? uint(parentStyle, Slot.layoutComponentStyleJustifyItemsValue)
      : UInt32(Justify.stretch.rawValue)
    let widthScale = effectiveWidthScale(item)
    context.widthFills = widthScale == .fill
    context.inlineHugs = widthScale == .hug
    context.parentIsRow = effectiveParentIsRow(item)
    context.isLTR = layoutActualDirection(item) != .rtl
    context.hasLayoutParent = parent != nil

    var s = tree.style(of: node)
    // Base: the component's own size and flex, then the style's display and limits.
    applyLayoutComponentBase(item, style: style, isLeaf: isLeaf, context: context, into: &s)
    applySizingBase(style, isLayoutComponent: true, into: &s)
    // Container: grid tracks (the component's), then the style's box and alignment.
    if !styleIsStack(style) { applyGridTracks(item, style: style, into: &s) }
    applyLayoutContainer(style, context: context, into: &s)
    // Item: how it sits in its parent.
    applyLayoutItem(style, context: context, into: &s)
    // Placement.
    if entry.placement >= 0 { applyPlacement(Int(entry.placement), context: context, into: &s) }
    tree.setStyle(s, of: node)
  }

  /// Whether layout component `c` has no layout provider under it.
  func layoutIsLeaf(_ c: Int) -> Bool {
    var leaf = true
    forEachLayoutProvider(of: c) { _, _ in
      leaf = false
      return false
    }
    return leaf
  }

  private func applyLayoutComponentBase(
    _ item: Int, style: Int, isLeaf: Bool, context: LayoutSyncContext, into s: inout LayoutStyle
  ) {
    guard layout.isOn else { return }
    let c = Int(model.layout.items[item].component)
    let isAbsolute = uint(style, Slot.layoutComponentStylePositionTypeValue) == 2
    let styleWidthScale = widthScale(ofStyle: style)
    let styleHeightScale = heightScale(ofStyle: style)
    let legacyHug =
      styleWidthScale == .fixed && styleHeightScale == .fixed
      && styleIsIntrinsicallySized(style) && isLeaf
    func effectiveUnits(_ scale: LayoutScale, _ stored: UInt32) -> LayoutLength.Unit {
      let storedUnit = LayoutLength.Unit(rawValue: UInt8(truncatingIfNeeded: stored)) ?? .undefined
      if isAbsolute && scale != .hug { return storedUnit }
      if scale != .fixed { return .auto }
      if storedUnit == .point || storedUnit == .percent { return storedUnit }
      return legacyHug ? .auto : .point
    }
    var realWidth = float(c, Slot.layoutComponentWidth)
    var realHeight = float(c, Slot.layoutComponentHeight)
    var widthScale = styleWidthScale
    var heightScale = styleHeightScale
    var widthUnit = effectiveUnits(widthScale, uint(style, Slot.layoutSizingStyleWidthUnitsValue))
    var heightUnit = effectiveUnits(
      heightScale, uint(style, Slot.layoutSizingStyleHeightUnitsValue))
    if item == 0 {
      if !layout.widthOverride.isNaN { realWidth = layout.widthOverride }
      if !layout.heightOverride.isNaN { realHeight = layout.heightOverride }
      if layout.widthUnitOverride != -1 {
        widthUnit = LayoutLength.Unit(rawValue: UInt8(layout.widthUnitOverride)) ?? .undefined
        widthScale = effectiveWidthScale(item)
      }
      if layout.heightUnitOverride != -1 {
        heightUnit = LayoutLength.Unit(rawValue: UInt8(layout.heightUnitOverride)) ?? .undefined
        heightScale = effectiveHeightScale(item)
      }
    }
    let forced =
      item == 0
      ? (layout.forcedWidth, layout.forcedHeight) : layout.forcedSizes[item] ?? (.nan, .nan)
    if !forced.0.isNaN {
      s.dimensions.width = .points(cppMax(0, forced.0))
    } else {
      s.dimensions.width = LayoutLength(value: cppMax(0, realWidth), unit: widthUnit)
    }
    if !forced.1.isNaN {
      s.dimensions.height = .points(cppMax(0, forced.1))
    } else {
      s.dimensions.height = LayoutLength(value: cppMax(0, realHeight), unit: heightUnit)
    }
    let flexBasis = float(style, Slot.layoutComponentStyleFlexBasis)
    let autoBasis = LayoutLength(value: flexBasis, unit: .auto)
    let fillBasis = layoutLength(
      flexBasis, unitRaw: uint(style, Slot.layoutComponentStyleFlexBasisUnitsValue))
    if context.parentIsGrid {
      s.flexGrow = 0
      s.flexShrink = 0
      s.alignSelf = heightScale == .fill ? .stretch : .auto
      return
    }
    let fractionalWidth = float(c, Slot.layoutComponentFractionalWidth)
    let fractionalHeight = float(c, Slot.layoutComponentFractionalHeight)
    // Width: along the main axis in a row, across it in a column.
    switch widthScale {
    case .fixed, .hug:
      if context.parentIsRow {
        s.flexGrow = 0
        s.flexShrink = 0
        s.flexBasis = autoBasis
      } else {
        s.alignSelf = .auto
      }
    case .fill:
      if context.parentIsRow {
        s.flexGrow = fractionalWidth
        s.flexShrink = fractionalWidth
        s.flexBasis = fillBasis
      } else {
        s.alignSelf = .stretch
      }
    }
    switch heightScale {
    case .fixed, .hug:
      if !context.parentIsRow {
        s.flexGrow = 0
        s.flexShrink = 0
        s.flexBasis = autoBasis
      } else {
        s.alignSelf = .auto
      }
    case .fill:
      if !context.parentIsRow {
        s.flexGrow = fractionalHeight
        s.flexShrink = fractionalHeight
        s.flexBasis = fillBasis
      } else {
        s.alignSelf = .stretch
      }
    }
  }

  /// The sizing style's base: display and size limits.
  private func applySizingBase(_ style: Int, isLayoutComponent: Bool, into s: inout LayoutStyle) {
    s.display = styleDisplay(style, isLayoutComponent: isLayoutComponent)
    s.minDimensions.width = layoutLength(
      float(style, Slot.layoutSizingStyleMinWidth),
      unitRaw: uint(style, Slot.layoutSizingStyleMinWidthUnitsValue))
    s.minDimensions.height = layoutLength(
      float(style, Slot.layoutSizingStyleMinHeight),
      unitRaw: uint(style, Slot.layoutSizingStyleMinHeightUnitsValue))
    s.maxDimensions.width = layoutLength(
      float(style, Slot.layoutSizingStyleMaxWidth),
      unitRaw: uint(style, Slot.layoutSizingStyleMaxWidthUnitsValue))
    s.maxDimensions.height = layoutLength(
      float(style, Slot.layoutSizingStyleMaxHeight),
      unitRaw: uint(style, Slot.layoutSizingStyleMaxHeightUnitsValue))
  }

  // MARK: Grid tracks

  /// A track breadth from a stored type (auto, points, percent, fr) and value.
  private static func trackBreadth(_ type: UInt32, _ value: Float) -> GridTrackSize.Breadth {
    switch type {
    case 1: return .points(value)
    case 2: return .percent(value)
    case 3: return .fr(value)
    default: return .auto
    }
  }

  private func trackSize(_ track: Int) -> GridTrackSize {
    let type = uint(track, Slot.gridTrackTrackType)
    let value = float(track, Slot.gridTrackTrackValue)
    let maxType = uint(track, Slot.gridTrackTrackMaxType)
    let minBreadth = Self.trackBreadth(type, value)
    if maxType != 0 {
      let maxBreadth = Self.trackBreadth(maxType - 1, float(track, Slot.gridTrackTrackMaxValue))
      return GridTrackSize(min: minBreadth, max: maxBreadth)
    }
    // A single breadth sizes both ends; fr is minmax(auto, fr) as in CSS.
    switch minBreadth {
    case .fr: return GridTrackSize(min: .auto, max: minBreadth)
    default: return GridTrackSize(min: minBreadth, max: minBreadth)
    }
  }

  /// The container's track lists from its grid track children, and its justify-items.
  private func applyGridTracks(_ item: Int, style: Int, into s: inout LayoutStyle) {
    var lists: [[GridTrackSize]] = [[], [], [], []]
    for track in model.layout.gridTracks[item] {
      let t = Int(track)
      let collection = Int(uint(t, Slot.gridTrackCollection))
      guard collection <= 3 else { continue }
      lists[collection].append(trackSize(t))
    }
    s.gridTemplateColumns = lists[0]
    s.gridTemplateRows = lists[1]
    s.gridAutoColumns = lists[2]
    s.gridAutoRows = lists[3]
    s.justifyItems =
      Justify(
        rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStyleJustifyItemsValue))
      )
      ?? .stretch
  }

  // MARK: Container

  private func applyLayoutContainer(
    _ style: Int, context: LayoutSyncContext, into s: inout LayoutStyle
  ) {
    let start: Edge = context.isLTR ? .left : .right
    let end: Edge = context.isLTR ? .right : .left
    s.flexDirection = styleFlexDirection(style)
    s.flexWrap =
      FlexWrap(
        rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStyleFlexWrapValue)))
      ?? .noWrap
    s.direction =
      LayoutDirection(
        rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStyleDirectionValue)))
      ?? .inherit
    func value(_ slot: Int, _ unitSlot: Int) -> LayoutLength {
      layoutLength(float(style, slot), unitRaw: uint(style, unitSlot))
    }
    s.gap.column = value(
      Slot.layoutComponentStyleGapHorizontal, Slot.layoutComponentStyleGapHorizontalUnitsValue)
    s.gap.row = value(
      Slot.layoutComponentStyleGapVertical, Slot.layoutComponentStyleGapVerticalUnitsValue)
    s.border[start] =
      (value(Slot.layoutComponentStyleBorderLeft, Slot.layoutComponentStyleBorderLeftUnitsValue))
    s.border[end] =
      (value(Slot.layoutComponentStyleBorderRight, Slot.layoutComponentStyleBorderRightUnitsValue))
    s.border[.top] =
      (value(Slot.layoutComponentStyleBorderTop, Slot.layoutComponentStyleBorderTopUnitsValue))
    s.border[.bottom] =
      (value(Slot.layoutComponentStyleBorderBottom, Slot.layoutComponentStyleBorderBottomUnitsValue))
    s.padding[start] =
      (value(Slot.layoutComponentStylePaddingLeft, Slot.layoutComponentStylePaddingLeftUnitsValue))
    s.padding[end] =
      (value(Slot.layoutComponentStylePaddingRight, Slot.layoutComponentStylePaddingRightUnitsValue))
    s.padding[.top] =
      (value(Slot.layoutComponentStylePaddingTop, Slot.layoutComponentStylePaddingTopUnitsValue))
    s.padding[.bottom] =
      (value(
        Slot.layoutComponentStylePaddingBottom, Slot.layoutComponentStylePaddingBottomUnitsValue))

    let alignment =
      LayoutAlignment(rawValue: uint(style, Slot.layoutComponentStyleLayoutAlignmentType))
    if styleIsStack(style) {
      // One implicit cell, aligned through justify-items and align-items.
      let single = [GridTrackSize(min: .auto, max: .fr(1))]
      s.gridTemplateColumns = single
      s.gridTemplateRows = single
      s.gridAutoColumns = []
      s.gridAutoRows = []
      s.justifyItems =
        Justify(
          rawValue: UInt8(
            truncatingIfNeeded: uint(style, Slot.layoutComponentStyleJustifyItemsValue)))
        ?? .stretch
      guard let alignment else { return }
      switch alignment {
      case .topLeft, .centerLeft, .bottomLeft, .spaceBetweenStart: s.justifyItems = .start
      case .topCenter, .center, .bottomCenter, .spaceBetweenCenter: s.justifyItems = .center
      case .topRight, .centerRight, .bottomRight, .spaceBetweenEnd: s.justifyItems = .end
      }
      switch alignment {
      case .topLeft, .topCenter, .topRight: s.alignItems = .start
      case .centerLeft, .center, .centerRight: s.alignItems = .center
      case .bottomLeft, .bottomCenter, .bottomRight: s.alignItems = .end
      case .spaceBetweenStart, .spaceBetweenCenter, .spaceBetweenEnd: s.alignItems = .start
      }
      return
    }
    guard let alignment else { return }
    let isRow = s.flexDirection == .row || s.flexDirection == .rowReverse
    // Vertical intent: the cross axis of a row, the main axis of a column.
    func vertical(_ align: Align, _ justify: Justify) {
      if isRow {
        s.alignItems = align
        s.alignContent = align
      } else {
        s.justifyContent = justify
      }
    }
    func horizontal(_ align: Align, _ justify: Justify) {
      if isRow {
        s.justifyContent = justify
      } else {
        s.alignItems = align
        s.alignContent = align
      }
    }
    switch alignment {
    case .topLeft, .topCenter, .topRight: vertical(.flexStart, .flexStart)
    case .centerLeft, .center, .centerRight: vertical(.center, .center)
    case .bottomLeft, .bottomCenter, .bottomRight: vertical(.flexEnd, .flexEnd)
    default: break
    }
    switch alignment {
    case .topLeft, .centerLeft, .bottomLeft: horizontal(.flexStart, .flexStart)
    case .topCenter, .center, .bottomCenter: horizontal(.center, .center)
    case .topRight, .centerRight, .bottomRight: horizontal(.flexEnd, .flexEnd)
    case .spaceBetweenStart:
      s.alignItems = .flexStart
      s.alignContent = .flexStart
      s.justifyContent = .spaceBetween
    case .spaceBetweenCenter:
      s.alignItems = .center
      s.alignContent = .center
      s.justifyContent = .spaceBetween
    case .spaceBetweenEnd:
      s.alignItems = .flexEnd
      s.alignContent = .flexEnd
      s.justifyContent = .spaceBetween
    }
  }

  // MARK: Item

  /// How a sizing style's item sits in a grid or stack cell.
  private func applySizingItem(_ style: Int, context: LayoutSyncContext, into s: inout LayoutStyle)
  {
    if context.parentIsStack {
      s.gridColumnStart = .line(1)
      s.gridColumnEnd = .auto
      s.gridRowStart = .line(1)
      s.gridRowEnd = .auto
    }
    let justifySelf = uint(style, Slot.layoutSizingStyleJustifySelfValue)
    if context.parentIsStack {
      s.justifySelf = Justify(rawValue: UInt8(truncatingIfNeeded: justifySelf)) ?? .auto
    } else if !context.inlineHugs {
      s.justifySelf = Justify(rawValue: UInt8(truncatingIfNeeded: justifySelf)) ?? .auto
    } else {
      // A hugging item cannot stretch: a stretch it would take becomes flex-start.
      let effective =
        justifySelf == UInt32(Justify.auto.rawValue) ? context.containerJustifyItems : justifySelf
      s.justifySelf =
        effective == UInt32(Justify.stretch.rawValue)
        ? .flexStart : Justify(rawValue: UInt8(truncatingIfNeeded: justifySelf)) ?? .auto
    }
    if context.parentIsGrid && context.widthFills { s.justifySelf = .stretch }
  }

  private func applyLayoutItem(_ style: Int, context: LayoutSyncContext, into s: inout LayoutStyle)
  {
    applySizingItem(style, context: context, into: &s)
    s.positionType =
      PositionType(
        rawValue: UInt8(truncatingIfNeeded: uint(style, Slot.layoutComponentStylePositionTypeValue))
      )
      ?? .relative
    let ratio = float(style, Slot.layoutComponentStyleAspectRatio)
    s.aspectRatio = ratio > 0 ? ratio : nil
    let start: Edge = context.isLTR ? .left : .right
    let end: Edge = context.isLTR ? .right : .left
    func value(_ slot: Int, _ unitSlot: Int) -> LayoutLength {
      layoutLength(float(style, slot), unitRaw: uint(style, unitSlot))
    }
    // Without a layout parent a percentage has nothing to resolve against: points.
    func margin(_ slot: Int, _ unitSlot: Int) -> LayoutLength {
      var length = value(slot, unitSlot)
      if !context.hasLayoutParent { length.unit = .point }
      return length
    }
    s.margin[start] =
      (margin(Slot.layoutComponentStyleMarginLeft, Slot.layoutComponentStyleMarginLeftUnitsValue))
    s.margin[end] =
      (margin(Slot.layoutComponentStyleMarginRight, Slot.layoutComponentStyleMarginRightUnitsValue))
    s.margin[.top] =
      (margin(Slot.layoutComponentStyleMarginTop, Slot.layoutComponentStyleMarginTopUnitsValue))
    s.margin[.bottom] =
      (margin(
        Slot.layoutComponentStyleMarginBottom, Slot.layoutComponentStyleMarginBottomUnitsValue))
    s.position[start] =
      (value(Slot.layoutComponentStylePositionLeft, Slot.layoutComponentStylePositionLeftUnitsValue))
    s.position[end] =
      (value(
        Slot.layoutComponentStylePositionRight, Slot.layoutComponentStylePositionRightUnitsValue))
    s.position[.top] =
      (value(Slot.layoutComponentStylePositionTop, Slot.layoutComponentStylePositionTopUnitsValue))
    s.position[.bottom] =
      (value(
        Slot.layoutComponentStylePositionBottom, Slot.layoutComponentStylePositionBottomUnitsValue))
  }

  // MARK: Placement

  /// Explicit grid placement (not in a stack, whose single cell every child takes).
  private func applyPlacement(
    _ placement: Int, context: LayoutSyncContext, into s: inout LayoutStyle
  ) {
    guard !context.parentIsStack, context.parentIsGrid else { return }
    func line(_ cell: Int32) -> GridLine {
      // 0 is auto; a negative cell counts back from the last cell, one line further.
      if cell == 0 { return .auto }
      return .line(Int(cell < 0 ? cell - 1 : cell))
    }
    func span(_ value: UInt32) -> GridLine { value > 1 ? .span(Int(value)) : .auto }
    let column = Int32(
      truncatingIfNeeded: Int16(
        truncatingIfNeeded: uint(placement, Slot.gridItemPlacementGridColumn)))
    let row = Int32(
      truncatingIfNeeded: Int16(truncatingIfNeeded: uint(placement, Slot.gridItemPlacementGridRow)))
    s.gridColumnStart = line(column)
    s.gridColumnEnd = span(uint(placement, Slot.gridItemPlacementGridColumnSpan))
    s.gridRowStart = line(row)
    s.gridRowEnd = span(uint(placement, Slot.gridItemPlacementGridRowSpan))
  }

  // MARK: Participants

  /// A participant's style: its own sizing (fixed, fill or hug per axis, measured when it
  /// hugs), how it sits in its layout, and its placement; `display: none` collapses its host.
  private mutating func syncParticipantStyle(_ item: Int, tree: inout LayoutTree) {
    guard layout.isOn else { return }
    let entry = model.layout.items[item]
    let node = layout.items[item].node
    let participant = Int(entry.participant)
    let host = Int(entry.component)
    let widthScale = self.widthScale(ofStyle: participant)
    let heightScale = self.heightScale(ofStyle: participant)
    let owner = layoutParent(of: host)
    let ownerItem = owner.flatMap { model.layout.item(of: $0) }
    let ownerStyle = ownerItem.map { layoutStyleObject($0) } ?? -1
    tree.setHasMeasure(widthScale == .hug || heightScale == .hug, for: node)

    var context = LayoutSyncContext()
    context.parentIsRow = owner.map { layoutMainAxisIsRow($0) } ?? true
    context.parentIsGrid = ownerStyle >= 0 && styleIsGrid(ownerStyle)
    context.parentIsStack = ownerStyle >= 0 && styleIsStack(ownerStyle)
    context.containerJustifyItems =
      ownerStyle >= 0
      ? uint(ownerStyle, Slot.layoutComponentStyleJustifyItemsValue)
      : UInt32(Justify.stretch.rawValue)
    context.inlineHugs = widthScale == .hug
    context.widthFills = widthScale == .fill
    context.isLTR = ownerItem.map { layoutActualDirection($0) != .rtl } ?? true
    context.hasLayoutParent = owner != nil

    var s = tree.style(of: node)
    // Base: limits, then the participant's own size and flex.
    applySizingBase(participant, isLayoutComponent: false, into: &s)
    s.dimensions.width =
      widthScale == .fixed
      ? layoutLength(
        cppMax(0, float(participant, Slot.layoutNodeStyleWidth)),
        unitRaw: uint(participant, Slot.layoutSizingStyleWidthUnitsValue))
      : LayoutLength(value: .nan, unit: .auto)
    s.dimensions.height =
      heightScale == .fixed
      ? layoutLength(
        cppMax(0, float(participant, Slot.layoutNodeStyleHeight)),
        unitRaw: uint(participant, Slot.layoutSizingStyleHeightUnitsValue))
      : LayoutLength(value: .nan, unit: .auto)
    let widthFill = widthScale == .fill
    let heightFill = heightScale == .fill
    if context.parentIsGrid {
      s.flexGrow = 0
      s.flexShrink = 0
      s.alignSelf = heightFill ? .stretch : .auto
    } else {
      let mainFill = context.parentIsRow ? widthFill : heightFill
      let fraction =
        context.parentIsRow
        ? float(participant, Slot.layoutNodeStyleFractionalWidth)
        : float(participant, Slot.layoutNodeStyleFractionalHeight)
      s.flexGrow = mainFill ? fraction : 0
      s.flexShrink = mainFill ? fraction : 0
      s.flexBasis = mainFill ? .points(0) : LayoutLength(value: .nan, unit: .auto)
      let crossFill = context.parentIsRow ? heightFill : widthFill
      s.alignSelf = crossFill ? .stretch : .auto
    }
    if widthFill && uint(participant, Slot.layoutSizingStyleMinWidthUnitsValue) == 0 {
      s.minDimensions.width = .points(0)
    }
    if heightFill && uint(participant, Slot.layoutSizingStyleMinHeightUnitsValue) == 0 {
      s.minDimensions.height = .points(0)
    }
    // Item and placement.
    applySizingItem(participant, context: context, into: &s)
    if entry.placement >= 0 { applyPlacement(Int(entry.placement), context: context, into: &s) }
    tree.setStyle(s, of: node)
    tree.markDirty(node)

    // Display none folds into the host's collapse (a solo's inactive child stays hidden).
    let hostParent = Int(model.parents[host])
    var parentHides = hostParent >= 0 && isCollapsed(hostParent)
    if hostParent >= 0, geometryModel.kinds[hostParent] == .solo,
      Int(uint(hostParent, Slot.soloActiveComponentId)) != host
    {
      parentHides = true
    }
    let hidden =
      uint(participant, Slot.layoutSizingStyleDisplayValue) == UInt32(Display.none.rawValue)
    collapse(host, parentHides || hidden)
  }
}
