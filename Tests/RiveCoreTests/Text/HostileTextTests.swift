import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Text on hostile input: font bytes cut short or corrupted, and run texts that stress
/// shaping and line breaking. A font either loads or gives a typed error; a file whose font
/// did not load draws its text as nothing; no input traps, and drawing stays bounded.
@Suite("Text on hostile input")
struct HostileTextTests {
  /// Plays `fixture` one frame and draws it with its embedded fonts.
  static func drawn(_ fixture: TextFixture) throws -> DisplayList {
    let file = try fixture.file()
    let artboard = try #require(file.artboards.first)
    var instance = artboard.instance()
    _ = instance.advance(0)
    return instance.draw(text: TextFonts(document: file.document))
  }

  static func glyphPaths(_ list: DisplayList) -> Int {
    list.operations.filter { if case .drawPath = $0 { true } else { false } }.count
  }

  @Test("prefixes of a font load or give a typed error, and draw or draw nothing")
  func truncatedFonts() throws {
    let font = try TextTestFonts.sans()
    let whole = try Self.drawn(TextFixture(fonts: [font], runs: [.init("Hello")]))
    let withText = Self.glyphPaths(whole)
    #expect(withText > 0)
    for length in [0, 1, 4, 12, 100, 1000, font.count / 2, font.count - 1] {
      let prefix = Array(font.prefix(length))
      do throws(TextFontError) {
        _ = try TextFont(bytes: prefix)
      } catch {
        #expect(error.byteCount == length)
      }
      // Drawn as a file's embedded font: whatever HarfBuzz makes of it, drawing is bounded.
      let list = try Self.drawn(TextFixture(fonts: [prefix], runs: [.init("Hello")]))
      #expect(Self.glyphPaths(list) <= withText)
    }
  }

  @Test("seeded corruptions of a font never trap when shaped and drawn")
  func corruptedFonts() throws {
    let font = try TextTestFonts.sans()
    var generator = SeededGenerator(seed: 34)
    var loaded = 0
    for _ in 0..<40 {
      var bytes = font
      for _ in 0..<16 {
        let at = Int.random(in: 0..<min(bytes.count, 4096), using: &generator)
        bytes[at] = UInt8.random(in: 0...255, using: &generator)
      }
      if (try? TextFont(bytes: bytes)) != nil { loaded += 1 }
      _ = try Self.drawn(TextFixture(fonts: [bytes], runs: [.init("Corrupt fonts: fine")]))
    }
    // Most corruptions of the tables' first 4 KB leave a loadable face: both paths are taken.
    #expect(loaded > 0)
  }

  @Test("run texts that stress shaping and breaking draw without trapping")
  func hostileStrings() throws {
    let font = try TextTestFonts.sans()
    let texts = [
      "", " ", "\n\n\n", "\u{0}", "\u{200B}\u{200B}\u{200B}", "\u{FEFF}",
      String(repeating: "W", count: 10_000),
      String(repeating: "word ", count: 2_000),
      "abc \u{05D0}\u{05D1}\u{05D2} def \u{0627}\u{0644} 123",
      "e\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}",
      "\u{1F600}\u{1F469}\u{200D}\u{1F4BB}",
      String(repeating: "\u{202E}\u{202D}", count: 100),
      // Word joiners between every letter of a word far too long for its line, and alone.
      String(repeating: "x\u{2060}", count: 20_000), String(repeating: "\u{2060}", count: 5_000),
    ]
    for text in texts {
      for sizing in [UInt64(0), 1, 2] {
        var fixture = TextFixture(
          fonts: [font], runs: [.init(text)],
          properties: [
            (PropertyKey.textSizingValue, .uint(sizing)), (PropertyKey.textWidth, .float(50)),
            (PropertyKey.textHeight, .float(20)), (PropertyKey.textOverflowValue, .uint(3)),
          ])
        fixture.artboardWidth = 100
        let list = try Self.drawn(fixture)
        // Glyphs are drawn per style, one path each: a run of any length stays a few ops.
        #expect(list.operations.count < 50, "\(text.prefix(10)): \(list.operations.count) ops")
      }
    }
  }

