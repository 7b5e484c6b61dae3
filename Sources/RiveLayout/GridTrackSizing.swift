// The grid sizing algorithm of the fork's `TrackSizing` (CSS Grid 1 §11.1–11.8 as the fork
// implements it: no baseline shims, min-content probed by laying an item out in zero space).

/// Where an item's size in the other axis comes from while tracks of one axis are sized.
enum CrossEstimate {
  case none
  /// Sum of the item's rows' fixed maximums (NaN if any row is not fixed).
  case fixedRows(gap: Float, containerHeight: Float)
  /// Sum of a snapshot of base sizes (in `scratch.floats` from `start`), plus gaps.
  case baseSizes(start: Int, count: Int, gap: Float, isWidth: Bool)
}

/// What the grid sizing algorithm reads and writes for one grid container.
struct TrackSizing {
  var node: Int
  var columnBase: Int
  var columnCount: Int
  var rowBase: Int
  var rowCount: Int
  var itemBase: Int
  var itemCount: Int
  var containerInnerWidth: Float
  var containerInnerHeight: Float
  var widthMode: UInt8
  var heightMode: UInt8
  var direction: UInt8
  var ownerWidth: Float
  var ownerHeight: Float
  var depth: Int
  var estimate = CrossEstimate.none
  var hasPercentageColumnTracks = false
  var hasPercentageRowTracks = false
  var hasOnlyFixedTracks = false
  var hasIntrinsicTracks = false
  var hasFlexibleTracks = false

  @_transparent func trackBase(_ isWidth: Bool) -> Int { isWidth ? columnBase : rowBase }
  @_transparent func trackCount(_ isWidth: Bool) -> Int { isWidth ? columnCount : rowCount }
  @_transparent func containerSize(_ isWidth: Bool) -> Float {
    isWidth ? containerInnerWidth : containerInnerHeight
  }
  @_transparent func sizingMode(_ isWidth: Bool) -> UInt8 { isWidth ? widthMode : heightMode }
}

/// The constraints an item is measured under (the fork's `ItemConstraint`).
struct ItemConstraint {
  var width: Float
  var height: Float
  var widthMode: UInt8
  var heightMode: UInt8
  var containingBlockWidth: Float
  var containingBlockHeight: Float
}

/// Kinds of span contributions.
enum ContributionKind {
  static let intrinsicMinimum: UInt8 = 0
  static let intrinsicMaximum: UInt8 = 1
  static let maxContentMaximum: UInt8 = 2
}

extension Engine {
  // MARK: Grid-side style helpers (the fork's 3.x-style accessors over 2.x styles)

  /// Margins of an axis; an undefined result (a percentage of an undefined width) counts as 0.
  @_transparent func gridMarginForAxis(_ node: Int, _ axis: UInt8, _ widthSize: Float)
    -> Float
  {
    let style = st(node)
    let leading = style.leadingMargin(axis, widthSize)
    let trailing = style.trailingMargin(axis, widthSize)
    return (leading.isNaN ? 0 : leading) + (trailing.isNaN ? 0 : trailing)
  }

  @_transparent func gridInlineStartMargin(
    _ node: Int, _ axis: UInt8, _ direction: UInt8, _ widthSize: Float
  ) -> Float {
    let value = st(node).leadingMargin(Axis.resolve(axis, direction), widthSize)
    return value.isNaN ? 0 : value
  }

  @_transparent func gridInlineEndMargin(
    _ node: Int, _ axis: UInt8, _ direction: UInt8, _ widthSize: Float
  ) -> Float {
    let value = st(node).trailingMargin(Axis.resolve(axis, direction), widthSize)
    return value.isNaN ? 0 : value
  }

  @_transparent func gridStartMarginIsAuto(_ node: Int, _ axis: UInt8, _ direction: UInt8)
    -> Bool
  {
    nodes[node].style.marginEdges.leading(Axis.resolve(axis, direction)).isAuto
  }

  @_transparent func gridEndMarginIsAuto(_ node: Int, _ axis: UInt8, _ direction: UInt8)
    -> Bool
  {
    nodes[node].style.marginEdges.trailing(Axis.resolve(axis, direction)).isAuto
  }

  /// Padding and border of an axis; the grid reads it for the unresolved axis whatever the
  /// direction (as the oracle's compatibility layer maps it onto 2.x).
  @_transparent func gridPaddingAndBorder(
    _ node: Int, _ axis: UInt8, _ direction: UInt8, _ widthSize: Float
  ) -> Float {
    paddingAndBorder(node, axis, widthSize)
  }

  /// The gap between tracks of one dimension: never negative, 0 when undefined.
  @_transparent func gridGap(_ node: Int, _ isWidth: Bool, _ size: Float) -> Float {
    let value = (isWidth ? nodes[node].style.columnGap : nodes[node].style.rowGap).resolve(size)
    return value.isNaN ? 0 : (value > 0 ? value : 0)
  }

  /// Yoga's `hasDefiniteLength` on the resolved dimension.
  @_transparent func hasDefiniteLength(_ node: Int, _ dimension: Int, _ ownerSize: Float)
    -> Bool
  {
    let used = nodes[node].resolvedDimension(dimension).resolve(ownerSize)
    return !used.isNaN && used >= 0
  }

  // MARK: Tracks

  /// Where track `index` of an axis is in `scratch.tracks`. Tracks are addressed by index,
  /// never by pointer: laying out an item can start a nested grid, whose tracks may move the
  /// array.
  @_transparent func trackIndex(_ sizing: TrackSizing, _ isWidth: Bool, _ index: Int) -> Int {
    sizing.trackBase(isWidth) + index
  }

  func totalBaseSize(_ sizing: TrackSizing, _ isWidth: Bool) -> Float {
    let gap = gridGap(sizing.node, isWidth, sizing.containerSize(isWidth))
    let count = sizing.trackCount(isWidth)
    var total: Float = 0
    for i in 0..<count {
      total += scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize
      if i < count - 1 { total += gap }
    }
    return total
  }

  // MARK: 11.1 Grid sizing algorithm

  func runGridSizingAlgorithm(_ sizing: inout TrackSizing) {
    let floatsBase = scratch.pointee.floats.count
    computeItemTrackCrossingFlags(sizing)

    let rowHeightFromFixedTracks = CrossEstimate.fixedRows(
      gap: effectiveRowGapForEstimation(sizing), containerHeight: sizing.containerInnerHeight)
    runTrackSizing(&sizing, isWidth: true, estimate: rowHeightFromFixedTracks)

    let columnWidthFromBaseSizes = snapshotBaseSizes(
      sizing, isWidth: true, gap: effectiveGapFromBaseSizes(sizing, isWidth: true))
    runTrackSizing(&sizing, isWidth: false, estimate: columnWidthFromBaseSizes)

    // Re-run when an item's min-content contribution changed with the other axis's sizes (only
    // intrinsic tracks depend on them).
    if sizing.hasIntrinsicTracks {
      let rowHeightFromBaseSizes = snapshotBaseSizes(
        sizing, isWidth: false, gap: effectiveGapFromBaseSizes(sizing, isWidth: false))
      if contributionsChanged(
        &sizing, isWidth: true, before: rowHeightFromFixedTracks, after: rowHeightFromBaseSizes)
      {
        runTrackSizing(&sizing, isWidth: true, estimate: rowHeightFromBaseSizes)
        let newColumnWidthFromBaseSizes = snapshotBaseSizes(
          sizing, isWidth: true, gap: effectiveGapFromBaseSizes(sizing, isWidth: true))
        if contributionsChanged(
          &sizing, isWidth: false, before: columnWidthFromBaseSizes,
          after: newColumnWidthFromBaseSizes)
        {
          runTrackSizing(&sizing, isWidth: false, estimate: newColumnWidthFromBaseSizes)
        }
      }
    }
    GridScratch.truncate(&scratch.pointee.floats, to: floatsBase)
  }

