import CFriBidi
import CHarfBuzz
import RiveFormat

/// Shapes styled text into paragraphs of glyph runs, as the runtime's HarfBuzz text engine
/// does: paragraphs split at paragraph separators, each run split again where the bidi level
/// or the script changes, each piece shaped with HarfBuzz (direction, script, the default
/// language, the font's features), missing glyphs shaped again with the fallback fonts, then
/// x positions laid out and word breaks found.
enum TextShaper {
  static func shape(
    _ text: [UInt32], runs: [StyledRun], fallbacks: [TextFont]
  ) -> [ShapedParagraph] {
    guard !text.isEmpty, !runs.isEmpty else { return [] }
    let unicode = hb_unicode_funcs_get_default()
    var paragraphs: [ShapedParagraph] = []
    var runIndex = 0
    var consumedInRun = 0
    var paragraphStart = 0
    while paragraphStart < text.count, runIndex < runs.count {
      let paragraphEnd = endOfParagraph(text, from: paragraphStart)
      let (levels, baseLevel) = bidiLevels(text, paragraphStart..<paragraphEnd)
      // Pieces of runs with one level and one script.
      var pieces: [(run: StyledRun, start: Int, count: Int, script: hb_script_t, level: UInt8)] =
        []
      var index = paragraphStart
      while index < paragraphEnd, runIndex < runs.count {
        let run = runs[runIndex]
        // The first scalar of a run piece takes its own script, even a common one.
        var script = hb_unicode_script(unicode, text[index])
        var level = levels[index - paragraphStart]
        var pieceStart = index
        index += 1
        consumedInRun += 1
        while consumedInRun < run.scalarCount, index < paragraphEnd {
          let scalar = text[index]
          var next =
            hb_unicode_general_category(unicode, scalar)
              == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            ? HB_SCRIPT_INHERITED : hb_unicode_script(unicode, scalar)
          if next == HB_SCRIPT_COMMON || next == HB_SCRIPT_INHERITED { next = script }
          let nextLevel = levels[index - paragraphStart]
          if nextLevel != level || next != script {
            pieces.append((run, pieceStart, index - pieceStart, script, level))
            pieceStart = index
            script = next
            level = nextLevel
          }
          index += 1
          consumedInRun += 1
        }
        pieces.append((run, pieceStart, index - pieceStart, script, level))
        if consumedInRun >= run.scalarCount {
          runIndex += 1
          consumedInRun = 0
        }
      }
      var glyphRuns: [GlyphRun] = []
      for piece in pieces where piece.count > 0 {
        var run = piece.run
        run.scalarCount = piece.count
        let shaped = shapeRun(
          text, start: piece.start, run: run, script: piece.script, level: piece.level)
        if fallbacks.isEmpty || !shaped.glyphs.contains(0) {
          if shaped.count > 0 { glyphRuns.append(shaped) }
        } else {
          applyFallback(
            shaped, text: text, run: run, script: piece.script, fallbacks: fallbacks,
            fallbackIndex: 0, into: &glyphRuns)
        }
      }
      // Advances (stored in xpos) become x positions across the paragraph.
      var x: Float = 0
      for r in glyphRuns.indices {
        for i in glyphRuns[r].xpos.indices {
          let advance = glyphRuns[r].xpos[i]
          glyphRuns[r].xpos[i] = x
          x += advance
        }
      }
      paragraphs.append(ShapedParagraph(runs: glyphRuns, level: baseLevel))
      paragraphStart = paragraphEnd
    }
    findBreaks(text, in: &paragraphs)
    return paragraphs
  }

  /// Where the paragraph starting at `start` ends: after its paragraph separator (a CR LF pair
  /// counts as one), or at the end of the text.
  private static func endOfParagraph(_ text: [UInt32], from start: Int) -> Int {
    var i = start
    while i < text.count {
      switch text[i] {
      case 0x0D:
        return i + 1 < text.count && text[i + 1] == 0x0A ? i + 2 : i + 1
      case 0x0A, 0x1C, 0x1D, 0x1E, 0x85, 0x2029:
        return i + 1
      default:
        i += 1
      }
    }
    return text.count
  }

