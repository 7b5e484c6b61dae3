import Foundation
import RiveFormat

/// The length of one contour of a path, split into the same line segments the runtime uses (so
/// trimming, dashing and following a path cut curves at the same parameters).
struct ContourMeasure: Sendable {
  struct Segment: Sendable {
    /// Distance from the contour's start to this segment's end.
    var distance: Float
    /// Index of the first point of the line or cubic this segment belongs to.
    var pointIndex: Int
    /// The curve parameter at the segment's end in 30-bit fixed point.
    var tValue: UInt32
    var isCubic: Bool

    var t: Float { Float(tValue) * ContourMeasure.inverseScale }
  }

  static let maxDot30: UInt32 = (1 << 30) - 1
  static let inverseScale: Float = 1 / Float(maxDot30)
  static let epsilon: Float = 1 / Float(1 << 12)

  var segments: [Segment]
  var points: [Vec2]
  var length: Float
  var isClosed: Bool

  /// The first segment whose distance reaches `distance` (skipping zero-length leaders).
  func findSegment(_ distance: Float) -> Int {
    var low = 0
    var high = segments.count
    while low < high {
      let mid = (low + high) / 2
      if segments[mid].distance < distance { low = mid + 1 } else { high = mid }
    }
    while low < segments.count - 1, segments[low].distance == 0 { low += 1 }
    return min(low, segments.count - 1)
  }

  /// The position and unit tangent at `distance` along the contour.
  func posTan(_ distance: Float) -> (pos: Vec2, tan: Vec2) {
    let d = max(0, min(distance, length))
    let i = findSegment(d)
    let seg = segments[i]
    let currentD = seg.distance
    let previousD = i > 0 ? segments[i - 1].distance : 0
    let relD = (d - previousD) / (currentD - previousD)
    if !seg.isCubic {
      let p0 = points[seg.pointIndex]
      let p1 = points[seg.pointIndex + 1]
      return (Vec2.lerp(p0, p1, relD), normalized(p1 - p0))
    }
    var previousT: Float = 0
    if i > 0, segments[i - 1].pointIndex == seg.pointIndex { previousT = segments[i - 1].t }
    let t = lerp(previousT, seg.t, relD)
    return evalCubic(seg.pointIndex, t)
  }

  private func evalCubic(_ index: Int, _ t: Float) -> (pos: Vec2, tan: Vec2) {
    let p0 = points[index]
    let p1 = points[index + 1]
    let p2 = points[index + 2]
    let p3 = points[index + 3]
    if t == 0 {
      return (p0, (p0 != p1 ? p1 : p1 != p2 ? p2 : p3) - p0)
    }
    if t == 1 {
      return (p3, p3 - (p3 != p2 ? p2 : p2 != p1 ? p1 : p0))
    }
    let eval = CubicEvaluator(p0, p1, p2, p3)
    let a = eval.a * 3
    let b = eval.b + eval.b
    let c = eval.c
    return (eval(t), normalized((a * t + b) * t + c))
  }

  /// The curve parameter for `distance` within segment `index`.
  private func computeT(_ index: Int, _ distance: Float) -> Float {
    let seg = segments[index]
    var previousDistance: Float = 0
    var previousT: Float = 0
    if index > 0 {
      let prev = segments[index - 1]
      previousDistance = prev.distance
      if prev.pointIndex == seg.pointIndex { previousT = prev.t }
    }
    let ratio = (distance - previousDistance) / (seg.distance - previousDistance)
    let t = lerp(previousT, seg.t, ratio)
    return max(previousT, min(t, seg.t))
  }

