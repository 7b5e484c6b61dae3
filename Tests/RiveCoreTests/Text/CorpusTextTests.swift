import Foundation
import RiveFormat
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

  /// With text off (the default of `DrawRecorder`, as the reference streams were recorded) a
  /// file that draws text gives the official runtime's text-off stream at both reference
  /// frames; with text on, the same file's stream differs from it, so text leaking into the
  /// text-off path would fail here.
  @Test("text off draws the official runtime's text-off stream; text on does not")
  func textOffIsUnchanged() throws {
    let name = "hello_world.riv"
    let reference = try #require(DrawConformanceTests.reference(name))
    let frames = try #require(reference["frames"] as? [String: Any])
    let file = try RuntimeFile(contentsOf: SharedCorpus.directory.appendingPathComponent(name))
    #expect(DrawRecorder(file: file).text == nil)
    func differences(text: Bool) throws -> [String] {
      let lists = try #require(DrawRecorder(file: file, text: text).displayLists())
      #expect(lists.map(\.0) == DrawRecorder.referenceFrames)
      return try lists.flatMap { frame, list in
        let ops = try #require(frames[String(frame)] as? [Any])
        return DrawComparison.differences(
          reference: try DisplayList(jsonArray: ops), produced: list)
      }
    }
    let off = try differences(text: false)
    #expect(off.isEmpty, "\(off.prefix(5).joined(separator: "\n"))")
    #expect(!(try differences(text: true)).isEmpty)
  }
}
