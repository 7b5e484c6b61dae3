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

/// Text laid out in the update pass (``ArtboardInstance/measureText(with:)``): what is
/// constrained to a text's box, and binds reading its size, see the laid-out box.
@Suite("Text measured while updating")
struct TextMeasureTests {
  /// The node constrained to the text's box at `origin`, its world position after one
  /// advance, and the text's glyphs, with or without measuring.
  static func constrained(origin: (Float, Float), measures: Bool) throws -> (
    node: (x: Float, y: Float), glyphs: [TextGlyphPlacement], instance: ArtboardInstance
  ) {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(fonts: [bytes], runs: [.init("measure me")])
    fixture.nodeOnTextBox = (origin.0, origin.1)
    let file = try fixture.file()
    let fonts = TextFonts(document: file.document)
    var instance = try #require(file.artboards.first).instance()
    if measures { instance.measureText(with: fonts) }
    _ = instance.advance(0)
    let node = instance.objectCount - 2
    let world = instance.geometry.worldTransforms[node]
    let glyphs = instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
    return ((world.tx, world.ty), glyphs, instance)
  }

  @Test("a transform constraint's origin lands on the corners of the laid-out text's box")
  func constraintOnTheBox() throws {
    let right = try Self.constrained(origin: (1, 0), measures: true)
    let last = try #require(right.glyphs.last)
    // One line from x 0: the box is as wide as the glyphs' advances.
    #expect(abs(right.node.x - (last.x + last.advance)) < 1e-3)
    #expect(right.node.y == 0)
    let bottom = try Self.constrained(origin: (0, 1), measures: true)
    #expect(bottom.node.x == 0)
    // The box's height holds the line: below the baseline.
    #expect(bottom.node.y > last.baseline)
    let height = try #require(bottom.instance.textLocalBounds(TextFixture.textID)?.height)
    #expect(abs(bottom.node.y - height) < 1e-3)
    // Not measured (text laid out only when drawn), the box is empty and the node stays at
    // the text's origin, as in the reference streams.
    let unmeasured = try Self.constrained(origin: (1, 1), measures: false)
    #expect(unmeasured.node.x == 0 && unmeasured.node.y == 0)
  }

  @Test("a text's computed width and height are its box, once measured")
  func computedSize() throws {
    let measured = try Self.constrained(origin: (0, 0), measures: true).instance
    let box = try #require(measured.textLocalBounds(TextFixture.textID))
    #expect(box.width > 0 && box.height > 0)
    #expect(
      measured.computedValue(
        TextFixture.textID, key: PropertyKey.nodeComputedWidth, imageSizes: [:])
        == box.width)
    #expect(
      measured.computedValue(
        TextFixture.textID, key: PropertyKey.nodeComputedHeight, imageSizes: [:]) == box.height)
    let unmeasured = try Self.constrained(origin: (0, 0), measures: false).instance
    #expect(
      unmeasured.computedValue(
        TextFixture.textID, key: PropertyKey.nodeComputedWidth, imageSizes: [:]) == 0)
  }
}
