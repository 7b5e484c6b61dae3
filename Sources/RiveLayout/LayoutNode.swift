// One node's layout (Yoga's `YGNodelayoutImpl`), the leaf cases it starts with, absolute
// children, and the cache in front of it all (`YGLayoutNodeInternal`).

extension Engine {
  // MARK: Leaves

  /// Yoga's `YGNodeWithMeasureFuncSetMeasuredDimensions`: asks the measurer.
  func measureLeaf(
    _ node: Int, availableWidth inWidth: Float, availableHeight inHeight: Float, widthMode: UInt8,
    heightMode: UInt8, ownerWidth: Float, ownerHeight: Float
  ) {
    let availableWidth = widthMode == Mode.undefined ? Float.nan : inWidth
    let availableHeight = heightMode == Mode.undefined ? Float.nan : inHeight
    let paddingAndBorderRow =
      nodes[node].layout.padding.0 + nodes[node].layout.padding.2 + nodes[node].layout.border.0
      + nodes[node].layout.border.2
    let paddingAndBorderColumn =
      nodes[node].layout.padding.1 + nodes[node].layout.padding.3 + nodes[node].layout.border.1
      + nodes[node].layout.border.3
    let innerWidth =
      availableWidth.isNaN ? availableWidth : ygMax(0, availableWidth - paddingAndBorderRow)
    let innerHeight =
      availableHeight.isNaN ? availableHeight : ygMax(0, availableHeight - paddingAndBorderColumn)

    if widthMode == Mode.exactly && heightMode == Mode.exactly {
      nodes[node].layout.measuredWidth = boundAxis(
        node, Axis.row, availableWidth, ownerWidth, ownerWidth)
      nodes[node].layout.measuredHeight = boundAxis(
        node, Axis.column, availableHeight, ownerHeight, ownerWidth)
      return
    }
    let size = measurer.pointee.measure(
      LayoutNodeID(index: Int32(node)), width: innerWidth,
      widthMode: MeasureMode(rawValue: widthMode) ?? .undefined, height: innerHeight,
      heightMode: MeasureMode(rawValue: heightMode) ?? .undefined)
    stats.pointee.measureCallbacks += 1
    nodes[node].layout.measuredWidth = boundAxis(
      node, Axis.row,
      widthMode == Mode.undefined || widthMode == Mode.atMost
        ? size.width + paddingAndBorderRow : availableWidth,
      ownerWidth, ownerWidth)
    nodes[node].layout.measuredHeight = boundAxis(
      node, Axis.column,
      heightMode == Mode.undefined || heightMode == Mode.atMost
        ? size.height + paddingAndBorderColumn : availableHeight,
      ownerHeight, ownerWidth)
  }

  /// Yoga's `YGNodeEmptyContainerSetMeasuredDimensions`.
  func sizeEmptyContainer(
    _ node: Int, availableWidth: Float, availableHeight: Float, widthMode: UInt8,
    heightMode: UInt8, ownerWidth: Float, ownerHeight: Float
  ) {
    var width = availableWidth
    if widthMode == Mode.undefined || widthMode == Mode.atMost {
      width =
        nodes[node].layout.padding.0 + nodes[node].layout.padding.2
        + nodes[node].layout.border.0 + nodes[node].layout.border.2
    }
    nodes[node].layout.measuredWidth = boundAxis(node, Axis.row, width, ownerWidth, ownerWidth)
    var height = availableHeight
    if heightMode == Mode.undefined || heightMode == Mode.atMost {
      height =
        nodes[node].layout.padding.1 + nodes[node].layout.padding.3
        + nodes[node].layout.border.1 + nodes[node].layout.border.3
    }
    nodes[node].layout.measuredHeight = boundAxis(
      node, Axis.column, height, ownerHeight, ownerWidth)
  }