  /// Appends the part of the contour between the two distances to `path`.
  func getSegment(
    _ startDistance: Float, _ endDistance: Float, into path: inout RawPath, startWithMove: Bool
  ) {
    let startD = max(0, startDistance)
    let endD = min(length, endDistance)
    guard startD < endD, !segments.isEmpty else { return }
    var startIndex = findSegment(startD)
    let endIndex = findSegment(endD)
    var start = segments[startIndex]
    let end = segments[endIndex]
    var startT = computeT(startIndex, startD)
    let endT = computeT(endIndex, endD)
    if 1 - startT < ContourMeasure.epsilon && startIndex < endIndex {
      startIndex += 1
      start = segments[startIndex]
      startT = 0
    }
    if start.pointIndex == end.pointIndex {
      extract(start, from: startT, to: endT, into: &path, moveTo: startWithMove)
    } else {
      extract(start, from: startT, to: 1, into: &path, moveTo: startWithMove)
      var index = nextSegmentBeginning(startIndex)
      while index < segments.count, segments[index].pointIndex != end.pointIndex {
        let seg = segments[index]
        if seg.isCubic {
          path.cubic(
            points[seg.pointIndex + 1], points[seg.pointIndex + 2], points[seg.pointIndex + 3])
        } else {
          path.line(points[seg.pointIndex + 1])
        }
        index = nextSegmentBeginning(index)
      }
      extract(end, from: 0, to: endT, into: &path, moveTo: false)
    }
  }

  private func nextSegmentBeginning(_ index: Int) -> Int {
    let start = segments[index].pointIndex
    var i = index + 1
    while i < segments.count, segments[i].pointIndex == start { i += 1 }
    return i
  }

  private func extract(
    _ seg: Segment, from startT: Float, to endT: Float, into path: inout RawPath, moveTo: Bool
  ) {
    let i = seg.pointIndex
    if !seg.isCubic {
      let a = lerp(points[i], points[i + 1], startT)
      let b = lerp(points[i], points[i + 1], endT)
      if moveTo { path.move(a) }
      path.line(b)
      return
    }
    let src = (points[i], points[i + 1], points[i + 2], points[i + 3])
    let out: (Vec2, Vec2, Vec2, Vec2)
    if startT == 0 && endT == 1 {
      out = src
    } else if startT == 0 {
      let s = subdivide(src, endT)
      out = (s.0, s.1, s.2, s.3)
    } else if endT == 1 {
      let s = subdivide(src, startT)
      out = (s.3, s.4, s.5, s.6)
    } else {
      let s = subdivide(src, endT)
      let s2 = subdivide((s.0, s.1, s.2, s.3), startT / endT)
      out = (s2.3, s2.4, s2.5, s2.6)
    }
    if moveTo { path.move(out.0) }
    path.cubic(out.1, out.2, out.3)
  }

  private func subdivide(_ src: (Vec2, Vec2, Vec2, Vec2), _ t: Float) -> (
    Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2
  ) {
    let ab = lerp(src.0, src.1, t)
    let bc = lerp(src.1, src.2, t)
    let cd = lerp(src.2, src.3, t)
    let abc = lerp(ab, bc, t)
    let bcd = lerp(bc, cd, t)
    return (src.0, ab, abc, lerp(abc, bcd, t), bcd, cd, src.3)
  }

  // MARK: - Measuring

  /// The measurable contours of `path` (zero-length ones are skipped), with the runtime's
  /// default tolerance of half a unit.
  static func contours(of path: RawPath, tolerance: Float = 0.5) -> [ContourMeasure] {
    var result: [ContourMeasure] = []
    measure(path, tolerance: tolerance, into: &result)
    return result
  }

