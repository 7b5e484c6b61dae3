/// A 2-D affine transform in the official runtime's order `[xx, xy, yx, yy, tx, ty]`: a point
/// (x, y) maps to (xx·x + yx·y + tx, xy·x + yy·y + ty).
///
/// The display list's matrices are single precision (``Transform2D``), as the runtime computes
/// them; the rasteriser works on the same matrices in double precision
/// (`AffineTransform<Double>`, made with ``init(_:)``).
public struct AffineTransform<Scalar: BinaryFloatingPoint>: Hashable {
  public var xx: Scalar, xy: Scalar, yx: Scalar, yy: Scalar, tx: Scalar, ty: Scalar

  @inlinable
  public init(xx: Scalar, xy: Scalar, yx: Scalar, yy: Scalar, tx: Scalar, ty: Scalar) {
    self.xx = xx
    self.xy = xy
    self.yx = yx
    self.yy = yy
    self.tx = tx
    self.ty = ty
  }

  /// The same matrix in another precision (each value converted as `Scalar(value)` does).
  @inlinable
  public init<Other: BinaryFloatingPoint>(_ other: AffineTransform<Other>) {
    self.init(
      xx: Scalar(other.xx), xy: Scalar(other.xy), yx: Scalar(other.yx), yy: Scalar(other.yy),
      tx: Scalar(other.tx), ty: Scalar(other.ty))
  }

  /// The matrix that maps every point to itself.
  @inlinable
  public static var identity: AffineTransform {
    AffineTransform(xx: 1, xy: 0, yx: 0, yy: 1, tx: 0, ty: 0)
  }

  /// The six values in the runtime's order.
  @inlinable
  public var values: [Scalar] { [xx, xy, yx, yy, tx, ty] }

  /// `lhs * rhs` applies `rhs` first, then `lhs`.
  @inlinable
  public static func * (lhs: AffineTransform, rhs: AffineTransform) -> AffineTransform {
    AffineTransform(
      xx: lhs.xx * rhs.xx + lhs.yx * rhs.xy,
      xy: lhs.xy * rhs.xx + lhs.yy * rhs.xy,
      yx: lhs.xx * rhs.yx + lhs.yx * rhs.yy,
      yy: lhs.xy * rhs.yx + lhs.yy * rhs.yy,
      tx: lhs.xx * rhs.tx + lhs.yx * rhs.ty + lhs.tx,
      ty: lhs.xy * rhs.tx + lhs.yy * rhs.ty + lhs.ty)
  }

  /// Maps a point.
  @inlinable
  public func apply(x: Scalar, y: Scalar) -> (x: Scalar, y: Scalar) {
    (xx * x + yx * y + tx, xy * x + yy * y + ty)
  }

  // Written out and inlinable: the synthesized ones would be unspecialized generic calls in
  // other modules.
  @inlinable
  public static func == (lhs: AffineTransform, rhs: AffineTransform) -> Bool {
    lhs.xx == rhs.xx && lhs.xy == rhs.xy && lhs.yx == rhs.yx && lhs.yy == rhs.yy
      && lhs.tx == rhs.tx && lhs.ty == rhs.ty
  }

  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(xx)
    hasher.combine(xy)
    hasher.combine(yx)
    hasher.combine(yy)
    hasher.combine(tx)
    hasher.combine(ty)
  }
}

extension AffineTransform: Sendable where Scalar: Sendable {}

/// The display list's matrix: single precision, as the runtime's `Mat2D`.
public typealias Transform2D = AffineTransform<Float>
