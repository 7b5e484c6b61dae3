// The grid container (the fork's `calculateGridLayoutInternal`): placement, the implicit grid's
// tracks, container sizing, track sizing, then every item laid out in its area and aligned.

extension Engine {
  /// Appends the tracks of one axis of the implicit grid: implicit tracks before the explicit
  /// grid (the auto pattern repeating backwards), the template, then implicit tracks after it.
  private func appendTracks(
    template: [GridTrackSize], auto autoList: [GridTrackSize], leading: Int, total: Int
  ) {
    let autoTracks = autoList.isEmpty ? [GridTrackSize.auto] : autoList
    let autoCount = autoTracks.count
    for i in 0..<leading {
      let patternIndex = (leading - i - 1) % autoCount
      scratch.pointee.appendTrack(GridTrackState(autoTracks[autoCount - patternIndex - 1]))
    }
    for size in template { scratch.pointee.appendTrack(GridTrackState(size)) }
    let trailing = total - template.count
    if trailing > 0 {
      for i in 0..<trailing {
        scratch.pointee.appendTrack(GridTrackState(autoTracks[i % autoCount]))
      }
    }
  }

  func layoutGrid(
    _ node: Int, availableWidth: Float, availableHeight: Float, ownerDirection: UInt8,
    widthMode: UInt8, heightMode: UInt8, ownerWidth: Float, ownerHeight: Float,
    performLayout: Bool, depth: Int
  ) {
    let tracksBase = scratch.pointee.tracks.count
    let itemsBase = scratch.pointee.items.count
    let floatsBase = scratch.pointee.floats.count
    defer {
      GridScratch.truncate(&scratch.pointee.tracks, to: tracksBase)
      GridScratch.truncate(&scratch.pointee.items, to: itemsBase)
      GridScratch.truncate(&scratch.pointee.floats, to: floatsBase)
    }

    let direction = resolveDirection(node, ownerDirection)
    let marginInline = gridMarginForAxis(node, Axis.row, ownerWidth)
    let marginBlock = gridMarginForAxis(node, Axis.column, ownerWidth)
    let paddingAndBorderInline = gridPaddingAndBorder(node, Axis.row, direction, ownerWidth)
    let paddingAndBorderBlock = gridPaddingAndBorder(node, Axis.column, direction, ownerWidth)
    let availableInnerWidth = availableInnerDimension(
      node, 0, availableWidth - marginInline, paddingAndBorderInline, ownerWidth)
    let availableInnerHeight = availableInnerDimension(
      node, 1, availableHeight - marginBlock, paddingAndBorderBlock, ownerHeight)
    let widthIsDefinite = widthMode == Mode.exactly && !availableWidth.isNaN
    let heightIsDefinite = heightMode == Mode.exactly && !availableHeight.isNaN

    // Step 1: placement and the implicit grid.
    let style = styles[node]
    let areasBase = scratch.pointee.areas.count
    let extent = placeGridItems(
      node, explicitColumns: style.gridTemplateColumns.count,
      explicitRows: style.gridTemplateRows.count, areasBase: areasBase)
    let areaCount = scratch.pointee.areas.count - areasBase
    for a in 0..<areaCount {
      let area = scratch.pointee.areas[areasBase + a]
      scratch.pointee.appendItem(
        GridItemState(
          columnStart: area.columnStart - extent.minColumnStart,
          columnEnd: area.columnEnd - extent.minColumnStart,
          rowStart: area.rowStart - extent.minRowStart, rowEnd: area.rowEnd - extent.minRowStart,
          node: area.node))
      resolveDimensions(Int(area.node))
    }
    GridScratch.truncate(&scratch.pointee.areas, to: areasBase)
    let columnBase = scratch.pointee.tracks.count
    appendTracks(
      template: style.gridTemplateColumns, auto: style.gridAutoColumns,
      leading: -extent.minColumnStart, total: extent.maxColumnEnd)
    let columnCount = scratch.pointee.tracks.count - columnBase
    let rowBase = scratch.pointee.tracks.count
    appendTracks(
      template: style.gridTemplateRows, auto: style.gridAutoRows, leading: -extent.minRowStart,
      total: extent.maxRowEnd)
    let rowCount = scratch.pointee.tracks.count - rowBase

    // Step 2: the container's size; an indefinite axis takes the size of its tracks.
    var containerInnerWidth = widthIsDefinite ? availableInnerWidth : Float.nan
    var containerInnerHeight = heightIsDefinite ? availableInnerHeight : Float.nan
    var needsSecondTrackSizingPass = true
    func makeSizing() -> TrackSizing {
      TrackSizing(
        node: node, columnBase: columnBase, columnCount: columnCount, rowBase: rowBase,
        rowCount: rowCount, itemBase: itemsBase, itemCount: areaCount,
        containerInnerWidth: containerInnerWidth, containerInnerHeight: containerInnerHeight,
        widthMode: widthMode, heightMode: heightMode, direction: direction,
        ownerWidth: ownerWidth, ownerHeight: ownerHeight, depth: depth)
    }
    if !widthIsDefinite || !heightIsDefinite {
      var sizing = makeSizing()
      runGridSizingAlgorithm(&sizing)
      var containerSizeChanged = false
      if !widthIsDefinite {
        let total = totalBaseSize(sizing, true)
        containerInnerWidth = boundAxis(node, Axis.row, total, ownerWidth, ownerWidth)
        if containerInnerWidth != total { containerSizeChanged = true }
      }
      if !heightIsDefinite {
        let total = totalBaseSize(sizing, false)
        containerInnerHeight = boundAxis(node, Axis.column, total, ownerHeight, ownerWidth)
        if containerInnerHeight != total { containerSizeChanged = true }
      }
      let percentagesNeedResolution =
        (!widthIsDefinite && sizing.hasPercentageColumnTracks)
        || (!heightIsDefinite && sizing.hasPercentageRowTracks)
      needsSecondTrackSizingPass = containerSizeChanged || percentagesNeedResolution
    }

    nodes[node].layout.measuredWidth = boundAxis(
      node, Axis.row, containerInnerWidth + paddingAndBorderInline, ownerWidth, ownerWidth)
    nodes[node].layout.measuredHeight = boundAxis(
      node, Axis.column, containerInnerHeight + paddingAndBorderBlock, ownerHeight, ownerWidth)
    if !performLayout { return }

    // Step 3: track sizes for the final container size.
    var sizing = makeSizing()
    if needsSecondTrackSizingPass { runGridSizingAlgorithm(&sizing) }

    // Step 4: every item in its area.
    let gridWidth = totalBaseSize(sizing, true)
    let gridHeight = totalBaseSize(sizing, false)
    let leadingPaddingAndBorderInline =
      st(node).leadingPadding(Axis.resolve(Axis.row, direction), ownerWidth)
      + st(node).leadingBorder(Axis.resolve(Axis.row, direction))
    let leadingPaddingAndBorderBlock =
      st(node).leadingPadding(Axis.column, ownerWidth)
      + st(node).leadingBorder(Axis.column)
    let freeSpaceInline = containerInnerWidth - gridWidth
    let inline = contentDistribution(sizing, isWidth: true, freeSpace: freeSpaceInline)
    let freeSpaceBlock = containerInnerHeight - gridHeight
    let block = contentDistribution(sizing, isWidth: false, freeSpace: freeSpaceBlock)
    if freeSpaceInline < 0 || freeSpaceBlock < 0 { nodes[node].layout.hadOverflow = true }

    // Line offsets: the start of each track, gaps included.
    let columnLines = scratch.pointee.floats.count
    scratch.pointee.appendFloat(0)
    for i in 0..<columnCount {
      let previous = scratch.pointee.floats[columnLines + i]
      scratch.pointee.appendFloat(
        previous + scratch.pointee.tracks[trackIndex(sizing, true, i)].baseSize
          + (i < columnCount - 1 ? inline.effectiveGap : 0))
    }
    let rowLines = scratch.pointee.floats.count
    scratch.pointee.appendFloat(0)
    for i in 0..<rowCount {
      let previous = scratch.pointee.floats[rowLines + i]
      scratch.pointee.appendFloat(
        previous + scratch.pointee.tracks[trackIndex(sizing, false, i)].baseSize
          + (i < rowCount - 1 ? block.effectiveGap : 0))
    }

    for index in 0..<areaCount {
      let current = scratch.pointee.items[itemsBase + index]
      let itemNode = Int(current.node)
      var containingBlockWidth =
        scratch.pointee.floats[columnLines + current.columnEnd]
        - scratch.pointee.floats[columnLines + current.columnStart]
      if current.columnEnd < columnCount { containingBlockWidth -= inline.effectiveGap }
      var containingBlockHeight =
        scratch.pointee.floats[rowLines + current.rowEnd]
        - scratch.pointee.floats[rowLines + current.rowStart]
      if current.rowEnd < rowCount { containingBlockHeight -= block.effectiveGap }
      let itemInlineStart = scratch.pointee.floats[columnLines + current.columnStart]
      let itemBlockStart = scratch.pointee.floats[rowLines + current.rowStart]

      let marginInlineStart = gridInlineStartMargin(
        itemNode, Axis.row, direction, containingBlockWidth)
      let marginInlineEnd = gridInlineEndMargin(itemNode, Axis.row, direction, containingBlockWidth)
      let marginBlockStart = gridInlineStartMargin(
        itemNode, Axis.column, direction, containingBlockWidth)
      let marginBlockEnd = gridInlineEndMargin(
        itemNode, Axis.column, direction, containingBlockWidth)

      let constraints = itemConstraints(
        sizing, current, containingBlockWidth: containingBlockWidth,
        containingBlockHeight: containingBlockHeight)
      layoutNode(
        itemNode, availableWidth: constraints.width, availableHeight: constraints.height,
        ownerDirection: direction, widthMode: constraints.widthMode,
        heightMode: constraints.heightMode, ownerWidth: containingBlockWidth,
        ownerHeight: containingBlockHeight, performLayout: true, depth: depth)

      let justifySelf = justifyItem(node, itemNode)
      let alignSelf = alignItem(node, itemNode)

      // Inline axis: auto margins take positive free space, then justify-self.
      let itemWidth = nodes[itemNode].layout.measuredWidth
      var freeInline = containingBlockWidth - itemWidth - marginInlineStart - marginInlineEnd
      var startAutoMarginOffset: Float = 0
      if freeInline > 0 {
        let startAuto = gridStartMarginIsAuto(itemNode, Axis.row, direction)
        let endAuto = gridEndMarginIsAuto(itemNode, Axis.row, direction)
        if startAuto && endAuto {
          startAutoMarginOffset = freeInline / 2
          freeInline = 0
        } else if startAuto {
          startAutoMarginOffset = freeInline
          freeInline = 0
        } else if endAuto {
          startAutoMarginOffset = 0
          freeInline = 0
        }
      }
      var justifyOffset: Float = 0
      if justifySelf == Justify.end.rawValue {
        justifyOffset = freeInline
      } else if justifySelf == Justify.center.rawValue {
        justifyOffset = freeInline / 2
      }
      var finalLeft =
        leadingPaddingAndBorderInline + itemInlineStart + marginInlineStart
        + startAutoMarginOffset + justifyOffset + inline.startOffset
      if direction == LayoutDirection.rtl.rawValue {
        finalLeft =
          nodes[node].layout.measuredWidth - nodes[itemNode].layout.measuredWidth - finalLeft
      }
      let relativeInline = gridRelativePosition(itemNode, Axis.row, direction, containingBlockWidth)
      if direction == LayoutDirection.rtl.rawValue {
        nodes[itemNode].layout.position.0 = finalLeft - relativeInline
      } else {
        nodes[itemNode].layout.position.0 = finalLeft + relativeInline
      }

      // Block axis: the same with align-self.
      let itemHeight = nodes[itemNode].layout.measuredHeight
      var freeBlock = containingBlockHeight - itemHeight - marginBlockStart - marginBlockEnd
      var topAutoMarginOffset: Float = 0
      if freeBlock > 0 {
        let startAuto = gridStartMarginIsAuto(itemNode, Axis.column, direction)
        let endAuto = gridEndMarginIsAuto(itemNode, Axis.column, direction)
        if startAuto && endAuto {
          topAutoMarginOffset = freeBlock / 2
          freeBlock = 0
        } else if startAuto {
          topAutoMarginOffset = freeBlock
          freeBlock = 0
        } else if endAuto {
          freeBlock = 0
        }
      }
      var alignOffset: Float = 0
      if alignSelf == Align.end.rawValue {
        alignOffset = freeBlock
      } else if alignSelf == Align.center.rawValue {
        alignOffset = freeBlock / 2
      }
      let finalTop =
        itemBlockStart + marginBlockStart + topAutoMarginOffset + alignOffset + block.startOffset
        + leadingPaddingAndBorderBlock
      let relativeBlock = gridRelativePosition(
        itemNode, Axis.column, direction, containingBlockHeight)
      nodes[itemNode].layout.position.1 = finalTop + relativeBlock
    }

    // Absolute children, when the grid forms their containing block (it is positioned, or the
    // root); hidden children are zeroed on the same condition.
    if nodes[node].style.positionType != PositionType.static.rawValue || depth == 1 {
      let count = childCount(node)
      for i in 0..<count {
        let c = child(node, i)
        if nodes[c].style.display == Display.none.rawValue {
          zeroOutLayout(c)
          nodes[c].hasNewLayout = true
          nodes[c].isDirty = false
          continue
        }
        if nodes[c].style.positionType == PositionType.absolute.rawValue {
          resolveDimensions(c)
        }
      }
      layoutGridAbsoluteChildren(
        node, widthMode: widthMode, direction: direction,
        availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
        depth: depth)
    }
  }

