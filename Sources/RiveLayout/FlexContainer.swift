// The flex container steps of Yoga's `YGNodelayoutImpl` (steps 1 to 11).

extension Engine {
  func layoutFlex(
    _ node: Int, availableWidth: Float, availableHeight: Float, ownerDirection: UInt8,
    direction: UInt8, widthMode: UInt8, heightMode: UInt8, ownerWidth: Float, ownerHeight: Float,
    marginAxisRow: Float, marginAxisColumn: Float, performLayout: Bool, depth: Int
  ) {
    let style = st(node)
    let count = childCount(node)

    // Step 1: axes and the container's own padding and border.
    let mainAxis = Axis.resolve(style.pointee.flexDirection, direction)
    let crossAxis = Axis.cross(mainAxis, direction)
    let isMainAxisRow = Axis.isRow(mainAxis)
    let isWrap = style.pointee.flexWrap != FlexWrap.noWrap.rawValue
    let mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight
    let crossAxisOwnerSize = isMainAxisRow ? ownerHeight : ownerWidth
    let paddingAndBorderAxisMain = paddingAndBorder(node, mainAxis, ownerWidth)
    let leadingPaddingAndBorderCross = style.leadingPaddingAndBorder(crossAxis, ownerWidth)
    let trailingPaddingAndBorderCross = style.trailingPaddingAndBorder(crossAxis, ownerWidth)
    let paddingAndBorderAxisCross = leadingPaddingAndBorderCross + trailingPaddingAndBorderCross
    var mainMode = isMainAxisRow ? widthMode : heightMode
    let crossMode = isMainAxisRow ? heightMode : widthMode
    let paddingAndBorderAxisRow =
      isMainAxisRow ? paddingAndBorderAxisMain : paddingAndBorderAxisCross
    let paddingAndBorderAxisColumn =
      isMainAxisRow ? paddingAndBorderAxisCross : paddingAndBorderAxisMain

    // Step 2: the space inside.
    let availableInnerWidth = availableInnerDimension(
      node, 0, availableWidth - marginAxisRow, paddingAndBorderAxisRow, ownerWidth)
    let availableInnerHeight = availableInnerDimension(
      node, 1, availableHeight - marginAxisColumn, paddingAndBorderAxisColumn, ownerHeight)
    var availableInnerMainDim = isMainAxisRow ? availableInnerWidth : availableInnerHeight
    let availableInnerCrossDim = isMainAxisRow ? availableInnerHeight : availableInnerWidth

    // Step 3: flex bases.
    var totalMainDim: Float = 0
    totalMainDim += computeFlexBasisForChildren(
      node, availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
      widthMode: widthMode, heightMode: heightMode, direction: direction, mainAxis: mainAxis,
      performLayout: performLayout, depth: depth)
    if count > 1 {
      totalMainDim += style.gapForAxis(mainAxis, availableInnerCrossDim) * Float(count - 1)
    }
    let mainAxisOverflows = mainMode != Mode.undefined && totalMainDim > availableInnerMainDim
    if isWrap && mainAxisOverflows && mainMode == Mode.atMost {
      mainMode = Mode.exactly
    }

    // Step 4: lines.
    var lineCount: UInt32 = 0
    var totalLineCrossDim: Float = 0
    let crossAxisGap = style.gapForAxis(crossAxis, availableInnerCrossDim)
    var maxLineMainDim: Float = 0
    var startOfLine = 0
    var endOfLine = 0
    while endOfLine < count {
      var line = collectLine(
        node, direction: direction, mainAxisOwnerSize: mainAxisOwnerSize,
        availableInnerWidth: availableInnerWidth, availableInnerMainDim: availableInnerMainDim,
        start: startOfLine, lineCount: lineCount)
      endOfLine = line.end
      let canSkipFlex = !performLayout && crossMode == Mode.exactly

      // Step 5: flexible lengths.
      var sizeBasedOnContent = false
      if mainMode != Mode.exactly {
        let minInnerWidth = style.pointee.minWidth.resolve(ownerWidth) - paddingAndBorderAxisRow
        let maxInnerWidth = style.pointee.maxWidth.resolve(ownerWidth) - paddingAndBorderAxisRow
        let minInnerHeight =
          style.pointee.minHeight.resolve(ownerHeight) - paddingAndBorderAxisColumn
        let maxInnerHeight =
          style.pointee.maxHeight.resolve(ownerHeight) - paddingAndBorderAxisColumn
        let minInnerMainDim = isMainAxisRow ? minInnerWidth : minInnerHeight
        let maxInnerMainDim = isMainAxisRow ? maxInnerWidth : maxInnerHeight
        if !minInnerMainDim.isNaN && line.sizeConsumed < minInnerMainDim {
          availableInnerMainDim = minInnerMainDim
        } else if !maxInnerMainDim.isNaN && line.sizeConsumed > maxInnerMainDim {
          availableInnerMainDim = maxInnerMainDim
        } else {
          // Nothing to flex (or a container that cannot grow): the content is the size.
          let ownGrow = flexGrow(node)
          if (!line.totalFlexGrowFactors.isNaN && line.totalFlexGrowFactors == 0)
            || (!ownGrow.isNaN && ownGrow == 0)
          {
            availableInnerMainDim = line.sizeConsumed
          }
          sizeBasedOnContent = true
        }
      }
      if !sizeBasedOnContent && !availableInnerMainDim.isNaN {
        line.remainingFreeSpace = availableInnerMainDim - line.sizeConsumed
      } else if line.sizeConsumed < 0 {
        line.remainingFreeSpace = -line.sizeConsumed
      }

      if !canSkipFlex {
        let originalFreeSpace = line.remainingFreeSpace
        distributeFreeSpaceFirstPass(
          node, &line, mainAxis: mainAxis, mainAxisOwnerSize: mainAxisOwnerSize,
          availableInnerMainDim: availableInnerMainDim, availableInnerWidth: availableInnerWidth)
        let distributed = distributeFreeSpaceSecondPass(
          node, &line, mainAxis: mainAxis, crossAxis: crossAxis,
          mainAxisOwnerSize: mainAxisOwnerSize, availableInnerMainDim: availableInnerMainDim,
          availableInnerCrossDim: availableInnerCrossDim, availableInnerWidth: availableInnerWidth,
          availableInnerHeight: availableInnerHeight, mainAxisOverflows: mainAxisOverflows,
          crossMode: crossMode, performLayout: performLayout, depth: depth)
        line.remainingFreeSpace = originalFreeSpace - distributed
      }
      nodes[node].layout.hadOverflow =
        nodes[node].layout.hadOverflow || line.remainingFreeSpace < 0

      // Step 6: main-axis justification and the line's cross size.
      justifyMainAxis(
        node, &line, mainAxis: mainAxis, crossAxis: crossAxis, mainMode: mainMode,
        crossMode: crossMode, mainAxisOwnerSize: mainAxisOwnerSize, ownerWidth: ownerWidth,
        availableInnerMainDim: availableInnerMainDim,
        availableInnerCrossDim: availableInnerCrossDim, availableInnerWidth: availableInnerWidth,
        performLayout: performLayout)

      var containerCrossAxis = availableInnerCrossDim
      if crossMode == Mode.undefined || crossMode == Mode.atMost {
        containerCrossAxis =
          boundAxis(
            node, crossAxis, line.crossDim + paddingAndBorderAxisCross, crossAxisOwnerSize,
            ownerWidth) - paddingAndBorderAxisCross
      }
      if !isWrap && crossMode == Mode.exactly {
        line.crossDim = availableInnerCrossDim
      }
      line.crossDim =
        boundAxis(
          node, crossAxis, line.crossDim + paddingAndBorderAxisCross, crossAxisOwnerSize,
          ownerWidth) - paddingAndBorderAxisCross

      // Step 7: cross-axis alignment within the line.
      if performLayout {
        alignLineItems(
          node, line: line, mainAxis: mainAxis, crossAxis: crossAxis, direction: direction,
          isMainAxisRow: isMainAxisRow, isWrap: isWrap,
          leadingPaddingAndBorderCross: leadingPaddingAndBorderCross,
          containerCrossAxis: containerCrossAxis, totalLineCrossDim: totalLineCrossDim,
          availableInnerMainDim: availableInnerMainDim,
          availableInnerCrossDim: availableInnerCrossDim, availableInnerWidth: availableInnerWidth,
          availableInnerHeight: availableInnerHeight, depth: depth)
      }

      let appliedCrossGap: Float = lineCount != 0 ? crossAxisGap : 0
      totalLineCrossDim += line.crossDim + appliedCrossGap
      maxLineMainDim = ygMax(maxLineMainDim, line.mainDim)
      lineCount += 1
      startOfLine = endOfLine
    }

    // Step 8: multi-line content alignment.
    if performLayout && (isWrap || isBaselineLayout(node)) {
      alignLines(
        node, lineCount: Int(lineCount), totalLineCrossDim: totalLineCrossDim,
        crossAxis: crossAxis, mainAxis: mainAxis, direction: direction,
        isMainAxisRow: isMainAxisRow, crossAxisGap: crossAxisGap,
        leadingPaddingAndBorderCross: leadingPaddingAndBorderCross,
        availableInnerCrossDim: availableInnerCrossDim, availableInnerWidth: availableInnerWidth,
        availableInnerHeight: availableInnerHeight, depth: depth)
    }

    // Step 9: the container's own size.
    nodes[node].layout.measuredWidth = boundAxis(
      node, Axis.row, availableWidth - marginAxisRow, ownerWidth, ownerWidth)
    nodes[node].layout.measuredHeight = boundAxis(
      node, Axis.column, availableHeight - marginAxisColumn, ownerHeight, ownerWidth)
    let mainDimension = Axis.dimension(mainAxis)
    let crossDimension = Axis.dimension(crossAxis)
    let isScroll = style.pointee.overflow == Overflow.scroll.rawValue
    if mainMode == Mode.undefined || (!isScroll && mainMode == Mode.atMost) {
      nodes[node].layout.setMeasured(
        boundAxis(node, mainAxis, maxLineMainDim, mainAxisOwnerSize, ownerWidth), mainDimension)
    } else if mainMode == Mode.atMost && isScroll {
      nodes[node].layout.setMeasured(
        ygMax(
          ygMin(
            availableInnerMainDim + paddingAndBorderAxisMain,
            boundWithinMinAndMax(node, mainAxis, maxLineMainDim, mainAxisOwnerSize)),
          paddingAndBorderAxisMain),
        mainDimension)
    }
    if crossMode == Mode.undefined || (!isScroll && crossMode == Mode.atMost) {
      nodes[node].layout.setMeasured(
        boundAxis(
          node, crossAxis, totalLineCrossDim + paddingAndBorderAxisCross, crossAxisOwnerSize,
          ownerWidth),
        crossDimension)
    } else if crossMode == Mode.atMost && isScroll {
      nodes[node].layout.setMeasured(
        ygMax(
          ygMin(
            availableInnerCrossDim + paddingAndBorderAxisCross,
            boundWithinMinAndMax(
              node, crossAxis, totalLineCrossDim + paddingAndBorderAxisCross, crossAxisOwnerSize)),
          paddingAndBorderAxisCross),
        crossDimension)
    }

    // Wrap-reverse mirrors the lines along the cross axis.
    if performLayout && style.pointee.flexWrap == FlexWrap.wrapReverse.rawValue {
      for i in 0..<count {
        let c = child(node, i)
        if nodes[c].style.positionType != PositionType.absolute.rawValue {
          let edge = Axis.leadingEdge(crossAxis)
          nodes[c].layout.setPosition(
            nodes[node].layout.measured(crossDimension) - nodes[c].layout.positionAt(edge)
              - nodes[c].layout.measured(crossDimension),
            edge)
        }
      }
    }

    if performLayout {
      // Step 10: absolute children.
      for i in 0..<count {
        let c = child(node, i)
        if nodes[c].style.display == Display.none.rawValue
          || nodes[c].style.positionType != PositionType.absolute.rawValue
        {
          continue
        }
        layoutAbsoluteChild(
          node, c, width: availableInnerWidth, widthMode: isMainAxisRow ? mainMode : crossMode,
          height: availableInnerHeight, direction: direction, depth: depth)
      }

      // Step 11: reversed axes measure positions from the far edge.
      let needsMainTrailingPos = mainAxis == Axis.rowReverse || mainAxis == Axis.columnReverse
      let needsCrossTrailingPos = crossAxis == Axis.rowReverse || crossAxis == Axis.columnReverse
      if needsMainTrailingPos || needsCrossTrailingPos {
        for i in 0..<count {
          let c = child(node, i)
          if nodes[c].style.display == Display.none.rawValue { continue }
          if needsMainTrailingPos { setChildTrailingPosition(node, c, mainAxis) }
          if needsCrossTrailingPos { setChildTrailingPosition(node, c, crossAxis) }
        }
      }
    }
  }