  /// Yoga's `YGNodeFixedSizeSetMeasuredDimensions`: a measurement that needs no children.
  func sizeFixedWithoutChildren(
    _ node: Int, availableWidth: Float, availableHeight: Float, widthMode: UInt8,
    heightMode: UInt8, ownerWidth: Float, ownerHeight: Float
  ) -> Bool {
    guard
      (!availableWidth.isNaN && widthMode == Mode.atMost && availableWidth <= 0)
        || (!availableHeight.isNaN && heightMode == Mode.atMost && availableHeight <= 0)
        || (widthMode == Mode.exactly && heightMode == Mode.exactly)
    else { return false }
    let width: Float =
      availableWidth.isNaN || (widthMode == Mode.atMost && availableWidth < 0) ? 0 : availableWidth
    let height: Float =
      availableHeight.isNaN || (heightMode == Mode.atMost && availableHeight < 0)
      ? 0 : availableHeight
    nodes[node].layout.measuredWidth = boundAxis(node, Axis.row, width, ownerWidth, ownerWidth)
    nodes[node].layout.measuredHeight = boundAxis(
      node, Axis.column, height, ownerHeight, ownerWidth)
    return true
  }

  // MARK: Absolute children

  /// Yoga's `YGNodeAbsoluteLayoutChild`.
  func layoutAbsoluteChild(
    _ node: Int, _ child: Int, width: Float, widthMode: UInt8, height: Float, direction: UInt8,
    depth: Int
  ) {
    let mainAxis = Axis.resolve(nodes[node].style.flexDirection, direction)
    let crossAxis = Axis.cross(mainAxis, direction)
    let isMainAxisRow = Axis.isRow(mainAxis)
    let style = st(node)
    let childStyle = st(child)

    var childWidth = Float.nan
    var childHeight = Float.nan
    var childWidthMode = Mode.undefined
    var childHeightMode = Mode.undefined
    let marginRow = childStyle.marginForAxis(Axis.row, width)
    let marginColumn = childStyle.marginForAxis(Axis.column, width)

    if isStyleDimDefined(child, Axis.row, width) {
      childWidth = nodes[child].resolvedWidth.resolve(width) + marginRow
    } else if childStyle.isLeadingPositionDefined(Axis.row)
      && childStyle.isTrailingPositionDefined(Axis.row)
    {
      // Both horizontal insets: the width between them.
      childWidth =
        nodes[node].layout.measuredWidth
        - (style.leadingBorder(Axis.row) + style.trailingBorder(Axis.row))
        - (childStyle.leadingPosition(Axis.row, width)
          + childStyle.trailingPosition(Axis.row, width))
      childWidth = boundAxis(child, Axis.row, childWidth, width, width)
    }

    if isStyleDimDefined(child, Axis.column, height) {
      childHeight = nodes[child].resolvedHeight.resolve(height) + marginColumn
    } else if childStyle.isLeadingPositionDefined(Axis.column)
      && childStyle.isTrailingPositionDefined(Axis.column)
    {
      childHeight =
        nodes[node].layout.measuredHeight
        - (style.leadingBorder(Axis.column) + style.trailingBorder(Axis.column))
        - (childStyle.leadingPosition(Axis.column, height)
          + childStyle.trailingPosition(Axis.column, height))
      childHeight = boundAxis(child, Axis.column, childHeight, height, width)
    }

    // With exactly one dimension known, the aspect ratio gives the other.
    if childWidth.isNaN != childHeight.isNaN && !childStyle.pointee.aspectRatio.isNaN {
      if childWidth.isNaN {
        childWidth = marginRow + (childHeight - marginColumn) * childStyle.pointee.aspectRatio
      } else if childHeight.isNaN {
        childHeight = marginColumn + (childWidth - marginRow) / childStyle.pointee.aspectRatio
      }
    }

    if childWidth.isNaN || childHeight.isNaN {
      childWidthMode = childWidth.isNaN ? Mode.undefined : Mode.exactly
      childHeightMode = childHeight.isNaN ? Mode.undefined : Mode.exactly
      // A column container of known width lets the absolute child wrap to that width.
      if !isMainAxisRow && childWidth.isNaN && widthMode != Mode.undefined && !width.isNaN
        && width > 0
      {
        childWidth = width
        childWidthMode = Mode.atMost
      }
      _ = layoutNode(
        child, availableWidth: childWidth, availableHeight: childHeight,
        ownerDirection: direction, widthMode: childWidthMode, heightMode: childHeightMode,
        ownerWidth: childWidth, ownerHeight: childHeight, performLayout: false, depth: depth)
      childWidth = nodes[child].layout.measuredWidth + childStyle.marginForAxis(Axis.row, width)
      childHeight =
        nodes[child].layout.measuredHeight + childStyle.marginForAxis(Axis.column, width)
    }

    _ = layoutNode(
      child, availableWidth: childWidth, availableHeight: childHeight, ownerDirection: direction,
      widthMode: Mode.exactly, heightMode: Mode.exactly, ownerWidth: childWidth,
      ownerHeight: childHeight, performLayout: true, depth: depth)

    let mainDimension = Axis.dimension(mainAxis)
    let crossDimension = Axis.dimension(crossAxis)
    let mainReference = isMainAxisRow ? width : height
    let crossReference = isMainAxisRow ? height : width
    if childStyle.isTrailingPositionDefined(mainAxis)
      && !childStyle.isLeadingPositionDefined(mainAxis)
    {
      nodes[child].layout.setPosition(
        nodes[node].layout.measured(mainDimension) - nodes[child].layout.measured(mainDimension)
          - style.trailingBorder(mainAxis) - childStyle.trailingMargin(mainAxis, mainReference)
          - childStyle.trailingPosition(mainAxis, mainReference),
        Axis.leadingEdge(mainAxis))
    } else if !childStyle.isLeadingPositionDefined(mainAxis)
      && style.pointee.justifyContent == Justify.center.rawValue
    {
      nodes[child].layout.setPosition(
        (nodes[node].layout.measured(mainDimension) - nodes[child].layout.measured(mainDimension))
          / 2,
        Axis.leadingEdge(mainAxis))
    } else if !childStyle.isLeadingPositionDefined(mainAxis)
      && style.pointee.justifyContent == Justify.flexEnd.rawValue
    {
      nodes[child].layout.setPosition(
        nodes[node].layout.measured(mainDimension) - nodes[child].layout.measured(mainDimension),
        Axis.leadingEdge(mainAxis))
    }

    if childStyle.isTrailingPositionDefined(crossAxis)
      && !childStyle.isLeadingPositionDefined(crossAxis)
    {
      nodes[child].layout.setPosition(
        nodes[node].layout.measured(crossDimension) - nodes[child].layout.measured(crossDimension)
          - style.trailingBorder(crossAxis) - childStyle.trailingMargin(crossAxis, crossReference)
          - childStyle.trailingPosition(crossAxis, crossReference),
        Axis.leadingEdge(crossAxis))
    } else if !childStyle.isLeadingPositionDefined(crossAxis)
      && alignItem(node, child) == Align.center.rawValue
    {
      nodes[child].layout.setPosition(
        (nodes[node].layout.measured(crossDimension)
          - nodes[child].layout.measured(crossDimension)) / 2,
        Axis.leadingEdge(crossAxis))
    } else if !childStyle.isLeadingPositionDefined(crossAxis)
      && ((alignItem(node, child) == Align.flexEnd.rawValue)
        != (style.pointee.flexWrap == FlexWrap.wrapReverse.rawValue))
    {
      nodes[child].layout.setPosition(
        nodes[node].layout.measured(crossDimension) - nodes[child].layout.measured(crossDimension),
        Axis.leadingEdge(crossAxis))
    }
  }

