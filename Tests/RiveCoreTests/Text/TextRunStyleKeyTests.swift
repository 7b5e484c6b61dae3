import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// A run's style keyed on a timeline: an id naming a text style restyles the run, any other
/// id (a keyframe whose value is left out: the missing id) leaves the run drawn in the style
/// it had, while the property reads the id set.
@Suite("Keyed text run styles")
struct TextRunStyleKeyTests {
  static func fixture(styleKeys: [(run: Int, style: Int?)]) throws -> TextFixture {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(
      fonts: [bytes],
      styles: [
        .init(fontSize: 20, fill: 0xFFFF_0000),
        .init(fontSize: 40, fill: 0xFF00_00FF),
      ],
      runs: [.init("ab"), .init("cd")])
    fixture.styleKeys = styleKeys
    return fixture
  }

  /// The glyphs and the fill colours drawn once the fixture's animation (if any) applied.
  static func drawn(_ fixture: TextFixture) throws -> ([TextGlyphPlacement], [UInt32]) {
    try drawnAndStyleID(fixture).0
  }

  /// What ``drawn(_:)`` gives, and the second run's style id property.
  static func drawnAndStyleID(_ fixture: TextFixture) throws -> (
    ([TextGlyphPlacement], [UInt32]), UInt32
  ) {
    let file = try fixture.file()
    let artboard = try #require(file.artboards.first)
    var instance = artboard.instance()
    if let animation = artboard.animations.first {
      animation.apply(to: &instance, time: 0, mix: 1)
    }
    _ = instance.advance(0)
    let fonts = TextFonts(document: file.document)
    let glyphs = instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
    let colors = TextDrawTests.drawPaths(instance.draw(text: fonts)).compactMap { $0.1.color }
    let secondRun = try #require(
      (0..<instance.objectCount).filter { instance.model.isA($0, TypeKey.textValueRun) }.last)
    return ((glyphs, colors), instance.uint(secondRun, Slot.textValueRunStyleId))
  }

  @Test("a keyed id that names no text style keeps the run's style")
  func idNamingNoStyle() throws {
    let (plain, plainColors) = try Self.drawn(Self.fixture(styleKeys: []))
    #expect(plain.count == 4 && plainColors == [0xFFFF_0000])
    let ((keyed, keyedColors), styleID) = try Self.drawnAndStyleID(
      Self.fixture(styleKeys: [(run: 1, style: nil)]))
    #expect(keyed == plain)
    #expect(keyedColors == plainColors)
    // The property holds the id the keyframe set, as the runtime's getter reads it.
    #expect(styleID == UInt32.max)
  }

  @Test("a keyed id naming a text style restyles the run")
  func idNamingStyle() throws {
    let (plain, _) = try Self.drawn(Self.fixture(styleKeys: []))
    let (keyed, colors) = try Self.drawn(Self.fixture(styleKeys: [(run: 1, style: 1)]))
    #expect(keyed.count == 4)
    #expect(Set(colors) == [0xFFFF_0000, 0xFF00_00FF])
    // The second run is set in the larger style: its glyphs advance twice as far.
    let plainAdvance = plain[2].advance
    #expect(abs(keyed[2].advance - 2 * plainAdvance) < 1e-3, "\(keyed[2]) against \(plain[2])")
    #expect(keyed[0].advance == plain[0].advance)
  }
}
