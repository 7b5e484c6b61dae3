// Grid item placement (the fork's `AutoPlacement`): definite areas first, then items locked to a
// row, then everything else in row-major order, growing the implicit grid as needed; then the
// tracks of the implicit grid.

/// A resolved line range on one axis, in 0-based line coordinates where 0 is the first explicit
/// line (negative values are implicit lines before the explicit grid).
struct LinePlacement {
  var start = 0
  var end = 0
  var span = 1
}

/// The extent of a placed grid, in the same coordinates.
struct GridExtent {
  var minColumnStart = 0
  var minRowStart = 0
  var maxColumnEnd = 0
  var maxRowEnd = 0
}

/// Resolves a start/end pair (CSS grid placement errors handled as the fork does: swapped
/// lines are swapped back, equal lines span one track, two spans keep the start's).
func resolveLinePlacement(
  _ startLine: PlacementLine, _ endLine: PlacementLine, explicitLineCount: Int
) -> LinePlacement {
  func normalized(_ line: Int32) -> Int {
    let value = Int(line)
    return value < 0 ? explicitLineCount + value + 1 : value
  }
  var placement = LinePlacement()
  let startIsLine = startLine.kind == PlacementLine.lineKind
  let endIsLine = endLine.kind == PlacementLine.lineKind
  let startIsSpan = startLine.kind == PlacementLine.spanKind
  let endIsSpan = endLine.kind == PlacementLine.spanKind
  if startIsLine && endIsLine {
    let start = normalized(startLine.value)
    let end = normalized(endLine.value)
    if start > end {
      placement = LinePlacement(start: end, end: start, span: start - end)
    } else if start == end {
      placement = LinePlacement(start: start, end: start + 1, span: 1)
    } else {
      placement = LinePlacement(start: start, end: end, span: end - start)
    }
  } else if startIsSpan && endIsSpan {
    placement = LinePlacement(start: 0, end: 0, span: Int(startLine.value))
  } else if startIsLine && endIsSpan {
    let start = normalized(startLine.value)
    placement = LinePlacement(
      start: start, end: start + Int(endLine.value), span: Int(endLine.value))
  } else if startIsSpan && endIsLine {
    let end = normalized(endLine.value)
    placement = LinePlacement(
      start: end - Int(startLine.value), end: end, span: Int(startLine.value))
  } else if startIsLine {
    let start = normalized(startLine.value)
    placement = LinePlacement(start: start, end: start + 1, span: 1)
  } else if startIsSpan {
    placement = LinePlacement(start: 0, end: 0, span: Int(startLine.value))
  } else if endIsLine {
    let end = normalized(endLine.value)
    placement = LinePlacement(start: end - 1, end: end, span: 1)
  } else if endIsSpan {
    placement = LinePlacement(start: 0, end: 0, span: Int(endLine.value))
  } else {
    placement = LinePlacement(start: 0, end: 0, span: 1)
  }
  placement.start -= 1
  placement.end -= 1
  return placement
}

/// The most row intervals the auto-placement occupancy map records (see `markOccupied`).
let occupancyBudget = 1 << 22
/// The most steps (rows and intervals examined) the overlap checks of all grid placements of
/// one solve take; past it every position counts as free, so placement ends in linear time.
/// One solve, not one grid: a grid is placed again each time it is measured, and a tree can
/// hold many grids (a fuzzed tree of a few hundred nodes placed its grids for seconds when the
/// budget was per placement). Only hostile grids (many items spanning thousands of tracks)
/// come near it.
let placementWorkLimit = 1 << 24
/// The most tracks one grid's items may span together; the items past it are placed as
/// automatic single cells, so that track sizing stays linear in the grid. Only hostile grids
/// (many items spanning thousands of tracks each) come near it.
let gridSpanBudget = 1 << 18

extension Engine {
  @_transparent func isGridItem(_ child: Int) -> Bool {
    nodes[child].style.positionType != PositionType.absolute.rawValue
      && nodes[child].style.display != Display.none.rawValue
  }

