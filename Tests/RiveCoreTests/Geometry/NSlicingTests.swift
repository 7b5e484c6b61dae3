import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// N-sliced nodes deforming the paths of their shapes, in files made by the package's writer.
/// Expected coordinates are worked out by hand from the slicing rule: even segments between the
/// sorted axes keep their size, odd segments share what is left of the node's current size.
@Suite("N-slicing")
struct NSlicingTests {
  /// A node whose initial box is 100 × 100, `width` wide now, with x axes at 25 % and 75 %
  /// (so 50 px fixed, 50 px stretching), holding a 100 × 100 square centred in the box.
  private func slicedSquare(width: Float, animateTo: Float? = nil) -> RuntimeFixture {
    var fixture = RuntimeFixture(artboardWidth: 400, artboardHeight: 200)
    let node = fixture.component(
      TypeKey.nSlicedNode, parent: 0,
      [
        (PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(20)),
        (PropertyKey.nSlicedNodeInitialWidth, .float(100)),
        (PropertyKey.nSlicedNodeInitialHeight, .float(100)),
        (PropertyKey.nSlicedNodeWidth, .float(width)),
        (PropertyKey.nSlicedNodeHeight, .float(100)),
      ])
    let shape = fixture.shape(parent: node, x: 50, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: shape, width: 100, height: 100)
    fixture.fill(shape)
    for offset: Float in [0.75, 0.25] {
      fixture.component(
        TypeKey.axisX, parent: node,
        [(PropertyKey.axisOffset, .float(offset)), (PropertyKey.axisNormalized, .bool(true))])
    }
    if let animateTo {
      fixture.animation(
        name: "stretch", duration: 30,
        keys: [
          (
            object: node, property: PropertyKey.nSlicedNodeWidth,
            frames: [(0, width, 1, nil), (30, animateTo, 1, nil)]
          )
        ])
    }
    return fixture
  }

  /// The x coordinates of a path's points, in order.
  private func xs(_ path: RenderPath) -> [Float] {
    path.commands.compactMap {
      switch $0 {
      case .move(let x, _), .line(let x, _): x
      default: nil
      }
    }
  }

  @Test("fixed segments keep their size; the stretching one takes the rest of the width")
  func stretchesTheMiddle() throws {
    // Scale 2: the stretching 50 px become 200 - 50 = 150 px. In the square's space (centred
    // at 50), the left edge stays at -50 and the right edge moves from 50 to 150.
    let path = try #require(try slicedSquare(width: 200).drawFrameZero().drawnPaths.last)
    #expect(xs(path) == [-50, 150, 150, -50, -50])
  }

  @Test("a gradient of a sliced shape has its ends deformed as the shape's paths are")
  func gradientEnds() throws {
    // The square's fill runs a gradient from its left edge (-50) to its right edge (50); at
    // width 200 the right edge goes to 150, and so does the gradient's end (the runtime's
    // N-sliced node deforms a linear gradient's start and end as points of the shape).
    for width: Float in [100, 200, 60] {
      var fixture = slicedSquare(width: width)
      let shape = 2
      let fill = fixture.component(TypeKey.fill, parent: shape)
      let gradient = fixture.component(
        TypeKey.linearGradient, parent: fill,
        [
          (PropertyKey.linearGradientStartX, .float(-50)),
          (PropertyKey.linearGradientStartY, .float(0)),
          (PropertyKey.linearGradientEndX, .float(50)),
          (PropertyKey.linearGradientEndY, .float(0)),
        ])
      for (position, color) in [(Float(0), UInt32(0xFF00_0000)), (1, 0xFFFF_FFFF)] {
        fixture.component(
          TypeKey.gradientStop, parent: gradient,
          [
            (PropertyKey.gradientStopPosition, .float(position)),
            (PropertyKey.gradientStopColorValue, .color(color)),
          ])
      }
      let list = try fixture.drawFrameZero()
      let shaders = list.operations.compactMap { operation -> Shader? in
        if case .drawPath(_, let paint) = operation { return paint.shader }
        return nil
      }
      let path = try #require(list.drawnPaths.last)
      let rightEdge = try #require(xs(path).max())
      guard case .linear(let startX, _, let endX, _, _, _)? = shaders.last else {
        Issue.record("no linear gradient drawn at width \(width)")
        continue
      }
      #expect(startX == -50, "at \(width)")
      #expect(endX == rightEdge, "at \(width)")
    }
  }

  @Test("at its initial size the node leaves the path as it is")
  func identityAtInitialSize() throws {
    let path = try #require(try slicedSquare(width: 100).drawFrameZero().drawnPaths.last)
    #expect(xs(path) == [-50, 50, 50, -50, -50])
  }

  @Test("an animated width slices the path again on every frame")
  func animatedWidth() throws {
    let file = try slicedSquare(width: 100, animateTo: 300).file()
    let lists = try #require(DrawRecorder(file: file).displayLists(frames: [0, 30]))
    try #require(lists.count == 2)
    let end = try #require(lists[1].1.drawnPaths.last)
    // Scale 3: the stretching 50 px become 300 - 50 = 250 px; the right edge is at 250.
    #expect(xs(end) == [-50, 250, 250, -50, -50])
  }

  @Test("the axis map: points beyond the box keep their distance to its nearest edge")
  func axisMapOutsideTheBox() {
    let map = NSliceAxisMap(
      offsets: [(0.25, true), (75, false)], initial: 100, current: 200)
    #expect(map.map(-10) == -10)
    #expect(map.map(25) == 25)
    #expect(map.map(50) == 100)
    #expect(map.map(100) == 200)
    #expect(map.map(110) == 210)
  }

  @Test("hostile slicing values (NaN, infinite, huge, zero sizes and axes) draw without trapping")
  func hostileValues() throws {
    for value in [Float.nan, .infinity, -.infinity, -1e30, 0] {
      var fixture = RuntimeFixture()
      let node = fixture.component(
        TypeKey.nSlicedNode, parent: 0,
        [
          (PropertyKey.nSlicedNodeInitialWidth, .float(value)),
          (PropertyKey.nSlicedNodeInitialHeight, .float(100)),
          (PropertyKey.nSlicedNodeWidth, .float(value)),
          (PropertyKey.nSlicedNodeHeight, .float(value)),
        ])
      let shape = fixture.shape(parent: node, x: 50, y: 50)
      fixture.parametric(TypeKey.rectangle, parent: shape, width: 100, height: 100)
      fixture.fill(shape)
      for _ in 0..<3 {
        fixture.component(
          TypeKey.axisY, parent: node,
          [(PropertyKey.axisOffset, .float(value)), (PropertyKey.axisNormalized, .bool(false))])
      }
      let paths = try fixture.drawFrameZero().drawnPaths
      #expect(paths.count == 1, "initial width and size \(value)")
    }
  }
}