  /// The bidi embedding levels of a paragraph (direction from its first strong character,
  /// left to right without one) and its base level.
  private static func bidiLevels(_ text: [UInt32], _ range: Range<Int>) -> ([UInt8], UInt8) {
    let count = range.count
    // Left-to-right-only text needs no bidi pass (everything is level 0).
    var needsBidi = false
    for i in range where text[i] >= 0x0590 {
      needsBidi = true
      break
    }
    guard needsBidi else { return ([UInt8](repeating: 0, count: count), 0) }
    var scalars = Array(text[range])
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var base = CFriBidi_paragraphAuto()
    scalars.withUnsafeMutableBufferPointer { s in
      fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(count), &types)
      fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(count), types, &brackets)
    }
    let result = fribidi_get_par_embedding_levels_ex(
      types, brackets, FriBidiStrIndex(count), &base, &levels)
    guard result != 0 else { return ([UInt8](repeating: 0, count: count), 0) }
    return (levels.map { UInt8(bitPattern: $0) }, CFriBidi_paragraphIsRTL(base) != 0 ? 1 : 0)
  }

  /// Shapes `run.scalarCount` scalars from `start` with the run's font.
  private static func shapeRun(
    _ text: [UInt32], start: Int, run: StyledRun, script: hb_script_t, level: UInt8
  ) -> GlyphRun {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    text.withUnsafeBufferPointer { all in
      hb_buffer_add_utf32(
        buffer, all.baseAddress.map { $0 + start }, Int32(run.scalarCount), 0,
        Int32(run.scalarCount))
    }
    hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_language(buffer, hb_language_get_default())
    run.font.features.withUnsafeBufferPointer { features in
      hb_shape(run.font.font, buffer, features.baseAddress, UInt32(features.count))
    }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    var result = GlyphRun(
      font: run.font, size: run.size, lineHeight: run.lineHeight,
      letterSpacing: run.letterSpacing, styleIndex: run.styleIndex, level: level)
    let n = Int(count)
    result.glyphs.reserveCapacity(n)
    result.textIndices.reserveCapacity(n)
    result.advances.reserveCapacity(n)
    result.xpos.reserveCapacity(n + 1)
    result.offsets.reserveCapacity(n)
    let scale = run.size / Float(TextFont.unitsPerEmScale)
    guard let infos, let positions else {
      result.xpos.append(0)
      return result
    }
    for i in 0..<n {
      // HarfBuzz gives right-to-left glyphs in visual order; runs keep logical order.
      let k = level & 1 == 1 ? n - 1 - i : i
      result.glyphs.append(infos[k].codepoint)
      result.textIndices.append(UInt32(start) + infos[k].cluster)
      let advance = Float(positions[k].x_advance) * scale + run.letterSpacing
      result.advances.append(advance)
      result.xpos.append(advance)
      result.offsets.append(
        Vec2(Float(positions[k].x_offset) * scale, -Float(positions[k].y_offset) * scale))
    }
    result.xpos.append(0)
    return result
  }

  /// Splits `shaped` into the stretches it has glyphs for (kept) and the stretches of missing
  /// glyphs (shaped again with fallback font `fallbackIndex`, recursively).
  private static func applyFallback(
    _ shaped: GlyphRun, text: [UInt32], run: StyledRun, script: hb_script_t,
    fallbacks: [TextFont], fallbackIndex: Int, into result: inout [GlyphRun]
  ) {
    guard fallbackIndex < fallbacks.count, shaped.font !== fallbacks[fallbackIndex] else {
      if shaped.count > 0 { result.append(shaped) }
      return
    }
    let fallback = fallbacks[fallbackIndex]
    let count = shaped.count
    var start = 0
    while start < count {
      let missing = shaped.glyphs[start] == 0
      var end = start + 1
      while end < count, (shaped.glyphs[end] == 0) == missing { end += 1 }
      if missing {
        let textStart = Int(shaped.textIndices[start])
        let textCount =
          end == count
          ? run.scalarCount - (textStart - Int(shaped.textIndices[0]))
          : Int(shaped.textIndices[end]) - textStart
        if textCount > 0 {
          var fallbackRun = run
          fallbackRun.font = fallback
          fallbackRun.scalarCount = textCount
          let reshaped = shapeRun(
            text, start: textStart, run: fallbackRun, script: script, level: shaped.level)
          if reshaped.glyphs.contains(0) {
            applyFallback(
              reshaped, text: text, run: fallbackRun, script: script, fallbacks: fallbacks,
              fallbackIndex: fallbackIndex + 1, into: &result)
          } else if reshaped.count > 0 {
            result.append(reshaped)
          }
        }
      } else {
        result.append(subset(shaped, start..<end))
      }
      start = end
    }
  }

  private static func subset(_ run: GlyphRun, _ range: Range<Int>) -> GlyphRun {
    var part = run
    part.glyphs = Array(run.glyphs[range])
    part.textIndices = Array(run.textIndices[range])
    part.advances = Array(run.advances[range])
    part.xpos = Array(run.xpos[range]) + [0]
    part.offsets = Array(run.offsets[range])
    return part
  }

  /// Word breaks for every run: alternating word starts and ends across the whole text (a
  /// line feed or line separator also adds an empty word, a forced break); and each run's
  /// word joiners.
  private static func findBreaks(_ text: [UInt32], in paragraphs: inout [ShapedParagraph]) {
    var wantWhiteSpace = false
    var last: (paragraph: Int, run: Int)?
    var breaks: [UInt32] = []
    for p in paragraphs.indices {
      for r in paragraphs[p].runs.indices {
        if let last {
          paragraphs[last.paragraph].runs[last.run].breaks = breaks
          breaks = []
        }
        var glyphIndex: UInt32 = 0
        var joiners: [UInt32] = []
        for offset in paragraphs[p].runs[r].textIndices {
          let scalar = text[Int(offset)]
          if scalar == 0x0A || scalar == 0x2028 {
            breaks.append(glyphIndex)
            breaks.append(glyphIndex)
          }
          if scalar == 0x2060 { joiners.append(offset) }
          if wantWhiteSpace == isWhiteSpace(scalar) {
            breaks.append(glyphIndex)
            wantWhiteSpace.toggle()
          }
          glyphIndex += 1
        }
        paragraphs[p].runs[r].joiners = joiners
        last = (p, r)
      }
    }
    guard let last else { return }
    let lastCount = UInt32(paragraphs[last.paragraph].runs[last.run].count)
    if wantWhiteSpace {
      breaks.append(lastCount)
    } else {
      breaks.append(breaks.last ?? 0)
      breaks.append(lastCount)
    }
    paragraphs[last.paragraph].runs[last.run].breaks = breaks
  }

  /// The runtime's white space: controls and space, the line separator, zero-width space.
  static func isWhiteSpace(_ scalar: UInt32) -> Bool {
    scalar <= 0x20 || scalar == 0x2028 || scalar == 0x200B
  }
}