  /// Step 7 of Yoga's flex layout: positions (and, for stretch, re-lays out) each item of one
  /// line along the cross axis.
  func alignLineItems(
    _ node: Int, line: FlexLine, mainAxis: UInt8, crossAxis: UInt8, direction: UInt8,
    isMainAxisRow: Bool, isWrap: Bool, leadingPaddingAndBorderCross: Float,
    containerCrossAxis: Float, totalLineCrossDim: Float, availableInnerMainDim: Float,
    availableInnerCrossDim: Float, availableInnerWidth: Float, availableInnerHeight: Float,
    depth: Int
  ) {
    let style = st(node)
    let crossEdge = Axis.leadingEdge(crossAxis)
    for i in line.start..<line.end {
      let c = child(node, i)
      let childStyle = st(c)
      if childStyle.pointee.display == Display.none.rawValue { continue }
      if childStyle.pointee.positionType == PositionType.absolute.rawValue {
        // An absolute child with a leading cross inset goes there; otherwise (or when that
        // gives NaN) to the border and margin.
        let isLeadingDefined = childStyle.isLeadingPositionDefined(crossAxis)
        if isLeadingDefined {
          nodes[c].layout.setPosition(
            childStyle.leadingPosition(crossAxis, availableInnerCrossDim)
              + style.leadingBorder(crossAxis)
              + childStyle.leadingMargin(crossAxis, availableInnerWidth),
            crossEdge)
        }
        if !isLeadingDefined || nodes[c].layout.positionAt(crossEdge).isNaN {
          nodes[c].layout.setPosition(
            style.leadingBorder(crossAxis)
              + childStyle.leadingMargin(crossAxis, availableInnerWidth),
            crossEdge)
        }
        continue
      }
      var leadingCrossDim = leadingPaddingAndBorderCross
      let align = alignItem(node, c)
      let leadingAuto = childStyle.marginLeadingValue(crossAxis).unit == Unit.auto
      let trailingAuto = childStyle.marginTrailingValue(crossAxis).unit == Unit.auto
      if align == Align.stretch.rawValue && !leadingAuto && !trailingAuto {
        if !isStyleDimDefined(c, crossAxis, availableInnerCrossDim) {
          var childMainSize = nodes[c].layout.measured(Axis.dimension(mainAxis))
          var childCrossSize =
            !childStyle.pointee.aspectRatio.isNaN
            ? childStyle.marginForAxis(crossAxis, availableInnerWidth)
              + (isMainAxisRow
                ? childMainSize / childStyle.pointee.aspectRatio
                : childMainSize * childStyle.pointee.aspectRatio)
            : line.crossDim
          childMainSize += childStyle.marginForAxis(mainAxis, availableInnerWidth)
          var childMainMode = Mode.exactly
          var childCrossMode = Mode.exactly
          constrainMaxSize(
            c, mainAxis, availableInnerMainDim, availableInnerWidth, &childMainMode,
            &childMainSize)
          constrainMaxSize(
            c, crossAxis, availableInnerCrossDim, availableInnerWidth, &childCrossMode,
            &childCrossSize)
          let childWidth = isMainAxisRow ? childMainSize : childCrossSize
          let childHeight = !isMainAxisRow ? childMainSize : childCrossSize
          let crossAxisDoesNotGrow = style.pointee.alignContent != Align.stretch.rawValue && isWrap
          let childWidthMode =
            childWidth.isNaN || (!isMainAxisRow && crossAxisDoesNotGrow)
            ? Mode.undefined : Mode.exactly
          let childHeightMode =
            childHeight.isNaN || (isMainAxisRow && crossAxisDoesNotGrow)
            ? Mode.undefined : Mode.exactly
          layoutNode(
            c, availableWidth: childWidth, availableHeight: childHeight,
            ownerDirection: direction, widthMode: childWidthMode, heightMode: childHeightMode,
            ownerWidth: availableInnerWidth, ownerHeight: availableInnerHeight,
            performLayout: true, depth: depth)
        }
      } else {
        let remainingCrossDim =
          containerCrossAxis - dimWithMargin(c, crossAxis, availableInnerWidth)
        if leadingAuto && trailingAuto {
          leadingCrossDim += ygMax(0, remainingCrossDim / 2)
        } else if trailingAuto {
          // The trailing auto margin takes the space.
        } else if leadingAuto {
          leadingCrossDim += ygMax(0, remainingCrossDim)
        } else if align == Align.flexStart.rawValue {
          // At the start already.
        } else if align == Align.center.rawValue {
          leadingCrossDim += remainingCrossDim / 2
        } else {
          // flex-end, and every other value (start, end, baseline before step 8, …).
          leadingCrossDim += remainingCrossDim
        }
      }
      nodes[c].layout.setPosition(
        nodes[c].layout.positionAt(crossEdge) + totalLineCrossDim + leadingCrossDim, crossEdge)
    }
  }

