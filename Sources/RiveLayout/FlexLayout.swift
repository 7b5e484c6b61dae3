// Yoga 2.0.1's flex layout (`YGNodelayoutImpl` and its steps) and the measurement cache
// (`YGLayoutNodeInternal`), as Rive's fork computes them.

/// The running values of one flex line (Yoga's `YGCollectFlexItemsRowValues`). The line's items
/// are the children in `start..<end` that are neither hidden nor absolutely positioned.
struct FlexLine {
  var start = 0
  var end = 0
  var itemsOnLine = 0
  var sizeConsumed: Float = 0
  var totalFlexGrowFactors: Float = 0
  var totalFlexShrinkScaledFactors: Float = 0
  var remainingFreeSpace: Float = 0
  var mainDim: Float = 0
  var crossDim: Float = 0
}

extension Engine {
  @_transparent func isLineItem(_ child: Int) -> Bool {
    nodes[child].style.display != Display.none.rawValue
      && nodes[child].style.positionType != PositionType.absolute.rawValue
  }

  // MARK: Flex basis

  /// Yoga's `YGNodeComputeFlexBasisForChild`.
  func computeFlexBasis(
    parent node: Int, child: Int, width: Float, widthMode: UInt8, height: Float,
    ownerWidth: Float, ownerHeight: Float, heightMode: UInt8, direction: UInt8, depth: Int
  ) {
    let mainAxis = Axis.resolve(nodes[node].style.flexDirection, direction)
    let isMainAxisRow = Axis.isRow(mainAxis)
    let mainAxisSize = isMainAxisRow ? width : height
    let mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight

    let resolvedFlexBasis = flexBasis(child).resolve(mainAxisOwnerSize)
    let isRowStyleDimDefined = isStyleDimDefined(child, Axis.row, ownerWidth)
    let isColumnStyleDimDefined = isStyleDimDefined(child, Axis.column, ownerHeight)

    if !resolvedFlexBasis.isNaN && !mainAxisSize.isNaN {
      if nodes[child].layout.computedFlexBasis.isNaN {
        let pb = paddingAndBorder(child, mainAxis, ownerWidth)
        nodes[child].layout.computedFlexBasis = optionalMax(resolvedFlexBasis, pb)
      }
    } else if isMainAxisRow && isRowStyleDimDefined {
      let pb = paddingAndBorder(child, Axis.row, ownerWidth)
      nodes[child].layout.computedFlexBasis = optionalMax(
        nodes[child].resolvedWidth.resolve(ownerWidth), pb)
    } else if !isMainAxisRow && isColumnStyleDimDefined {
      let pb = paddingAndBorder(child, Axis.column, ownerWidth)
      nodes[child].layout.computedFlexBasis = optionalMax(
        nodes[child].resolvedHeight.resolve(ownerHeight), pb)
    } else {
      var childWidth = Float.nan
      var childHeight = Float.nan
      var childWidthMode = Mode.undefined
      var childHeightMode = Mode.undefined
      let childStyle = st(child)
      let marginRow = childStyle.marginForAxis(Axis.row, ownerWidth)
      let marginColumn = childStyle.marginForAxis(Axis.column, ownerWidth)

      if isRowStyleDimDefined {
        childWidth = nodes[child].resolvedWidth.resolve(ownerWidth) + marginRow
        childWidthMode = Mode.exactly
      }
      if isColumnStyleDimDefined {
        childHeight = nodes[child].resolvedHeight.resolve(ownerHeight) + marginColumn
        childHeightMode = Mode.exactly
      }

      // Overflow scroll leaves the main axis unconstrained; otherwise the available size caps
      // the content.
      let overflow = nodes[node].style.overflow
      if (!isMainAxisRow && overflow == Overflow.scroll.rawValue)
        || overflow != Overflow.scroll.rawValue
      {
        if childWidth.isNaN && !width.isNaN {
          childWidth = width
          childWidthMode = Mode.atMost
        }
      }
      if (isMainAxisRow && overflow == Overflow.scroll.rawValue)
        || overflow != Overflow.scroll.rawValue
      {
        if childHeight.isNaN && !height.isNaN {
          childHeight = height
          childHeightMode = Mode.atMost
        }
      }

      let aspectRatio = childStyle.pointee.aspectRatio
      if !aspectRatio.isNaN {
        if !isMainAxisRow && childWidthMode == Mode.exactly {
          childHeight = marginColumn + (childWidth - marginRow) / aspectRatio
          childHeightMode = Mode.exactly
        } else if isMainAxisRow && childHeightMode == Mode.exactly {
          childWidth = marginRow + (childHeight - marginColumn) * aspectRatio
          childWidthMode = Mode.exactly
        }
      }

      // A child without a cross size that stretches takes the exact available cross size.
      let hasExactWidth = !width.isNaN && widthMode == Mode.exactly
      let childWidthStretch =
        alignItem(node, child) == Align.stretch.rawValue && childWidthMode != Mode.exactly
      if !isMainAxisRow && !isRowStyleDimDefined && hasExactWidth && childWidthStretch {
        childWidth = width
        childWidthMode = Mode.exactly
        if !aspectRatio.isNaN {
          childHeight = (childWidth - marginRow) / aspectRatio
          childHeightMode = Mode.exactly
        }
      }
      let hasExactHeight = !height.isNaN && heightMode == Mode.exactly
      let childHeightStretch =
        alignItem(node, child) == Align.stretch.rawValue && childHeightMode != Mode.exactly
      if isMainAxisRow && !isColumnStyleDimDefined && hasExactHeight && childHeightStretch {
        childHeight = height
        childHeightMode = Mode.exactly
        if !aspectRatio.isNaN {
          childWidth = (childHeight - marginColumn) * aspectRatio
          childWidthMode = Mode.exactly
        }
      }

      constrainMaxSize(child, Axis.row, ownerWidth, ownerWidth, &childWidthMode, &childWidth)
      constrainMaxSize(
        child, Axis.column, ownerHeight, ownerWidth, &childHeightMode, &childHeight)

      _ = layoutNode(
        child, availableWidth: childWidth, availableHeight: childHeight,
        ownerDirection: direction, widthMode: childWidthMode, heightMode: childHeightMode,
        ownerWidth: ownerWidth, ownerHeight: ownerHeight, performLayout: false, depth: depth)

      nodes[child].layout.computedFlexBasis = ygMax(
        nodes[child].layout.measured(Axis.dimension(mainAxis)),
        paddingAndBorder(child, mainAxis, ownerWidth))
    }
    nodes[child].layout.computedFlexBasisGeneration = generation
  }

