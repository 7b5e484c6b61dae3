import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Text that follows a path (a modifier group's `TextFollowPathModifier`), in files made by the
/// package's writer: a straight path at the text's own baseline leaves every glyph in place,
/// so each other case is checked against the same text drawn without one.
@Suite("Text following a path")
struct TextFollowPathTests {
  static let text = "follow the line"

  /// The bounds of the text's glyphs as drawn (one style, one fill), and the first baseline.
  static func drawnBounds(
    _ text: String = text, path: [(x: Float, y: Float)]?, followPath: TextFixture.FollowPath?
  ) throws -> (bounds: (minX: Float, minY: Float, maxX: Float, maxY: Float), baseline: Float) {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(fonts: [bytes], runs: [.init(text)])
    if let path { fixture.pathTarget = (path, false) }
    if let followPath {
      var modifier = TextFixture.Modifier(flags: 0)
      modifier.followPath = followPath
      fixture.modifiers = [modifier]
    }
    var (instance, fonts) = try TextDrawTests.played(fixture)
    let list = instance.draw(text: fonts)
    let glyphs = instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
    let paths = TextDrawTests.drawPaths(list).filter { $0.0.fillRule == .clockwise }
    let path = try #require(paths.first?.0)
    return (TextBackgroundTests.bounds(path), try #require(glyphs.first).baseline)
  }

  static func expectClose(
    _ a: (minX: Float, minY: Float, maxX: Float, maxY: Float),
    _ b: (minX: Float, minY: Float, maxX: Float, maxY: Float), dy: Float = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let tolerance: Float = 1e-3
    #expect(abs(a.minX - b.minX) < tolerance, sourceLocation: sourceLocation)
    #expect(abs(a.maxX - b.maxX) < tolerance, sourceLocation: sourceLocation)
    #expect(abs(a.minY + dy - b.minY) < tolerance, sourceLocation: sourceLocation)
    #expect(abs(a.maxY + dy - b.maxY) < tolerance, sourceLocation: sourceLocation)
  }

  @Test("a straight path on the baseline, shorter than the text, leaves every glyph in place")
  func pathOnTheBaseline() throws {
    let plain = try Self.drawnBounds(path: nil, followPath: nil)
    let baseline = plain.baseline
    // 40 long: most glyphs lie past its end and continue along its tangent.
    let followed = try Self.drawnBounds(
      path: [(0, baseline), (40, baseline)], followPath: TextFixture.FollowPath())
    Self.expectClose(plain.bounds, followed.bounds)
  }

  @Test("glyphs sit on the path: one 20 lower moves them down by 20, half strength by 10")
  func movedPathAndStrength() throws {
    let plain = try Self.drawnBounds(path: nil, followPath: nil)
    let path = [(x: Float(0), y: plain.baseline + 20), (x: 500, y: plain.baseline + 20)]
    let followed = try Self.drawnBounds(path: path, followPath: TextFixture.FollowPath())
    Self.expectClose(plain.bounds, followed.bounds, dy: 20)
    var half = TextFixture.FollowPath()
    half.strength = 0.5
    let halfway = try Self.drawnBounds(path: path, followPath: half)
    Self.expectClose(plain.bounds, halfway.bounds, dy: 10)
  }

  @Test("an oriented glyph turns with the path's tangent; without orient it does not")
  func orientation() throws {
    let plain = try Self.drawnBounds("H", path: nil, followPath: nil)
    let width = plain.bounds.maxX - plain.bounds.minX
    let height = plain.bounds.maxY - plain.bounds.minY
    let down = [(x: Float(50), y: Float(0)), (x: 50, y: 500)]
    let turned = try Self.drawnBounds("H", path: down, followPath: TextFixture.FollowPath())
    #expect(abs((turned.bounds.maxX - turned.bounds.minX) - height) < 1e-3)
    #expect(abs((turned.bounds.maxY - turned.bounds.minY) - width) < 1e-3)
    var upright = TextFixture.FollowPath()
    upright.orient = false
    let kept = try Self.drawnBounds("H", path: down, followPath: upright)
    #expect(abs((kept.bounds.maxX - kept.bounds.minX) - width) < 1e-3)
    #expect(abs((kept.bounds.maxY - kept.bounds.minY) - height) < 1e-3)
    // Along a vertical path the glyph's centre lies on the path's x.
    #expect(abs((kept.bounds.minX + kept.bounds.maxX) / 2 - 50) < 1)
  }

  @Test("a modifier whose target is neither a shape nor a path leaves the glyphs in place")
  func targetWithoutPaths() throws {
    let plain = try Self.drawnBounds(path: nil, followPath: nil)
    let followed = try Self.drawnBounds(path: nil, followPath: TextFixture.FollowPath())
    Self.expectClose(plain.bounds, followed.bounds)
  }
}

/// A text's own constraints place it as they place any transform component.
@Suite("Text constraints")
struct TextConstraintTests {
  @Test("a translation constraint moves the drawn text to its target")
  func translation() throws {
    let bytes = try TextTestFonts.sans()
    func bounds(_ target: (x: Float, y: Float)?) throws -> (
      minX: Float, minY: Float, maxX: Float, maxY: Float
    ) {
      var fixture = TextFixture(fonts: [bytes], runs: [.init("pinned")])
      fixture.translationConstraintTarget = target
      var (instance, fonts) = try TextDrawTests.played(fixture)
      var transformed: [(minX: Float, minY: Float, maxX: Float, maxY: Float)] = []
      var current = Transform2D.identity
      for operation in instance.draw(text: fonts).operations {
        switch operation {
        case .transform(let matrix): current = matrix
        case .drawPath(let path, _) where path.fillRule == .clockwise:
          let box = TextBackgroundTests.bounds(path)
          transformed.append(
            (
              box.minX + current.tx, box.minY + current.ty, box.maxX + current.tx,
              box.maxY + current.ty
            ))
        default: break
        }
      }
      return try #require(transformed.first)
    }
    let free = try bounds(nil)
    let pinned = try bounds((120, 80))
    TextFollowPathTests.expectClose(
      (free.minX + 120, free.minY, free.maxX + 120, free.maxY), pinned, dy: 80)
  }
}
