import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// The path builders on files made by the package's writer: the commands the runtime's
/// builders produce, with its constants.
@Suite("Path builders")
struct PathBuilderTests {
  static func close(_ a: Float, _ b: Float) -> Bool { abs(a - b) <= 1e-4 }

  static func points(_ command: PathCommand) -> [Float] {
    switch command {
    case .move(let x, let y), .line(let x, let y): [x, y]
    case .cubic(let a, let b, let c, let d, let e, let f): [a, b, c, d, e, f]
    case .close: []
    }
  }

  @Test("the artboard clips to and fills its rectangle")
  func artboardBackground() throws {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 120)
    fixture.fill(0, color: 0xFF80_8080)
    let list = try fixture.drawFrameZero()
    let rectangle: [PathCommand] = [
      .move(0, 0), .line(200, 0), .line(200, 120), .line(0, 120), .close,
    ]
    #expect(list.operations.first == .save)
    #expect(list.operations[1] == .transform(.identity))
    #expect(list.operations[2] == .clipPath(RenderPath(fillRule: .clockwise, commands: rectangle)))
    #expect(list.drawnPaths.first == RenderPath(fillRule: .nonZero, commands: rectangle))
    #expect(list.drawnPaints.first?.color == 0xFF80_8080)
    #expect(list.operations.last == .restore)
  }

  @Test("a rectangle is four straight vertices closed with an explicit line")
  func rectangle() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape(x: 50, y: 40)
    fixture.parametric(TypeKey.rectangle, parent: shape, width: 60, height: 20)
    fixture.fill(shape)
    let list = try fixture.drawFrameZero()
    let path = try #require(list.drawnPaths.last)
    #expect(
      path.commands == [
        .move(-30, -10), .line(30, -10), .line(30, 10), .line(-30, 10), .line(-30, -10), .close,
      ])
    #expect(list.operations.contains(.transform(.translation(50, 40))))
  }

  @Test("rounded rectangle corners use the natural-rounding control distance")
  func roundedRectangle() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(
      TypeKey.rectangle, parent: shape, width: 100, height: 100, originX: 0, originY: 0,
      [
        (PropertyKey.rectangleCornerRadiusTL, .float(10)),
        (PropertyKey.rectangleLinkCornerRadius, .bool(true)),
      ])
    fixture.fill(shape)
    let path = try #require(try fixture.drawFrameZero().drawnPaths.last)
    // Start 10 below the top-left corner, then a quarter-circle approximation to (10, 0).
    #expect(path.commands.first == .move(0, 10))
    guard case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y) = path.commands[1] else {
      Issue.record("expected a cubic corner")
      return
    }
    let ideal: Float = (4.0 / 3.0) * tanf(Float.pi / 8) * 10
    #expect(Self.close(c1x, 0) && Self.close(c1y, 10 - ideal))
    #expect(Self.close(c2x, 10 - ideal) && Self.close(c2y, 0))
    #expect(x == 10 && y == 0)
    #expect(path.commands.count == 10)
  }

  @Test("an ellipse is four cubics with the circle constant")
  func ellipse() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(TypeKey.ellipse, parent: shape, width: 200, height: 100)
    fixture.fill(shape)
    let path = try #require(try fixture.drawFrameZero().drawnPaths.last)
    #expect(path.commands.count == 6)
    #expect(path.commands[0] == .move(0, -50))
    let first = Self.points(path.commands[1])
    let k: Float = 0.552_284_749_831
    #expect(Self.close(first[0], 100 * k) && first[1] == -50)
    #expect(first[2] == 100 && Self.close(first[3], -50 * k))
    #expect(first[4] == 100 && first[5] == 0)
    #expect(path.commands[5] == .close)
  }

  @Test("polygons and stars start at the top and alternate outer and inner points")
  func polygonAndStar() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(
      TypeKey.polygon, parent: shape, width: 100, height: 100,
      [(PropertyKey.polygonPoints, .uint(5))])
    fixture.fill(shape)
    let star = fixture.shape()
    fixture.parametric(
      TypeKey.star, parent: star, width: 100, height: 100,
      [(PropertyKey.polygonPoints, .uint(4)), (PropertyKey.starInnerRadius, .float(0.5))])
    fixture.fill(star)
    let paths = try fixture.drawFrameZero().drawnPaths
    #expect(paths.count == 2)
    // Drawn back to front: the star (added last) first.
    let starPath = paths[0]
    let polygon = paths[1]
    #expect(polygon.commands.count == 5 + 2)
    let top = Self.points(polygon.commands[0])
    #expect(Self.close(top[0], 0) && Self.close(top[1], -50))
    #expect(starPath.commands.count == 8 + 2)
    let inner = Self.points(starPath.commands[1])
    #expect(Self.close(inner[0], 25 * cosf(-Float.pi / 4)))
    #expect(Self.close(inner[1], 25 * sinf(-Float.pi / 4)))
  }

  @Test("a triangle points up from its origin")
  func triangle() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(
      TypeKey.triangle, parent: shape, width: 40, height: 30, originX: 0, originY: 0)
    fixture.fill(shape)
    let path = try #require(try fixture.drawFrameZero().drawnPaths.last)
    #expect(path.commands == [.move(20, 0), .line(40, 30), .line(0, 30), .line(20, 0), .close])
  }

  @Test("points paths: straight vertices, mirrored cubics and open paths")
  func pointsPath() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    let path = fixture.component(
      TypeKey.pointsPath, parent: shape, [(PropertyKey.pointsCommonPathIsClosed, .bool(false))])
    fixture.component(
      TypeKey.straightVertex, parent: path,
      [(PropertyKey.vertexX, .float(0)), (PropertyKey.vertexY, .float(0))])
    fixture.component(
      TypeKey.cubicMirroredVertex, parent: path,
      [
        (PropertyKey.vertexX, .float(50)), (PropertyKey.vertexY, .float(0)),
        (PropertyKey.cubicMirroredVertexRotation, .float(0)),
        (PropertyKey.cubicMirroredVertexDistance, .float(10)),
      ])
    fixture.component(
      TypeKey.straightVertex, parent: path,
      [(PropertyKey.vertexX, .float(100)), (PropertyKey.vertexY, .float(0))])
    fixture.stroke(shape)
    let drawn = try #require(try fixture.drawFrameZero().drawnPaths.last)
    #expect(
      drawn.commands == [.move(0, 0), .cubic(0, 0, 40, 0, 50, 0), .cubic(60, 0, 100, 0, 100, 0)])
  }

  @Test("a stroke the transform does not affect draws the world path, with no transform")
  func strokeSpace() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape(x: 10, y: 20)
    fixture.parametric(
      TypeKey.rectangle, parent: shape, width: 10, height: 10, originX: 0, originY: 0)
    fixture.stroke(shape, thickness: 3, transformAffectsStroke: false)
    let list = try fixture.drawFrameZero()
    let path = try #require(list.drawnPaths.last)
    #expect(path.commands.first == .move(10, 20))
    let paint = try #require(list.drawnPaints.last)
    #expect(paint.style == .stroke && paint.thickness == 3)
    #expect(!list.operations.contains(.transform(.translation(10, 20))))
  }

  @Test("a clipping shape clips the drawables of its parent")
  func clipping() throws {
    var fixture = RuntimeFixture()
    let group = fixture.component(TypeKey.node)
    let clipSource = fixture.shape(parent: group)
    fixture.parametric(TypeKey.rectangle, parent: clipSource, width: 10, height: 10)
    fixture.component(
      TypeKey.clippingShape, parent: group,
      [(PropertyKey.clippingShapeSourceId, .uint(UInt64(clipSource)))])
    let drawn = fixture.shape(parent: group)
    fixture.parametric(TypeKey.ellipse, parent: drawn, width: 30, height: 30)
    fixture.fill(drawn)
    let list = try fixture.drawFrameZero()
    let clips = list.operations.filter {
      if case .clipPath = $0 { return true }
      return false
    }
    // The artboard's clip and the clipping shape's.
    #expect(clips.count == 2)
    #expect(list.drawnPaths.count == 1)
  }

  @Test("a solo draws only its active child")
  func solo() throws {
    var fixture = RuntimeFixture()
    let solo = fixture.component(TypeKey.solo)
    let first = fixture.shape(parent: solo)
    fixture.parametric(TypeKey.rectangle, parent: first, width: 10, height: 10)
    fixture.fill(first, color: 0xFFFF_0000)
    let second = fixture.shape(parent: solo)
    fixture.parametric(TypeKey.rectangle, parent: second, width: 10, height: 10)
    fixture.fill(second, color: 0xFF00_FF00)
    let model = try fixture.file().artboards[0]
    var instance = model.instance()
    instance.setSoloActive(solo, second)
    _ = instance.advance(0)
    let paints = instance.draw().drawnPaints
    #expect(paints.map(\.color) == [0xFF00_FF00])
  }
}

extension ArtboardInstance {
  /// Sets a solo's active child as an animation would.
  mutating func setSoloActive(_ solo: Int, _ child: Int) {
    set(
      solo, offset: Slot.soloActiveComponentId, key: PropertyKey.soloActiveComponentId,
      bits: UInt32(child))
  }
}