  /// The relative offset of a grid item (stored `relativePosition` with a direction): the
  /// leading inset of the direction-resolved axis, else minus the trailing one; 0 if NaN.
  func gridRelativePosition(_ node: Int, _ axis: UInt8, _ direction: UInt8, _ axisSize: Float)
    -> Float
  {
    let resolved = Axis.resolve(axis, direction)
    let style = st(node)
    if style.isLeadingPositionDefined(resolved) {
      let position = style.leadingPosition(resolved, axisSize)
      return position.isNaN ? 0 : position
    }
    let position = style.trailingPosition(resolved, axisSize)
    return position.isNaN ? 0 : -position
  }

  /// Absolute children of a grid: positioned from their insets against the padding box (the
  /// flex path's absolute step), then moved to physical edges on reversed axes.
  func layoutGridAbsoluteChildren(
    _ node: Int, widthMode: UInt8, direction: UInt8, availableInnerWidth: Float,
    availableInnerHeight: Float, depth: Int
  ) {
    let count = childCount(node)
    for i in 0..<count {
      let c = child(node, i)
      if nodes[c].style.positionType != PositionType.absolute.rawValue { continue }
      setPosition(
        c, resolveDirection(c, direction), availableInnerHeight, availableInnerWidth,
        availableInnerWidth)
      layoutAbsoluteChild(
        node, c, width: availableInnerWidth, widthMode: widthMode, height: availableInnerHeight,
        direction: direction, depth: depth)
      let mainAxis = Axis.resolve(nodes[node].style.flexDirection, direction)
      let crossAxis = Axis.cross(mainAxis, direction)
      if mainAxis == Axis.rowReverse || mainAxis == Axis.columnReverse {
        setChildTrailingPosition(node, c, mainAxis)
      }
      if crossAxis == Axis.rowReverse || crossAxis == Axis.columnReverse {
        setChildTrailingPosition(node, c, crossAxis)
      }
    }
  }
}
