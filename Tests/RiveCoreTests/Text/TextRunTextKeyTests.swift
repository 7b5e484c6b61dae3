import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// A run's text keyed on a timeline (string keyframes, each holding from its frame on) and the
/// seeded random text files `rive-bench fixtures --text-axes/--text-overflow` writes for the
/// comparisons with the official runtime.
@Suite("Keyed text run texts and random text files")
struct TextRunTextKeyTests {
  static let short = "Hi"
  static let long = "Zürich façade Ångström\u{2060}naïve Wave"

  static func fixture(keys: [(frame: UInt32, text: String)], text: String = short) throws
    -> TextFixture
  {
    var fixture = TextFixture(
      fonts: [try TextTestFonts.sans()], styles: [.init(fontSize: 20)], runs: [.init(text)],
      properties: [
        (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(60)),
        (PropertyKey.textHeight, .float(30)), (PropertyKey.textVerticalAlignValue, .uint(2)),
      ])
    fixture.textKeys = keys.isEmpty ? [] : [(run: 0, frames: keys)]
    return fixture
  }

  /// `file`'s first artboard after an advance by 0 and `frames` steps of 1/60 s of its first
  /// animation (none: the artboard alone).
  static func played(_ file: RuntimeFile, frames: Int) throws -> ArtboardInstance {
    let artboard = try #require(file.artboards.first)
    var instance = artboard.instance()
    var animation =
      artboard.animations.isEmpty ? nil : AnimationInstance(artboard: artboard, index: 0)
    _ = animation?.advanceAndApply(0, artboard: &instance) ?? instance.advance(0)
    for _ in 0..<frames {
      _ = animation?.advanceAndApply(1 / 60, artboard: &instance) ?? instance.advance(1 / 60)
    }
    return instance
  }

  /// The glyphs drawn after `frames` steps (see ``played(_:frames:)``).
  static func glyphs(_ fixture: TextFixture, frames: Int) throws -> [TextGlyphPlacement] {
    let file = try fixture.file()
    var instance = try played(file, frames: frames)
    return instance.textGlyphs(
      ofText: TextFixture.textID, fonts: TextFonts(document: file.document))
  }

  @Test("the keyed text is laid out from its frame on, as the same text written in the file")
  func keyedTextLaysOut() throws {
    let keyed = try Self.fixture(keys: [(frame: 0, text: Self.short), (frame: 29, text: Self.long)])
    let before = try Self.glyphs(keyed, frames: 28)
    let after = try Self.glyphs(keyed, frames: 30)
    #expect(before == (try Self.glyphs(Self.fixture(keys: []), frames: 0)))
    #expect(after == (try Self.glyphs(Self.fixture(keys: [], text: Self.long), frames: 0)))
    // The short text is one line; the long one wraps in the 60-wide box.
    #expect(Set(before.map(\.line)).count == 1)
    #expect(Set(after.map(\.line)).count > 2)
  }

  @Test("random text files: a seed always writes the same bytes, and every file plays")
  func randomFilesAreSeeded() throws {
    let sans = try TextTestFonts.sans()
    let variable = try TextTestFonts.variable()
    for seed in UInt64(1)...12 {
      let axes = try RandomTextFixture.data(seed: seed, font: variable)
      #expect(axes == (try RandomTextFixture.data(seed: seed, font: variable)))
      #expect(axes != (try RandomTextFixture.data(seed: seed + 100, font: variable)))
      for (index, data) in [
        axes, try RandomTextFixture.overflowChangeData(seed: seed, font: sans),
        try RandomTextFixture.overflowChangeInLayoutData(seed: seed, font: sans),
      ].enumerated() {
        // Played past the texts' change (frame 30 at the latest).
        let file = try RuntimeFile(data: data)
        var instance = try Self.played(file, frames: 31)
        let list = instance.draw(text: TextFonts(document: file.document))
        // Texts at random axes always show; an overflowing box may hide all of its text.
        if index == 0 {
          #expect(!TextDrawTests.drawPaths(list).isEmpty, "seed \(seed) draws no path")
        }
      }
    }
    // A file of a font HarfBuzz cannot read is refused.
    #expect(throws: TextFontError.self) {
      try RandomTextFixture.data(seed: 1, font: [1, 2, 3])
    }
  }
}
