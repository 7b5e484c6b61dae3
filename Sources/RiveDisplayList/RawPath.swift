/// One verb of a raw path.
@usableFromInline
package enum PathVerb: UInt8, Sendable {
  case move
  case line
  case cubic
  case close

  /// How many points the verb adds.
  @inlinable @inline(__always)
  package var pointCount: Int {
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
@usableFromInline
package struct RawPath: Sendable {
  @usableFromInline package var points: [Vec2]
  @usableFromInline package var verbs: [PathVerb]
  @usableFromInline var contourIsOpen: Bool
  @usableFromInline var lastMoveIndex: Int

  @inlinable
  package init() {
    points = []
    verbs = []
    contourIsOpen = false
    lastMoveIndex = 0
  }

  @inlinable
  package var isEmpty: Bool { points.isEmpty }

  @inlinable
  package mutating func rewind() {
    points.removeAll(keepingCapacity: true)
    verbs.removeAll(keepingCapacity: true)
    contourIsOpen = false
    lastMoveIndex = 0
  }

  @inlinable @inline(__always)
  mutating func injectImplicitMoveIfNeeded() {
    if !contourIsOpen {
      move(points.isEmpty ? .zero : points[lastMoveIndex])
    }
  }

  @inlinable
  package mutating func move(_ p: Vec2) {
    contourIsOpen = true
    lastMoveIndex = points.count
    points.append(p)
    verbs.append(.move)
  }

  @inlinable
  package mutating func line(_ p: Vec2) {
    injectImplicitMoveIfNeeded()
    points.append(p)
    verbs.append(.line)
  }

  @inlinable
  package mutating func cubic(_ a: Vec2, _ b: Vec2, _ c: Vec2) {
    injectImplicitMoveIfNeeded()
    points.append(a)
    points.append(b)
    points.append(c)
    verbs.append(.cubic)
  }

  @inlinable
  package mutating func close() {
    if contourIsOpen {
      verbs.append(.close)
      contourIsOpen = false
    }
  }

  /// Writes the path as renderer commands into `commands` (replacing its contents).
  package func write(into commands: inout [PathCommand]) {
    commands.removeAll(keepingCapacity: true)
    forEachCommand { commands.append($0) }
  }

  /// Calls `body` with each verb as a renderer command.
  @inlinable
  package func forEachCommand(_ body: (PathCommand) -> Void) {
    points.withUnsafeBufferPointer { p in
      var pointIndex = 0
      for verb in verbs {
        let advance = verb.pointCount
        guard pointIndex + advance <= p.count else { return }
        switch verb {
        case .move:
          body(.move(p[pointIndex].x, p[pointIndex].y))
        case .line:
          body(.line(p[pointIndex].x, p[pointIndex].y))
        case .cubic:
          let a = p[pointIndex]
          let b = p[pointIndex + 1]
          let c = p[pointIndex + 2]
          body(.cubic(a.x, a.y, b.x, b.y, c.x, c.y))
        case .close:
          body(.close)
        }
        pointIndex += advance
      }
    }
  }
}