  // MARK: The node's layout

  /// Yoga's `YGNodelayoutImpl`.
  func layoutImpl(
    _ node: Int, availableWidth: Float, availableHeight: Float, ownerDirection: UInt8,
    widthMode: UInt8, heightMode: UInt8, ownerWidth: Float, ownerHeight: Float,
    performLayout: Bool, depth: Int
  ) {
    if performLayout {
      stats.pointee.layouts += 1
    } else {
      stats.pointee.measures += 1
    }
    let direction = resolveDirection(node, ownerDirection)
    nodes[node].layout.direction = direction

    let flexRowDirection = Axis.resolve(Axis.row, direction)
    let flexColumnDirection = Axis.resolve(Axis.column, direction)
    let startEdge = direction == LayoutDirection.ltr.rawValue ? 0 : 2
    let endEdge = direction == LayoutDirection.ltr.rawValue ? 2 : 0
    let style = st(node)

    let marginRowLeading = style.leadingMargin(flexRowDirection, ownerWidth)
    setEdge(&nodes[node].layout.margin, startEdge, marginRowLeading)
    let marginRowTrailing = style.trailingMargin(flexRowDirection, ownerWidth)
    setEdge(&nodes[node].layout.margin, endEdge, marginRowTrailing)
    let marginColumnLeading = style.leadingMargin(flexColumnDirection, ownerWidth)
    nodes[node].layout.margin.1 = marginColumnLeading
    let marginColumnTrailing = style.trailingMargin(flexColumnDirection, ownerWidth)
    nodes[node].layout.margin.3 = marginColumnTrailing
    let marginAxisRow = marginRowLeading + marginRowTrailing
    let marginAxisColumn = marginColumnLeading + marginColumnTrailing

    setEdge(&nodes[node].layout.border, startEdge, style.leadingBorder(flexRowDirection))
    setEdge(&nodes[node].layout.border, endEdge, style.trailingBorder(flexRowDirection))
    nodes[node].layout.border.1 = style.leadingBorder(flexColumnDirection)
    nodes[node].layout.border.3 = style.trailingBorder(flexColumnDirection)

    setEdge(
      &nodes[node].layout.padding, startEdge, style.leadingPadding(flexRowDirection, ownerWidth))
    setEdge(
      &nodes[node].layout.padding, endEdge, style.trailingPadding(flexRowDirection, ownerWidth))
    nodes[node].layout.padding.1 = style.leadingPadding(flexColumnDirection, ownerWidth)
    nodes[node].layout.padding.3 = style.trailingPadding(flexColumnDirection, ownerWidth)

    if nodes[node].hasMeasure {
      measureLeaf(
        node, availableWidth: availableWidth - marginAxisRow,
        availableHeight: availableHeight - marginAxisColumn, widthMode: widthMode,
        heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
      return
    }

    let count = childCount(node)
    if count > 0 && depth >= depthLimit {
      // Past the depth the tree is laid out to: the node is a leaf, its subtree gets zero
      // boxes (see `LayoutTree.maximumDepth`).
      for i in 0..<count { zeroOutLayout(child(node, i)) }
    }
    if count == 0 || depth >= depthLimit {
      sizeEmptyContainer(
        node, availableWidth: availableWidth - marginAxisRow,
        availableHeight: availableHeight - marginAxisColumn, widthMode: widthMode,
        heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
      return
    }

    if !performLayout
      && sizeFixedWithoutChildren(
        node, availableWidth: availableWidth - marginAxisRow,
        availableHeight: availableHeight - marginAxisColumn, widthMode: widthMode,
        heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
    {
      return
    }

    nodes[node].layout.hadOverflow = false

    if style.pointee.display == Display.grid.rawValue {
      layoutGrid(
        node, availableWidth: availableWidth, availableHeight: availableHeight,
        ownerDirection: ownerDirection, widthMode: widthMode, heightMode: heightMode,
        ownerWidth: ownerWidth, ownerHeight: ownerHeight, performLayout: performLayout,
        depth: depth)
      return
    }

    layoutFlex(
      node, availableWidth: availableWidth, availableHeight: availableHeight,
      ownerDirection: ownerDirection, direction: direction, widthMode: widthMode,
      heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight,
      marginAxisRow: marginAxisRow, marginAxisColumn: marginAxisColumn,
      performLayout: performLayout, depth: depth)
  }

  // MARK: The cache

  /// Yoga's `YGNodeCanUseCachedMeasurement` (without pixel rounding, which Rive turns off).
  @_transparent
  func canUseCachedMeasurement(
    widthMode: UInt8, width: Float, heightMode: UInt8, height: Float, last: CachedMeasurement,
    marginRow: Float, marginColumn: Float
  ) -> Bool {
    if (!last.computedHeight.isNaN && last.computedHeight < 0)
      || (!last.computedWidth.isNaN && last.computedWidth < 0)
    {
      return false
    }
    let hasSameWidthSpec = last.widthMode == widthMode && ygEqual(last.availableWidth, width)
    let hasSameHeightSpec = last.heightMode == heightMode && ygEqual(last.availableHeight, height)
    let widthIsCompatible =
      hasSameWidthSpec
      || sizeIsExactAndMatchesOldMeasuredSize(widthMode, width - marginRow, last.computedWidth)
      || oldSizeIsUnspecifiedAndStillFits(
        widthMode, width - marginRow, last.widthMode, last.computedWidth)
      || newMeasureSizeIsStricterAndStillValid(
        widthMode, width - marginRow, last.widthMode, last.availableWidth, last.computedWidth)
    let heightIsCompatible =
      hasSameHeightSpec
      || sizeIsExactAndMatchesOldMeasuredSize(
        heightMode, height - marginColumn, last.computedHeight)
      || oldSizeIsUnspecifiedAndStillFits(
        heightMode, height - marginColumn, last.heightMode, last.computedHeight)
      || newMeasureSizeIsStricterAndStillValid(
        heightMode, height - marginColumn, last.heightMode, last.availableHeight,
        last.computedHeight)
    return widthIsCompatible && heightIsCompatible
  }

  @_transparent
  func sizeIsExactAndMatchesOldMeasuredSize(_ mode: UInt8, _ size: Float, _ lastComputed: Float)
    -> Bool
  {
    mode == Mode.exactly && ygEqual(size, lastComputed)
  }

  @_transparent
  func oldSizeIsUnspecifiedAndStillFits(
    _ mode: UInt8, _ size: Float, _ lastMode: UInt8, _ lastComputed: Float
  ) -> Bool {
    mode == Mode.atMost && lastMode == Mode.undefined
      && (size >= lastComputed || ygEqual(size, lastComputed))
  }

  @_transparent
  func newMeasureSizeIsStricterAndStillValid(
    _ mode: UInt8, _ size: Float, _ lastMode: UInt8, _ lastSize: Float, _ lastComputed: Float
  ) -> Bool {
    lastMode == Mode.atMost && mode == Mode.atMost && !lastSize.isNaN && !size.isNaN
      && !lastComputed.isNaN && lastSize > size
      && (lastComputed <= size || ygEqual(size, lastComputed))
  }

  /// Yoga's `YGLayoutNodeInternal`: serves the request from the node's caches when it can,
  /// otherwise runs the layout and remembers the result. Returns whether the layout ran.
  @discardableResult
  func layoutNode(
    _ node: Int, availableWidth: Float, availableHeight: Float, ownerDirection: UInt8,
    widthMode: UInt8, heightMode: UInt8, ownerWidth: Float, ownerHeight: Float,
    performLayout: Bool, depth inputDepth: Int
  ) -> Bool {
    let depth = inputDepth + 1
    stats.pointee.visits += 1
    if stats.pointee.visits > visitLimit {
      // Out of work budget (see `LayoutTree.visitLimit`): the request gets a zero size.
      stats.pointee.exhaustedVisitLimit = true
      nodes[node].layout.measuredWidth = 0
      nodes[node].layout.measuredHeight = 0
      if performLayout {
        nodes[node].layout.width = 0
        nodes[node].layout.height = 0
      }
      return false
    }
    let needToVisitNode =
      (nodes[node].isDirty && nodes[node].layout.generationCount != generation)
      || nodes[node].layout.lastOwnerDirection != ownerDirection
    if needToVisitNode {
      nodes[node].layout.nextCachedMeasurementsIndex = 0
      nodes[node].layout.cachedLayout = CachedMeasurement()
    }

    // The cache entry that answers the request: the layout entry, or measurement `n`.
    var cached = -2
    let cacheBase = node * measurementCacheSize
    let entryCount = nodes[node].layout.nextCachedMeasurementsIndex
    if nodes[node].hasMeasure {
      let marginRow = st(node).marginForAxis(Axis.row, ownerWidth)
      let marginColumn = st(node).marginForAxis(Axis.column, ownerWidth)
      if canUseCachedMeasurement(
        widthMode: widthMode, width: availableWidth, heightMode: heightMode,
        height: availableHeight, last: nodes[node].layout.cachedLayout, marginRow: marginRow,
        marginColumn: marginColumn)
      {
        cached = -1
      } else {
        for i in 0..<entryCount
        where canUseCachedMeasurement(
          widthMode: widthMode, width: availableWidth, heightMode: heightMode,
          height: availableHeight, last: measurements[cacheBase + i], marginRow: marginRow,
          marginColumn: marginColumn)
        {
          cached = i
          break
        }
      }
    } else if performLayout {
      let last = nodes[node].layout.cachedLayout
      if ygEqual(last.availableWidth, availableWidth)
        && ygEqual(last.availableHeight, availableHeight) && last.widthMode == widthMode
        && last.heightMode == heightMode
      {
        cached = -1
      }
    } else {
      for i in 0..<entryCount {
        let entry = measurements[cacheBase + i]
        if ygEqual(entry.availableWidth, availableWidth)
          && ygEqual(entry.availableHeight, availableHeight) && entry.widthMode == widthMode
          && entry.heightMode == heightMode
        {
          cached = i
          break
        }
      }
    }

    if !needToVisitNode && cached != -2 {
      let entry = cached == -1 ? nodes[node].layout.cachedLayout : measurements[cacheBase + cached]
      nodes[node].layout.measuredWidth = entry.computedWidth
      nodes[node].layout.measuredHeight = entry.computedHeight
      if performLayout {
        stats.pointee.cachedLayouts += 1
      } else {
        stats.pointee.cachedMeasures += 1
      }
    } else {
      layoutImpl(
        node, availableWidth: availableWidth, availableHeight: availableHeight,
        ownerDirection: ownerDirection, widthMode: widthMode, heightMode: heightMode,
        ownerWidth: ownerWidth, ownerHeight: ownerHeight, performLayout: performLayout,
        depth: depth)
      nodes[node].layout.lastOwnerDirection = ownerDirection
      if cached == -2 {
        if nodes[node].layout.nextCachedMeasurementsIndex == measurementCacheSize {
          nodes[node].layout.nextCachedMeasurementsIndex = 0
        }
        let entry = CachedMeasurement(
          availableWidth: availableWidth, availableHeight: availableHeight, widthMode: widthMode,
          heightMode: heightMode, computedWidth: nodes[node].layout.measuredWidth,
          computedHeight: nodes[node].layout.measuredHeight)
        if performLayout {
          nodes[node].layout.cachedLayout = entry
        } else {
          measurements[cacheBase + nodes[node].layout.nextCachedMeasurementsIndex] = entry
          nodes[node].layout.nextCachedMeasurementsIndex += 1
        }
      }
    }

    if performLayout {
      nodes[node].layout.width = nodes[node].layout.measuredWidth
      nodes[node].layout.height = nodes[node].layout.measuredHeight
      nodes[node].hasNewLayout = true
      nodes[node].isDirty = false
    }
    nodes[node].layout.generationCount = generation
    return needToVisitNode || cached == -2
  }
}
