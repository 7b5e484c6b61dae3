import Foundation
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The line breaker against the straightforward form of its algorithm (the runtime's): every
/// cut of a word too long for its line walks back from the word's end. Where that form
/// finishes, both give the same lines; where it goes round forever (a word that cannot be cut
/// further, cuts that come back to where they started) or makes a line that runs backwards,
/// the breaker stops and every line runs forwards.
@Suite("Text: line breaking")
struct LineBreakerTests {
  /// Random runs of glyphs: advances from -4 to 20 (a NaN now and then), words of up to 30
  /// glyphs, forced breaks and word joiners.
  static func syntheticRuns(
    _ generator: inout SeededGenerator, font: TextFont
  ) -> [GlyphRun] {
    var runs: [GlyphRun] = []
    var x: Float = 0
    var textIndex: UInt32 = 0
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      var run = GlyphRun(
        font: font, size: 10, lineHeight: -1, letterSpacing: 0, styleIndex: 0, level: 0)
      let count = Int.random(in: 0..<40, using: &generator)
      for _ in 0..<count {
        run.glyphs.append(1)
        run.textIndices.append(textIndex)
        if Int.random(in: 0..<5, using: &generator) == 0 { run.joiners.append(textIndex) }
        textIndex += UInt32.random(in: 1...2, using: &generator)
        run.xpos.append(x)
        let advance: Float =
          Int.random(in: 0..<97, using: &generator) == 0
          ? .nan : Float(Int.random(in: -4...20, using: &generator))
        run.advances.append(advance)
        if !advance.isNaN { x += advance }
      }
      run.xpos.append(x)
      var glyph = 0
      while glyph < count {
        let wordEnd = min(count, glyph + Int.random(in: 0..<30, using: &generator))
        if Int.random(in: 0..<7, using: &generator) == 0 {
          run.breaks += [UInt32(glyph), UInt32(glyph)]
        }
        run.breaks += [UInt32(glyph), UInt32(wordEnd)]
        glyph = wordEnd + Int.random(in: 0...1, using: &generator)
      }
      runs.append(run)
    }
    return runs
  }

  /// Whether a line ends at or after its start (the layout after breaking reads it forwards).
  static func runsForwards(_ line: GlyphLine) -> Bool { !line.endsBeforeItStarts }

  @Test("random runs break as the walk-back form breaks them, and always finish")
  func syntheticRunsMatch() throws {
    let font = try TextFont(bytes: TextTestFonts.sans())
    var generator = SeededGenerator(seed: 32)
    var compared = 0
    var endless = 0
    for _ in 0..<3_000 {
      let runs = Self.syntheticRuns(&generator, font: font)
      guard runs.contains(where: { !$0.breaks.isEmpty }) else { continue }
      let width: Float =
        Int.random(in: 0..<10, using: &generator) == 0
        ? -1 : Float(Int.random(in: 0..<80, using: &generator))
      let lines = LineBreaker.breakLines(runs, width: width)
      #expect(lines.allSatisfy(Self.runsForwards))
      if let expected = LineBreakerReference.breakLines(runs, width: width) {
        #expect(lines == expected, "width \(width)")
        compared += 1
      } else {
        endless += 1
        // No more lines than glyph positions and breaks.
        #expect(lines.count <= runs.reduce(1) { $0 + $1.count + 1 + $1.breaks.count })
      }
    }
    // Both kinds of input occur (the counts are those of the seed, not requirements).
    #expect(compared > 2_000)
    #expect(endless > 0)
  }

  /// Texts the walk-back form never finishes breaking: word joiners at the text's start with
  /// wide letter spacing leave a word no cut can start (found by the seeded search below).
  static let endlessTexts: [(text: String, letterSpacing: Float, width: Float)] = [
    ("\u{2060}\u{2060}Waa\u{2060}", 25, 23),
    ("\u{2060}\u{2060}Wi1 i", 12, 9),
    ("aW\u{05D0}Wia\u{05D0}ml\u{05D0}\u{2060}\u{2060}", 18, 3),
  ]

  static func shaped(_ text: String, font: TextFont, letterSpacing: Float) -> [ShapedParagraph] {
    let scalars = text.unicodeScalars.map(\.value)
    return TextShaper.shape(
      scalars,
      runs: [
        StyledRun(
          font: font, size: 16, lineHeight: -1, letterSpacing: letterSpacing,
          scalarCount: scalars.count, styleIndex: 0)
      ], fallbacks: [])
  }

  @Test(
    "shaped texts with joiners, right-to-left runs and letter spacing break as the walk-back form")
  func shapedTextsMatch() throws {
    let font = try TextFont(bytes: TextTestFonts.sans())
    var generator = SeededGenerator(seed: 34)
    let pieces = ["i", "W", "l", "m", " ", "\u{2060}", "a", "\u{05D0}", "1"]
    var endless = 0
    for _ in 0..<1_500 {
      let text = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }.joined()
      let spacing = Float(Int.random(in: -30...30, using: &generator))
      let width = Float(Int.random(in: 0..<40, using: &generator))
      for paragraph in Self.shaped(text, font: font, letterSpacing: spacing) {
        let lines = LineBreaker.breakLines(paragraph.runs, width: width)
        #expect(lines.allSatisfy(Self.runsForwards))
        if let expected = LineBreakerReference.breakLines(paragraph.runs, width: width) {
          #expect(lines == expected, "\(text.unicodeScalars.map(\.value)) \(spacing) \(width)")
        } else {
          endless += 1
        }
      }
    }
    #expect(endless > 0)
    for (text, spacing, width) in Self.endlessTexts {
      let paragraphs = Self.shaped(text, font: font, letterSpacing: spacing)
      #expect(
        paragraphs.contains { LineBreakerReference.breakLines($0.runs, width: width) == nil })
      for paragraph in paragraphs {
        #expect(!LineBreaker.breakLines(paragraph.runs, width: width).isEmpty)
      }
    }
  }

  @Test("a word of 50,000 glyphs in a narrow box is cut into lines that each fit")
  func longWord() throws {
    let font = try TextFont(bytes: TextTestFonts.sans())
    let paragraph = try #require(
      Self.shaped(String(repeating: "W", count: 50_000), font: font, letterSpacing: 0).first)
    let lines = LineBreaker.breakLines(paragraph.runs, width: 40)
    // "W" is about 15.8 px at 16 px: two to a line.
    #expect(lines.count == 25_000)
    #expect(lines.allSatisfy { $0.width(in: paragraph.runs) <= 40 })
  }
}

