import RiveFormat

/// One line of a paragraph after line breaking: from a glyph of one run to a glyph of another
/// (end exclusive, never before the start), where it starts horizontally (alignment) and its
/// vertical extent.
struct GlyphLine: Sendable, Equatable {
  var startRun = 0
  var startGlyph = 0
  var endRun = 0
  var endGlyph = 0
  var startX: Float = 0
  var top: Float = 0
  var baseline: Float = 0
  var bottom: Float = 0

  init() {}

  init(run: Int, glyph: Int) {
    startRun = run
    startGlyph = glyph
    endRun = run
    endGlyph = glyph
  }

  var isEmpty: Bool { startRun == endRun && startGlyph == endGlyph }

  /// Whether the line's end comes before its start in logical order.
  var endsBeforeItStarts: Bool {
    endRun < startRun || (endRun == startRun && endGlyph < startGlyph)
  }

  /// The line's width: from its first glyph's x to its end's.
  func width(in runs: [GlyphRun]) -> Float {
    runs[endRun].xpos[endGlyph] - runs[startRun].xpos[startGlyph]
  }
}

/// Breaks paragraphs into lines the way the runtime's line breaker does: words (from the
/// runs' break pairs) are added while they fit; a word that does not fit starts a new line; a
/// word wider than the whole line is cut between glyphs.
enum LineBreaker {
  /// A position in the break lists of a paragraph's runs.
  struct WordMarker {
    var run: Int
    var index: Int

    mutating func next(_ runs: [GlyphRun]) -> Bool {
      index += 2
      while index >= runs[run].breaks.count {
        index -= runs[run].breaks.count
        run += 1
        if run == runs.count { return false }
      }
      return true
    }
  }

  /// A glyph position that steps across run boundaries, and steps over the glyphs of word
  /// joiners (U+2060) so that a word is not broken next to one.
  struct GlyphCursor: Equatable {
    var run: Int
    var index: Int

    // Both steps loop rather than call themselves again (as the runtime's do) so that a
    // text of many joiners cannot exhaust the stack.
    mutating func back(_ runs: [GlyphRun]) -> Bool {
      while true {
        if index == 0 {
          if run == 0 { return false }
          run -= 1
          if runs[run].count == 0 {
            index = 0
            continue
          }
          index = runs[run].count - 1
        } else {
          index -= 1
        }
        // Stopping just after a joiner: step back over it (and the joiners before it), then
        // one glyph more.
        let current = runs[run]
        guard current.textIndices[index] > 0,
          var joiner = Self.joiner(current.textIndices[index] - 1, in: current.joiners)
        else { return true }
        while index > 0, current.textIndices[index - 1] == current.joiners[joiner] {
          index -= 1
          if joiner == 0 { break }
          joiner -= 1
        }
      }
    }

    mutating func forward(_ runs: [GlyphRun]) -> Bool {
      while true {
        if index == runs[run].count {
          if run + 1 >= runs.count { return false }
          run += 1
          index = 0
          if runs[run].count == 0 { continue }
        } else {
          index += 1
        }
        // Stopping on a joiner: step forward over it (and the joiners after it), then one
        // glyph more.
        let current = runs[run]
        guard index < current.textIndices.count,
          var joiner = Self.joiner(current.textIndices[index], in: current.joiners)
        else { return true }
        while index < current.count, joiner < current.joiners.count,
          current.textIndices[index] == current.joiners[joiner]
        {
          index += 1
          joiner += 1
        }
      }
    }

    /// The position of text index `textIndex` among a run's joiners, searched as the runtime
    /// searches them: by halves, and only for an index from the first joiner up to (not
    /// including) the last one — so a run's last joiner, and a lone one, never match.
    static func joiner(_ textIndex: UInt32, in joiners: [UInt32]) -> Int? {
      guard let first = joiners.first, let last = joiners.last,
        textIndex >= first, textIndex < last
      else { return nil }
      var start = 0
      var end = joiners.count
      while start < end {
        let middle = (start + end) >> 1
        if joiners[middle] == textIndex { return middle }
        if joiners[middle] < textIndex { start = middle + 1 } else { end = middle }
      }
      return nil
    }

    func x(_ runs: [GlyphRun]) -> Float { runs[run].xpos[index] }

    /// Whether this position comes before `other` in the paragraph's logical order.
    func precedes(_ other: GlyphCursor) -> Bool {
      run < other.run || (run == other.run && index < other.index)
    }
  }

  /// The glyph positions met stepping back from a word's end (made as far as asked), each
  /// with the least x met up to it. The first position that fits a limit is then found by
  /// halves: walking back from the word's end again for every cut made breaking a long word
  /// quadratic in its length. A position whose x is NaN never fits.
  private struct BackSteps {
    private var cursor: GlyphCursor
    private var isExhausted = false
    private var positions: [GlyphCursor] = []
    /// The least x up to each position; NaN until a position with a number is met (NaN is at
    /// most no limit, so the values only ever go from not fitting to fitting).
    private var leastX: [Float] = []

