import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// A run's text set between an update and a draw (an input script's `textRun` event, a
/// text-run call) shows from the next update: the runtime draws each text as its last update
/// laid it out. Checked against the official runtime built with text and layout on (a run's
/// `text()` set after an advance, before the draw) on the seeded files
/// `rive-bench fixtures --text-overflow FONT --scripted` writes.
@Suite("Text runs set between frames")
struct TextRunSetBetweenFramesTests {
  /// A 60 × 30 box, text at its bottom, with one run named "caption".
  static func fixture(text: String) throws -> TextFixture {
    TextFixture(
      fonts: [try TextTestFonts.sans()], styles: [.init(fontSize: 20)],
      runs: [.init(text, name: "caption")],
      properties: [
        (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(60)),
        (PropertyKey.textHeight, .float(30)), (PropertyKey.textVerticalAlignValue, .uint(2)),
      ])
  }

  static func glyphs(_ instance: inout ArtboardInstance, fonts: TextFonts) -> [TextGlyphPlacement] {
    instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
  }

  @Test("a run set after an update draws its old text until the next update")
  func heldUntilTheNextUpdate() throws {
    let short = "Hi"
    let long = "Zürich façade Ångström\u{2060}naïve Wave"
    let file = try Self.fixture(text: short).file()
    let fonts = TextFonts(document: file.document)
    let artboard = try #require(file.artboards.first)
    var instance = artboard.instance()
    instance.measureText(with: fonts)
    _ = instance.advance(0)
    let before = instance.draw(text: fonts)
    let shortGlyphs = Self.glyphs(&instance, fonts: fonts)

    let set = instance.setTextRunValue(named: "caption", to: long)
    #expect(set)
    // The run holds the new text at once; the drawing and the laid-out glyphs are the last
    // update's.
    #expect(instance.textRunValue(named: "caption") == long)
    let heldIsBefore = instance.draw(text: fonts) == before
    #expect(heldIsBefore)
    let heldGlyphs = Self.glyphs(&instance, fonts: fonts)
    #expect(heldGlyphs == shortGlyphs)

    _ = instance.advance(0)
    let after = Self.glyphs(&instance, fonts: fonts)
    var written = try Self.fixture(text: long).file().artboards[0].instance()
    written.measureText(with: fonts)
    _ = written.advance(0)
    let writtenGlyphs = Self.glyphs(&written, fonts: fonts)
    #expect(after == writtenGlyphs)
    #expect(Set(after.map(\.line)).count > 2)
    let drawnAsWritten = instance.draw(text: fonts) == written.draw(text: fonts)
    #expect(drawnAsWritten)

    // Set twice between updates: the text drawn is still the last update's; the update
    // lays out the last one set.
    _ = instance.setTextRunValue(named: "caption", to: short)
    _ = instance.setTextRunValue(named: "caption", to: "Wave")
    let stillHeld = Self.glyphs(&instance, fonts: fonts)
    #expect(stillHeld == after)
    _ = instance.advance(0)
    let last = Self.glyphs(&instance, fonts: fonts)
    #expect(last.count == 4)

    // Text no longer laid out in updates draws the run as it stands.
    _ = instance.setTextRunValue(named: "caption", to: short)
    instance.measureText(with: nil)
    let unheld = Self.glyphs(&instance, fonts: fonts)
    #expect(unheld == shortGlyphs)
  }