/// The line breaker's algorithm in its straightforward form: each cut of an overflowing word
/// walks back from the word's end to the first glyph that fits. It gives up (nil) after more
/// steps than a finishing run can take (a step per word and per cut, and no word cut more
/// often than there are positions), so that inputs it would break forever are told apart, and
/// when a line runs backwards (its end before its start, which the runtime's later steps read
/// past).
enum LineBreakerReference {
  static func breakLines(_ runs: [GlyphRun], width: Float) -> [GlyphLine]? {
    typealias Cursor = LineBreaker.GlyphCursor
    let maxLineWidth = width < 0 ? Float.greatestFiniteMagnitude : width
    var lines: [GlyphLine] = []
    guard !runs.isEmpty else { return lines }
    var limit = maxLineWidth
    var start = LineBreaker.WordMarker(run: 0, index: -2)
    var end = LineBreaker.WordMarker(run: 0, index: -1)
    guard start.next(runs), end.next(runs) else { return lines }
    var line = GlyphLine()
    var breakIndex = runs[end.run].breaks[end.index]
    var breakRun = end.run
    var lastEndGlyphIndex = end.index
    var startBreakIndex = runs[start.run].breaks[start.index]
    var startBreakRun = start.run
    var x = runs[end.run].xpos[Int(breakIndex)]
    var advanceWord = false
    let positions = runs.reduce(2) { $0 + $1.count + 1 }
    let words = runs.reduce(1) { $0 + $1.breaks.count }
    var stepsLeft = 4 * words * positions
    while true {
      stepsLeft -= 1
      if stepsLeft < 0 { return nil }
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
        if line.startRun == start.run && line.startGlyph == Int(startBreakIndex) {
          var canBreakMore = true
          while canBreakMore && x > limit {
            stepsLeft -= 1
            if stepsLeft < 0 { return nil }
            let lineStart = Cursor(run: line.startRun, index: line.startGlyph)
            var lineEnd = Cursor(run: end.run, index: Int(runs[end.run].breaks[end.index]))
            while true {
              if !lineEnd.back(runs) {
                canBreakMore = false
                break
              }
              if lineEnd.x(runs) <= limit {
                // A line running backwards: what the runtime does next is undefined.
                if lineEnd.precedes(lineStart) { return nil }
                if lineStart == lineEnd && !lineEnd.forward(runs) {
                  canBreakMore = false
                } else {
                  line.endRun = lineEnd.run
                  line.endGlyph = lineEnd.index
                }
                break
              }
            }
            if canBreakMore {
              limit = lineEnd.x(runs) + maxLineWidth
              if !line.isEmpty { lines.append(line) }
              line = GlyphLine(run: lineEnd.run, glyph: lineEnd.index)
            }
          }
        } else {
          limit = runs[start.run].xpos[Int(runs[start.run].breaks[start.index])] + maxLineWidth
          let gap = UInt32(truncatingIfNeeded: start.index - lastEndGlyphIndex)
          if !line.isEmpty || gap > 1 { lines.append(line) }
          line = GlyphLine(run: start.run, glyph: Int(startBreakIndex))
        }
      } else {
        line.endRun = end.run
        line.endGlyph = Int(runs[end.run].breaks[end.index])
        advanceWord = true
        if isForcedBreak {
          lines.append(line)
          limit = runs[start.run].xpos[Int(runs[start.run].breaks[start.index]) + 1] + maxLineWidth
          line = GlyphLine(run: start.run, glyph: Int(startBreakIndex) + 1)
        }
      }
    }
    if !line.isEmpty { lines.append(line) }
    // A line running backwards: what the runtime does next is undefined.
    if lines.contains(where: \.endsBeforeItStarts) { return nil }
    return lines
  }
}