  func snapshotBaseSizes(_ sizing: TrackSizing, isWidth: Bool, gap: Float) -> CrossEstimate {
    let start = scratch.pointee.floats.count
    let count = sizing.trackCount(isWidth)
    for i in 0..<count {
      scratch.pointee.appendFloat(scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize)
    }
    return .baseSizes(start: start, count: count, gap: gap, isWidth: isWidth)
  }

  /// The item's size in the other axis under an estimate (NaN when unknown).
  func estimateCrossSize(_ estimate: CrossEstimate, _ sizing: TrackSizing, _ item: GridItemState)
    -> Float
  {
    switch estimate {
    case .none:
      return .nan
    case .fixedRows(let gap, let containerHeight):
      var height: Float = 0
      var i = item.rowStart
      while i < item.rowEnd && i < sizing.rowCount {
        let maxFunction = scratch.pointee.tracks[trackIndex(sizing, false, i)].maxFunction
        if maxFunction.isFixed(containerHeight) {
          height += maxFunction.resolve(containerHeight)
          if i < item.rowEnd - 1 { height += gap }
        } else {
          return .nan
        }
        i += 1
      }
      return height
    case .baseSizes(let start, let count, let gap, let isWidth):
      var size: Float = 0
      let end = item.end(isWidth)
      var i = item.start(isWidth)
      while i < end && i < count {
        size += scratch.pointee.floats[start + i]
        if i < end - 1 { size += gap }
        i += 1
      }
      return size
    }
  }

  // MARK: 11.3 Track sizing algorithm

  func runTrackSizing(_ sizing: inout TrackSizing, isWidth: Bool, estimate: CrossEstimate) {
    sizing.estimate = estimate
    initializeTrackSizes(&sizing, isWidth: isWidth)
    resolveIntrinsicTrackSizes(&sizing, isWidth: isWidth)
    maximizeTrackSizes(&sizing, isWidth: isWidth)
    expandFlexibleTracks(&sizing, isWidth: isWidth)
    stretchAutoTracks(&sizing, isWidth: isWidth)
  }

  /// 11.4: base sizes and growth limits from the sizing functions.
  func initializeTrackSizes(_ sizing: inout TrackSizing, isWidth: Bool) {
    let containerSize = sizing.containerSize(isWidth)
    sizing.hasOnlyFixedTracks = true
    sizing.hasIntrinsicTracks = false
    sizing.hasFlexibleTracks = false
    for i in 0..<sizing.trackCount(isWidth) {
      let t = trackIndex(sizing, isWidth, i)
      if scratch.pointee.tracks[t].minFunction.isPercent
        || scratch.pointee.tracks[t].maxFunction.isPercent
      {
        if isWidth {
          sizing.hasPercentageColumnTracks = true
        } else {
          sizing.hasPercentageRowTracks = true
        }
      }
      let minFunction = scratch.pointee.tracks[t].minFunction
      if minFunction.isFixed(containerSize) {
        scratch.pointee.tracks[t].baseSize = minFunction.resolve(containerSize)
      } else if minFunction.isAutoSizing(containerSize) {
        scratch.pointee.tracks[t].baseSize = 0
        sizing.hasOnlyFixedTracks = false
        sizing.hasIntrinsicTracks = true
      } else {
        scratch.pointee.tracks[t].baseSize = 0
      }
      let maxFunction = scratch.pointee.tracks[t].maxFunction
      if maxFunction.isFixed(containerSize) {
        scratch.pointee.tracks[t].growthLimit = maxFunction.resolve(containerSize)
      } else if maxFunction.isAutoSizing(containerSize) {
        scratch.pointee.tracks[t].growthLimit = .infinity
        sizing.hasOnlyFixedTracks = false
        sizing.hasIntrinsicTracks = true
      } else if maxFunction.isStretch {
        scratch.pointee.tracks[t].growthLimit = .infinity
        sizing.hasOnlyFixedTracks = false
        sizing.hasFlexibleTracks = true
      } else {
        scratch.pointee.tracks[t].growthLimit = .infinity
      }
      if scratch.pointee.tracks[t].growthLimit < scratch.pointee.tracks[t].baseSize {
        scratch.pointee.tracks[t].growthLimit = scratch.pointee.tracks[t].baseSize
      }
      if scratch.pointee.tracks[t].baseSize < scratch.pointee.tracks[t].growthLimit {
        sizing.hasOnlyFixedTracks = false
      }
    }
  }

  /// 11.5: sizes intrinsic tracks to their items.
  func resolveIntrinsicTrackSizes(_ sizing: inout TrackSizing, isWidth: Bool) {
    if sizing.hasOnlyFixedTracks { return }
    accommodateItemsInContentSizedTracks(&sizing, isWidth: isWidth)
    accommodateItemsInFlexibleTracks(&sizing, isWidth: isWidth)
    for i in 0..<sizing.trackCount(isWidth) {
      let t = trackIndex(sizing, isWidth, i)
      if scratch.pointee.tracks[t].growthLimit == .infinity {
        scratch.pointee.tracks[t].growthLimit = scratch.pointee.tracks[t].baseSize
      }
    }
  }

  @_transparent func item(_ sizing: TrackSizing, _ index: Int) -> GridItemState {
    scratch.pointee.items[sizing.itemBase + index]
  }