  /// Measures `path` into `result`, reusing the storage of the contours already there (a path
  /// animated every frame is measured again without allocating once the arrays are sized).
  static func measure(_ path: RawPath, tolerance: Float = 0.5, into result: inout [ContourMeasure])
  {
    let inverseTolerance = 1 / max(tolerance, 1.0 / 16)
    var made = 0
    let verbs = path.verbs
    let points = path.points
    var verbIndex = 0
    var pointIndex = 0
    while verbIndex < verbs.count {
      // Advance to the first line or curve, remembering the last move point.
      var p0 = Vec2.zero
      var found = false
      while verbIndex < verbs.count {
        let verb = verbs[verbIndex]
        if verb == .move {
          p0 = points[pointIndex]
        } else if verb != .close {
          found = true
          break
        }
        pointIndex += verb.pointCount
        verbIndex += 1
      }
      guard found else { break }
      // Find the contour's end (a cubic's segment count is worked out where it is emitted).
      var endVerb = verbIndex
      var endPoint = pointIndex
      var isClosed = false
      while endVerb < verbs.count, verbs[endVerb] != .move {
        if verbs[endVerb] == .close { isClosed = true }
        endPoint += verbs[endVerb].pointCount
        endVerb += 1
      }
      // Emit the segments, into the arrays of the contour measured here last time if any.
      var segments: [Segment] = []
      var contourPoints: [Vec2] = []
      if made < result.count {
        swap(&segments, &result[made].segments)
        swap(&contourPoints, &result[made].points)
        segments.removeAll(keepingCapacity: true)
        contourPoints.removeAll(keepingCapacity: true)
      }
      contourPoints.append(points[pointIndex - 1])
      var distance: Float = 0
      var local = 0
      var duplicateP0 = false
      var p = pointIndex
      for v in verbIndex..<endVerb {
        switch verbs[v] {
        case .line:
          let a = points[p - 1]
          let b = points[p]
          let d = b - a
          if d.x * d.x + d.y * d.y > 0 {
            distance += d.length
            segments.append(
              Segment(distance: distance, pointIndex: local, tValue: maxDot30, isCubic: false))
          }
          contourPoints.append(b)
          local += 1
        case .cubic:
          let c0 = points[p - 1]
          let c1 = points[p]
          let c2 = points[p + 1]
          let c3 = points[p + 2]
          let n = wangSegmentCount(c0, c1, c2, c3, precision: inverseTolerance)
          if n > 0 {
            let dt = 1 / Float(n)
            let eval = CubicEvaluator(c0, c1, c2, c3)
            var t = dt
            var prev = c0
            for _ in 1..<n {
              let next = eval(t)
              distance += (next - prev).length
              segments.append(
                Segment(
                  distance: distance, pointIndex: local,
                  tValue: UInt32(min(t, 0.999_999_9) * Float(1 << 30)),
                  isCubic: true))
              prev = next
              t += dt
            }
            distance += (c3 - prev).length
            segments.append(
              Segment(distance: distance, pointIndex: local, tValue: maxDot30, isCubic: true))
          }
          contourPoints.append(c1)
          contourPoints.append(c2)
          contourPoints.append(c3)
          local += 3
        case .close:
          let before = points[p - 1]
          if before != p0 {
            distance += (p0 - before).length
            segments.append(
              Segment(distance: distance, pointIndex: local, tValue: maxDot30, isCubic: false))
            local += 1
            duplicateP0 = true
          }
        case .move:
          break
        }
        p += verbs[v].pointCount
      }
      if duplicateP0 { contourPoints.append(p0) }
      verbIndex = endVerb
      pointIndex = endPoint
      if distance > 0 && contourPoints.count >= 2 && !segments.isEmpty {
        let contour = ContourMeasure(
          segments: segments, points: contourPoints, length: distance, isClosed: isClosed)
        if made < result.count {
          result[made] = contour
        } else {
          result.append(contour)
        }
        made += 1
      } else if made < result.count {
        // Skipped: the arrays go back to the slot for the next contour.
        swap(&segments, &result[made].segments)
        swap(&contourPoints, &result[made].points)
      }
    }
    if made < result.count { result.removeLast(result.count - made) }
  }

  /// Wang's formula: how many line segments approximate a cubic within the tolerance (at most
  /// 100).
  static func wangSegmentCount(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, precision: Float)
    -> Int
  {
    let v0 = Vec2(-2 * p1.x + p0.x + p2.x, -2 * p1.y + p0.y + p2.y)
    let v1 = Vec2(-2 * p2.x + p1.x + p3.x, -2 * p2.y + p1.y + p3.y)
    let pow4 =
      max(v0.x * v0.x + v0.y * v0.y, v1.x * v1.x + v1.y * v1.y)
      * ((9.0 * 4.0 / 64.0) * (precision * precision))
    let value = ceilf(ceilf(pow4.squareRoot().squareRoot()))
    // Non-finite values convert to 0 as the runtime's float-to-int cast does on this platform.
    guard value.isFinite, value > 0 else { return 0 }
    return Int(min(value, 100))
  }
}

/// A cubic in polynomial form: at³ + bt² + ct + d.
struct CubicEvaluator {
  let a: Vec2
  let b: Vec2
  let c: Vec2
  let d: Vec2

  init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) {
    a = p3 + (p1 - p2) * 3 - p0
    b = (p2 - (p1 + p1) + p0) * 3
    c = (p1 - p0) * 3
    d = p0
  }

  func callAsFunction(_ t: Float) -> Vec2 { ((a * t + b) * t + c) * t + d }
}