  @Test("a run of a nested artboard set by a script shows from the next update")
  func nestedRun() throws {
    let font = try TextTestFonts.sans()
    func file(_ text: String) throws -> RuntimeFile {
      var fixture = TextFixture(
        fonts: [font], styles: [.init(fontSize: 20)], runs: [.init(text, name: "caption")])
      fixture.nestedAt = (x: 10, y: 10)
      fixture.nestedName = "Card"
      return try fixture.file()
    }
    let script = try InputScript(
      json: Data(#"[{"frame": 2, "textRun": "caption", "text": "Wave", "nested": "Card"}]"#.utf8))
    func lists(_ file: RuntimeFile, script: InputScript?) throws -> [DisplayList] {
      let fonts = TextFonts(document: file.document)
      var player = try ArtboardPlayback(file: file)
      player.measureText(with: fonts)
      var clock = ScriptClock(script: script ?? .empty)
      return try [2, 3].map { frame in
        try player.play(to: Double(frame) * ArtboardPlayback.frameSeconds, following: &clock)
        return player.draw(images: DrawImages(document: file.document), text: fonts)
      }
    }
    let scripted = try lists(try file("Hi"), script: script)
    let before = try lists(try file("Hi"), script: nil)
    let written = try lists(try file("Wave"), script: nil)
    let (atTheEvent, after) = (scripted[0] == before[0], scripted[1] == written[1])
    #expect(atTheEvent)
    #expect(after)
    #expect(before[1] != written[1])
  }

  @Test("without text laid out in updates, a draw lays the text out as it stands")
  func laidOutWhenDrawnWithoutUpdateFonts() throws {
    let file = try Self.fixture(text: "Hi").file()
    let fonts = TextFonts(document: file.document)
    var instance = try #require(file.artboards.first).instance()
    _ = instance.advance(0)
    _ = instance.setTextRunValue(named: "caption", to: "Wave")
    let glyphs = Self.glyphs(&instance, fonts: fonts)
    #expect(glyphs.count == 4)
  }

  @Test(
    "scripted text changes draw as the keyed ones from the frame after, the old text at theirs",
    arguments: [false, true])
  func scriptedOverflowFiles(inLayout: Bool) throws {
    let sans = try TextTestFonts.sans()
    var changedAtTheFrame = 0
    for seed in UInt64(1)...16 {
      let scripted =
        inLayout
        ? try RandomTextFixture.overflowChangeInLayout(seed: seed, font: sans, scripted: true)
        : try RandomTextFixture.overflowChange(seed: seed, font: sans, scripted: true)
      let keyed =
        inLayout
        ? try RandomTextFixture.overflowChangeInLayoutData(seed: seed, font: sans)
        : try RandomTextFixture.overflowChangeData(seed: seed, font: sans)
      let script = try InputScript(json: scripted.script)
      let frames = [scripted.frame, scripted.frame + 1, scripted.frame + 2]
      let withScript = try Self.lists(scripted.data, frames: frames, script: script)
      let unchanged = try Self.lists(scripted.data, frames: frames, script: nil)
      let animated = try Self.lists(keyed, frames: frames, script: nil)
      // At the frame of the event the old text draws; from the next one the new, as when
      // the file's own animation changes it.
      let (atTheFrame, after, twoAfter) = (
        withScript[0] == unchanged[0], withScript[1] == animated[1], withScript[2] == animated[2]
      )
      #expect(atTheFrame, "seed \(seed): the frame of the change")
      #expect(after, "seed \(seed): the frame after the change")
      #expect(twoAfter, "seed \(seed): two frames after the change")
      if withScript[1] != withScript[0] { changedAtTheFrame += 1 }
    }
    // Most boxes show some of the new text (an overflowing box may hide all of it).
    #expect(changedAtTheFrame >= 12)
  }

  /// `data`'s display lists at `frames`, played with text and layout on and `script`.
  static func lists(_ data: Data, frames: [Int], script: InputScript?) throws -> [DisplayList] {
    let file = try RuntimeFile(data: data)
    let fonts = TextFonts(document: file.document)
    var player = try ArtboardPlayback(file: file, settings: script?.settings ?? .init())
    player.measureText(with: fonts)
    player.solveLayout(true)
    var clock = ScriptClock(script: script ?? .empty)
    var lists: [DisplayList] = []
    for frame in frames {
      try player.play(to: Double(frame) * ArtboardPlayback.frameSeconds, following: &clock)
      lists.append(player.draw(images: DrawImages(document: file.document), text: fonts))
    }
    return lists
  }
}
