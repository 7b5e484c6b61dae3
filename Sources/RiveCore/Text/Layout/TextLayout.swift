import RiveFormat

/// A text component shaped and laid out: the glyphs to draw with where each goes, the box
/// (bounds), the transform that places the box (origin, fit, vertical alignment) and the clip
/// rectangle of clipped overflow. Made the way the runtime's `Text::update` and
/// `buildRenderStyles` make theirs.
struct TextLayout: Sendable {
  /// One glyph to draw: its font and id, the value run it comes from, and its position
  /// before modifiers (x of its left edge, baseline y, advance, shaping offset).
  struct Glyph: Sendable {
    var font: TextFont
    var glyph: UInt32
    var run: Int
    var x: Float
    var baseline: Float
    var size: Float
    var advance: Float
    var offset: Vec2
    /// The index of the glyph's first scalar in the text, and the number of scalars it
    /// covers.
    var textIndex: Int
    var scalarCount: Int
    var line: Int
    var lineInParagraph: Int
    /// The top and bottom of its line's box (where a style background's rectangle goes).
    var lineTop: Float
    var lineBottom: Float
    /// The baselines of its line and of the line before it in its paragraph (0 for a
    /// paragraph's first line), from the paragraph's top: text that follows a path sits on
    /// them.
    var lineBaseline: Float
    var previousLineBaseline: Float
  }

  var glyphs: [Glyph] = []
  var bounds = (minX: Float(0), minY: Float(0), maxX: Float(0), maxY: Float(0))
  /// The box's placement inside the text component (m_transform).
  var transform = Transform2D.identity
  /// The clip rectangle (left, top, right, bottom) in the box's space, for clipped overflow.
  var clip: (left: Float, top: Float, right: Float, bottom: Float)?
  /// The scalars of the whole text and the paragraphs' lines (modifier ranges read them).
  var scalars: [UInt32] = []
  var lineCount = 0
  /// For each scalar (and one past the end), the index of the glyph it shaped into (the
  /// runtime's glyph lookup: a ligature's scalars share a glyph).
  var glyphOfScalar: [Int] = []
  /// Each line's scalars (first, end), for modifier ranges in lines.
  var lineRanges: [(from: Int, to: Int)] = []
  /// Each value run's scalars (start, count) by run index (runs left out have none).
  var runRanges: [Int: (start: Int, count: Int)] = [:]

  init() {}

  /// Shapes and lays out `runs` with `properties`.
  init(runs: [TextRunInput], properties: TextLayoutProperties, fallbacks: [TextFont]) {
    let scale =
      properties.overflow == .fitFontSize
      ? TextLayout.fitFontScale(runs: runs, properties: properties, fallbacks: fallbacks) : 1
    let paragraphSpacing =
      properties.overflow == .fitFontSize
      ? properties.paragraphSpacing * scale : properties.paragraphSpacing
    let (scalars, styled) = TextLayout.styled(runs, scale: scale)
    self.scalars = scalars
    guard !styled.isEmpty else { return }
    var offset = 0
    for run in styled {
      // A run split into stretches has one range over all of them (they are adjacent).
      let start = runRanges[run.styleIndex]?.start ?? offset
      runRanges[run.styleIndex] = (start, offset + run.scalarCount - start)
      offset += run.scalarCount
    }
    let shape = TextShaper.shape(scalars, runs: styled, fallbacks: fallbacks)
    let lines = LineBreaker.breakLines(
      shape,
      width: properties.sizing == .autoWidth && !properties.parentIsLayout
        ? -1 : properties.width,
      align: properties.align, wraps: properties.wraps)
    guard !shape.isEmpty else { return }
    lookUpGlyphs(shape: shape, lines: lines)
    build(
      shape: shape, lines: lines, properties: properties, paragraphSpacing: paragraphSpacing,
      fallbacks: fallbacks)
  }

  /// The text as scalars and its styled stretches (runs without a font, style or text are
  /// left out), sizes and spacings scaled by `scale`.
  static func styled(_ runs: [TextRunInput], scale: Float) -> ([UInt32], [StyledRun]) {
    var scalars: [UInt32] = []
    var styled: [StyledRun] = []
    for (index, run) in runs.enumerated() {
      guard run.style >= 0, let font = run.font, !run.text.isEmpty else { continue }
      let before = scalars.count
      for scalar in run.text.unicodeScalars { scalars.append(scalar.value) }
      styled.append(
        StyledRun(
          font: font, size: run.fontSize * scale,
          lineHeight: run.lineHeight >= 0 ? run.lineHeight * scale : run.lineHeight,
          letterSpacing: run.letterSpacing * scale, scalarCount: scalars.count - before,
          styleIndex: run.source >= 0 ? run.source : index))
    }
    return (scalars, styled)
  }