  /// Yoga's `YGNodeComputeFlexBasisForChildren`: sets every child's basis (and initial position
  /// during layout) and returns the sum of the bases and main-axis margins.
  func computeFlexBasisForChildren(
    _ node: Int, availableInnerWidth: Float, availableInnerHeight: Float, widthMode: UInt8,
    heightMode: UInt8, direction: UInt8, mainAxis: UInt8, performLayout: Bool, depth: Int
  ) -> Float {
    var totalOuterFlexBasis: Float = 0
    var singleFlexChild = -1
    let count = childCount(node)
    let mainMode = Axis.isRow(mainAxis) ? widthMode : heightMode
    // A single child that can both grow and shrink to fill an exact main size gets a zero basis
    // instead of a measurement.
    if mainMode == Mode.exactly {
      for i in 0..<count {
        let c = child(node, i)
        if isFlexible(c) {
          if singleFlexChild >= 0 || ygEqual(flexGrow(c), 0) || ygEqual(flexShrink(c), 0) {
            singleFlexChild = -1
            break
          } else {
            singleFlexChild = c
          }
        }
      }
    }

    for i in 0..<count {
      let c = child(node, i)
      resolveDimensions(c)
      if nodes[c].style.display == Display.none.rawValue {
        zeroOutLayout(c)
        nodes[c].hasNewLayout = true
        nodes[c].isDirty = false
        continue
      }
      if performLayout {
        let childDirection = resolveDirection(c, direction)
        let mainDim = Axis.isRow(mainAxis) ? availableInnerWidth : availableInnerHeight
        let crossDim = Axis.isRow(mainAxis) ? availableInnerHeight : availableInnerWidth
        setPosition(c, childDirection, mainDim, crossDim, availableInnerWidth)
      }
      if nodes[c].style.positionType == PositionType.absolute.rawValue { continue }
      if c == singleFlexChild {
        nodes[c].layout.computedFlexBasisGeneration = generation
        nodes[c].layout.computedFlexBasis = 0
      } else {
        computeFlexBasis(
          parent: node, child: c, width: availableInnerWidth, widthMode: widthMode,
          height: availableInnerHeight, ownerWidth: availableInnerWidth,
          ownerHeight: availableInnerHeight, heightMode: heightMode, direction: direction,
          depth: depth)
      }
      totalOuterFlexBasis +=
        nodes[c].layout.computedFlexBasis
        + st(c).marginForAxis(mainAxis, availableInnerWidth)
    }
    return totalOuterFlexBasis
  }

