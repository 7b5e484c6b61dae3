import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// A path measure's parts along many contours, as a dash asks for them.
@Suite("Path measure")
struct PathMeasureTests {
  /// `count` short contours of lines and cubics, some closed, from a seeded generator.
  private func manyContours(_ count: Int, seed: UInt64) -> RawPath {
    var random = SeededGenerator(seed: seed)
    func point() -> Vec2 {
      Vec2(
        Float.random(in: -200...200, using: &random),
        Float.random(in: -200...200, using: &random))
    }
    var path = RawPath()
    for _ in 0..<count {
      path.move(point())
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        if Bool.random(using: &random) {
          path.line(point())
        } else {
          path.cubic(point(), point(), point())
        }
      }
      if Bool.random(using: &random) { path.close() }
    }
    return path
  }

  /// The verbs and the points' bit patterns, compared exactly.
  private func exact(_ path: RawPath) -> [UInt32] {
    path.verbs.map { UInt32($0.rawValue) }
      + path.points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
  }

  @Test("parts walked on from a cursor equal parts walked from the first contour")
  func cursorWalkMatchesFullWalk() {
    let measure = PathMeasure(manyContours(300, seed: 17))
    #expect(measure.contours.count == 300)
    var random = SeededGenerator(seed: 18)
    var cursor = PathMeasure.Cursor()
    var distance: Float = 0
    var furthestIndex = 0
    for step in 0..<2_000 {
      // Mostly onwards, as a dash goes; now and then back to the start, as a dash wraps.
      if Int.random(in: 0..<50, using: &random) == 0 { distance = 0 }
      let length = Float.random(in: 0...(measure.length / 40), using: &random)
      let start = distance
      let end = distance + length
      var walked = RawPath()
      measure.getSegment(start, end, into: &walked, startWithMove: true, cursor: &cursor)
      var fresh = RawPath()
      measure.getSegment(start, end, into: &fresh, startWithMove: true)
      #expect(exact(walked) == exact(fresh), "step \(step): \(start)..<\(end)")
      furthestIndex = max(furthestIndex, cursor.index)
      distance = end.truncatingRemainder(dividingBy: measure.length)
    }
    // The cursor did walk on (so the comparison covered resumed walks).
    #expect(furthestIndex > 100)
  }

  @Test("a cursor past the part's start, or past the contours, starts over")
  func staleCursorStartsOver() {
    let measure = PathMeasure(manyContours(20, seed: 5))
    var fresh = RawPath()
    measure.getSegment(1, measure.length / 3, into: &fresh, startWithMove: true)
    for stale in [
      PathMeasure.Cursor(index: 15, start: measure.length / 2),
      PathMeasure.Cursor(index: 40, start: 0),
    ] {
      var cursor = stale
      var walked = RawPath()
      measure.getSegment(1, measure.length / 3, into: &walked, startWithMove: true, cursor: &cursor)
      #expect(exact(walked) == exact(fresh))
      #expect(cursor.index < 15)
    }
  }
}