/// `a·(1 − t) + b·t`, the runtime's generic interpolation.
@inline(__always)
func lerp(_ a: Float, _ b: Float, _ t: Float) -> Float { a * (1 - t) + b * t }

@inline(__always)
func lerp(_ a: Vec2, _ b: Vec2, _ t: Float) -> Vec2 { a * (1 - t) + b * t }

/// The vector scaled to unit length by multiplying with the inverse square root (unchanged when
/// zero).
@inline(__always)
func normalized(_ v: Vec2) -> Vec2 {
  let length2 = v.x * v.x + v.y * v.y
  return length2 > 0 ? v * (1 / length2.squareRoot()) : v
}

/// Whole-path measuring across contours, as follow-path constraints and dashes use it.
struct PathMeasure: Sendable {
  var contours: [ContourMeasure] = []
  var length: Float = 0

  init() {}

  init(_ path: RawPath, tolerance: Float = 0.5) {
    remeasure(path, tolerance: tolerance)
  }

  /// A measure of contours already measured.
  init(contours: [ContourMeasure]) {
    self.contours = contours
    length = contours.reduce(0) { $0 + $1.length }
  }

  /// Measures `path` again, reusing this measure's storage.
  mutating func remeasure(_ path: RawPath, tolerance: Float = 0.5) {
    ContourMeasure.measure(path, tolerance: tolerance, into: &contours)
    length = contours.reduce(0) { $0 + $1.length }
  }

  var isClosed: Bool { contours.count == 1 && contours[0].isClosed }

  func atDistance(_ distance: Float) -> (pos: Vec2, tan: Vec2)? {
    var current = distance
    for contour in contours {
      if current - contour.length <= 0 { return contour.posTan(current) }
      current -= contour.length
    }
    return nil
  }

  func atPercentage(_ percentage: Float) -> (pos: Vec2, tan: Vec2)? {
    var inRange = fmodf(percentage, 1)
    if inRange < 0 { inRange += 1 }
    if percentage != 0 && inRange == 0 { inRange = 1 }
    return atDistance(length * inRange)
  }

  /// Where a walk along the contours got to: contour `index` starts at distance `start` (the
  /// sum of the lengths before it, added in order).
  struct Cursor: Sendable {
    var index = 0
    var start: Float = 0
  }

  func getSegment(
    _ startDistance: Float, _ endDistance: Float, into path: inout RawPath, startWithMove: Bool
  ) {
    var cursor = Cursor()
    getSegment(
      startDistance, endDistance, into: &path, startWithMove: startWithMove, cursor: &cursor)
  }

  /// The part of the path from `startDistance` to `endDistance`, its walk along the contours
  /// starting at `cursor` when the part starts at or past it, and leaving `cursor` at the first
  /// contour the part touches.
  ///
  /// A dash asks for thousands of parts at increasing distances; walking from the first
  /// contour each time was quadratic in a path of many contours (a dash of a dashed path).
  /// Every contour before the cursor ends at or before the cursor's start, so none of them
  /// touches a part starting there or later, and the distances are the same sums in the same
  /// order as from the first contour.
  func getSegment(
    _ startDistance: Float, _ endDistance: Float, into path: inout RawPath, startWithMove: Bool,
    cursor: inout Cursor
  ) {
    guard !contours.isEmpty else { return }
    let start = max(0, min(startDistance, length))
    let end = max(0, min(endDistance, length))
    guard start < end else { return }
    if cursor.index >= contours.count || cursor.start > start { cursor = Cursor() }
    var current = cursor.start
    var isFirst = true
    var index = cursor.index
    while index < contours.count {
      let contour = contours[index]
      let contourStart = current
      let contourEnd = current + contour.length
      if contourEnd > start && contourStart < end {
        if isFirst { cursor = Cursor(index: index, start: contourStart) }
        let localStart = max(0, start - contourStart)
        let localEnd = min(contour.length, end - contourStart)
        contour.getSegment(
          localStart, localEnd, into: &path, startWithMove: !isFirst || startWithMove)
        isFirst = false
      }
      current += contour.length
      index += 1
      if current >= end { break }
    }
  }
}