  // MARK: Occupancy

  /// Starts an empty occupancy map whose rows begin at `firstRow`.
  private func resetOccupancy() {
    scratch.pointee.rowHeads.removeAll(keepingCapacity: true)
    scratch.pointee.intervals.removeAll(keepingCapacity: true)
  }

  /// Marks the rows of an area occupied. The map holds at most `occupancyBudget` row
  /// intervals: past that (only reachable with hostile input, e.g. 10^5 items spanning 10^4
  /// rows each) an area marks its first row only, which keeps placement linear and still ends.
  private func markOccupied(_ area: PlacedArea, firstRow: Int) {
    var rowEnd = area.rowEnd
    if scratch.pointee.intervals.count + (area.rowEnd - area.rowStart) > occupancyBudget {
      rowEnd = Swift.min(area.rowEnd, area.rowStart + 1)
    }
    for row in area.rowStart..<rowEnd {
      let index = row - firstRow
      while scratch.pointee.rowHeads.count <= index {
        scratch.pointee.note(scratch.pointee.rowHeads)
        scratch.pointee.rowHeads.append(-1)
      }
      scratch.pointee.note(scratch.pointee.intervals)
      scratch.pointee.intervals.append(
        OccupiedInterval(
          start: area.columnStart, end: area.columnEnd, next: scratch.pointee.rowHeads[index]))
      scratch.pointee.rowHeads[index] = Int32(scratch.pointee.intervals.count - 1)
    }
  }

  private func overlaps(
    rowStart: Int, rowEnd: Int, columnStart: Int, columnEnd: Int, firstRow: Int
  ) -> Bool {
    let rowCount = scratch.pointee.rowHeads.count
    var row = rowStart
    while row < rowEnd {
      scratch.pointee.placementWork += 1
      if scratch.pointee.placementWork > placementWorkLimit { return false }
      let index = row - firstRow
      if index >= 0 && index < rowCount {
        var link = scratch.pointee.rowHeads[index]
        while link >= 0 {
          scratch.pointee.placementWork += 1
          let interval = scratch.pointee.intervals[Int(link)]
          if interval.start < columnEnd && interval.end > columnStart { return true }
          link = interval.next
        }
      }
      row += 1
    }
    return false
  }

  // MARK: Placement

  /// The placement lines of the child at `index`: its style's, or automatic ones when the
  /// grid's span budget ran out before it.
  @_transparent func placementLines(_ child: Int, _ index: Int)
    -> (
      columnStart: PlacementLine, columnEnd: PlacementLine, rowStart: PlacementLine,
      rowEnd: PlacementLine
    )
  {
    if scratch.pointee.reduced[index] { return (.auto, .auto, .auto, .auto) }
    let style = st(child)
    return (
      style.pointee.columnStart, style.pointee.columnEnd, style.pointee.rowStart,
      style.pointee.rowEnd
    )
  }

