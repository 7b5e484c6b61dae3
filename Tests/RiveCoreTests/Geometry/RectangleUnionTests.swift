import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The outline of a union of rectangles (text style backgrounds): contours checked against
/// the union itself, counted cell by cell on a grid.
@Suite("Rectangle union")
struct RectangleUnionTests {
  typealias Rect = RectangleUnion.Rect

  static func union(_ rects: [Rect]) -> RectangleUnion {
    var union = RectangleUnion()
    for rect in rects { union.add(rect) }
    return union
  }

  /// The signed area of a closed polygon (positive clockwise, y down).
  static func signedArea(_ points: [Vec2]) -> Float {
    guard let last = points.last else { return 0 }
    var area: Float = 0
    var previous = last
    for point in points {
      area += Vec2.cross(previous, point)
      previous = point
    }
    return area / 2
  }

  /// The polygons of a path of lines (one per closed contour).
  static func polygons(_ path: RawPath) -> [[Vec2]] {
    var result: [[Vec2]] = []
    var index = 0
    for verb in path.verbs {
      switch verb {
      case .move: result.append([path.points[index]])
      case .line: result[result.count - 1].append(path.points[index])
      case .cubic, .close: break
      }
      index += verb.pointCount
    }
    return result
  }

  @Test("one rectangle is one clockwise contour starting at its top right corner")
  func oneRectangle() {
    let union = Self.union([Rect(minX: 0, minY: 0, maxX: 10, maxY: 5)])
    let path = union.path(cornerRadius: 0)
    #expect(path.verbs == [.move, .line, .line, .line, .close])
    #expect(path.points == [Vec2(10, 0), Vec2(10, 5), Vec2(0, 5), Vec2(0, 0)])
  }

  @Test("a rectangle that continues the last on its row extends it")
  func rowsMerge() {
    let union = Self.union([
      Rect(minX: 0, minY: 0, maxX: 4, maxY: 10), Rect(minX: 4, minY: 0, maxX: 9, maxY: 10),
      Rect(minX: 9, minY: 1, maxX: 12, maxY: 10),
    ])
    #expect(
      union.rects == [
        Rect(minX: 0, minY: 0, maxX: 9, maxY: 10), Rect(minX: 9, minY: 1, maxX: 12, maxY: 10),
      ])
  }

  @Test("two lines of different widths join into one stepped contour")
  func steppedLines() {
    let union = Self.union([
      Rect(minX: 0, minY: 0, maxX: 84, maxY: 15), Rect(minX: 0, minY: 15, maxX: 72, maxY: 30),
      Rect(minX: 0, minY: 30, maxX: 120, maxY: 45),
    ])
    let contours = union.contours()
    #expect(contours.count == 1)
    #expect(contours.first?.count == 8)
    let area = Self.polygons(union.path(cornerRadius: 0)).map(Self.signedArea).reduce(0, +)
    #expect(area == Float(84 * 15 + 72 * 15 + 120 * 15))
  }

  @Test("disjoint rectangles give separate contours; a ring gives a hole wound the other way")
  func holes() {
    let apart = Self.union([
      Rect(minX: 0, minY: 0, maxX: 2, maxY: 2), Rect(minX: 5, minY: 0, maxX: 7, maxY: 2),
    ])
    #expect(apart.contours().count == 2)
    let ring = Self.union([
      Rect(minX: 0, minY: 0, maxX: 9, maxY: 3), Rect(minX: 0, minY: 3, maxX: 3, maxY: 6),
      Rect(minX: 6, minY: 3, maxX: 9, maxY: 6), Rect(minX: 0, minY: 6, maxX: 9, maxY: 9),
    ])
    let areas = Self.polygons(ring.path(cornerRadius: 0)).map(Self.signedArea)
    #expect(areas.sorted() == [-9, 81])
  }

  @Test("seeded random unions: every cell is inside the outline exactly when a rectangle covers it")
  func randomUnions() {
    var random = SeededGenerator(seed: 0x5EED_0BAC)
    var checked = 0
    for _ in 0..<200 {
      var rects: [Rect] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let x = Float(Int.random(in: 0...8, using: &random))
        let y = Float(Int.random(in: 0...8, using: &random))
        rects.append(
          Rect(
            minX: x, minY: y, maxX: x + Float(Int.random(in: 1...5, using: &random)),
            maxY: y + Float(Int.random(in: 1...5, using: &random))))
      }
      // Boxes touching only at a corner (a pinch) are walked as one contour through the
      // pinch, as the runtime walks them; the union property holds everywhere else.
      guard !Self.hasPinch(rects) else { continue }
      checked += 1
      let union = Self.union(rects)
      let polygons = Self.polygons(union.path(cornerRadius: 0))
      var covered = 0
      for cx in 0..<14 {
        for cy in 0..<14 {
          let center = Vec2(Float(cx) + 0.5, Float(cy) + 0.5)
          let inRect = rects.contains {
            center.x > $0.minX && center.x < $0.maxX && center.y > $0.minY && center.y < $0.maxY
          }
          // Winding: each contour that contains the point adds its orientation.
          let winding = polygons.reduce(0) { sum, polygon in
            RectangleUnion.contains(polygon, center)
              ? sum + (Self.signedArea(polygon) > 0 ? 1 : -1)
              : sum
          }
          #expect(winding == (inRect ? 1 : 0), "cell \(cx),\(cy) of \(rects)")
          if inRect { covered += 1 }
        }
      }
      #expect(polygons.map(Self.signedArea).reduce(0, +) == Float(covered), "\(rects)")
    }
    // Most seeds have no pinch: the property is checked on many unions.
    #expect(checked > 120)
  }

  static func hasPinch(_ rects: [Rect]) -> Bool {
    func covered(_ x: Int, _ y: Int) -> Bool {
      let center = Vec2(Float(x) + 0.5, Float(y) + 0.5)
      return rects.contains {
        center.x > $0.minX && center.x < $0.maxX && center.y > $0.minY && center.y < $0.maxY
      }
    }
    for x in -1..<14 {
      for y in -1..<14 {
        let a = covered(x, y)
        let b = covered(x + 1, y)
        let c = covered(x, y + 1)
        let d = covered(x + 1, y + 1)
        if a == d && b == c && a != b { return true }
      }
    }
    return false
  }

  @Test("rounded corners take at most half of either edge beside them")
  func roundedCorners() {
    let union = Self.union([Rect(minX: 0, minY: 0, maxX: 10, maxY: 4)])
    let path = union.path(cornerRadius: 5)
    #expect(path.verbs.first == .move)
    #expect(path.verbs.last == .close)
    #expect(path.verbs.filter { $0 == .cubic }.count == 4)
    // The first corner is (10, 0), entered from the left edge: 2 (half the 4-high side) away.
    #expect(path.points.first == Vec2(8, 0))
    let bounds = path.bounds()
    #expect(bounds.minX == 0 && bounds.minY == 0 && bounds.maxX == 10 && bounds.maxY == 4)
  }

  @Test("rectangles with a coordinate that is not finite are left out")
  func notFinite() {
    let union = Self.union([
      Rect(minX: .nan, minY: 0, maxX: 1, maxY: 1), Rect(minX: 0, minY: 0, maxX: .infinity, maxY: 1),
    ])
    #expect(union.isEmpty)
    #expect(union.path(cornerRadius: 3).isEmpty)
  }
}