  // MARK: Lines

  /// Yoga's `YGCalculateCollectFlexItemsRowValues`: gathers the items of the line starting at
  /// `start`, numbering them with `lineCount`. `direction` is the container's resolved
  /// direction.
  func collectLine(
    _ node: Int, direction: UInt8, mainAxisOwnerSize: Float, availableInnerWidth: Float,
    availableInnerMainDim: Float, start: Int, lineCount: UInt32
  ) -> FlexLine {
    var line = FlexLine()
    line.start = start
    var sizeConsumedIncludingMinConstraint: Float = 0
    let mainAxis = Axis.resolve(nodes[node].style.flexDirection, direction)
    let isWrap = nodes[node].style.flexWrap != FlexWrap.noWrap.rawValue
    let gap = st(node).gapForAxis(mainAxis, availableInnerWidth)
    let count = childCount(node)
    var end = start
    var isFirstElementInLine = true
    while end < count {
      let c = child(node, end)
      if !isLineItem(c) {
        end += 1
        continue
      }
      nodes[c].lineIndex = lineCount
      let childMarginMainAxis = st(c).marginForAxis(mainAxis, availableInnerWidth)
      let childLeadingGap: Float = isFirstElementInLine ? 0 : gap
      isFirstElementInLine = false
      let boundedBasis = boundWithinMinAndMax(
        c, mainAxis, nodes[c].layout.computedFlexBasis, mainAxisOwnerSize)
      if sizeConsumedIncludingMinConstraint + boundedBasis + childMarginMainAxis + childLeadingGap
        > availableInnerMainDim && isWrap && line.itemsOnLine > 0
      {
        break
      }
      sizeConsumedIncludingMinConstraint += boundedBasis + childMarginMainAxis + childLeadingGap
      line.sizeConsumed += boundedBasis + childMarginMainAxis + childLeadingGap
      line.itemsOnLine += 1
      if isFlexible(c) {
        line.totalFlexGrowFactors += flexGrow(c)
        line.totalFlexShrinkScaledFactors +=
          -flexShrink(c) * nodes[c].layout.computedFlexBasis
      }
      end += 1
    }
    if line.totalFlexGrowFactors > 0 && line.totalFlexGrowFactors < 1 {
      line.totalFlexGrowFactors = 1
    }
    if line.totalFlexShrinkScaledFactors > 0 && line.totalFlexShrinkScaledFactors < 1 {
      line.totalFlexShrinkScaledFactors = 1
    }
    line.end = end
    return line
  }

  // MARK: Resolving flexible lengths

  /// Yoga's `YGDistributeFreeSpaceFirstPass`: takes the items whose min/max clamp out of the
  /// distribution.
  func distributeFreeSpaceFirstPass(
    _ node: Int, _ line: inout FlexLine, mainAxis: UInt8, mainAxisOwnerSize: Float,
    availableInnerMainDim: Float, availableInnerWidth: Float
  ) {
    var deltaFreeSpace: Float = 0
    for i in line.start..<line.end {
      let c = child(node, i)
      if !isLineItem(c) { continue }
      let childFlexBasis = boundWithinMinAndMax(
        c, mainAxis, nodes[c].layout.computedFlexBasis, mainAxisOwnerSize)
      if line.remainingFreeSpace < 0 {
        let flexShrinkScaledFactor = -flexShrink(c) * childFlexBasis
        if !flexShrinkScaledFactor.isNaN && flexShrinkScaledFactor != 0 {
          let baseMainSize =
            childFlexBasis
            + line.remainingFreeSpace / line.totalFlexShrinkScaledFactors * flexShrinkScaledFactor
          let boundMainSize = boundAxis(
            c, mainAxis, baseMainSize, availableInnerMainDim, availableInnerWidth)
          if !baseMainSize.isNaN && !boundMainSize.isNaN && baseMainSize != boundMainSize {
            deltaFreeSpace += boundMainSize - childFlexBasis
            line.totalFlexShrinkScaledFactors -=
              (-flexShrink(c) * nodes[c].layout.computedFlexBasis)
          }
        }
      } else if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace > 0 {
        let flexGrowFactor = flexGrow(c)
        if !flexGrowFactor.isNaN && flexGrowFactor != 0 {
          let baseMainSize =
            childFlexBasis
            + line.remainingFreeSpace / line.totalFlexGrowFactors * flexGrowFactor
          let boundMainSize = boundAxis(
            c, mainAxis, baseMainSize, availableInnerMainDim, availableInnerWidth)
          if !baseMainSize.isNaN && !boundMainSize.isNaN && baseMainSize != boundMainSize {
            deltaFreeSpace += boundMainSize - childFlexBasis
            line.totalFlexGrowFactors -= flexGrowFactor
          }
        }
      }
    }
    line.remainingFreeSpace -= deltaFreeSpace
  }