  /// The largest whole top font size (all runs scaled together) at which the text fits its
  /// box, as a scale of the authored sizes (binary search over 1…the largest size).
  static func fitFontScale(
    runs: [TextRunInput], properties: TextLayoutProperties, fallbacks: [TextFont]
  ) -> Float {
    var maxSize: Float = 0
    for run in runs where run.style >= 0 && run.font != nil && !run.text.isEmpty {
      maxSize = max(maxSize, run.fontSize)
    }
    if maxSize <= 1 || (properties.sizing == .autoWidth && !properties.overflowAsFixed) {
      return 1
    }
    func fits(_ topSize: Int) -> Bool {
      let scale = Float(topSize) / maxSize
      let (scalars, styled) = styled(runs, scale: scale)
      guard !styled.isEmpty else { return true }
      let shape = TextShaper.shape(scalars, runs: styled, fallbacks: fallbacks)
      let lines = LineBreaker.breakLines(
        shape, width: properties.width, align: properties.align, wraps: properties.wraps)
      var widest: Float = 0
      var y: Float = 0
      for (p, paragraphLines) in lines.enumerated() {
        widest = max(widest, LineBreaker.maxWidth(paragraphLines, runs: shape[p].runs))
        if let last = paragraphLines.last { y += last.bottom }
        y += properties.paragraphSpacing * scale
      }
      return widest <= properties.width && (!properties.overflowAsFixed || y <= properties.height)
    }
    var low = 1
    var high = max(1, Int(maxSize))
    var best = 1
    while low <= high {
      let middle = low + (high - low) / 2
      if fits(middle) {
        best = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return Float(best) / maxSize
  }

  /// How many scalars the glyph that scalar `index` belongs to covers.
  func scalarCount(at index: Int) -> Int {
    guard index >= 0, index < glyphOfScalar.count else { return 1 }
    let glyph = glyphOfScalar[index]
    var count = 1
    var next = index + 1
    while next < glyphOfScalar.count && glyphOfScalar[next] == glyph {
      count += 1
      next += 1
    }
    return count
  }

  /// Fills ``glyphOfScalar`` and ``lineRanges``.
  private mutating func lookUpGlyphs(shape: [ShapedParagraph], lines: [[GlyphLine]]) {
    let count = scalars.count
    glyphOfScalar = [Int](repeating: 0, count: count + 1)
    var glyphIndex = 0
    var lastTextIndex = 0
    for paragraph in shape {
      for run in paragraph.runs {
        for textIndex in run.textIndices {
          let t = Int(textIndex)
          if lastTextIndex < t {
            for j in lastTextIndex..<t { glyphOfScalar[j] = max(0, glyphIndex - 1) }
          }
          lastTextIndex = t
          glyphIndex += 1
        }
      }
    }
    if lastTextIndex < count {
      for i in lastTextIndex..<count { glyphOfScalar[i] = glyphIndex - 1 }
    }
    glyphOfScalar[count] = count == 0 ? 0 : glyphOfScalar[count - 1] + 1
    for (p, paragraphLines) in lines.enumerated() {
      let runs = shape[p].runs
      // A line can start just past its run's last glyph (after a forced break): that is
      // where the next run (or the text) starts.
      func textIndex(_ run: Int, _ glyph: Int) -> Int {
        if glyph < runs[run].count { return Int(runs[run].textIndices[glyph]) }
        if run + 1 < runs.count, runs[run + 1].count > 0 {
          return Int(runs[run + 1].textIndices[0])
        }
        return count
      }
      for line in paragraphLines {
        let from = textIndex(line.startRun, line.startGlyph)
        var to = textIndex(line.endRun, line.endGlyph == 0 ? 0 : line.endGlyph - 1)
        if to < count { to += scalarCount(at: to) }
        lineRanges.append((from, to))
      }
    }
  }

  /// How much of the first line's ascent and of the last line's descent vertical trim
  /// removes from the box.
  static func verticalTrim(
    shape: [ShapedParagraph], lines: [[GlyphLine]], properties: TextLayoutProperties
  ) -> (Float, Float) {
    guard !lines.isEmpty, properties.trimTop != 0 || properties.trimBottom != 0 else {
      return (0, 0)
    }
    var top: Float = 0
    var bottom: Float = 0
    if properties.trimTop != 0, let first = lines[0].first {
      var edge: Float = 0
      for r in first.startRun...first.endRun {
        let run = shape[0].runs[r]
        let metrics = run.font.lineMetrics
        let value = properties.trimTop == 1 ? metrics.capHeight : metrics.xHeight
        edge = max(edge, -value * run.size)
      }
      top = max(0, (first.baseline - edge) - first.top)
    }
    if properties.trimBottom != 0,
      let p = lines.lastIndex(where: { !$0.isEmpty }), let last = lines[p].last
    {
      let band = last.bottom - last.baseline
      if properties.trimBottom == 1 {
        bottom = max(0, band)
      } else {
        var descent: Float = 0
        for r in last.startRun...last.endRun {
          let run = shape[p].runs[r]
          descent = max(descent, run.font.lineMetrics.descent * run.size)
        }
        bottom = max(0, band - descent)
      }
    }
    return (top, bottom)
  }

  private enum LineDecision {
    case draw
    case skip
    case stop
  }

  // swiftlint:disable:next function_body_length
  private mutating func build(
    shape: [ShapedParagraph], lines: [[GlyphLine]], properties: TextLayoutProperties,
    paragraphSpacing: Float, fallbacks: [TextFont]
  ) {
    // Bounds information: the widest line, the total height and the line the ellipsis goes
    // on (the last whole line that fits).
    var y: Float = 0
    var minY: Float = 0
    var maxWidth: Float = 0
    var ellipsedHeight: Float = 0
    if properties.originIsBaseline, let first = lines.first?.first {
      y -= first.baseline
      minY = y
    }
    var ellipsisLine = -1
    let wantEllipsis = properties.overflow == .ellipsis && properties.overflowAsFixed
    var lastLineIndex = -1
    for (p, paragraphLines) in lines.enumerated() {
      for line in paragraphLines {
        maxWidth = max(maxWidth, line.width(in: shape[p].runs))
        lastLineIndex += 1
        if wantEllipsis && y + line.bottom <= properties.height {
          ellipsedHeight = y + line.bottom
          ellipsisLine += 1
        }
      }
      if let last = paragraphLines.last { y += last.bottom }
      y += paragraphSpacing
    }
    if wantEllipsis && ellipsisLine == -1 { ellipsisLine = 0 }
    let totalHeight = ellipsisLine > 0 ? ellipsedHeight : y
    let isEllipsisLineLast = lastLineIndex == ellipsisLine
    lineCount = lastLineIndex + 1

    // The box (auto sizes trimmed to the chosen edges).
    let (topTrim, bottomTrim) =
      properties.sizing == .fixed
      ? (0, 0) : TextLayout.verticalTrim(shape: shape, lines: lines, properties: properties)
    // An axis a layout controls takes the layout's size, so the box matches the layout.
    let autoMaxY =
      properties.layoutHeight.map { minY + $0 }
      ?? max(minY, totalHeight - paragraphSpacing - topTrim - bottomTrim)
    switch properties.sizing {
    case .autoWidth: bounds = (0, minY, properties.layoutWidth ?? maxWidth, autoMaxY)
    case .autoHeight: bounds = (0, minY, properties.width, autoMaxY)
    case .fixed: bounds = (0, minY, properties.width, minY + properties.height)
    }
    let boxWidth = bounds.maxX - bounds.minX
    let boxHeight = bounds.maxY - bounds.minY
    var verticalAlignOffset: Float = 0
    switch properties.verticalAlign {
    case .middle: verticalAlignOffset = (totalHeight - boxHeight) / 2
    case .bottom: verticalAlignOffset = totalHeight - boxHeight
    case .top: break
    }
    if properties.overflow == .clipped {
      let left = bounds.minX
      let top = bounds.minY + verticalAlignOffset
      clip = (left, top, left + boxWidth, top + boxHeight)
    }

    // The glyphs, line by line in visual order (moved up by the top trim).
    var curY = minY - topTrim
    var lineIndex = 0
    var minX = Float.greatestFiniteMagnitude
    let height = properties.height
    func decide(_ y: Float, _ line: GlyphLine) -> LineDecision {
      guard properties.overflowAsFixed else { return .draw }
      switch (properties.overflow, properties.verticalAlign) {
      case (.hidden, .top):
        return y + line.bottom > height ? .stop : .draw
      case (.hidden, .middle):
        if y + line.top < totalHeight / 2 - height / 2 { return .skip }
        return y + line.bottom > totalHeight / 2 + height / 2 ? .stop : .draw
      case (.hidden, .bottom):
        return y + line.top < totalHeight - height ? .skip : .draw
      case (.clipped, .top):
        return y + line.top > height ? .stop : .draw
      case (.clipped, .middle):
        if y + line.bottom < totalHeight / 2 - height / 2 { return .skip }
        return y + line.top > totalHeight / 2 + height / 2 ? .stop : .draw
      case (.clipped, .bottom):
        return y + line.bottom < totalHeight - height ? .skip : .draw
      default:
        return .draw
      }
    }
    paragraphs: for (p, paragraphLines) in lines.enumerated() {
      let paragraph = shape[p]
      var lineInParagraph = 0
      for line in paragraphLines {
        switch decide(curY, line) {
        case .stop: break paragraphs
        case .skip:
          lineInParagraph += 1
          lineIndex += 1
          continue
        case .draw: break
        }
        let renderY = curY + line.baseline
        let ordered = OrderedLine(
          paragraph: paragraph, line: line, width: properties.width,
          wantsEllipsis: ellipsisLine == lineIndex, isEllipsisLineLast: isEllipsisLineLast)
        var curX = line.startX
        minX = min(minX, curX)
        let previousBaseline =
          lineInParagraph > 0 && lineInParagraph <= paragraphLines.count
          ? paragraphLines[lineInParagraph - 1].baseline : 0
        ordered.forEachGlyph(paragraph: paragraph) { run, g in
          let advance = run.advances[g]
          let textIndex = Int(run.textIndices[g])
          glyphs.append(
            Glyph(
              font: run.font, glyph: run.glyphs[g], run: run.styleIndex, x: curX,
              baseline: renderY, size: run.size, advance: advance, offset: run.offsets[g],
              textIndex: textIndex, scalarCount: scalarCount(at: textIndex), line: lineIndex,
              lineInParagraph: lineInParagraph, lineTop: curY + line.top,
              lineBottom: curY + line.bottom, lineBaseline: line.baseline,
              previousLineBaseline: previousBaseline))
          curX += advance
        }
        if lineIndex == ellipsisLine { break paragraphs }
        lineInParagraph += 1
        lineIndex += 1
      }
      if let last = paragraphLines.last { curY += last.bottom }
      curY += paragraphSpacing
    }

    // Fit, vertical alignment and origin place the box.
    var scale: Float = 1
    var xOffset = -boxWidth * properties.originX
    var yOffset = -boxHeight * properties.originY
    if properties.overflow == .fit {
      let xScale: Float =
        (properties.sizing != .autoWidth || properties.overflowAsFixed) && maxWidth > boxWidth
        ? boxWidth / maxWidth : 1
      let baseline = properties.fitFromBaseline ? (lines.first?.first?.baseline ?? 0) : 0
      let yScale: Float =
        properties.overflowAsFixed && totalHeight > boxHeight
        ? (boxHeight - baseline) / (totalHeight - baseline) : 1
      if xScale != 1 || yScale != 1 {
        scale = max(0, xScale > yScale ? yScale : xScale)
        yOffset += baseline * (1 - scale)
        switch properties.align {
        case .center: xOffset += (boxWidth - maxWidth * scale) / 2 - minX * scale
        case .right: xOffset += boxWidth - maxWidth * scale - minX * scale
        case .left: break
        }
      }
    }
    if properties.verticalAlign != .top && properties.overflowAsFixed {
      yOffset = -boxHeight * properties.originY
      if properties.verticalAlign == .middle {
        yOffset += (boxHeight - totalHeight * scale) / 2
      } else {
        yOffset += boxHeight - totalHeight * scale
      }
    }
    transform = Transform2D(xx: scale, xy: 0, yx: 0, yy: scale, tx: xOffset, ty: yOffset)
    _ = fallbacks
  }
}
