import Foundation
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Text style backgrounds and feathered text paints, in files made by the package's writer.
@Suite("Text backgrounds and feathers")
struct TextBackgroundTests {
  static func drawn(_ fixture: TextFixture) throws -> (DisplayList, [TextGlyphPlacement]) {
    var (instance, fonts) = try TextDrawTests.played(fixture)
    let list = instance.draw(text: fonts)
    return (list, instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts))
  }

  static func bounds(_ path: RenderPath) -> (minX: Float, minY: Float, maxX: Float, maxY: Float) {
    var raw = RawPath()
    for command in path.commands {
      switch command {
      case .move(let x, let y): raw.move(Vec2(x, y))
      case .line(let x, let y): raw.line(Vec2(x, y))
      case .cubic(let a, let b, let c, let d, let e, let f):
        raw.cubic(Vec2(a, b), Vec2(c, d), Vec2(e, f))
      case .close: raw.close()
      }
    }
    return raw.bounds()
  }

  /// Each clip followed directly by a draw (an inner feather: the clip to the shape, then
  /// the feather's path).
  static func clippedDraws(_ list: DisplayList) -> [(
    clip: RenderPath, path: RenderPath, paint: RenderPaint
  )] {
    var result: [(RenderPath, RenderPath, RenderPaint)] = []
    let operations = list.operations
    for index in operations.indices.dropLast() {
      if case .clipPath(let clip) = operations[index],
        case .drawPath(let path, let paint) = operations[index + 1]
      {
        result.append((clip, path, paint))
      }
    }
    return result
  }

  @Test("a style's background is drawn before its glyphs over the glyphs' boxes")
  func backgroundBehindGlyphs() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes],
      styles: [.init(fill: 0xFF00_0000, background: .init(fill: 0xFF00_FF00)), .init()],
      runs: [.init("Hello", style: 0), .init(" world", style: 1)])
    let (list, glyphs) = try Self.drawn(fixture)
    let paths = TextDrawTests.drawPaths(list)
    #expect(paths.map(\.1.color) == [0xFF00_FF00, 0xFF00_0000, 0xFF00_0000])
    let background = try #require(paths.first?.0)
    #expect(background.fillRule == .clockwise)
    // Exactly the boxes of the styled run's glyphs: its first glyph's left to its last
    // glyph's right, the line's height around the baseline.
    let styled = glyphs.filter { $0.run == 0 }
    let first = try #require(styled.first)
    let last = try #require(styled.last)
    let box = Self.bounds(background)
    #expect(box.minX == first.x)
    #expect(abs(box.maxX - (last.x + last.advance)) < 1e-4)
    #expect(box.minY < first.baseline && first.baseline < box.maxY)
    // Straight corners: four lines and a close.
    #expect(background.commands.count == 5)
  }

  @Test("a background over two lines of different widths is one stepped, rounded contour")
  func twoLines() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes],
      styles: [.init(background: .init(cornerRadius: 4))],
      runs: [.init("a long first line\nshort")])
    let (list, glyphs) = try Self.drawn(fixture)
    let background = try #require(TextDrawTests.drawPaths(list).first?.0)
    let moves = background.commands.filter { if case .move = $0 { true } else { false } }
    let cubics = background.commands.filter { if case .cubic = $0 { true } else { false } }
    #expect(moves.count == 1)
    // Six corners (a step where the short line ends), each rounded.
    #expect(cubics.count == 6)
    let box = Self.bounds(background)
    let widest = glyphs.filter { $0.line == 0 }.map { $0.x + $0.advance }.max() ?? 0
    #expect(abs(box.maxX - widest) < 1e-3)
  }

  @Test("a background's inner feather clips to the background and draws the padded cut-out")
  func innerFeather() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes],
      styles: [.init(background: .init(feather: (strength: 6, inner: true)))],
      runs: [.init("feather")])
    let (list, _) = try Self.drawn(fixture)
    let draws = Self.clippedDraws(list)
    #expect(draws.count == 1)
    let (clipped, path, paint) = try #require(draws.first)
    #expect(paint.feather == 6)
    #expect(paint.color == 0xFF00_FF00)
    let inner = Self.bounds(clipped)
    let outer = Self.bounds(path)
    // Padded by one and a half strengths on every side.
    #expect(abs(outer.minX - (inner.minX - 9)) < 1e-4)
    #expect(abs(outer.maxY - (inner.maxY + 9)) < 1e-4)
  }

  @Test("an inner feather on a style's fill is cut from all of the style's glyphs")
  func glyphInnerFeather() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], styles: [.init(fillFeather: (strength: 4, inner: true))],
      runs: [.init("cut")])
    let (list, _) = try Self.drawn(fixture)
    let draws = Self.clippedDraws(list)
    #expect(draws.count == 1)
    let (glyphs, cutOut, paint) = try #require(draws.first)
    #expect(paint.feather == 4)
    // The cut-out is the padded box, then every glyph contour backwards.
    let glyphMoves = glyphs.commands.filter { if case .move = $0 { true } else { false } }.count
    let cutMoves = cutOut.commands.filter { if case .move = $0 { true } else { false } }.count
    #expect(cutMoves == glyphMoves + 1)
    #expect(abs(Self.bounds(cutOut).minX - (Self.bounds(glyphs).minX - 6)) < 1e-4)
  }

  @Test("an outer feather keeps the plain draw with the feather on the paint")
  func outerFeather() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], styles: [.init(background: .init(feather: (strength: 3, inner: false)))],
      runs: [.init("soft")])
    let (list, _) = try Self.drawn(fixture)
    #expect(Self.clippedDraws(list).isEmpty)
    #expect(TextDrawTests.drawPaths(list).first?.1.feather == 3)
  }
}