  /// Places the grid's items into `scratch.areas` (from `areasBase`) and returns the extent of
  /// the implicit grid. `explicitColumns`/`explicitRows` are the template track counts.
  func placeGridItems(_ node: Int, explicitColumns: Int, explicitRows: Int, areasBase: Int)
    -> GridExtent
  {
    var extent = GridExtent(
      minColumnStart: 0, minRowStart: 0, maxColumnEnd: explicitColumns, maxRowEnd: explicitRows)
    let columnLines = explicitColumns + 1
    let rowLines = explicitRows + 1
    let count = childCount(node)

    // The span budget: items past it lose their placement (see `gridSpanBudget`).
    scratch.pointee.reduced.removeAll(keepingCapacity: true)
    var spanned = 0
    for i in 0..<count {
      let c = child(node, i)
      var reduce = false
      if isGridItem(c) {
        let style = st(c)
        spanned +=
          resolveLinePlacement(
            style.pointee.columnStart, style.pointee.columnEnd, explicitLineCount: columnLines
          ).span
          + resolveLinePlacement(
            style.pointee.rowStart, style.pointee.rowEnd, explicitLineCount: rowLines
          ).span
        reduce = spanned > gridSpanBudget
      }
      scratch.pointee.note(scratch.pointee.reduced)
      scratch.pointee.reduced.append(reduce)
    }

    // The occupancy map indexes rows from the lowest row any item can take: the lowest definite
    // row start, or 0 (automatic rows never go above the lowest placed row).
    var firstRow = 0
    for i in 0..<count {
      let c = child(node, i)
      if !isGridItem(c) { continue }
      let style = placementLines(c, i)
      if style.rowStart.kind == PlacementLine.lineKind
        || style.rowEnd.kind == PlacementLine.lineKind
      {
        let rows = resolveLinePlacement(
          style.rowStart, style.rowEnd, explicitLineCount: rowLines)
        firstRow = Swift.min(firstRow, rows.start)
      }
    }
    resetOccupancy()
    scratch.pointee.placed.removeAll(keepingCapacity: true)
    for _ in 0..<count {
      scratch.pointee.note(scratch.pointee.placed)
      scratch.pointee.placed.append(false)
    }

    func record(_ area: PlacedArea, childIndex: Int) {
      scratch.pointee.appendArea(area)
      scratch.pointee.placed[childIndex] = true
      markOccupied(area, firstRow: firstRow)
      extent.minColumnStart = Swift.min(extent.minColumnStart, area.columnStart)
      extent.minRowStart = Swift.min(extent.minRowStart, area.rowStart)
      extent.maxColumnEnd = Swift.max(extent.maxColumnEnd, area.columnEnd)
      extent.maxRowEnd = Swift.max(extent.maxRowEnd, area.rowEnd)
    }

    // Step 1: items with a definite row and column.
    for i in 0..<count {
      let c = child(node, i)
      if !isGridItem(c) { continue }
      let style = placementLines(c, i)
      let definiteColumn =
        style.columnStart.kind == PlacementLine.lineKind
        || style.columnEnd.kind == PlacementLine.lineKind
      let definiteRow =
        style.rowStart.kind == PlacementLine.lineKind
        || style.rowEnd.kind == PlacementLine.lineKind
      if definiteColumn && definiteRow {
        let columns = resolveLinePlacement(
          style.columnStart, style.columnEnd, explicitLineCount: columnLines)
        let rows = resolveLinePlacement(
          style.rowStart, style.rowEnd, explicitLineCount: rowLines)
        record(
          PlacedArea(
            columnStart: columns.start, columnEnd: columns.end, rowStart: rows.start,
            rowEnd: rows.end, node: Int32(c)),
          childIndex: i)
      }
    }

    // Step 2: items locked to a row, placed at the first free column of that row (each row
    // remembers where its last such item ended).
    scratch.pointee.rowColumnCursor.removeAll(keepingCapacity: true)
    for i in 0..<count {
      let c = child(node, i)
      if !isGridItem(c) { continue }
      let style = placementLines(c, i)
      let definiteRow =
        style.rowStart.kind == PlacementLine.lineKind
        || style.rowEnd.kind == PlacementLine.lineKind
      let definiteColumn =
        style.columnStart.kind == PlacementLine.lineKind
        || style.columnEnd.kind == PlacementLine.lineKind
      guard definiteRow && !definiteColumn else { continue }
      let rows = resolveLinePlacement(
        style.rowStart, style.rowEnd, explicitLineCount: rowLines)
      var cursorSlot = -1
      for (slot, entry) in scratch.pointee.rowColumnCursor.enumerated()
      where entry.row == rows.start {
        cursorSlot = slot
        break
      }
      var columnStart =
        cursorSlot >= 0 ? scratch.pointee.rowColumnCursor[cursorSlot].column : extent.minColumnStart
      let columnSpan = resolveLinePlacement(
        style.columnStart, style.columnEnd, explicitLineCount: columnLines
      ).span
      while overlaps(
        rowStart: rows.start, rowEnd: rows.end, columnStart: columnStart,
        columnEnd: columnStart + columnSpan, firstRow: firstRow)
      {
        columnStart += 1
      }
      let columnEnd = columnStart + columnSpan
      record(
        PlacedArea(
          columnStart: columnStart, columnEnd: columnEnd, rowStart: rows.start, rowEnd: rows.end,
          node: Int32(c)),
        childIndex: i)
      if cursorSlot >= 0 {
        scratch.pointee.rowColumnCursor[cursorSlot].column = columnEnd
      } else {
        scratch.pointee.note(scratch.pointee.rowColumnCursor)
        scratch.pointee.rowColumnCursor.append((rows.start, columnEnd))
      }
    }

    // Step 3: the columns of the implicit grid.
    var largestColumnSpan = 1
    for i in 0..<count {
      let c = child(node, i)
      if !isGridItem(c) { continue }
      let style = placementLines(c, i)
      let definiteColumn =
        style.columnStart.kind == PlacementLine.lineKind
        || style.columnEnd.kind == PlacementLine.lineKind
      let columns = resolveLinePlacement(
        style.columnStart, style.columnEnd, explicitLineCount: columnLines)
      if definiteColumn {
        extent.minColumnStart = Swift.min(extent.minColumnStart, columns.start)
        extent.maxColumnEnd = Swift.max(extent.maxColumnEnd, columns.end)
      } else {
        largestColumnSpan = Swift.max(largestColumnSpan, columns.span)
      }
    }
    if largestColumnSpan > extent.maxColumnEnd - extent.minColumnStart {
      extent.maxColumnEnd = extent.minColumnStart + largestColumnSpan
    }

    // Step 4: the rest, with a cursor moving through the grid row by row.
    var cursorColumn = extent.minColumnStart
    var cursorRow = extent.minRowStart
    for i in 0..<count {
      let c = child(node, i)
      // `placed` still says what steps 1 and 2 placed for every child not yet reached here.
      if !isGridItem(c) || scratch.pointee.placed[i] { continue }
      let style = placementLines(c, i)
      let definiteColumn =
        style.columnStart.kind == PlacementLine.lineKind
        || style.columnEnd.kind == PlacementLine.lineKind
      let definiteRow =
        style.rowStart.kind == PlacementLine.lineKind
        || style.rowEnd.kind == PlacementLine.lineKind
      let columns = resolveLinePlacement(
        style.columnStart, style.columnEnd, explicitLineCount: columnLines)
      let rows = resolveLinePlacement(
        style.rowStart, style.rowEnd, explicitLineCount: rowLines)
      if definiteColumn {
        let previousColumn = cursorColumn
        cursorColumn = columns.start
        if cursorColumn < previousColumn { cursorRow += 1 }
        while overlaps(
          rowStart: cursorRow, rowEnd: cursorRow + rows.span, columnStart: columns.start,
          columnEnd: columns.end, firstRow: firstRow)
        {
          cursorRow += 1
        }
        record(
          PlacedArea(
            columnStart: columns.start, columnEnd: columns.end, rowStart: cursorRow,
            rowEnd: cursorRow + rows.span, node: Int32(c)),
          childIndex: i)
      } else if !definiteRow {
        var found = false
        while !found {
          while cursorColumn + columns.span <= extent.maxColumnEnd {
            if overlaps(
              rowStart: cursorRow, rowEnd: cursorRow + rows.span, columnStart: cursorColumn,
              columnEnd: cursorColumn + columns.span, firstRow: firstRow)
            {
              cursorColumn += 1
            } else {
              record(
                PlacedArea(
                  columnStart: cursorColumn, columnEnd: cursorColumn + columns.span,
                  rowStart: cursorRow, rowEnd: cursorRow + rows.span, node: Int32(c)),
                childIndex: i)
              found = true
              break
            }
          }
          if !found {
            cursorRow += 1
            cursorColumn = extent.minColumnStart
          }
        }
      }
    }
    return extent
  }
}