  /// Yoga's `YGDistributeFreeSpaceSecondPass`: sizes every item of the line and lays it out (or
  /// measures it when it will be stretched later). Returns the space handed out.
  func distributeFreeSpaceSecondPass(
    _ node: Int, _ line: inout FlexLine, mainAxis: UInt8, crossAxis: UInt8,
    mainAxisOwnerSize: Float, availableInnerMainDim: Float, availableInnerCrossDim: Float,
    availableInnerWidth: Float, availableInnerHeight: Float, mainAxisOverflows: Bool,
    crossMode: UInt8, performLayout: Bool, depth: Int
  ) -> Float {
    var deltaFreeSpace: Float = 0
    let isMainAxisRow = Axis.isRow(mainAxis)
    let isWrap = nodes[node].style.flexWrap != FlexWrap.noWrap.rawValue

    for i in line.start..<line.end {
      let c = child(node, i)
      if !isLineItem(c) { continue }
      let childFlexBasis = boundWithinMinAndMax(
        c, mainAxis, nodes[c].layout.computedFlexBasis, mainAxisOwnerSize)
      var updatedMainSize = childFlexBasis

      if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace < 0 {
        let flexShrinkScaledFactor = -flexShrink(c) * childFlexBasis
        if flexShrinkScaledFactor != 0 {
          let childSize: Float
          if !line.totalFlexShrinkScaledFactors.isNaN && line.totalFlexShrinkScaledFactors == 0 {
            childSize = childFlexBasis + flexShrinkScaledFactor
          } else {
            childSize =
              childFlexBasis
              + (line.remainingFreeSpace / line.totalFlexShrinkScaledFactors)
              * flexShrinkScaledFactor
          }
          updatedMainSize = boundAxis(
            c, mainAxis, childSize, availableInnerMainDim, availableInnerWidth)
        }
      } else if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace > 0 {
        let flexGrowFactor = flexGrow(c)
        if !flexGrowFactor.isNaN && flexGrowFactor != 0 {
          updatedMainSize = boundAxis(
            c, mainAxis,
            childFlexBasis + line.remainingFreeSpace / line.totalFlexGrowFactors * flexGrowFactor,
            availableInnerMainDim, availableInnerWidth)
        }
      }

      deltaFreeSpace += updatedMainSize - childFlexBasis

      let childStyle = st(c)
      let marginMain = childStyle.marginForAxis(mainAxis, availableInnerWidth)
      let marginCross = childStyle.marginForAxis(crossAxis, availableInnerWidth)

      var childCrossSize: Float
      var childMainSize = updatedMainSize + marginMain
      var childCrossMode: UInt8
      var childMainMode = Mode.exactly
      let autoCrossMargin =
        childStyle.marginLeadingValue(crossAxis).unit == Unit.auto
        || childStyle.marginTrailingValue(crossAxis).unit == Unit.auto

      if !childStyle.pointee.aspectRatio.isNaN {
        childCrossSize =
          isMainAxisRow
          ? (childMainSize - marginMain) / childStyle.pointee.aspectRatio
          : (childMainSize - marginMain) * childStyle.pointee.aspectRatio
        childCrossMode = Mode.exactly
        childCrossSize += marginCross
      } else if !availableInnerCrossDim.isNaN
        && !isStyleDimDefined(c, crossAxis, availableInnerCrossDim) && crossMode == Mode.exactly
        && !(isWrap && mainAxisOverflows) && alignItem(node, c) == Align.stretch.rawValue
        && !autoCrossMargin
      {
        childCrossSize = availableInnerCrossDim
        childCrossMode = Mode.exactly
      } else if !isStyleDimDefined(c, crossAxis, availableInnerCrossDim) {
        childCrossSize = availableInnerCrossDim
        childCrossMode = childCrossSize.isNaN ? Mode.undefined : Mode.atMost
      } else {
        let resolved = nodes[c].resolvedDimension(Axis.dimension(crossAxis))
        childCrossSize = resolved.resolve(availableInnerCrossDim) + marginCross
        let isLoosePercentageMeasurement =
          resolved.unit == Unit.percent && crossMode != Mode.exactly
        childCrossMode =
          childCrossSize.isNaN || isLoosePercentageMeasurement ? Mode.undefined : Mode.exactly
      }

      constrainMaxSize(
        c, mainAxis, availableInnerMainDim, availableInnerWidth, &childMainMode, &childMainSize)
      constrainMaxSize(
        c, crossAxis, availableInnerCrossDim, availableInnerWidth, &childCrossMode,
        &childCrossSize)

      let requiresStretchLayout =
        !isStyleDimDefined(c, crossAxis, availableInnerCrossDim)
        && alignItem(node, c) == Align.stretch.rawValue && !autoCrossMargin

      let childWidth = isMainAxisRow ? childMainSize : childCrossSize
      let childHeight = !isMainAxisRow ? childMainSize : childCrossSize
      let childWidthMode = isMainAxisRow ? childMainMode : childCrossMode
      let childHeightMode = !isMainAxisRow ? childMainMode : childCrossMode

      let isLayoutPass = performLayout && !requiresStretchLayout
      _ = layoutNode(
        c, availableWidth: childWidth, availableHeight: childHeight,
        ownerDirection: nodes[node].layout.direction, widthMode: childWidthMode,
        heightMode: childHeightMode, ownerWidth: availableInnerWidth,
        ownerHeight: availableInnerHeight, performLayout: isLayoutPass, depth: depth)
      nodes[node].layout.hadOverflow =
        nodes[node].layout.hadOverflow || nodes[c].layout.hadOverflow
    }
    return deltaFreeSpace
  }

