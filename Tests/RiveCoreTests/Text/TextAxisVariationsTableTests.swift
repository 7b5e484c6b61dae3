import CHarfBuzz
import Foundation
import RiveFixtures
import RiveTestSupport
import Testing

@testable import RiveCore

/// The runtime's HarfBuzz is built without version 2 of the `avar` table (`HB_NO_AVAR2` in its
/// build): such a table fails its check and is ignored whole, so a style's axis values reach
/// the glyph variations unmapped. The system HarfBuzz the tests call directly applies the
/// table, which shows the fixture's table works. Fixture: Debian's Inter variable font with a
/// version-2 `avar` table added (`FontFixtures.addingAxisVariations`) that pulls the weight
/// axis halfway back to its default when it is at its maximum. Checked once against the
/// official runtime built with text on: its draw streams of this text in the face with and
/// without the table are identical, and equal the package's glyph paths exactly.
@Suite("Axis variations (avar 2)")
struct TextAxisVariationsTableTests {
  static let size: Float = 40
  static let text = "Hamburg"

  /// The plain font, the same font with the avar 2 table, and the weight axis's index.
  static func fonts() throws -> (plain: [UInt8], mapped: [UInt8], weight: Int) {
    let plain = try TextTestFonts.variable()
    let axes = try TextFont(bytes: plain).axes
    let weight = try #require(axes.firstIndex { $0.tag == TextFixture.tag("wght") })
    let mapped = try #require(
      FontFixtures.addingAxisVariations(to: plain, driver: weight, driven: weight, delta: -8192))
    return (plain, mapped, weight)
  }

  /// HarfBuzz's own outline of the first glyph of `text` at `weight`, in design units.
  static func directOutline(_ bytes: [UInt8], weight: Float) -> [Float] {
    TextTestFonts.withHarfBuzzFont(bytes) { font, _ in
      hb_ot_font_set_funcs(font)
      var variation = hb_variation_t(tag: TextFixture.tag("wght"), value: weight)
      hb_font_set_variations(font, &variation, 1)
      var glyph: hb_codepoint_t = 0
      _ = hb_font_get_nominal_glyph(font, text.unicodeScalars.first?.value ?? 0, &glyph)
      var extents = hb_glyph_extents_t()
      _ = hb_font_get_glyph_extents(font, glyph, &extents)
      let advance = hb_font_get_glyph_h_advance(font, glyph)
      return [
        Float(extents.x_bearing), Float(extents.width), Float(extents.height), Float(advance),
      ]
    }
  }

  @Test("the system HarfBuzz applies the fixture's table (the fixture works)")
  func fixtureWorks() throws {
    let (plain, mapped, _) = try Self.fonts()
    // At the maximum weight the table moves the weight halfway back: 900 reads as 650.
    #expect(Self.directOutline(mapped, weight: 900) == Self.directOutline(plain, weight: 650))
    #expect(Self.directOutline(mapped, weight: 900) != Self.directOutline(plain, weight: 900))
    // At the default the table changes nothing.
    #expect(Self.directOutline(mapped, weight: 400) == Self.directOutline(plain, weight: 400))
  }

  @Test("a face with an avar 2 table is read as the runtime reads it: the table is ignored")
  func tableIgnored() throws {
    let (plain, mapped, _) = try Self.fonts()
    let axes = [(tag: TextFixture.tag("wght"), value: Float(900))]
    let expected = try TextFont(bytes: plain).withOptions(axes: axes, features: [])
    let read = try TextFont(bytes: mapped).withOptions(axes: axes, features: [])
    let glyph = try #require(TextTestFonts.shape("H", bytes: plain, size: 1).first?.glyph)
    let same = read.pathCommands(forGlyph: glyph) == expected.pathCommands(forGlyph: glyph)
    #expect(same, "the outline differs from the face's without the table")
    #expect(read.lineMetrics == expected.lineMetrics)
  }

  @Test("text in the face draws as in the face without the table")
  func drawsAsWithoutTable() throws {
    let (plain, mapped, _) = try Self.fonts()
    func draw(_ font: [UInt8]) throws -> (DisplayList, [TextGlyphPlacement]) {
      let fixture = TextFixture(
        fonts: [font], styles: [.init(fontSize: Self.size, axes: [(tag: "wght", value: 900)])],
        runs: [.init(Self.text)])
      var (instance, fonts) = try TextDrawTests.played(fixture)
      return (
        instance.draw(text: fonts), instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
      )
    }
    let (expectedList, expectedGlyphs) = try draw(plain)
    let (list, glyphs) = try draw(mapped)
    #expect(glyphs.map(\.advance) == expectedGlyphs.map(\.advance))
    let paths = TextDrawTests.drawPaths(list).map { $0.0.commands }
    #expect(!paths.isEmpty)
    let expectedPaths = TextDrawTests.drawPaths(expectedList).map { $0.0.commands }
    #expect(paths.count == expectedPaths.count)
    let same = paths == expectedPaths
    #expect(same, "the glyph paths differ from those of the face without the table")
  }

  @Test("bytes that are not a font, or too short for their directory, are left alone")
  func hostileBytes() {
    let cases: [[UInt8]] = [
      [], [0x74, 0x74, 0x63, 0x66],
      Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xF0],
      [0, 1, 0, 0, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 6),
      [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0] + Array("avar".utf8) + [
        0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 8,
      ],
    ]
    for bytes in cases {
      var data = Data(bytes)
      TextFont.hideAxisVariationsVersion2(in: &data)
      #expect(data == Data(bytes))
    }
  }
}
