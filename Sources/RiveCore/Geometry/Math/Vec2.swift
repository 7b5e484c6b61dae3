import Foundation
import RiveFormat

/// The arithmetic of the display list's point type (`Vec2` in RiveDisplayList).
extension Vec2 {
  @inline(__always)
  static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
  @inline(__always)
  static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
  @inline(__always)
  static func * (a: Vec2, s: Float) -> Vec2 { Vec2(a.x * s, a.y * s) }

  @inline(__always)
  static func dot(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.x + a.y * b.y }
  @inline(__always)
  static func cross(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.y - a.y * b.x }

  var length: Float { (x * x + y * y).squareRoot() }

  static func distance(_ a: Vec2, _ b: Vec2) -> Float { (b - a).length }

  /// `a + v * s`.
  @inline(__always)
  static func scaleAndAdd(_ a: Vec2, _ v: Vec2, _ s: Float) -> Vec2 {
    Vec2(a.x + v.x * s, a.y + v.y * s)
  }

  static func lerp(_ a: Vec2, _ b: Vec2, _ t: Float) -> Vec2 {
    Vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
  }

  /// Normalises in place and returns the length before (0 leaves the vector as is).
  @inline(__always)
  mutating func normalizeLength() -> Float {
    let len = length
    if len > 0 {
      x /= len
      y /= len
    }
    return len
  }

  func normalized() -> Vec2 {
    var copy = self
    _ = copy.normalizeLength()
    return copy
  }
}

extension Transform2D {
  /// A rotation by `radians` (exactly the identity for 0).
  static func rotation(_ radians: Float) -> Transform2D {
    if radians == 0 { return .identity }
    let s = sinf(radians)
    let c = cosf(radians)
    return Transform2D(xx: c, xy: s, yx: -s, yy: c, tx: 0, ty: 0)
  }

  static func translation(_ x: Float, _ y: Float) -> Transform2D {
    Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: x, ty: y)
  }

  static func scale(_ x: Float, _ y: Float) -> Transform2D {
    Transform2D(xx: x, xy: 0, yx: 0, yy: y, tx: 0, ty: 0)
  }

  /// Scales the two axes (columns) in place.
  @inline(__always)
  mutating func scaleByValues(_ sx: Float, _ sy: Float) {
    xx *= sx
    xy *= sx
    yx *= sy
    yy *= sy
  }

  var determinant: Float { xx * yy - xy * yx }

  /// The inverse, or nil when the determinant is 0.
  func inverted() -> Transform2D? {
    var det = xx * yy - xy * yx
    if det == 0 { return nil }
    det = 1 / det
    return Transform2D(
      xx: yy * det, xy: -xy * det, yx: -yx * det, yy: xx * det,
      tx: (yx * ty - yy * tx) * det, ty: (xy * tx - xx * ty) * det)
  }

  func invertedOrIdentity() -> Transform2D { inverted() ?? .identity }

  @inline(__always)
  func map(_ p: Vec2) -> Vec2 {
    Vec2(xx * p.x + yx * p.y + tx, xy * p.x + yy * p.y + ty)
  }

  /// Maps a point the way the runtime maps path points in bulk (the skew term and the
  /// translation are added first).
  @inline(__always)
  func mapPathPoint(_ p: Vec2) -> Vec2 {
    Vec2(xx * p.x + (yx * p.y + tx), yy * p.y + (xy * p.x + ty))
  }

  /// Maps a vector (no translation).
  @inline(__always)
  func mapVector(_ p: Vec2) -> Vec2 {
    Vec2(xx * p.x + yx * p.y, xy * p.x + yy * p.y)
  }

  var translationPart: Vec2 { Vec2(tx, ty) }

  /// Whether all six values are finite.
  var isFinite: Bool {
    xx.isFinite && xy.isFinite && yx.isFinite && yy.isFinite && tx.isFinite && ty.isFinite
  }
}

/// A transform split into translation, rotation, scale and skew (as constraints use it).
struct TransformParts: Sendable {
  var x: Float = 0
  var y: Float = 0
  var scaleX: Float = 1
  var scaleY: Float = 1
  var rotation: Float = 0
  var skew: Float = 0

  init() {}

  init(_ m: Transform2D) {
    let m0 = m.xx
    let m1 = m.xy
    let m2 = m.yx
    let m3 = m.yy
    rotation = atan2f(m1, m0)
    let denom = m0 * m0 + m1 * m1
    scaleX = denom.squareRoot()
    scaleY = scaleX == 0 ? 0 : (m0 * m3 - m2 * m1) / scaleX
    skew = atan2f(m0 * m2 + m1 * m3, denom)
    x = m.tx
    y = m.ty
  }

  var composed: Transform2D {
    var result = Transform2D.rotation(rotation)
    result.tx = x
    result.ty = y
    result.scaleByValues(scaleX, scaleY)
    if skew != 0 {
      result.yx = result.xx * skew + result.yx
      result.yy = result.xy * skew + result.yy
    }
    return result
  }
}
