// The geometry of raw paths: building from other paths (mapped, reversed), pruning and
// bounds. The storage and the builder calls are the display list's (`RiveDisplayList`).

extension RawPath {
  /// A rectangle as move, three lines and a close (clockwise).
  mutating func addRect(left: Float, top: Float, right: Float, bottom: Float) {
    move(Vec2(left, top))
    line(Vec2(right, top))
    line(Vec2(right, bottom))
    line(Vec2(left, bottom))
    close()
  }

  /// Appends `source`'s verbs and points (mapped through `transform`), then drops the segments
  /// that became empty, as the runtime's paint paths do.
  mutating func addPath(_ source: RawPath, transform: Transform2D?, prune: Bool = true) {
    let verbStart = verbs.count
    let pointStart = points.count
    // Through buffer pointers: appending the arrays themselves retained them.
    source.verbs.withUnsafeBufferPointer { verbs.append(contentsOf: $0) }
    source.points.withUnsafeBufferPointer { points.append(contentsOf: $0) }
    if let transform, points.count > pointStart {
      points.withUnsafeMutableBufferPointer { buffer in
        for i in pointStart..<buffer.count { buffer[i] = transform.mapPathPoint(buffer[i]) }
      }
    }
    // Like the runtime, the open-contour bookkeeping is left as it was.
    if prune { pruneEmptySegments(verbStart: verbStart, pointStart: pointStart) }
  }

  /// Appends `source` reversed (every contour drawn the other way), mapped through `transform`.
  mutating func addPathBackwards(_ source: RawPath, transform: Transform2D?) {
    if source.points.isEmpty || source.verbs.isEmpty { return }
    let pointStart = points.count
    let verbStart = verbs.count
    points.reserveCapacity(points.count + source.points.count)
    for p in source.points.reversed() { points.append(p) }
    verbs.append(.move)
    var closed = false
    var index = source.verbs.count - 1
    while index >= 0 {
      let verb = source.verbs[index]
      if verb == .close {
        closed = true
        index -= 1
        continue
      }
      if verb == .move && closed {
        verbs.append(.close)
        closed = false
      }
      if index > 0 {
        verbs.append(verb)
      } else {
        break
      }
      index -= 1
    }
    if let transform {
      for i in pointStart..<points.count { points[i] = transform.mapPathPoint(points[i]) }
    }
    // The runtime prunes the reversed geometry twice (once while reversing with a transform,
    // once when adding); pruning is idempotent.
    pruneEmptySegments(verbStart: verbStart, pointStart: pointStart)
  }

  /// Removes every line and cubic that does not move from its start point.
  mutating func pruneEmptySegments() { pruneEmptySegments(verbStart: 0, pointStart: 0) }

  /// Removes lines and cubics that do not move from their start point.
  private mutating func pruneEmptySegments(verbStart: Int, pointStart: Int) {
    var kept = (verbs: verbs.count, points: points.count)
    verbs.withUnsafeMutableBufferPointer { verbBuffer in
      points.withUnsafeMutableBufferPointer { pointBuffer in
        kept = RawPath.prune(
          verbs: verbBuffer, points: pointBuffer, verbStart: verbStart, pointStart: pointStart)
      }
    }
    if kept.verbs < verbs.count { verbs.removeSubrange(kept.verbs..<verbs.count) }
    if kept.points < points.count { points.removeSubrange(kept.points..<points.count) }
  }

  /// Compacts the segments from the start indices in place, skipping empty ones; returns the
  /// counts kept.
  private static func prune(
    verbs: UnsafeMutableBufferPointer<PathVerb>, points: UnsafeMutableBufferPointer<Vec2>,
    verbStart: Int, pointStart: Int
  ) -> (verbs: Int, points: Int) {
    var dstVerb = verbStart
    var dstPoint = pointStart
    var srcPoint = pointStart
    var srcVerb = verbStart
    let verbCount = verbs.count
    let pointCount = points.count
    while srcVerb < verbCount {
      let verb = verbs[srcVerb]
      let advance = verb.pointCount
      guard srcPoint + advance <= pointCount else { break }
      var keep = true
      if srcPoint > 0 {
        switch verb {
        case .move, .close:
          break
        case .cubic:
          if points[srcPoint + 2] == points[srcPoint + 1], points[srcPoint + 1] == points[srcPoint],
            points[srcPoint] == points[srcPoint - 1]
          {
            keep = false
          }
        case .line:
          if points[srcPoint] == points[srcPoint - 1] { keep = false }
        }
      }
      if keep {
        if srcVerb != dstVerb || srcPoint != dstPoint {
          verbs[dstVerb] = verb
          for k in 0..<advance { points[dstPoint + k] = points[srcPoint + k] }
        }
        dstVerb += 1
        dstPoint += advance
      }
      srcVerb += 1
      srcPoint += advance
    }
    return (dstVerb, dstPoint + (pointCount - srcPoint))
  }

  /// The control-point bounds (min x, min y, max x, max y), or zeros when empty.
  func bounds() -> (minX: Float, minY: Float, maxX: Float, maxY: Float) {
    guard let first = points.first else { return (0, 0, 0, 0) }
    var minX = first.x
    var minY = first.y
    var maxX = first.x
    var maxY = first.y
    for p in points {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    return (minX, minY, maxX, maxY)
  }
}
