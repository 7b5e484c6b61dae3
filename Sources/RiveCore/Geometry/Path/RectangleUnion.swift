/// The outline of a union of axis-aligned rectangles: rectilinear contours, outer ones wound
/// clockwise and holes counter-clockwise, optionally with rounded corners. Text style
/// backgrounds are drawn with it (the glyph boxes of a style joined into one shape).
///
/// The contours come out as the runtime's `RectanglesToContour` gives them, vertex for
/// vertex, with one choice made where the runtime leaves it to its standard library: a
/// contour starts at the smallest remaining corner (by x, then y), as in the runtime's own
/// test build, rather than at the first corner of a hash map.
struct RectangleUnion: Sendable {
  struct Rect: Sendable, Equatable {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
  }

  private(set) var rects: [Rect] = []

  init() {}

  var isEmpty: Bool { rects.isEmpty }

  mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

  /// Adds a rectangle; one that continues the last on the same row (same top and bottom,
  /// starting where it ends) extends it instead. Rectangles with a coordinate that is not
  /// finite are left out.
  mutating func add(_ rect: Rect) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      return
    }
    if let last = rects.last, last.minY == rect.minY, last.maxY == rect.maxY,
      last.maxX == rect.minX
    {
      rects[rects.count - 1].maxX = rect.maxX
      return
    }
    rects.append(rect)
  }

  /// The union as a path: each contour (with its corners rounded by `cornerRadius` when it is
  /// positive) wound clockwise when an even number of other contours enclose it, and closed.
  func path(cornerRadius: Float) -> RawPath {
    var path = RawPath()
    let contours = self.contours()
    for (i, contour) in contours.enumerated() where contour.count >= 2 {
      var depth = 0
      for (j, other) in contours.enumerated() where j != i {
        if RectangleUnion.contains(other, contour[0]) { depth += 1 }
      }
      let clockwise = depth % 2 == 0
      let points =
        RectangleUnion.isClockwise(contour) == clockwise ? contour : contour.reversed()
      RectangleUnion.addRounded(points, radius: cornerRadius, to: &path)
    }
    return path
  }

  /// The union's rectilinear contours (corner points, alternating vertical and horizontal
  /// edges, the first edge vertical).
  func contours() -> [[Vec2]] {
    let slabs = self.slabs()
    // Corners shared by an even number of slabs are inside an edge or the union: they go.
    var corners: Set<Vec2> = []
    for slab in slabs {
      for corner in [
        Vec2(slab.minX, slab.minY), Vec2(slab.maxX, slab.minY), Vec2(slab.maxX, slab.maxY),
        Vec2(slab.minX, slab.maxY),
      ] where corners.remove(corner) == nil {
        corners.insert(corner)
      }
    }
    // Along each row the corners pair up into horizontal edges, along each column into
    // vertical ones.
    let byRow = corners.sorted { $0.y < $1.y || ($0.y == $1.y && $0.x < $1.x) }
    let byColumn = corners.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
    var horizontal: [Vec2: Vec2] = [:]
    var vertical: [Vec2: Vec2] = [:]
    for pair in stride(from: 0, to: byRow.count - 1, by: 2) {
      horizontal[byRow[pair]] = byRow[pair + 1]
      horizontal[byRow[pair + 1]] = byRow[pair]
    }
    for pair in stride(from: 0, to: byColumn.count - 1, by: 2) {
      vertical[byColumn[pair]] = byColumn[pair + 1]
      vertical[byColumn[pair + 1]] = byColumn[pair]
    }
    // Walk the edges, vertical then horizontal, from the smallest corner left.
    var contours: [[Vec2]] = []
    var nextStart = 0
    while true {
      while nextStart < byColumn.count && horizontal[byColumn[nextStart]] == nil {
        nextStart += 1
      }
      guard nextStart < byColumn.count else { break }
      let start = byColumn[nextStart]
      horizontal[start] = nil
      var contour = [start]
      var current = start
      var alongVertical = true
      while true {
        let next: Vec2?
        if alongVertical {
          next = vertical.removeValue(forKey: current)
        } else {
          next = horizontal.removeValue(forKey: current)
        }
        guard let next else { break }
        // Back at the start along a horizontal edge: the contour is closed.
        if next == start && !alongVertical { break }
        contour.append(next)
        current = next
        alongVertical.toggle()
      }
      for corner in contour {
        horizontal[corner] = nil
        vertical[corner] = nil
      }
      contours.append(contour)
    }
    return contours
  }

  /// The union cut into vertical slabs: between each two neighbouring rectangle edges in x,
  /// one rectangle per run of overlapping or touching rectangles in y.
  func slabs() -> [Rect] {
    guard !rects.isEmpty else { return [] }
    struct Edge {
      var x: Float
      var y: Float
      var opens: Bool
      var rect: Int
    }
    var columns: [Edge] = []
    columns.reserveCapacity(rects.count * 2)
    for (index, rect) in rects.enumerated() {
      columns.append(Edge(x: rect.minX, y: rect.minY, opens: true, rect: index))
      columns.append(Edge(x: rect.maxX, y: rect.maxY, opens: false, rect: index))
    }
    var rows = columns
    // Ties keep a fixed order (x or y, then the other, then the rectangle and its edge).
    columns = columns.enumerated().sorted {
      ($0.element.x, $0.element.y, $0.offset) < ($1.element.x, $1.element.y, $1.offset)
    }.map(\.element)
    rows = rows.enumerated().sorted {
      ($0.element.y, $0.element.x, $0.offset) < ($1.element.y, $1.element.x, $1.offset)
    }.map(\.element)

    var included = [Bool](repeating: false, count: rects.count)
    var slabs: [Rect] = []
    for i in 0..<(columns.count - 1) {
      included[columns[i].rect] = columns[i].opens
      let left = columns[i].x
      let right = columns[i + 1].x
      guard right != left else { continue }
      var open = 0
      var top: Float = 0
      let active = rows.filter { included[$0.rect] }
      for (j, edge) in active.enumerated() {
        if edge.opens {
          open += 1
          if open == 1 { top = edge.y }
          continue
        }
        open -= 1
        // A run ends at a bottom edge unless another rectangle continues it from there.
        if j + 1 == active.count || (open == 0 && active[j + 1].y != edge.y) {
          slabs.append(Rect(minX: left, minY: top, maxX: right, maxY: edge.y))
        }
      }
    }
    return slabs
  }

  /// Whether `point` is inside the closed polygon `contour` (crossing number).
  static func contains(_ contour: [Vec2], _ point: Vec2) -> Bool {
    guard contour.count >= 3 else { return false }
    var inside = false
    var j = contour.count - 1
    for i in contour.indices {
      let a = contour[i]
      let b = contour[j]
      if (a.y > point.y) != (b.y > point.y)
        && point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
      {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  /// Whether a polygon winds clockwise (y down): a signed area of 0 or more.
  static func isClockwise(_ contour: [Vec2]) -> Bool {
    guard let last = contour.last else { return true }
    var area: Float = 0
    var previous = last
    for point in contour {
      area += Vec2.cross(previous, point)
      previous = point
    }
    return area * 0.5 >= 0
  }

  /// Appends a closed polygon, each corner rounded with `radius` (at most half of either
  /// edge beside it) when `radius` is positive.
  static func addRounded(_ points: [Vec2], radius: Float, to path: inout RawPath) {
    let count = points.count
    guard count >= 2 else { return }
    for i in 0..<count {
      let corner = points[i]
      guard radius > 0 else {
        if i == 0 { path.move(corner) } else { path.line(corner) }
        continue
      }
      var toPrevious = points[(i + count - 1) % count] - corner
      let previousLength = toPrevious.normalizeLength()
      var toNext = points[(i + 1) % count] - corner
      let nextLength = toNext.normalizeLength()
      let rounding = min(previousLength / 2, min(nextLength / 2, radius))
      let control = PathBuilder.idealControlPointDistance(toPrevious, toNext, rounding)
      let entry = Vec2.scaleAndAdd(corner, toPrevious, rounding)
      if i == 0 { path.move(entry) } else { path.line(entry) }
      path.cubic(
        Vec2.scaleAndAdd(corner, toPrevious, rounding - control),
        Vec2.scaleAndAdd(corner, toNext, rounding - control),
        Vec2.scaleAndAdd(corner, toNext, rounding))
    }
    path.close()
  }
}
