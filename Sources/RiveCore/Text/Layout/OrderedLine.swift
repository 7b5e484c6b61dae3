import RiveFormat

/// A line's runs in visual order (bidi levels reordered), with the ellipsis run appended
/// where the line is cut for ellipsis overflow.
struct OrderedLine {
  /// Which run: one of the paragraph's, or the ellipsis.
  private enum RunReference: Equatable {
    case paragraph(Int)
    case ellipsis
  }

  private var runs: [RunReference] = []
  private var startLogical: RunReference?
  private var endLogical: RunReference?
  private var startGlyph: Int
  private var endGlyph: Int
  private var ellipsis: GlyphRun?

  init(
    paragraph: ShapedParagraph, line: GlyphLine, width: Float, wantsEllipsis: Bool,
    isEllipsisLineLast: Bool
  ) {
    startGlyph = line.startGlyph
    endGlyph = line.endGlyph
    var logical: [RunReference] = []
    if !wantsEllipsis
      || !buildEllipsis(
        &logical, paragraph: paragraph, line: line, width: width,
        isEllipsisLineLast: isEllipsisLineLast)
    {
      for r in line.startRun...line.endRun { logical.append(.paragraph(r)) }
      startLogical = logical.first
      endLogical = logical.last
    }
    // Reverse the stretches at each level, highest first (the bidi reordering rule).
    func level(_ reference: RunReference) -> UInt8 {
      switch reference {
      case .paragraph(let r): return paragraph.runs[r].level
      case .ellipsis: return ellipsis?.level ?? 0
      }
    }
    var maxLevel: UInt8 = 0
    for reference in logical { maxLevel = max(maxLevel, level(reference)) }
    var newLevel = maxLevel
    while newLevel > 0 {
      var start = logical.count - 1
      while start >= 0 {
        if level(logical[start]) >= newLevel {
          var count = 1
          while start > 0 && level(logical[start - 1]) >= newLevel {
            count += 1
            start -= 1
          }
          logical[start..<(start + count)].reverse()
        }
        start -= 1
      }
      newLevel -= 1
    }
    runs = logical
  }

  private mutating func buildEllipsis(
    _ logical: inout [RunReference], paragraph: ShapedParagraph, line: GlyphLine, width: Float,
    isEllipsisLineLast: Bool
  ) -> Bool {
    let glyphRuns = paragraph.runs
    func endIndex(_ r: Int) -> Int { r == line.endRun ? line.endGlyph : glyphRuns[r].count }
    if isEllipsisLineLast {
      // The last line needs no ellipsis when all of it fits.
      var x: Float = 0
      var fits = true
      var first = line.startGlyph
      measure: for r in line.startRun...line.endRun {
        var j = first
        while j != endIndex(r) {
          x += glyphRuns[r].advances[j]
          if x > width {
            fits = false
            break measure
          }
          j += 1
        }
        first = 0
      }
      if fits { return false }
    }
    var ellipsisFont: TextFont?
    var ellipsisSize: Float = 0
    var chosen: GlyphRun?
    var ellipsisWidth: Float = 0
    var overflowed = false
    var first = line.startGlyph
    var x: Float = 0
    for r in line.startRun...line.endRun {
      let run = glyphRuns[r]
      // (The runtime reshapes only when both the font and the size differ.)
      if run.font !== ellipsisFont && run.size != ellipsisSize {
        ellipsisFont = run.font
        ellipsisSize = run.size
        let dots = StyledRun(
          font: run.font, size: run.size, lineHeight: run.lineHeight,
          letterSpacing: run.letterSpacing, scalarCount: 3, styleIndex: run.styleIndex)
        let shaped = TextShaper.shape([0x2E, 0x2E, 0x2E], runs: [dots], fallbacks: [])
        if let candidate = shaped.first?.runs.first {
          var candidateWidth: Float = 0
          for advance in candidate.advances { candidateWidth += advance }
          if chosen == nil || x + candidateWidth <= width {
            ellipsisWidth = candidateWidth
            chosen = candidate
          }
        }
      }
      var j = first
      while j != endIndex(r) {
        let advance = run.advances[j]
        if x + advance + ellipsisWidth > width {
          endGlyph = j
          overflowed = true
          break
        }
        x += advance
        j += 1
      }
      first = 0
      logical.append(.paragraph(r))
      endLogical = .paragraph(r)
      if overflowed && chosen != nil {
        ellipsis = chosen
        logical.append(.ellipsis)
        break
      }
    }
    if !overflowed && chosen != nil {
      ellipsis = chosen
      logical.append(.ellipsis)
    }
    startLogical = logical.first == .ellipsis ? nil : logical.first
    return true
  }

  /// Calls `body` with each glyph (its run and index) in visual order.
  func forEachGlyph(paragraph: ShapedParagraph, _ body: (GlyphRun, Int) -> Void) {
    for reference in runs {
      let run: GlyphRun
      switch reference {
      case .paragraph(let r): run = paragraph.runs[r]
      case .ellipsis:
        guard let ellipsis else { continue }
        run = ellipsis
      }
      let isStart = reference == startLogical
      let isEnd = reference == endLogical
      if run.isRightToLeft {
        var g = (isEnd ? endGlyph : run.count) - 1
        let stop = (isStart ? startGlyph : 0) - 1
        while g > stop {
          body(run, g)
          g -= 1
        }
      } else {
        var g = isStart ? startGlyph : 0
        let stop = isEnd ? endGlyph : run.count
        while g < stop {
          body(run, g)
          g += 1
        }
      }
    }
  }
}
