/// A 2-D point or vector in 32-bit floats, as the runtime computes geometry: the points of a
/// ``RawPath``. Its arithmetic is the core's (`RiveCore/Geometry/Math/Vec2.swift`).
@usableFromInline
package struct Vec2: Sendable, Hashable {
  @usableFromInline package var x: Float
  @usableFromInline package var y: Float

  @inlinable @inline(__always)
  package init(_ x: Float, _ y: Float) {
    self.x = x
    self.y = y
  }

  @inlinable
  package static var zero: Vec2 { Vec2(0, 0) }

  @inlinable @inline(__always)
  package static func == (a: Vec2, b: Vec2) -> Bool { a.x == b.x && a.y == b.y }

  @inlinable
  package func hash(into hasher: inout Hasher) {
    hasher.combine(x)
    hasher.combine(y)
  }
}
