import Foundation
import RiveFormat

/// Tests whether paths cover any pixel of a small integer area, the way the official runtime
/// hit-tests shapes: every edge adds its winding (+1 down, -1 up) to the cell where it crosses
/// each row's centre, edges left of the area count in its first column and edges right of it
/// not at all, and the area is hit when any cell's winding delta is non-zero (even-odd: odd).
///
/// Cubics are flattened into line segments (about `sqrt(3 × curvature)` of them, at most 256),
/// split in halves while more than 16 are needed and skipped when they lie wholly above or
/// below the area.
struct AreaHitTester {
  private var deltas: [Int32]
  private let width: Int
  private let height: Int
  private let origin: Vec2
  private var first = Vec2.zero
  private var previous = Vec2.zero
  private var expectsMove = true

  /// The largest area side; bigger areas are clamped (hit areas are 4 × 4).
  static let maximumSide = 64

  /// An empty tester for the area `left ..< right`, `top ..< bottom` (integer pixels).
  init(left: Int, top: Int, right: Int, bottom: Int) {
    width = max(0, min(right - left, AreaHitTester.maximumSide))
    height = max(0, min(bottom - top, AreaHitTester.maximumSide))
    origin = Vec2(Float(left), Float(top))
    deltas = [Int32](repeating: 0, count: width * height)
  }

  /// The area `radius` around `point`, each side rounded as the runtime rounds (half up); nil
  /// when the point is not finite or too far out to round to an integer.
  init?(around point: Vec2, radius: Float) {
    let limit: Float = 1e8
    guard point.x.isFinite, point.y.isFinite, abs(point.x) < limit, abs(point.y) < limit else {
      return nil
    }
    func round(_ value: Float) -> Int { Int((value + 0.5).rounded(.down)) }
    self.init(
      left: round(point.x - radius), top: round(point.y - radius),
      right: round(point.x + radius), bottom: round(point.y + radius))
  }

  mutating func move(_ point: Vec2) {
    if !expectsMove { close() }
    first = point - origin
    previous = first
    expectsMove = false
  }

  mutating func line(_ point: Vec2) {
    if expectsMove { move(previous + origin) }
    let p = point - origin
    addEdge(previous, p)
    previous = p
  }

  mutating func cubic(_ control1: Vec2, _ control2: Vec2, _ end: Vec2) {
    if expectsMove { move(previous + origin) }
    let b = control1 - origin
    let c = control2 - origin
    let d = end - origin
    if rejects(previous, b, c, d) {
      previous = d
      return
    }
    cubic(b, c, d, segments: AreaHitTester.segmentCount(previous, b, c, d), depth: 0)
  }

  mutating func close() {
    guard !expectsMove else { return }
    addEdge(previous, first)
    expectsMove = true
  }

  /// Adds `path`'s contours mapped by `transform`.
  mutating func add(_ path: RawPath, transform: Transform2D) {
    var index = 0
    let points = path.points
    for verb in path.verbs {
      switch verb {
      case .move:
        guard index < points.count else { return }
        move(transform.map(points[index]))
      case .line:
        guard index < points.count else { return }
        line(transform.map(points[index]))
      case .cubic:
        guard index + 2 < points.count else { return }
        cubic(
          transform.map(points[index]), transform.map(points[index + 1]),
          transform.map(points[index + 2]))
      case .close:
        close()
      }
      index += verb.pointCount
    }
  }

  /// Whether the paths added so far cover the area under `rule` (an open contour is closed
  /// first).
  mutating func wasHit(rule: FillRule = .nonZero) -> Bool {
    if !expectsMove { close() }
    let mask: Int32 = rule == .evenOdd ? 1 : -1
    var any: Int32 = 0
    for delta in deltas { any |= delta & mask }
    return any != 0
  }

  // MARK: - Edges

  private static func round(_ value: Float) -> Int { Int((value + 0.5).rounded(.down)) }

  private mutating func addEdge(_ start: Vec2, _ end: Vec2) {
    guard start.y != end.y, width > 0, height > 0 else { return }
    var p0 = start
    var p1 = end
    var winding: Int32 = 1
    if p0.y > p1.y {
      winding = -1
      swap(&p0, &p1)
    }
    let h = Float(height)
    // NaN coordinates fail these tests and add nothing.
    guard p1.y > 0, p0.y < h, p0.x.isFinite, p1.x.isFinite else { return }
    let slope = (p1.x - p0.x) / (p1.y - p0.y)
    guard slope.isFinite else { return }
    if p0.y < 0 {
      p0.x += slope * (0 - p0.y)
      p0.y = 0
    }
    if p1.y > h {
      p1.x += slope * (h - p1.y)
      p1.y = h
    }
    let top = AreaHitTester.round(p0.y)
    let bottom = AreaHitTester.round(p1.y)
    guard top < bottom, top >= 0, bottom <= height else { return }
    // Pre-rounded column position at each row's centre.
    var x = p0.x + slope * (Float(top) - p0.y + 0.5) + 0.5
    for row in top..<bottom {
      let clamped = max(x, 0)
      if clamped < Float(width) {
        deltas[row * width + Int(clamped)] += winding
      }
      x += slope
    }
  }

  // MARK: - Cubics

  private func rejects(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2) -> Bool {
    let h = Float(height)
    return (a.y <= 0 && b.y <= 0 && c.y <= 0 && d.y <= 0)
      || (a.y >= h && b.y >= h && c.y >= h && d.y >= h)
  }

  static func segmentCount(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2) -> Int {
    let abc = a - b - b + c
    let bcd = b - c - c + d
    let dx = max(abs(abc.x), abs(bcd.x))
    let dy = max(abs(abc.y), abs(bcd.y))
    let count = (3 * (dx * dx + dy * dy).squareRoot()).squareRoot().rounded(.up)
    guard count.isFinite else { return 256 }
    return max(1, min(Int(min(count, 256)), 256))
  }

  private mutating func cubic(_ b: Vec2, _ c: Vec2, _ d: Vec2, segments: Int, depth: Int) {
    if rejects(previous, b, c, d) {
      previous = d
      return
    }
    if segments > 16, depth < 16 {
      let a = previous
      let ab = Vec2.lerp(a, b, 0.5)
      let bc = Vec2.lerp(b, c, 0.5)
      let cd = Vec2.lerp(c, d, 0.5)
      let abc = Vec2.lerp(ab, bc, 0.5)
      let bcd = Vec2.lerp(bc, cd, 0.5)
      let middle = Vec2.lerp(abc, bcd, 0.5)
      let half = (segments + 1) >> 1
      cubic(ab, abc, middle, segments: half, depth: depth + 1)
      cubic(bcd, cd, d, segments: half, depth: depth + 1)
      return
    }
    // Power-basis coefficients: ((A t + B) t + C) t + D.
    let a = previous
    let coefficientA = (d - a) + (b - c) * 3
    let coefficientB = ((c - b) + (a - b)) * 3
    let coefficientC = (b - a) * 3
    let step = 1 / Float(segments)
    var t = step
    var last = a
    var index = 1
    while index < segments - 1 {
      let next = ((coefficientA * t + coefficientB) * t + coefficientC) * t + a
      addEdge(last, next)
      last = next
      t += step
      index += 1
    }
    addEdge(last, d)
    previous = d
  }
}
