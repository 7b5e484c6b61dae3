import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import RiveTestSupport
import Testing

@testable import RiveCore

/// Editor files with text, read from the shared corpus, drawn with their embedded fonts.
@Suite("Corpus text", SharedCorpus.requirement)
struct CorpusTextTests {
  static func lists(_ name: String, text: Bool) throws -> [DisplayList] {
    let file = try RuntimeFile(contentsOf: SharedCorpus.directory.appendingPathComponent(name))
    let recorder = DrawRecorder(file: file, text: text)
    return try #require(recorder.displayLists()).map(\.1)
  }

  static func glyphPaths(_ list: DisplayList) -> [RenderPath] {
    list.operations.compactMap {
      if case .drawPath(let path, _) = $0, path.fillRule == .clockwise { return path }
      return nil
    }
  }

  @Test("bankcard.riv draws its text: glyph paths appear only with text on")
  func bankcard() throws {
    let on = try Self.lists("bankcard.riv", text: true)
    let off = try Self.lists("bankcard.riv", text: false)
    for (withText, without) in zip(on, off) {
      let added = withText.operations.count - without.operations.count
      #expect(added > 0)
      // The extra draws are glyph paths: many contours (one move per glyph contour at least).
      let extra = Self.glyphPaths(withText).count - Self.glyphPaths(without).count
      #expect(extra > 0)
      let moves = Self.glyphPaths(withText).map { path in
        path.commands.filter { if case .move = $0 { true } else { false } }.count
      }
      #expect((moves.max() ?? 0) >= 10)
    }
    // The fonts it embeds load.
    let file = try RuntimeFile(
      contentsOf: SharedCorpus.directory.appendingPathComponent("bankcard.riv"))
    #expect(!TextFonts(document: file.document).fonts.isEmpty)
  }

  @Test("text off leaves the draw stream exactly as before text existed")
  func textOffIsUnchanged() throws {
    let file = try RuntimeFile(
      contentsOf: SharedCorpus.directory.appendingPathComponent("hello_world.riv"))
    let recorder = DrawRecorder(file: file)
    #expect(recorder.text == nil)
    let artboard = try #require(file.artboards.first)
    var plain = ArtboardPlayback(artboard: artboard, file: file)
    plain.advance()
    var explicit = ArtboardPlayback(artboard: artboard, file: file)
    explicit.advance()
    #expect(
      plain.draw(images: recorder.images) == explicit.draw(images: recorder.images, text: nil))
  }
}