    init(from end: GlyphCursor) { cursor = end }

    /// The first position, stepping back from the end, whose x is at most `limit`; nil when
    /// the steps run out first.
    mutating func firstFitting(_ limit: Float, _ runs: [GlyphRun]) -> GlyphCursor? {
      if let least = leastX.last, least <= limit {
        var low = 0
        var high = leastX.count - 1
        while low < high {
          let middle = (low + high) / 2
          if leastX[middle] <= limit { high = middle } else { low = middle + 1 }
        }
        return positions[low]
      }
      while !isExhausted {
        guard cursor.back(runs) else {
          isExhausted = true
          break
        }
        let x = cursor.x(runs)
        let least = leastX.last ?? .nan
        positions.append(cursor)
        leastX.append(x.isNaN || x >= least ? least : x)
        if x <= limit { return cursor }
      }
      return nil
    }
  }

  /// The lines of one paragraph; a negative `width` never wraps.
  static func breakLines(_ runs: [GlyphRun], width: Float) -> [GlyphLine] {
    let maxLineWidth = width < 0 ? Float.greatestFiniteMagnitude : width
    var lines: [GlyphLine] = []
    guard !runs.isEmpty else { return lines }
    var limit = maxLineWidth
    var start = WordMarker(run: 0, index: -2)
    var end = WordMarker(run: 0, index: -1)
    guard start.next(runs), end.next(runs) else { return lines }
    var line = GlyphLine()
    var breakIndex = runs[end.run].breaks[end.index]
    var breakRun = end.run
    var lastEndGlyphIndex = end.index
    var startBreakIndex = runs[start.run].breaks[start.index]
    var startBreakRun = start.run
    var x = runs[end.run].xpos[Int(breakIndex)]
    var advanceWord = false
    // Every cut, wrap and forced break ends a line at a glyph position or a break, so no
    // paragraph whose glyphs advance left to right has more lines than this. Glyphs whose x
    // goes back and forth can make the cuts of a word go round in a circle, for ever in the
    // runtime's breaker: here breaking stops at this many lines.
    let maximumLines = runs.reduce(1) { $0 + $1.count + 1 + $1.breaks.count }
    while true {
      if advanceWord {
        lastEndGlyphIndex = end.index
        if !start.next(runs) || !end.next(runs) { break }
        advanceWord = false
        breakIndex = runs[end.run].breaks[end.index]
        breakRun = end.run
        startBreakIndex = runs[start.run].breaks[start.index]
        startBreakRun = start.run
        x = runs[end.run].xpos[Int(breakIndex)]
      }
      let isForcedBreak = breakRun == startBreakRun && breakIndex == startBreakIndex
      if !isForcedBreak && x > limit {
        let startRunIndex = start.run
        if line.startRun == startRunIndex && line.startGlyph == Int(startBreakIndex) {
          // The word alone overflows: cut it between glyphs until the rest fits. Each cut
          // ends at the first glyph, stepping back from the word's end, that fits the line.
          var canBreakMore = true
          var steps = BackSteps(
            from: GlyphCursor(run: end.run, index: Int(runs[end.run].breaks[end.index])))
          while canBreakMore && x > limit {
            if lines.count >= maximumLines { return lines }
            let lineStart = GlyphCursor(run: line.startRun, index: line.startGlyph)
            guard var lineEnd = steps.firstFitting(limit, runs) else {
              canBreakMore = false
              break
            }
            // Where glyphs' x goes back and forth (negative letter spacing) the glyph that
            // fits can come before the line's start, and the runtime's breaker then makes a
            // line that runs backwards; here the cut takes one glyph, as at the start.
            if lineEnd.precedes(lineStart) { lineEnd = lineStart }
            if lineStart == lineEnd && !lineEnd.forward(runs) {
              canBreakMore = false
            } else {
              line.endRun = lineEnd.run
              line.endGlyph = lineEnd.index
            }
            if canBreakMore {
              limit = lineEnd.x(runs) + maxLineWidth
              if !line.isEmpty { lines.append(line) }
              line = GlyphLine(run: lineEnd.run, glyph: lineEnd.index)
            }
          }
          if x > limit {
            // The rest cannot be cut (the text's start, word joiners, or glyphs whose x goes
            // back and forth are in the way): it stays on this line, overflowing it. The
            // runtime's breaker tries the same cuts again forever here.
            line.endRun = end.run
            line.endGlyph = Int(runs[end.run].breaks[end.index])
            advanceWord = true
          }
        } else {
          // The word goes to the next line.
          let startX = runs[start.run].xpos[Int(runs[start.run].breaks[start.index])]
          limit = startX + maxLineWidth
          // Compared as the runtime's unsigned indices (a negative gap wraps to a large one).
          let gap = UInt32(truncatingIfNeeded: start.index - lastEndGlyphIndex)
          if !line.isEmpty || gap > 1 { lines.append(line) }
          line = GlyphLine(run: startRunIndex, glyph: Int(startBreakIndex))
        }
      } else {
        line.endRun = end.run
        line.endGlyph = Int(runs[end.run].breaks[end.index])
        advanceWord = true
        if isForcedBreak {
          lines.append(line)
          let startX = runs[start.run].xpos[Int(runs[start.run].breaks[start.index]) + 1]
          limit = startX + maxLineWidth
          line = GlyphLine(run: start.run, glyph: Int(startBreakIndex) + 1)
        }
      }
    }
    if !line.isEmpty { lines.append(line) }
    // Glyphs whose x goes back and forth can also leave a line ending before it starts (a
    // wrapped or forced line after a cut); the runtime's later steps read such a line past
    // its end. Lines run forwards here: such a line is empty.
    for index in lines.indices where lines[index].endsBeforeItStarts {
      lines[index].endRun = lines[index].startRun
      lines[index].endGlyph = lines[index].startGlyph
    }
    return lines
  }