  /// Step 8 of Yoga's flex layout: distributes the lines along the cross axis (align-content)
  /// and aligns items within each line, including baselines and stretching to the line.
  func alignLines(
    _ node: Int, lineCount: Int, totalLineCrossDim: Float, crossAxis: UInt8, mainAxis: UInt8,
    direction: UInt8, isMainAxisRow: Bool, crossAxisGap: Float,
    leadingPaddingAndBorderCross: Float, availableInnerCrossDim: Float, availableInnerWidth: Float,
    availableInnerHeight: Float, depth: Int
  ) {
    let count = childCount(node)
    var crossDimLead: Float = 0
    var currentLead = leadingPaddingAndBorderCross
    if !availableInnerCrossDim.isNaN {
      let remainingAlignContentDim = availableInnerCrossDim - totalLineCrossDim
      switch nodes[node].style.alignContent {
      case Align.flexEnd.rawValue:
        currentLead += remainingAlignContentDim
      case Align.center.rawValue:
        currentLead += remainingAlignContentDim / 2
      case Align.stretch.rawValue:
        if availableInnerCrossDim > totalLineCrossDim {
          crossDimLead = remainingAlignContentDim / Float(lineCount)
        }
      case Align.spaceAround.rawValue:
        if availableInnerCrossDim > totalLineCrossDim {
          currentLead += remainingAlignContentDim / Float(2 * lineCount)
          if lineCount > 1 {
            crossDimLead = remainingAlignContentDim / Float(lineCount)
          }
        } else {
          currentLead += remainingAlignContentDim / 2
        }
      case Align.spaceBetween.rawValue:
        if availableInnerCrossDim > totalLineCrossDim && lineCount > 1 {
          crossDimLead = remainingAlignContentDim / Float(lineCount - 1)
        }
      default:
        // auto, flex-start, baseline, and the fork's start, end and space-evenly.
        break
      }
    }
    let crossDimension = Axis.dimension(crossAxis)
    let crossEdge = Axis.leadingEdge(crossAxis)
    var endIndex = 0
    for lineNumber in 0..<lineCount {
      let startIndex = endIndex
      var lineHeight: Float = 0
      var maxAscent: Float = 0
      var maxDescent: Float = 0
      var ii = startIndex
      while ii < count {
        let c = child(node, ii)
        if nodes[c].style.display == Display.none.rawValue {
          ii += 1
          continue
        }
        if nodes[c].style.positionType != PositionType.absolute.rawValue {
          if nodes[c].lineIndex != UInt32(truncatingIfNeeded: lineNumber) { break }
          if isLayoutDimDefined(c, crossAxis) {
            lineHeight = ygMax(
              lineHeight,
              nodes[c].layout.measured(crossDimension)
                + st(c).marginForAxis(crossAxis, availableInnerWidth))
          }
          if alignItem(node, c) == Align.baseline.rawValue {
            let ascent =
              baseline(c) + st(c).leadingMargin(Axis.column, availableInnerWidth)
            let descent =
              nodes[c].layout.measuredHeight
              + st(c).marginForAxis(Axis.column, availableInnerWidth) - ascent
            maxAscent = ygMax(maxAscent, ascent)
            maxDescent = ygMax(maxDescent, descent)
            lineHeight = ygMax(lineHeight, maxAscent + maxDescent)
          }
        }
        ii += 1
      }
      endIndex = ii
      lineHeight += crossDimLead
      currentLead += lineNumber != 0 ? crossAxisGap : 0

      for index in startIndex..<endIndex {
        let c = child(node, index)
        let childStyle = st(c)
        if childStyle.pointee.display == Display.none.rawValue { continue }
        if childStyle.pointee.positionType == PositionType.absolute.rawValue { continue }
        switch alignItem(node, c) {
        case Align.flexStart.rawValue:
          nodes[c].layout.setPosition(
            currentLead + childStyle.leadingMargin(crossAxis, availableInnerWidth), crossEdge)
        case Align.flexEnd.rawValue:
          nodes[c].layout.setPosition(
            currentLead + lineHeight - childStyle.trailingMargin(crossAxis, availableInnerWidth)
              - nodes[c].layout.measured(crossDimension),
            crossEdge)
        case Align.center.rawValue:
          let childHeight = nodes[c].layout.measured(crossDimension)
          nodes[c].layout.setPosition(currentLead + (lineHeight - childHeight) / 2, crossEdge)
        case Align.stretch.rawValue:
          nodes[c].layout.setPosition(
            currentLead + childStyle.leadingMargin(crossAxis, availableInnerWidth), crossEdge)
          // Re-measure with the line's height: the first pass only had the container's.
          if !isStyleDimDefined(c, crossAxis, availableInnerCrossDim) {
            let childWidth =
              isMainAxisRow
              ? nodes[c].layout.measuredWidth
                + childStyle.marginForAxis(mainAxis, availableInnerWidth)
              : lineHeight
            let childHeight =
              !isMainAxisRow
              ? nodes[c].layout.measuredHeight
                + childStyle.marginForAxis(crossAxis, availableInnerWidth)
              : lineHeight
            if !(ygEqual(childWidth, nodes[c].layout.measuredWidth)
              && ygEqual(childHeight, nodes[c].layout.measuredHeight))
            {
              layoutNode(
                c, availableWidth: childWidth, availableHeight: childHeight,
                ownerDirection: direction, widthMode: Mode.exactly, heightMode: Mode.exactly,
                ownerWidth: availableInnerWidth, ownerHeight: availableInnerHeight,
                performLayout: true, depth: depth)
            }
          }
        case Align.baseline.rawValue:
          nodes[c].layout.setPosition(
            currentLead + maxAscent - baseline(c)
              + childStyle.leadingPosition(Axis.column, availableInnerCrossDim),
            1)
        default:
          break
        }
      }
      currentLead += lineHeight
    }
  }
}
