import Foundation
import RiveFixtures
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Variation modifiers: the text a modifier group covers is shaped again in its style's font
/// at other axis values. Expected advances come from HarfBuzz called directly at those values,
/// read in the face's own units; the runtime reads them at 2048 units to the em, so an advance
/// between design units rounds differently: they agree within one of those units.
@Suite("Text variation modifiers")
struct TextVariationModifierTests {
  static let text = "Heavy words"
  static let size: Float = 40
  static let tolerance = size / 2048

  /// A fixture of `text` in one style of the variable font with `modifiers`.
  static func fixture(
    _ modifiers: [TextFixture.Modifier], styleAxes: [(tag: String, value: Float)] = []
  ) throws -> TextFixture {
    var fixture = TextFixture(
      fonts: [try TextTestFonts.variable()],
      styles: [.init(fontSize: size, axes: styleAxes)], runs: [.init(text)])
    fixture.modifiers = modifiers
    return fixture
  }

  /// A group varying the weight to `weight` over the characters from index `from` (inclusive)
  /// to `to` (exclusive), at `strength`.
  static func weight(
    _ weight: Float, from: Float = 0, to: Float = Float(text.count), strength: Float = 1
  ) -> TextFixture.Modifier {
    var modifier = TextFixture.Modifier(flags: 0)
    modifier.type = 1  // unit indices
    modifier.rangeFrom = from
    modifier.rangeTo = to
    modifier.falloffFrom = from
    modifier.falloffTo = to
    modifier.strength = strength
    modifier.variations = [(tag: "wght", value: weight)]
    return modifier
  }

  /// HarfBuzz's advances for `text` at weight `weight`.
  static func advances(weight: Float) throws -> [Float] {
    TextTestFonts.shape(
      text, bytes: try TextTestFonts.variable(), size: size,
      variations: [(tag: "wght", value: weight)]
    ).map(\.advance)
  }

  static func expectAdvances(
    _ glyphs: [TextGlyphPlacement], _ expected: [Float],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(glyphs.count == expected.count, sourceLocation: sourceLocation)
    for (glyph, advance) in zip(glyphs, expected) {
      #expect(
        abs(glyph.advance - advance) <= Self.tolerance, "\(glyph.advance) against \(advance)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("a group covering the whole text sets it at the modifier's weight")
  func wholeText() throws {
    let regular = try Self.advances(weight: 400)
    let black = try Self.advances(weight: 900)
    #expect(regular != black)
    Self.expectAdvances(try TextDrawTests.glyphs(Self.fixture([])), regular)
    Self.expectAdvances(try TextDrawTests.glyphs(Self.fixture([Self.weight(900)])), black)
  }

  @Test("only the covered characters change; the rest keep the style's font")
  func partOfText() throws {
    let regular = try Self.advances(weight: 400)
    let black = try Self.advances(weight: 900)
    let glyphs = try TextDrawTests.glyphs(Self.fixture([Self.weight(900, from: 0, to: 5)]))
    Self.expectAdvances(glyphs, Array(black.prefix(5)) + Array(regular.dropFirst(5)))
    // Still one run: the stretches are parts of it.
    #expect(glyphs.allSatisfy { $0.run == 0 })
  }

  @Test("partial coverage moves the axis from the style's value towards the modifier's")
  func partialCoverage() throws {
    // The style sets 300; half of the way to 900 is 600 (not 650, from the face's default).
    let glyphs = try TextDrawTests.glyphs(
      Self.fixture([Self.weight(900, strength: 0.5)], styleAxes: [(tag: "wght", value: 300)]))
    Self.expectAdvances(glyphs, try Self.advances(weight: 600))
    try Self.expectDistinct(600, 650)
  }

  /// Checks that the advances at two weights differ beyond the tolerance somewhere (so a test
  /// telling them apart can fail).
  static func expectDistinct(
    _ a: Float, _ b: Float, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try advances(weight: a)
    let second = try advances(weight: b)
    #expect(
      zip(first, second).contains { abs($0 - $1) > 2 * tolerance }, sourceLocation: sourceLocation)
  }

  @Test("a later group starts again from the style's font where it covers the text")
  func laterGroup() throws {
    // The second group covers the last six characters at half strength towards 100: from the
    // style's 400 that is 250, whatever the first group set there.
    let glyphs = try TextDrawTests.glyphs(
      Self.fixture([
        Self.weight(900), Self.weight(100, from: 5, to: Float(Self.text.count), strength: 0.5),
      ]))
    let black = try Self.advances(weight: 900)
    let light = try Self.advances(weight: 250)
    Self.expectAdvances(glyphs, Array(black.prefix(5)) + Array(light.dropFirst(5)))
    try Self.expectDistinct(250, 500)
  }

  @Test("an axis the face lacks leaves the glyphs as they were")
  func missingAxis() throws {
    var modifier = Self.weight(900)
    modifier.variations = [(tag: "zzzz", value: 5)]
    Self.expectAdvances(
      try TextDrawTests.glyphs(Self.fixture([modifier])), try Self.advances(weight: 400))
  }

  @Test("the glyph outlines are the varied font's and a steady frame lays nothing out again")
  func outlinesAndSteadyFrames() throws {
    var (plain, plainFonts) = try TextDrawTests.played(Self.fixture([]))
    let plainPaths = TextDrawTests.drawPaths(plain.draw(text: plainFonts)).map(\.0)
    var (instance, fonts) = try TextDrawTests.played(Self.fixture([Self.weight(900)]))
    let paths = TextDrawTests.drawPaths(instance.draw(text: fonts)).map(\.0)
    #expect(paths.count == 1 && plainPaths.count == 1)
    #expect(paths != plainPaths)
    let work = instance.textWork
    _ = instance.advance(1.0 / 60)
    #expect(TextDrawTests.drawPaths(instance.draw(text: fonts)).map(\.0) == paths)
    #expect(instance.textWork == work)
  }

  @Test("a keyed modifier value lays the text out again")
  func animatedValue() throws {
    var fixture = try Self.fixture([Self.weight(900)])
    // The group's strength (the range's) keyed from 0 to 1 over a second.
    fixture.rangeStrengthKeys = [(frame: 0, value: 0), (frame: 60, value: 1)]
    let file = try fixture.file()
    let artboard = try #require(file.artboards.first)
    let animation = try #require(artboard.animations.first)
    let fonts = TextFonts(document: file.document)
    var instance = artboard.instance()
    var advances: [[Float]] = []
    for time: Float in [0, 0.5, 1] {
      animation.apply(to: &instance, time: time, mix: 1)
      _ = instance.advance(0)
      advances.append(instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts).map(\.advance))
    }
    Self.expectAdvancesEqual(advances[0], try Self.advances(weight: 400))
    Self.expectAdvancesEqual(advances[1], try Self.advances(weight: 650))
    Self.expectAdvancesEqual(advances[2], try Self.advances(weight: 900))
  }

  static func expectAdvancesEqual(
    _ drawn: [Float], _ expected: [Float], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(drawn.count == expected.count, sourceLocation: sourceLocation)
    for (a, b) in zip(drawn, expected) {
      #expect(
        abs(a - b) <= Self.tolerance, "\(drawn) against \(expected)", sourceLocation: sourceLocation
      )
    }
  }
}