  @Test("seeded random texts, styles and boxes are laid out and drawn")
  func randomTexts() throws {
    let font = try TextTestFonts.sans()
    var generator = SeededGenerator(seed: 3_434)
    let pieces = [
      "a", "W", "i", " ", "  ", "\n", "\u{2060}", "\u{05D0}\u{05D1}", "\u{0627}\u{0644}",
      "e\u{0301}",
      "\u{1F600}", "\u{200B}", "\u{202E}", "1.5", String(repeating: "m", count: 40),
    ]
    let numbers: [Float] = [.nan, .infinity, -.infinity, -40, -5, 0, 0.5, 3, 17, 60, 400, 1e30]
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
    // (Case 20 of this seed made the breaker cut a word round in a circle until memory ran
    // out.)
    for _ in 0..<150 {
      let runs = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        TextFixture.Run(
          (0..<Int.random(in: 0...12, using: &generator)).map { _ in pick(pieces) }.joined(),
          style: Int.random(in: 0...1, using: &generator))
      }
      let styles = (0..<2).map { _ in
        TextFixture.Style(
          fontSize: pick([0, 1, 16, 64, -5, .nan]), lineHeight: pick([-1, 0, 20, .nan]),
          letterSpacing: pick(numbers))
      }
      var fixture = TextFixture(
        fonts: [font], styles: styles, runs: runs,
        properties: [
          (PropertyKey.textSizingValue, .uint(UInt64.random(in: 0...3, using: &generator))),
          (PropertyKey.textWidth, .float(pick(numbers))),
          (PropertyKey.textHeight, .float(pick(numbers))),
          (PropertyKey.textOverflowValue, .uint(UInt64.random(in: 0...6, using: &generator))),
          (PropertyKey.textWrapValue, .uint(UInt64.random(in: 0...2, using: &generator))),
          (PropertyKey.textAlignValue, .uint(UInt64.random(in: 0...3, using: &generator))),
          (PropertyKey.textVerticalAlignValue, .uint(UInt64.random(in: 0...3, using: &generator))),
          (PropertyKey.textParagraphSpacing, .float(pick(numbers))),
          (PropertyKey.textOriginValue, .uint(UInt64.random(in: 0...2, using: &generator))),
        ])
      fixture.artboardWidth = 100
      // Bounded: a text of any of these draws a few operations per style.
      #expect(try Self.drawn(fixture).operations.count < 200)
    }
  }

  @Test("texts whose words the runtime's line breaker cuts for ever are drawn")
  func endlessBreaks() throws {
    let font = try TextTestFonts.sans()
    for (text, spacing, width) in LineBreakerTests.endlessTexts {
      var fixture = TextFixture(
        fonts: [font], styles: [.init(fontSize: 16, letterSpacing: spacing)], runs: [.init(text)],
        properties: [
          (PropertyKey.textSizingValue, .uint(1)), (PropertyKey.textWidth, .float(width)),
        ])
      fixture.artboardWidth = 100
      #expect(Self.glyphPaths(try Self.drawn(fixture)) > 0, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test(
    "backgrounds, follow paths and eased ranges with values that are not finite never trap",
    arguments: [Float.nan, .infinity, -.infinity, -5, 0, 1e30])
  func hostileDecorations(value: Float) throws {
    let font = try TextTestFonts.sans()
    var fixture = TextFixture(
      fonts: [font],
      styles: [
        .init(
          fillFeather: (strength: value, inner: true),
          background: .init(cornerRadius: value, feather: (strength: value, inner: true)))
      ],
      runs: [.init("wobbly\nlines of text")])
    // A closed path with corners at the value (degenerate when it is 0, not finite or huge).
    fixture.pathTarget = ([(0, 0), (value, value), (value, 0)], true)
    var modifier = TextFixture.Modifier(flags: 1 << 2 | 1 << 5)
    modifier.x = value
    modifier.opacity = 0.5
    modifier.falloffFrom = 0.5
    modifier.ease = (value, value, value, value)
    var follow = TextFixture.FollowPath()
    follow.start = value
    follow.end = -value
    follow.offset = value
    follow.strength = value
    modifier.followPath = follow
    fixture.modifiers = [modifier]
    fixture.nodeOnTextBox = (value, value)
    try Self.playHostile(fixture)
  }

  @Test(
    "variation modifiers, trims and dashes with values that are not finite never trap",
    arguments: [Float.nan, .infinity, -.infinity, -5, 0, 1e30])
  func hostileVariationsAndEffects(value: Float) throws {
    var style = TextFixture.Style(
      fontSize: 30, stroke: (thickness: 2, color: 0xFF00_00FF), axes: [(tag: "wght", value: value)])
    style.fillTrim = (start: value, end: -value, offset: value, mode: 1)
    style.strokeDashes = [value, 3, -value]
    var fixture = TextFixture(
      fonts: [try TextTestFonts.variable()], styles: [style, .init(fontSize: value)],
      runs: [.init("heavy and "), .init("light", style: 1)])
    var modifier = TextFixture.Modifier(flags: 1 << 5)
    modifier.strength = value
    modifier.falloffFrom = value
    modifier.variations = [(tag: "wght", value: value), (tag: "wght", value: -value)]
    var second = TextFixture.Modifier(flags: 0)
    second.rangeFrom = value
    second.variations = [(tag: "slnt", value: value)]
    fixture.modifiers = [modifier, second]
    fixture.rangeStrengthKeys = [(frame: 0, value: value), (frame: 2, value: -value)]
    try Self.playHostile(fixture)
  }

  /// Plays `fixture` (its first animation applied, text laid out in the update pass) for a few
  /// frames and draws each: nothing may trap, and something is drawn.
  static func playHostile(_ fixture: TextFixture) throws {
    let file = try fixture.file()
    var instance = try #require(file.artboards.first).instance()
    let fonts = TextFonts(document: file.document)
    instance.measureText(with: fonts)
    let animation = file.artboards.first?.animations.first
    for frame in 0..<3 {
      animation?.apply(to: &instance, time: Float(frame) / 60, mix: 1)
      _ = instance.advance(1 / 60)
      let list = instance.draw(text: fonts)
      #expect(!list.operations.isEmpty)
    }
  }
}