  // MARK: Main-axis justification

  /// Yoga's `YGJustifyMainAxis`: places the line's items along the main axis and sums the
  /// line's main and cross sizes.
  func justifyMainAxis(
    _ node: Int, _ line: inout FlexLine, mainAxis: UInt8, crossAxis: UInt8, mainMode: UInt8,
    crossMode: UInt8, mainAxisOwnerSize: Float, ownerWidth: Float, availableInnerMainDim: Float,
    availableInnerCrossDim: Float, availableInnerWidth: Float, performLayout: Bool
  ) {
    let style = st(node)
    let leadingPaddingAndBorderMain = style.leadingPaddingAndBorder(mainAxis, ownerWidth)
    let trailingPaddingAndBorderMain = style.trailingPaddingAndBorder(mainAxis, ownerWidth)
    let gap = style.gapForAxis(mainAxis, ownerWidth)
    let mainDimension = Axis.dimension(mainAxis)

    // Under an at-most main size, free space exists only up to the min dimension.
    if mainMode == Mode.atMost && line.remainingFreeSpace > 0 {
      let minValue = style.minDimension(mainDimension)
      if !minValue.isUndefined && !minValue.resolve(mainAxisOwnerSize).isNaN {
        let minAvailableMainDim =
          minValue.resolve(mainAxisOwnerSize) - leadingPaddingAndBorderMain
          - trailingPaddingAndBorderMain
        let occupiedSpaceByChildNodes = availableInnerMainDim - line.remainingFreeSpace
        line.remainingFreeSpace = ygMax(0, minAvailableMainDim - occupiedSpaceByChildNodes)
      } else {
        line.remainingFreeSpace = 0
      }
    }

    var autoMargins = 0
    for i in line.start..<line.end {
      let c = child(node, i)
      if nodes[c].style.positionType != PositionType.absolute.rawValue {
        if st(c).marginLeadingValue(mainAxis).unit == Unit.auto { autoMargins += 1 }
        if st(c).marginTrailingValue(mainAxis).unit == Unit.auto { autoMargins += 1 }
      }
    }

    var leadingMainDim: Float = 0
    var betweenMainDim = gap
    if autoMargins == 0 {
      switch style.pointee.justifyContent {
      case Justify.center.rawValue:
        leadingMainDim = line.remainingFreeSpace / 2
      case Justify.flexEnd.rawValue:
        leadingMainDim = line.remainingFreeSpace
      case Justify.spaceBetween.rawValue:
        if line.itemsOnLine > 1 {
          betweenMainDim += ygMax(line.remainingFreeSpace, 0) / Float(line.itemsOnLine - 1)
        }
      case Justify.spaceEvenly.rawValue:
        leadingMainDim = line.remainingFreeSpace / Float(line.itemsOnLine + 1)
        betweenMainDim += leadingMainDim
      case Justify.spaceAround.rawValue:
        leadingMainDim = 0.5 * line.remainingFreeSpace / Float(line.itemsOnLine)
        betweenMainDim += leadingMainDim * 2
      default:
        // flex-start, and the fork's auto, stretch, start and end, which flex layout ignores.
        break
      }
    }

    line.mainDim = leadingPaddingAndBorderMain + leadingMainDim
    line.crossDim = 0

    var maxAscent: Float = 0
    var maxDescent: Float = 0
    let baselineLayout = isBaselineLayout(node)
    var lastVisibleChild = 0
    for i in line.start..<line.end
    where nodes[child(node, i)].style.display != Display.none.rawValue {
      lastVisibleChild = i
    }
    let canSkipFlex = !performLayout && crossMode == Mode.exactly

    for i in line.start..<line.end {
      let c = child(node, i)
      let childStyle = st(c)
      if i == lastVisibleChild { betweenMainDim -= gap }
      if childStyle.pointee.display == Display.none.rawValue { continue }
      if childStyle.pointee.positionType == PositionType.absolute.rawValue
        && childStyle.isLeadingPositionDefined(mainAxis)
      {
        if performLayout {
          // An absolute child with a leading inset goes where the inset says.
          nodes[c].layout.setPosition(
            childStyle.leadingPosition(mainAxis, availableInnerMainDim)
              + style.leadingBorder(mainAxis)
              + childStyle.leadingMargin(mainAxis, availableInnerWidth),
            Axis.leadingEdge(mainAxis))
        }
      } else if childStyle.pointee.positionType != PositionType.absolute.rawValue {
        let autoShare = line.remainingFreeSpace / Float(autoMargins)
        if childStyle.marginLeadingValue(mainAxis).unit == Unit.auto {
          line.mainDim += autoShare
        }
        if performLayout {
          nodes[c].layout.setPosition(
            nodes[c].layout.positionAt(Axis.leadingEdge(mainAxis)) + line.mainDim,
            Axis.leadingEdge(mainAxis))
        }
        if childStyle.marginTrailingValue(mainAxis).unit == Unit.auto {
          line.mainDim += autoShare
        }
        if canSkipFlex {
          // Without the flex step the measured sizes are stale: use the basis.
          line.mainDim +=
            betweenMainDim + childStyle.marginForAxis(mainAxis, availableInnerWidth)
            + nodes[c].layout.computedFlexBasis
          line.crossDim = availableInnerCrossDim
        } else {
          line.mainDim += betweenMainDim + dimWithMargin(c, mainAxis, availableInnerWidth)
          if baselineLayout {
            let ascent = baseline(c) + childStyle.leadingMargin(Axis.column, availableInnerWidth)
            let descent =
              nodes[c].layout.measuredHeight
              + childStyle.marginForAxis(Axis.column, availableInnerWidth) - ascent
            maxAscent = ygMax(maxAscent, ascent)
            maxDescent = ygMax(maxDescent, descent)
          } else {
            line.crossDim = ygMax(line.crossDim, dimWithMargin(c, crossAxis, availableInnerWidth))
          }
        }
      } else if performLayout {
        nodes[c].layout.setPosition(
          nodes[c].layout.positionAt(Axis.leadingEdge(mainAxis)) + style.leadingBorder(mainAxis)
            + leadingMainDim,
          Axis.leadingEdge(mainAxis))
      }
    }
    line.mainDim += trailingPaddingAndBorderMain
    if baselineLayout {
      line.crossDim = maxAscent + maxDescent
    }
  }
}