  /// The widest line.
  static func maxWidth(_ lines: [GlyphLine], runs: [GlyphRun]) -> Float {
    var widest: Float = 0
    for line in lines { widest = max(widest, line.width(in: runs)) }
    return widest
  }

  /// Sets each line's top, baseline and bottom (from its runs' font metrics or custom line
  /// heights) and its start x for `align` within `width`.
  static func computeLineSpacing(
    isFirstParagraph: Bool, lines: inout [GlyphLine], runs: [GlyphRun], width: Float,
    align: TextAlignment
  ) {
    var first = isFirstParagraph
    var y: Float = 0
    for i in lines.indices {
      var ascent: Float = 0
      var fontAscent: Float = 0
      var descent: Float = 0
      for r in lines[i].startRun...lines[i].endRun {
        let run = runs[r]
        let metrics = run.font.lineMetrics
        let (lineAscent, lineDescent) = lineMetrics(
          metrics, customLineHeight: run.lineHeight, size: run.size)
        fontAscent = min(fontAscent, metrics.ascent * run.size)
        ascent = min(ascent, lineAscent)
        descent = max(descent, lineDescent)
      }
      lines[i].top = y
      if first {
        y = -fontAscent
        first = false
      } else {
        y -= ascent
      }
      lines[i].baseline = y
      y += descent
      lines[i].bottom = y
      let lineWidth = lines[i].width(in: runs)
      switch align {
      case .right: lines[i].startX = width - lineWidth
      case .left: lines[i].startX = 0
      case .center: lines[i].startX = width / 2 - lineWidth / 2
      }
    }
  }

  /// A run's ascent and descent on a line: the font's (scaled), or a custom line height split
  /// in the font's ascent-to-descent proportion.
  private static func lineMetrics(
    _ metrics: TextFont.LineMetrics, customLineHeight: Float, size: Float
  ) -> (Float, Float) {
    if customLineHeight < 0 { return (metrics.ascent * size, metrics.descent * size) }
    let baseline = -metrics.ascent
    let height = baseline + metrics.descent
    let factor = baseline / height
    let ascent = -factor * customLineHeight
    return (ascent, customLineHeight + ascent)
  }

  /// Lines of every paragraph: `width` -1 is auto width (lines never wrap and align within
  /// the widest line), `wrap` false never wraps.
  static func breakLines(
    _ paragraphs: [ShapedParagraph], width: Float, align: TextAlignment, wraps: Bool
  ) -> [[GlyphLine]] {
    let autoWidth = width == -1
    var paragraphWidth = width
    var lines: [[GlyphLine]] = []
    lines.reserveCapacity(paragraphs.count)
    for paragraph in paragraphs {
      let paragraphLines = breakLines(paragraph.runs, width: autoWidth || !wraps ? -1 : width)
      if autoWidth {
        paragraphWidth = max(paragraphWidth, maxWidth(paragraphLines, runs: paragraph.runs))
      }
      lines.append(paragraphLines)
    }
    for p in paragraphs.indices {
      computeLineSpacing(
        isFirstParagraph: p == 0, lines: &lines[p], runs: paragraphs[p].runs,
        width: paragraphWidth, align: align)
    }
    return lines
  }
}

/// Horizontal alignment of lines (the runtime's values).
enum TextAlignment: UInt32, Sendable {
  case left = 0
  case right = 1
  case center = 2
}