  /// 11.5 steps 2 and 3: single-span items, then spanning items by increasing span, over
  /// tracks that are not flexible.
  func accommodateItemsInContentSizedTracks(_ sizing: inout TrackSizing, isWidth: Bool) {
    if !sizing.hasIntrinsicTracks { return }
    let containerSize = sizing.containerSize(isWidth)
    let mode = sizing.sizingMode(isWidth)
    let indicesBase = scratch.pointee.indices.count

    for index in 0..<sizing.itemCount {
      let current = item(sizing, index)
      if current.crossesFlexible(isWidth) { continue }
      let start = current.start(isWidth)
      let span = current.end(isWidth) - start
      if span == 1 {
        let t = trackIndex(sizing, isWidth, start)
        let constraints = itemConstraints(sizing, current, isWidth: isWidth)
        if scratch.pointee.tracks[t].minFunction.isAutoSizing(containerSize) {
          let contribution =
            mode == Mode.undefined
            ? limitedMinContentContribution(sizing, current, isWidth, constraints)
            : minimumContribution(sizing, current, isWidth, constraints)
          scratch.pointee.tracks[t].baseSize = stdMax(
            scratch.pointee.tracks[t].baseSize, contribution)
        }
        if scratch.pointee.tracks[t].maxFunction.isAutoSizing(containerSize) {
          let contribution = maxContentContribution(sizing, current, isWidth, constraints)
          if scratch.pointee.tracks[t].growthLimit == .infinity {
            scratch.pointee.tracks[t].growthLimit = contribution
          } else {
            scratch.pointee.tracks[t].growthLimit = stdMax(
              scratch.pointee.tracks[t].growthLimit, contribution)
          }
        }
        if scratch.pointee.tracks[t].growthLimit < scratch.pointee.tracks[t].baseSize {
          scratch.pointee.tracks[t].growthLimit = scratch.pointee.tracks[t].baseSize
        }
      } else {
        // Sort key: span, then placement order (a stable sort by span).
        scratch.pointee.appendIndex(span << 32 | index)
      }
    }

    let spanningCount = scratch.pointee.indices.count - indicesBase
    if spanningCount == 0 {
      GridScratch.truncate(&scratch.pointee.indices, to: indicesBase)
      return
    }
    scratch.pointee.indices[indicesBase...].sort()

    let contributionsBase = scratch.pointee.contributions.count
    var previousSpan = 1
    var position = 0
    while position < spanningCount {
      let key = scratch.pointee.indices[indicesBase + position]
      position += 1
      let index = key & 0xFFFF_FFFF
      let current = item(sizing, index)
      let start = current.start(isWidth)
      let end = current.end(isWidth)
      let span = end - start
      if span > previousSpan {
        distributeSpanGroup(&sizing, isWidth: isWidth, contributionsBase: contributionsBase)
        previousSpan = span
      }
      // The tracks of each kind the item spans, appended above the sorted keys.
      let itemConstraintsValue = itemConstraints(sizing, current, isWidth: isWidth)
      var kindStarts: (Int, Int, Int) = (0, 0, 0)
      var kindCounts: (Int, Int, Int) = (0, 0, 0)
      kindStarts.0 = scratch.pointee.indices.count
      for i in start..<end
      where scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].minFunction.isAutoSizing(
        containerSize)
      {
        scratch.pointee.appendIndex(i)
      }
      kindCounts.0 = scratch.pointee.indices.count - kindStarts.0
      kindStarts.1 = scratch.pointee.indices.count
      for i in start..<end
      where scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].maxFunction.isAutoSizing(
        containerSize)
      {
        scratch.pointee.appendIndex(i)
      }
      kindCounts.1 = scratch.pointee.indices.count - kindStarts.1
      // An auto maximum is a max-content maximum.
      kindStarts.2 = scratch.pointee.indices.count
      for i in start..<end
      where scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].maxFunction.isAutoSizing(
        containerSize)
      {
        scratch.pointee.appendIndex(i)
      }
      kindCounts.2 = scratch.pointee.indices.count - kindStarts.2

      if kindCounts.0 > 0 {
        let contribution =
          mode == Mode.undefined
          ? limitedMinContentContribution(sizing, current, isWidth, itemConstraintsValue)
          : minimumContribution(sizing, current, isWidth, itemConstraintsValue)
        scratch.pointee.appendContribution(
          SpanContribution(
            item: index, kind: ContributionKind.intrinsicMinimum, tracksStart: kindStarts.0,
            tracksCount: kindCounts.0, size: contribution))
      }
      if kindCounts.1 > 0 {
        let contribution = minContentContribution(sizing, current, isWidth, itemConstraintsValue)
        scratch.pointee.appendContribution(
          SpanContribution(
            item: index, kind: ContributionKind.intrinsicMaximum, tracksStart: kindStarts.1,
            tracksCount: kindCounts.1, size: contribution))
      }
      if kindCounts.2 > 0 {
        let contribution = maxContentContribution(sizing, current, isWidth, itemConstraintsValue)
        scratch.pointee.appendContribution(
          SpanContribution(
            item: index, kind: ContributionKind.maxContentMaximum, tracksStart: kindStarts.2,
            tracksCount: kindCounts.2, size: contribution))
      }
    }
    distributeSpanGroup(&sizing, isWidth: isWidth, contributionsBase: contributionsBase)
    GridScratch.truncate(&scratch.pointee.contributions, to: contributionsBase)
    GridScratch.truncate(&scratch.pointee.indices, to: indicesBase)
  }

  /// Distributes the contributions of one span group (11.5 step 3's sub-steps) and clears it.
  func distributeSpanGroup(_ sizing: inout TrackSizing, isWidth: Bool, contributionsBase: Int) {
    let end = scratch.pointee.contributions.count
    if end == contributionsBase { return }
    distributeExtraSpace(
      sizing, isWidth: isWidth, kind: ContributionKind.intrinsicMinimum, from: contributionsBase,
      to: end, growthLimit: false)
    for i in 0..<sizing.trackCount(isWidth) {
      let t = trackIndex(sizing, isWidth, i)
      if scratch.pointee.tracks[t].growthLimit < scratch.pointee.tracks[t].baseSize {
        scratch.pointee.tracks[t].growthLimit = scratch.pointee.tracks[t].baseSize
      }
      scratch.pointee.tracks[t].infinitelyGrowable = false
    }
    distributeExtraSpace(
      sizing, isWidth: isWidth, kind: ContributionKind.intrinsicMaximum, from: contributionsBase,
      to: end, growthLimit: true)
    distributeExtraSpace(
      sizing, isWidth: isWidth, kind: ContributionKind.maxContentMaximum, from: contributionsBase,
      to: end, growthLimit: true)
    // The contributions' track lists stay in `indices` until the caller's frame ends; the
    // records go.
    GridScratch.truncate(&scratch.pointee.contributions, to: contributionsBase)
  }

  /// 11.5.1 "distribute extra space" over each contribution's tracks, planned per track so the
  /// result does not depend on the items' order.
  func distributeExtraSpace(
    _ sizing: TrackSizing, isWidth: Bool, kind: UInt8, from: Int, to: Int, growthLimit: Bool
  ) {
    var any = false
    for c in from..<to where scratch.pointee.contributions[c].kind == kind {
      any = true
      break
    }
    if !any { return }
    let containerSize = sizing.containerSize(isWidth)
    let gap = gridGap(sizing.node, isWidth, containerSize)
    let trackCount = sizing.trackCount(isWidth)

    // 1. A planned increase per affected track.
    for c in from..<to {
      let contribution = scratch.pointee.contributions[c]
      if contribution.kind != kind { continue }
      for k in 0..<contribution.tracksCount {
        let t = trackIndex(sizing, isWidth, scratch.pointee.indices[contribution.tracksStart + k])
        if !scratch.pointee.tracks[t].planned {
          scratch.pointee.tracks[t].planned = true
          scratch.pointee.tracks[t].plannedIncrease = 0
        }
      }
    }

    // 2. Each item's increase over its tracks.
    for c in from..<to {
      let contribution = scratch.pointee.contributions[c]
      if contribution.kind != kind { continue }
      let affected =
        contribution.tracksStart..<(contribution.tracksStart + contribution.tracksCount)
      for k in affected {
        let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
        scratch.pointee.tracks[t].itemIncurredIncrease = 0
        scratch.pointee.tracks[t].frozen = false
      }
      let current = item(sizing, contribution.item)
      let start = current.start(isWidth)
      let end = current.end(isWidth)
      var spanned: Float = 0
      var i = start
      while i < end && i < trackCount {
        let t = trackIndex(sizing, isWidth, i)
        if !growthLimit {
          spanned += scratch.pointee.tracks[t].baseSize
        } else {
          spanned +=
            scratch.pointee.tracks[t].growthLimit == .infinity
            ? scratch.pointee.tracks[t].baseSize : scratch.pointee.tracks[t].growthLimit
        }
        if i < end - 1 { spanned += gap }
        i += 1
      }
      var space = stdMax(0, contribution.size - spanned)
      var frozenCount = 0

      // 2.2 Up to the limits.
      while frozenCount < contribution.tracksCount && space > 0 && !ygEqual(space, 0) {
        let spaceBefore = space
        let frozenBefore = frozenCount
        let perTrack = space / Float(contribution.tracksCount - frozenCount)
        for k in affected {
          let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
          if scratch.pointee.tracks[t].frozen { continue }
          let affectedSize: Float
          let limit: Float
          if !growthLimit {
            affectedSize = scratch.pointee.tracks[t].baseSize
            limit = scratch.pointee.tracks[t].growthLimit
          } else {
            affectedSize = scratch.pointee.tracks[t].growthLimit
            limit =
              scratch.pointee.tracks[t].growthLimit != .infinity
                && !scratch.pointee.tracks[t].infinitelyGrowable
              ? scratch.pointee.tracks[t].growthLimit : .infinity
            if !scratch.pointee.tracks[t].infinitelyGrowable {
              scratch.pointee.tracks[t].frozen = true
              frozenCount += 1
              continue
            }
          }
          if affectedSize + perTrack + scratch.pointee.tracks[t].itemIncurredIncrease > limit {
            scratch.pointee.tracks[t].frozen = true
            frozenCount += 1
            let increase = limit - affectedSize - scratch.pointee.tracks[t].itemIncurredIncrease
            scratch.pointee.tracks[t].itemIncurredIncrease += increase
            space -= increase
          } else {
            scratch.pointee.tracks[t].itemIncurredIncrease += perTrack
            space -= perTrack
          }
        }
        // A pass that changes nothing would repeat forever; stop instead.
        if space == spaceBefore && frozenCount == frozenBefore { break }
      }

      // 2.4 Beyond the limits: tracks with an intrinsic maximum, or (for base sizes) all.
      if space > 0 && !ygEqual(space, 0) {
        var growCount = 0
        for k in affected
        where scratch.pointee.tracks[trackIndex(sizing, isWidth, scratch.pointee.indices[k])]
          .maxFunction.isAutoSizing(
            containerSize)
        {
          growCount += 1
        }
        let growAll = !growthLimit && growCount == 0
        if growAll { growCount = contribution.tracksCount }
        while space > 0 && !ygEqual(space, 0) && growCount > 0 {
          let spaceBefore = space
          let perTrack = space / Float(growCount)
          for k in affected {
            let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
            if !growAll && !scratch.pointee.tracks[t].maxFunction.isAutoSizing(containerSize) {
              continue
            }
            scratch.pointee.tracks[t].itemIncurredIncrease += perTrack
            space -= perTrack
          }
          if space == spaceBefore { break }
        }
      }

      // 2.5 The largest increase any item asks of a track is its planned increase.
      for k in affected {
        let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
        if scratch.pointee.tracks[t].itemIncurredIncrease
          > scratch.pointee.tracks[t].plannedIncrease
        {
          scratch.pointee.tracks[t].plannedIncrease = scratch.pointee.tracks[t].itemIncurredIncrease
        }
      }
    }

    // 3. Apply the planned increases.
    for i in 0..<trackCount {
      let t = trackIndex(sizing, isWidth, i)
      if !scratch.pointee.tracks[t].planned { continue }
      scratch.pointee.tracks[t].planned = false
      let increase = scratch.pointee.tracks[t].plannedIncrease
      if !growthLimit {
        scratch.pointee.tracks[t].baseSize += increase
      } else if scratch.pointee.tracks[t].growthLimit == .infinity {
        scratch.pointee.tracks[t].growthLimit = scratch.pointee.tracks[t].baseSize + increase
        scratch.pointee.tracks[t].infinitelyGrowable = true
      } else {
        scratch.pointee.tracks[t].growthLimit += increase
      }
    }
  }

  /// 11.5 step 4: items crossing flexible tracks grow the flexible tracks that have an
  /// intrinsic minimum, in proportion to their flex factors.
  func accommodateItemsInFlexibleTracks(_ sizing: inout TrackSizing, isWidth: Bool) {
    if !sizing.hasFlexibleTracks { return }
    let containerSize = sizing.containerSize(isWidth)
    let mode = sizing.sizingMode(isWidth)
    let trackCount = sizing.trackCount(isWidth)
    let indicesBase = scratch.pointee.indices.count
    let contributionsBase = scratch.pointee.contributions.count

    for index in 0..<sizing.itemCount {
      let current = item(sizing, index)
      if !current.crossesFlexible(isWidth) { continue }
      let start = current.start(isWidth)
      let end = current.end(isWidth)
      let tracksStart = scratch.pointee.indices.count
      var i = start
      while i < end && i < trackCount {
        let t = trackIndex(sizing, isWidth, i)
        if scratch.pointee.tracks[t].maxFunction.isStretch
          && scratch.pointee.tracks[t].minFunction.isAutoSizing(containerSize)
        {
          scratch.pointee.appendIndex(i)
        }
        i += 1
      }
      let tracksCount = scratch.pointee.indices.count - tracksStart
      if tracksCount > 0 {
        let constraints = itemConstraints(sizing, current, isWidth: isWidth)
        let contribution =
          mode == Mode.undefined
          ? limitedMinContentContribution(sizing, current, isWidth, constraints)
          : minimumContribution(sizing, current, isWidth, constraints)
        scratch.pointee.appendContribution(
          SpanContribution(
            item: index, kind: 0, tracksStart: tracksStart, tracksCount: tracksCount,
            size: contribution))
      }
    }

    let end = scratch.pointee.contributions.count
    if end > contributionsBase {
      distributeToFlexibleTracks(sizing, isWidth: isWidth, from: contributionsBase, to: end)
    }
    GridScratch.truncate(&scratch.pointee.contributions, to: contributionsBase)
    GridScratch.truncate(&scratch.pointee.indices, to: indicesBase)
  }

  /// The flexible-track variant of "distribute extra space": shares by flex factor.
  func distributeToFlexibleTracks(_ sizing: TrackSizing, isWidth: Bool, from: Int, to: Int) {
    let containerSize = sizing.containerSize(isWidth)
    let gap = gridGap(sizing.node, isWidth, containerSize)
    let trackCount = sizing.trackCount(isWidth)
    for c in from..<to {
      let contribution = scratch.pointee.contributions[c]
      for k in 0..<contribution.tracksCount {
        let t = trackIndex(sizing, isWidth, scratch.pointee.indices[contribution.tracksStart + k])
        if !scratch.pointee.tracks[t].planned {
          scratch.pointee.tracks[t].planned = true
          scratch.pointee.tracks[t].plannedIncrease = 0
        }
      }
    }
    for c in from..<to {
      let contribution = scratch.pointee.contributions[c]
      let affected =
        contribution.tracksStart..<(contribution.tracksStart + contribution.tracksCount)
      for k in affected {
        scratch.pointee.tracks[trackIndex(sizing, isWidth, scratch.pointee.indices[k])]
          .itemIncurredIncrease = 0
      }
      let current = item(sizing, contribution.item)
      let start = current.start(isWidth)
      let end = current.end(isWidth)
      var spanned: Float = 0
      var i = start
      while i < end && i < trackCount {
        spanned += scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize
        if i < end - 1 { spanned += gap }
        i += 1
      }
      let space = stdMax(0, contribution.size - spanned)
      var sumOfFlexFactors: Float = 0
      for k in affected {
        sumOfFlexFactors +=
          scratch.pointee.tracks[trackIndex(sizing, isWidth, scratch.pointee.indices[k])]
          .maxFunction
          .number
      }
      if sumOfFlexFactors > 0 {
        for k in affected {
          let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
          let flexFactor = scratch.pointee.tracks[t].maxFunction.number
          scratch.pointee.tracks[t].itemIncurredIncrease += space * flexFactor / sumOfFlexFactors
        }
      } else {
        let equalShare = space / Float(contribution.tracksCount)
        for k in affected {
          scratch.pointee.tracks[trackIndex(sizing, isWidth, scratch.pointee.indices[k])]
            .itemIncurredIncrease +=
            equalShare
        }
      }
      for k in affected {
        let t = trackIndex(sizing, isWidth, scratch.pointee.indices[k])
        if scratch.pointee.tracks[t].itemIncurredIncrease
          > scratch.pointee.tracks[t].plannedIncrease
        {
          scratch.pointee.tracks[t].plannedIncrease = scratch.pointee.tracks[t].itemIncurredIncrease
        }
      }
    }
    for i in 0..<trackCount {
      let t = trackIndex(sizing, isWidth, i)
      if !scratch.pointee.tracks[t].planned { continue }
      scratch.pointee.tracks[t].planned = false
      scratch.pointee.tracks[t].baseSize += scratch.pointee.tracks[t].plannedIncrease
    }
  }

  // MARK: 11.6 Maximize tracks

  func maximizeTrackSizes(_ sizing: inout TrackSizing, isWidth: Bool) {
    if sizing.hasOnlyFixedTracks { return }
    let count = sizing.trackCount(isWidth)
    let floatsBase = scratch.pointee.floats.count
    for i in 0..<count {
      scratch.pointee.appendFloat(scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize)
    }

    distributeFreeSpace(sizing, isWidth: isWidth, target: sizing.containerSize(isWidth))

    // Too big for the container's maximum: redo with the maximum as the available space.
    let totalGridSize = totalBaseSize(sizing, isWidth)
    let axis = isWidth ? Axis.row : Axis.column
    let pb = gridPaddingAndBorder(sizing.node, axis, sizing.direction, sizing.ownerWidth)
    let maxBorderBox = st(sizing.node).maxDimension(isWidth ? 0 : 1).resolve(
      isWidth ? sizing.ownerWidth : sizing.ownerHeight)
    let maxInner = maxBorderBox.isNaN ? Float.nan : maxBorderBox - pb
    if !maxInner.isNaN && totalGridSize > maxInner {
      for i in 0..<count {
        scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize =
          scratch.pointee.floats[floatsBase + i]
      }
      distributeFreeSpace(sizing, isWidth: isWidth, target: maxInner)
    }
    GridScratch.truncate(&scratch.pointee.floats, to: floatsBase)
  }

  func distributeFreeSpace(_ sizing: TrackSizing, isWidth: Bool, target: Float) {
    let count = sizing.trackCount(isWidth)
    var freeSpace: Float = 0
    if !target.isNaN {
      freeSpace = stdMax(0, target - totalBaseSize(sizing, isWidth))
    }
    if sizing.sizingMode(isWidth) == Mode.undefined { freeSpace = .infinity }
    guard freeSpace > 0 && !ygEqual(freeSpace, 0) else { return }
    if freeSpace == .infinity {
      for i in 0..<count {
        let t = trackIndex(sizing, isWidth, i)
        scratch.pointee.tracks[t].baseSize = scratch.pointee.tracks[t].growthLimit
      }
      return
    }
    for i in 0..<count { scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].frozen = false }
    var frozenCount = 0
    var extraSpace = freeSpace
    while frozenCount < count && extraSpace > 0 && !ygEqual(extraSpace, 0) {
      let spaceBefore = extraSpace
      let frozenBefore = frozenCount
      let perTrack = extraSpace / Float(count - frozenCount)
      for i in 0..<count {
        let t = trackIndex(sizing, isWidth, i)
        if scratch.pointee.tracks[t].frozen { continue }
        if scratch.pointee.tracks[t].baseSize + perTrack > scratch.pointee.tracks[t].growthLimit {
          let increase = stdMax(
            0, scratch.pointee.tracks[t].growthLimit - scratch.pointee.tracks[t].baseSize)
          scratch.pointee.tracks[t].baseSize += increase
          extraSpace -= increase
          scratch.pointee.tracks[t].frozen = true
          frozenCount += 1
        } else {
          scratch.pointee.tracks[t].baseSize += perTrack
          extraSpace -= perTrack
        }
      }
      if extraSpace == spaceBefore && frozenCount == frozenBefore { break }
    }
  }

  // MARK: 11.7 Expand flexible tracks

  func expandFlexibleTracks(_ sizing: inout TrackSizing, isWidth: Bool) {
    if !sizing.hasFlexibleTracks { return }
    let count = sizing.trackCount(isWidth)
    let containerSize = sizing.containerSize(isWidth)
    let gap = gridGap(sizing.node, isWidth, containerSize)
    let freeSpace = calculateFreeSpace(sizing, isWidth: isWidth)

    var flexFraction: Float = 0
    if ygEqual(freeSpace, 0) {
      flexFraction = 0
    } else if !freeSpace.isNaN {
      flexFraction = findFrSize(
        sizing, isWidth: isWidth, start: 0, end: count, space: containerSize)
    } else {
      for i in 0..<count {
        let t = trackIndex(sizing, isWidth, i)
        if scratch.pointee.tracks[t].maxFunction.isStretch
          && !scratch.pointee.tracks[t].maxFunction.number.isNaN
        {
          let flexFactor = scratch.pointee.tracks[t].maxFunction.number
          if flexFactor > 1 {
            flexFraction = stdMax(flexFraction, scratch.pointee.tracks[t].baseSize / flexFactor)
          } else {
            flexFraction = stdMax(flexFraction, scratch.pointee.tracks[t].baseSize)
          }
        }
      }
      for index in 0..<sizing.itemCount {
        let current = item(sizing, index)
        if !current.crossesFlexible(isWidth) { continue }
        let constraints = itemConstraints(sizing, current, isWidth: isWidth)
        let contribution = maxContentContribution(sizing, current, isWidth, constraints)
        flexFraction = stdMax(
          flexFraction,
          findFrSize(
            sizing, isWidth: isWidth, start: current.start(isWidth), end: current.end(isWidth),
            space: contribution))
      }
    }

    // The grid this fraction gives, against the container's min and max.
    var newTotalSize: Float = 0
    for i in 0..<count {
      let t = trackIndex(sizing, isWidth, i)
      if scratch.pointee.tracks[t].maxFunction.isStretch
        && !scratch.pointee.tracks[t].maxFunction.number.isNaN
      {
        newTotalSize += stdMax(
          scratch.pointee.tracks[t].baseSize,
          flexFraction * scratch.pointee.tracks[t].maxFunction.number)
      } else {
        newTotalSize += scratch.pointee.tracks[t].baseSize
      }
      if i < count - 1 { newTotalSize += gap }
    }
    let axis = isWidth ? Axis.row : Axis.column
    let pb = gridPaddingAndBorder(sizing.node, axis, sizing.direction, sizing.ownerWidth)
    let reference = isWidth ? sizing.ownerWidth : sizing.ownerHeight
    let minOuter = st(sizing.node).minDimension(isWidth ? 0 : 1).resolve(reference)
    let minInner = minOuter.isNaN ? Float.nan : minOuter - pb
    if !minInner.isNaN && newTotalSize < minInner {
      flexFraction = findFrSize(sizing, isWidth: isWidth, start: 0, end: count, space: minInner)
    }
    let maxOuter = st(sizing.node).maxDimension(isWidth ? 0 : 1).resolve(reference)
    let maxInner = maxOuter.isNaN ? Float.nan : maxOuter - pb
    if !maxInner.isNaN && newTotalSize > maxInner {
      flexFraction = findFrSize(sizing, isWidth: isWidth, start: 0, end: count, space: maxInner)
    }

    for i in 0..<count {
      let t = trackIndex(sizing, isWidth, i)
      if scratch.pointee.tracks[t].maxFunction.isStretch
        && !scratch.pointee.tracks[t].maxFunction.number.isNaN
      {
        let newSize = flexFraction * scratch.pointee.tracks[t].maxFunction.number
        if newSize > scratch.pointee.tracks[t].baseSize {
          scratch.pointee.tracks[t].baseSize = newSize
        }
      }
    }
  }

  /// 11.7.1 "find the size of an fr" over tracks `start..<end`; tracks whose share would fall
  /// below their base size become inflexible and the search restarts (as a loop).
  func findFrSize(_ sizing: TrackSizing, isWidth: Bool, start: Int, end: Int, space: Float)
    -> Float
  {
    let gap = gridGap(sizing.node, isWidth, sizing.containerSize(isWidth))
    for i in start..<end {
      scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].inflexible = false
    }
    while true {
      var leftoverSpace = space
      var flexFactorSum: Float = 0
      for i in start..<end {
        let t = trackIndex(sizing, isWidth, i)
        if i < end - 1 { leftoverSpace -= gap }
        if !scratch.pointee.tracks[t].maxFunction.isStretch || scratch.pointee.tracks[t].inflexible
        {
          leftoverSpace -= scratch.pointee.tracks[t].baseSize
        } else if !scratch.pointee.tracks[t].maxFunction.number.isNaN {
          flexFactorSum += scratch.pointee.tracks[t].maxFunction.number
        }
      }
      if flexFactorSum < 1 { flexFactorSum = 1 }
      let hypotheticalFrSize = leftoverSpace / flexFactorSum
      var restart = false
      for i in start..<end {
        let t = trackIndex(sizing, isWidth, i)
        if !scratch.pointee.tracks[t].maxFunction.isStretch || scratch.pointee.tracks[t].inflexible
          || scratch.pointee.tracks[t].maxFunction.number.isNaN
        {
          continue
        }
        if hypotheticalFrSize * scratch.pointee.tracks[t].maxFunction.number
          < scratch.pointee.tracks[t].baseSize
        {
          scratch.pointee.tracks[t].inflexible = true
          restart = true
        }
      }
      if !restart { return hypotheticalFrSize }
    }
  }

  // MARK: 11.8 Stretch auto tracks

  func stretchAutoTracks(_ sizing: inout TrackSizing, isWidth: Bool) {
    if sizing.hasOnlyFixedTracks { return }
    let count = sizing.trackCount(isWidth)
    let containerSize = sizing.containerSize(isWidth)
    let style = st(sizing.node)
    let shouldStretch =
      isWidth
      ? style.pointee.justifyContent == Justify.stretch.rawValue
      : style.pointee.alignContent == Align.stretch.rawValue
    guard shouldStretch else { return }
    var autoTrackCount = 0
    for i in 0..<count
    where scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].maxFunction.isAutoSizing(
      containerSize)
    {
      autoTrackCount += 1
    }
    if autoTrackCount == 0 { return }
    var freeSpace = calculateFreeSpace(sizing, isWidth: isWidth)
    if freeSpace.isNaN {
      let axis = isWidth ? Axis.row : Axis.column
      let pb = gridPaddingAndBorder(sizing.node, axis, sizing.direction, sizing.ownerWidth)
      let reference = isWidth ? sizing.ownerWidth : sizing.ownerHeight
      let minOuter = style.minDimension(isWidth ? 0 : 1).resolve(reference)
      let minInner = minOuter.isNaN ? Float.nan : minOuter - pb
      if !minInner.isNaN {
        freeSpace = stdMax(0, minInner - totalBaseSize(sizing, isWidth))
      }
    }
    if !freeSpace.isNaN && freeSpace > 0 && !ygEqual(freeSpace, 0) {
      let share = freeSpace / Float(autoTrackCount)
      for i in 0..<count {
        let t = trackIndex(sizing, isWidth, i)
        if scratch.pointee.tracks[t].maxFunction.isAutoSizing(containerSize) {
          scratch.pointee.tracks[t].baseSize += share
        }
      }
    }
  }

  func calculateFreeSpace(_ sizing: TrackSizing, isWidth: Bool) -> Float {
    let containerSize = sizing.containerSize(isWidth)
    if containerSize.isNaN { return .nan }
    return stdMax(0, containerSize - totalBaseSize(sizing, isWidth))
  }

  // MARK: Contributions

  /// Lays an item out (measuring only) under its constraints; returns its size in the axis.
  func measureGridItem(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  )
    -> Float
  {
    let node = Int(item.node)
    layoutNode(
      node, availableWidth: c.width, availableHeight: c.height,
      ownerDirection: nodes[sizing.node].layout.direction, widthMode: c.widthMode,
      heightMode: c.heightMode, ownerWidth: c.containingBlockWidth,
      ownerHeight: c.containingBlockHeight, performLayout: false, depth: sizing.depth + 1)
    return nodes[node].layout.measured(isWidth ? 0 : 1)
  }

  /// The fork's min-content probe: the item laid out in zero space in the axis (anything that
  /// can shrink or wrap does), unless its size in that axis is definite.
  func measureGridItemMinContent(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let node = Int(item.node)
    let containingBlockSize = isWidth ? c.containingBlockWidth : c.containingBlockHeight
    if hasDefiniteLength(node, isWidth ? 0 : 1, containingBlockSize) {
      return measureGridItem(sizing, item, isWidth, c)
    }
    layoutNode(
      node, availableWidth: isWidth ? 0 : c.width, availableHeight: isWidth ? c.height : 0,
      ownerDirection: nodes[sizing.node].layout.direction,
      widthMode: isWidth ? Mode.atMost : c.widthMode,
      heightMode: isWidth ? c.heightMode : Mode.atMost, ownerWidth: c.containingBlockWidth,
      ownerHeight: c.containingBlockHeight, performLayout: true, depth: sizing.depth + 1)
    let contribution = nodes[node].layout.measured(isWidth ? 0 : 1)
    // The probe's answer must not serve a later genuine zero-size request.
    nodes[node].layout.cachedLayout = CachedMeasurement()
    return contribution
  }

  func minContentContribution(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let margin = gridMarginForAxis(
      Int(item.node), isWidth ? Axis.row : Axis.column, c.containingBlockWidth)
    return measureGridItemMinContent(sizing, item, isWidth, c) + margin
  }

  func maxContentContribution(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let margin = gridMarginForAxis(
      Int(item.node), isWidth ? Axis.row : Axis.column, c.containingBlockWidth)
    return measureGridItem(sizing, item, isWidth, c) + margin
  }

  /// The smallest outer size the item can have (CSS Grid's minimum contribution).
  func minimumContribution(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let node = Int(item.node)
    let containingBlockSize = isWidth ? c.containingBlockWidth : c.containingBlockHeight
    let margin = gridMarginForAxis(node, isWidth ? Axis.row : Axis.column, c.containingBlockWidth)
    let style = st(node)
    let preferred = style.dimension(isWidth ? 0 : 1)
    let minimum = style.minDimension(isWidth ? 0 : 1)
    if !preferred.isAuto && preferred.unit != Unit.percent {
      return minContentContribution(sizing, item, isWidth, c)
    }
    if !minimum.isUndefined && !minimum.isAuto {
      return minimum.resolve(containingBlockSize) + margin
    }
    return automaticMinimumSize(sizing, item, isWidth, c) + margin
  }

  func automaticMinimumSize(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let node = Int(item.node)
    let overflow = nodes[node].style.overflow
    if overflow == Overflow.scroll.rawValue || overflow == Overflow.hidden.rawValue { return 0 }
    let start = item.start(isWidth)
    let end = item.end(isWidth)
    var spansAutoMinimum = false
    for i in start..<end
    where scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].minFunction.isAuto {
      spansAutoMinimum = true
      break
    }
    if !spansAutoMinimum { return 0 }
    if end - start > 1 && item.crossesFlexible(isWidth) { return 0 }
    return contentBasedMinimum(sizing, item, isWidth, c)
  }

  func contentBasedMinimum(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let node = Int(item.node)
    var result = measureGridItemMinContent(sizing, item, isWidth, c)
    let fixedLimit = fixedTracksLimit(sizing, item, isWidth)
    if !fixedLimit.isNaN { result = stdMin(result, fixedLimit) }
    let containingBlockSize = isWidth ? c.containingBlockWidth : c.containingBlockHeight
    let maximum = st(node).maxDimension(isWidth ? 0 : 1)
    if !maximum.isUndefined {
      let resolved = trackStyleResolve(maximum, containingBlockSize)
      if !resolved.isNaN { result = stdMin(result, resolved) }
    }
    return result
  }

  /// A style length resolved as the fork's `StyleSizeLength` does (a percentage of an
  /// undefined reference is undefined).
  @_transparent func trackStyleResolve(_ value: Val, _ reference: Float) -> Float {
    if value.unit == Unit.point { return value.value }
    if value.unit == Unit.percent { return reference.isNaN ? .nan : value.value * reference * 0.01 }
    return .nan
  }

  func limitedMinContentContribution(
    _ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool, _ c: ItemConstraint
  ) -> Float {
    let fixedLimit = fixedTracksLimit(sizing, item, isWidth)
    let minContent = minContentContribution(sizing, item, isWidth, c)
    let minimum = minimumContribution(sizing, item, isWidth, c)
    if !fixedLimit.isNaN {
      return stdMax(stdMin(minContent, fixedLimit), minimum)
    }
    return stdMax(minContent, minimum)
  }

  /// The sum of the spanned tracks' fixed maximums (and gaps), or NaN if one is not fixed.
  func fixedTracksLimit(_ sizing: TrackSizing, _ item: GridItemState, _ isWidth: Bool) -> Float {
    let containerSize = sizing.containerSize(isWidth)
    let start = item.start(isWidth)
    let end = item.end(isWidth)
    let gap = gridGap(sizing.node, isWidth, containerSize)
    var limit: Float = 0
    for i in start..<end {
      let maxFunction = scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].maxFunction
      if !maxFunction.isFixed(containerSize) { return .nan }
      let resolved = maxFunction.resolve(containerSize)
      if !resolved.isNaN { limit += resolved }
      if i < end - 1 { limit += gap }
    }
    return limit
  }

  // MARK: Item constraints

  func itemConstraints(_ sizing: TrackSizing, _ item: GridItemState, isWidth: Bool)
    -> ItemConstraint
  {
    var containingBlockWidth = Float.nan
    var containingBlockHeight = Float.nan
    if isWidth {
      containingBlockHeight = estimateCrossSize(sizing.estimate, sizing, item)
    } else {
      containingBlockWidth = estimateCrossSize(sizing.estimate, sizing, item)
    }
    return itemConstraints(
      sizing, item, containingBlockWidth: containingBlockWidth,
      containingBlockHeight: containingBlockHeight)
  }

  /// How an item is measured or laid out in a containing block (its grid area, or the
  /// estimate of it).
  func itemConstraints(
    _ sizing: TrackSizing, _ item: GridItemState, containingBlockWidth: Float,
    containingBlockHeight: Float
  ) -> ItemConstraint {
    let node = Int(item.node)
    let direction = sizing.direction
    var availableWidth = Float.nan
    var availableHeight = Float.nan
    var widthMode = Mode.undefined
    var heightMode = Mode.undefined
    let hasDefiniteWidth = hasDefiniteLength(node, 0, containingBlockWidth)
    let hasDefiniteHeight = hasDefiniteLength(node, 1, containingBlockHeight)
    if !containingBlockWidth.isNaN {
      widthMode = Mode.atMost
      availableWidth = containingBlockWidth
    }
    if !containingBlockHeight.isNaN {
      heightMode = Mode.atMost
      availableHeight = containingBlockHeight
    }
    let marginInline = gridMarginForAxis(node, Axis.row, containingBlockWidth)
    if hasDefiniteWidth {
      widthMode = Mode.exactly
      var resolvedWidth = nodes[node].resolvedWidth.resolve(containingBlockWidth)
      resolvedWidth = boundAxis(
        node, Axis.row, resolvedWidth, containingBlockWidth, containingBlockWidth)
      availableWidth = resolvedWidth + marginInline
    }
    let marginBlock = gridMarginForAxis(node, Axis.column, containingBlockWidth)
    if hasDefiniteHeight {
      heightMode = Mode.exactly
      var resolvedHeight = nodes[node].resolvedHeight.resolve(containingBlockHeight)
      resolvedHeight = boundAxis(
        node, Axis.column, resolvedHeight, containingBlockHeight, containingBlockWidth)
      availableHeight = resolvedHeight + marginBlock
    }

    let justifySelf = justifyItem(sizing.node, node)
    let alignSelf = alignItem(sizing.node, node)
    let hasMarginInlineAuto =
      gridStartMarginIsAuto(node, Axis.row, direction)
      || gridEndMarginIsAuto(node, Axis.row, direction)
    let hasMarginBlockAuto =
      gridStartMarginIsAuto(node, Axis.column, direction)
      || gridEndMarginIsAuto(node, Axis.column, direction)

    // Stretched items in a definite area are definite in that axis.
    if !containingBlockWidth.isNaN && !hasDefiniteWidth && justifySelf == Justify.stretch.rawValue
      && !hasMarginInlineAuto
    {
      widthMode = Mode.exactly
      availableWidth = containingBlockWidth
    }
    if !containingBlockHeight.isNaN && !hasDefiniteLength(node, 1, containingBlockHeight)
      && alignSelf == Align.stretch.rawValue && !hasMarginBlockAuto
    {
      heightMode = Mode.exactly
      availableHeight = containingBlockHeight
    }

    let aspectRatio = nodes[node].style.aspectRatio
    if !aspectRatio.isNaN && !ygEqual(aspectRatio, 0) {
      if widthMode == Mode.exactly && heightMode == Mode.exactly {
        if !hasDefiniteWidth && !hasDefiniteHeight {
          var resolvedWidth = (availableHeight - marginBlock) * aspectRatio
          resolvedWidth = boundAxis(
            node, Axis.row, resolvedWidth, containingBlockWidth, containingBlockWidth)
          availableWidth = resolvedWidth + marginInline
        }
      } else if widthMode == Mode.exactly && heightMode != Mode.exactly {
        var resolvedHeight = (availableWidth - marginInline) / aspectRatio
        resolvedHeight = boundAxis(
          node, Axis.column, resolvedHeight, containingBlockHeight, containingBlockWidth)
        availableHeight = resolvedHeight + marginBlock
        heightMode = Mode.exactly
      } else if heightMode == Mode.exactly && widthMode != Mode.exactly {
        var resolvedWidth = (availableHeight - marginBlock) * aspectRatio
        resolvedWidth = boundAxis(
          node, Axis.row, resolvedWidth, containingBlockWidth, containingBlockWidth)
        availableWidth = resolvedWidth + marginInline
        widthMode = Mode.exactly
      }
    }

    // Yoga 2.x's own clamp, whose margins stay NaN when they resolve against an undefined width.
    constrainMaxSize(
      node, Axis.row, containingBlockWidth, containingBlockWidth, &widthMode, &availableWidth)
    constrainMaxSize(
      node, Axis.column, containingBlockHeight, containingBlockWidth, &heightMode,
      &availableHeight)
    return ItemConstraint(
      width: availableWidth, height: availableHeight, widthMode: widthMode,
      heightMode: heightMode, containingBlockWidth: containingBlockWidth,
      containingBlockHeight: containingBlockHeight)
  }

  // MARK: Gaps for estimates and content distribution

  func effectiveRowGapForEstimation(_ sizing: TrackSizing) -> Float {
    let rowGap = gridGap(sizing.node, false, sizing.containerInnerHeight)
    if sizing.containerInnerHeight.isNaN { return rowGap }
    var totalTrackSize: Float = 0
    for i in 0..<sizing.rowCount {
      let maxFunction = scratch.pointee.tracks[trackIndex(sizing, false, i)].maxFunction
      if maxFunction.isFixed(sizing.containerInnerHeight) {
        totalTrackSize += maxFunction.resolve(sizing.containerInnerHeight)
      } else {
        return rowGap
      }
    }
    let totalGapSize: Float = sizing.rowCount > 1 ? rowGap * Float(sizing.rowCount - 1) : 0
    let freeSpace = sizing.containerInnerHeight - totalTrackSize - totalGapSize
    return contentDistribution(sizing, isWidth: false, freeSpace: freeSpace).effectiveGap
  }

  func effectiveGapFromBaseSizes(_ sizing: TrackSizing, isWidth: Bool) -> Float {
    let containerSize = sizing.containerSize(isWidth)
    let gap = gridGap(sizing.node, isWidth, containerSize)
    if containerSize.isNaN { return gap }
    let count = sizing.trackCount(isWidth)
    var totalTrackSize: Float = 0
    for i in 0..<count {
      totalTrackSize += scratch.pointee.tracks[trackIndex(sizing, isWidth, i)].baseSize
    }
    let totalGapSize: Float = count > 1 ? gap * Float(count - 1) : 0
    let freeSpace = containerSize - totalTrackSize - totalGapSize
    return contentDistribution(sizing, isWidth: isWidth, freeSpace: freeSpace).effectiveGap
  }

  /// Justify-content (columns) or align-content (rows) over the free space: where the first
  /// track starts and the gap between tracks.
  func contentDistribution(_ sizing: TrackSizing, isWidth: Bool, freeSpace: Float)
    -> (startOffset: Float, effectiveGap: Float)
  {
    let numTracks = Float(sizing.trackCount(isWidth))
    let baseGap = gridGap(sizing.node, isWidth, sizing.containerSize(isWidth))
    var startOffset: Float = 0
    var betweenTracksOffset: Float = 0
    if ygEqual(freeSpace, 0) { return (0, baseGap) }
    let style = st(sizing.node)
    if isWidth {
      var justify = style.pointee.justifyContent
      if !(freeSpace > 0) {
        // Negative free space falls back to start for the distributing values.
        switch justify {
        case Justify.spaceBetween.rawValue, Justify.spaceAround.rawValue,
          Justify.spaceEvenly.rawValue:
          justify = Justify.flexStart.rawValue
        default: break
        }
      }
      switch justify {
      case Justify.center.rawValue:
        startOffset = freeSpace / 2
      case Justify.end.rawValue:
        startOffset = freeSpace
      case Justify.spaceBetween.rawValue:
        if numTracks > 1 { betweenTracksOffset = freeSpace / (numTracks - 1) }
      case Justify.spaceAround.rawValue:
        if numTracks > 0 {
          betweenTracksOffset = freeSpace / numTracks
          startOffset = betweenTracksOffset / 2
        }
      case Justify.spaceEvenly.rawValue:
        betweenTracksOffset = freeSpace / (numTracks + 1)
        startOffset = betweenTracksOffset
      default:
        break
      }
    } else {
      var align = style.pointee.alignContent
      if !(freeSpace > 0) {
        switch align {
        case Align.spaceBetween.rawValue, Align.stretch.rawValue, Align.spaceAround.rawValue,
          Align.spaceEvenly.rawValue:
          align = Align.flexStart.rawValue
        default: break
        }
      }
      switch align {
      case Align.center.rawValue:
        startOffset = freeSpace / 2
      case Align.end.rawValue:
        startOffset = freeSpace
      case Align.spaceBetween.rawValue:
        if numTracks > 1 { betweenTracksOffset = stdMax(0, freeSpace / (numTracks - 1)) }
      case Align.spaceAround.rawValue:
        if numTracks > 0 {
          betweenTracksOffset = freeSpace / numTracks
          startOffset = betweenTracksOffset / 2
        }
      case Align.spaceEvenly.rawValue:
        betweenTracksOffset = freeSpace / (numTracks + 1)
        startOffset = betweenTracksOffset
      default:
        break
      }
    }
    return (startOffset, baseGap + betweenTracksOffset)
  }

  // MARK: Item flags and re-runs

  func computeItemTrackCrossingFlags(_ sizing: TrackSizing) {
    for index in 0..<sizing.itemCount {
      var current = item(sizing, index)
      current.crossesFlexibleColumn = false
      current.crossesIntrinsicColumn = false
      current.crossesFlexibleRow = false
      current.crossesIntrinsicRow = false
      for i in current.columnStart..<current.columnEnd {
        let t = scratch.pointee.tracks[trackIndex(sizing, true, i)]
        if t.maxFunction.isStretch {
          current.crossesFlexibleColumn = true
        } else if t.maxFunction.isAutoSizing(sizing.containerInnerWidth) {
          current.crossesIntrinsicColumn = true
        }
        if t.minFunction.isAutoSizing(sizing.containerInnerWidth) {
          current.crossesIntrinsicColumn = true
        }
      }
      for i in current.rowStart..<current.rowEnd {
        let t = scratch.pointee.tracks[trackIndex(sizing, false, i)]
        if t.maxFunction.isStretch {
          current.crossesFlexibleRow = true
        } else if t.maxFunction.isAutoSizing(sizing.containerInnerHeight) {
          current.crossesIntrinsicRow = true
        }
        if t.minFunction.isAutoSizing(sizing.containerInnerHeight) {
          current.crossesIntrinsicRow = true
        }
      }
      scratch.pointee.items[sizing.itemBase + index] = current
    }
  }

  func contributionsChanged(
    _ sizing: inout TrackSizing, isWidth: Bool, before: CrossEstimate, after: CrossEstimate
  ) -> Bool {
    for index in 0..<sizing.itemCount {
      let current = item(sizing, index)
      if !current.crossesIntrinsic(isWidth) { continue }
      let crossBefore = estimateCrossSize(before, sizing, current)
      let crossAfter = estimateCrossSize(after, sizing, current)
      if ygEqual(crossBefore, crossAfter) { continue }
      let constraintsBefore = itemConstraints(
        sizing, current, containingBlockWidth: isWidth ? .nan : crossBefore,
        containingBlockHeight: isWidth ? crossBefore : .nan)
      let contributionBefore = minContentContribution(sizing, current, isWidth, constraintsBefore)
      let constraintsAfter = itemConstraints(
        sizing, current, containingBlockWidth: isWidth ? .nan : crossAfter,
        containingBlockHeight: isWidth ? crossAfter : .nan)
      let contributionAfter = minContentContribution(sizing, current, isWidth, constraintsAfter)
      if !ygEqual(contributionBefore, contributionAfter) { return true }
    }
    return false
  }
}
