import Foundation
import RiveFixtures
import Testing

@testable import RiveCore

/// Text laid out in updates only from a later frame on (fonts given after the first advance,
/// as both APIs do when a frame is drawn) draws as text laid out from the start: updates that
/// skipped it left its world transform and render opacity unset, and they are worked out
/// again once it is laid out.
@Suite("Text laid out from a later frame")
struct TextLaidOutLateTests {
  @Test("fonts given after an advance draw what fonts given first draw", arguments: [false, true])
  func lateFonts(solvesLayout: Bool) throws {
    let file = try RuntimeFile(
      data: FontSwapFixture.data(embedding: try TextTestFonts.sans()))
    let artboard = try #require(file.artboards.first)
    let fonts = TextFonts(document: file.document)
    func drawn(fontsFirst: Bool) -> DisplayList {
      var player = ArtboardPlayback(artboard: artboard, file: file)
      player.solveLayout(solvesLayout)
      if fontsFirst { player.measureText(with: fonts) }
      player.advance(to: 1)
      player.prepareFrame(text: fonts, images: DrawImages(), layoutSize: nil)
      return player.draw(images: DrawImages(), text: fonts)
    }
    let early = drawn(fontsFirst: true)
    let late = drawn(fontsFirst: false)
    // The fixture's one line draws as one glyph path, black.
    let glyphs = early.operations.filter {
      if case .drawPath(_, let paint) = $0 { return paint.color == 0xFF00_0000 }
      return false
    }
    #expect(!glyphs.isEmpty)
    #expect(late == early)
  }
}
