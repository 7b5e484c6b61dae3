/// One verb of a raw path.
enum PathVerb: UInt8, Sendable {
  case move
  case line
  case cubic
  case close

  /// How many points the verb adds.
  @inline(__always)
  var pointCount: Int {
    switch self {
    case .move, .line: return 1
    case .cubic: return 3
    case .close: return 0
    }
  }
}

/// A path as points and verbs, built the way the runtime builds its raw paths: a line or cubic
/// with no open contour starts one at the last move point, and a contour closes at most once.
///
/// Rewinding keeps the storage, so rebuilding a path every frame does not allocate once its
/// arrays have grown to size.
struct RawPath: Sendable {
  var points: [Vec2] = []
  var verbs: [PathVerb] = []
  private var contourIsOpen = false
  private var lastMoveIndex = 0

  init() {}

  var isEmpty: Bool { points.isEmpty }

  mutating func rewind() {
    points.removeAll(keepingCapacity: true)
    verbs.removeAll(keepingCapacity: true)
    contourIsOpen = false
    lastMoveIndex = 0
  }

  @inline(__always)
  private mutating func injectImplicitMoveIfNeeded() {
    if !contourIsOpen {
      move(points.isEmpty ? .zero : points[lastMoveIndex])
    }
  }

  mutating func move(_ p: Vec2) {
    contourIsOpen = true
    lastMoveIndex = points.count
    points.append(p)
    verbs.append(.move)
  }

  mutating func line(_ p: Vec2) {
    injectImplicitMoveIfNeeded()
    points.append(p)
    verbs.append(.line)
  }

  mutating func cubic(_ a: Vec2, _ b: Vec2, _ c: Vec2) {
    injectImplicitMoveIfNeeded()
    points.append(a)
    points.append(b)
    points.append(c)
    verbs.append(.cubic)
  }

  mutating func close() {
    if contourIsOpen {
      verbs.append(.close)
      contourIsOpen = false
    }
  }

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
    verbs.append(contentsOf: source.verbs)
    if let transform {
      points.reserveCapacity(points.count + source.points.count)
      for p in source.points { points.append(transform.mapPathPoint(p)) }
    } else {
      points.append(contentsOf: source.points)
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
    var dstVerb = verbStart
    var dstPoint = pointStart
    var srcPoint = pointStart
    var srcVerb = verbStart
    let verbCount = verbs.count
    var removed = false
    while srcVerb < verbCount {
      let verb = verbs[srcVerb]
      let advance = verb.pointCount
      var keep = true
      switch verb {
      case .move, .close:
        break
      case .cubic:
        if srcPoint > 0, points[srcPoint + 2] == points[srcPoint + 1],
          points[srcPoint + 1] == points[srcPoint], points[srcPoint] == points[srcPoint - 1]
        {
          keep = false
        }
      case .line:
        if srcPoint > 0, points[srcPoint] == points[srcPoint - 1] { keep = false }
      }
      if keep {
        if srcVerb != dstVerb || srcPoint != dstPoint {
          verbs[dstVerb] = verb
          for k in 0..<advance { points[dstPoint + k] = points[srcPoint + k] }
        }
        dstVerb += 1
        dstPoint += advance
      } else {
        removed = true
      }
      srcVerb += 1
      srcPoint += advance
    }
    if removed {
      verbs.removeSubrange(dstVerb..<verbs.count)
      points.removeSubrange(dstPoint..<points.count)
    }
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

  /// Writes the path as renderer commands into `commands` (replacing its contents).
  func write(into commands: inout [PathCommand]) {
    commands.removeAll(keepingCapacity: true)
    var pointIndex = 0
    for verb in verbs {
      switch verb {
      case .move:
        let p = points[pointIndex]
        commands.append(.move(p.x, p.y))
      case .line:
        let p = points[pointIndex]
        commands.append(.line(p.x, p.y))
      case .cubic:
        let a = points[pointIndex]
        let b = points[pointIndex + 1]
        let c = points[pointIndex + 2]
        commands.append(.cubic(a.x, a.y, b.x, b.y, c.x, c.y))
      case .close:
        commands.append(.close)
      }
      pointIndex += verb.pointCount
    }
  }
}
