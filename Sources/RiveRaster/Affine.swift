import CCairo
import RiveCore
import RiveFormat

/// The rasteriser's working matrix: `Transform2D` in double precision, in the runtime's
/// order (a point (x, y) maps to (xx·x + yx·y + tx, xy·x + yy·y + ty)).
struct Affine: Equatable {
  var xx: Double, xy: Double, yx: Double, yy: Double, tx: Double, ty: Double

  static let identity = Affine(xx: 1, xy: 0, yx: 0, yy: 1, tx: 0, ty: 0)

  init(xx: Double, xy: Double, yx: Double, yy: Double, tx: Double, ty: Double) {
    self.xx = xx
    self.xy = xy
    self.yx = yx
    self.yy = yy
    self.tx = tx
    self.ty = ty
  }

  init(_ transform: Transform2D) {
    self.init(
      xx: Double(transform.xx), xy: Double(transform.xy), yx: Double(transform.yx),
      yy: Double(transform.yy), tx: Double(transform.tx), ty: Double(transform.ty))
  }

  static func scale(_ sx: Double, _ sy: Double) -> Affine {
    Affine(xx: sx, xy: 0, yx: 0, yy: sy, tx: 0, ty: 0)
  }

  static func translation(_ tx: Double, _ ty: Double) -> Affine {
    Affine(xx: 1, xy: 0, yx: 0, yy: 1, tx: tx, ty: ty)
  }

  /// `lhs * rhs` applies `rhs` first, then `lhs` (as `Transform2D`'s operator).
  static func * (lhs: Affine, rhs: Affine) -> Affine {
    Affine(
      xx: lhs.xx * rhs.xx + lhs.yx * rhs.xy,
      xy: lhs.xy * rhs.xx + lhs.yy * rhs.xy,
      yx: lhs.xx * rhs.yx + lhs.yx * rhs.yy,
      yy: lhs.xy * rhs.yx + lhs.yy * rhs.yy,
      tx: lhs.xx * rhs.tx + lhs.yx * rhs.ty + lhs.tx,
      ty: lhs.xy * rhs.tx + lhs.yy * rhs.ty + lhs.ty)
  }

  func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    (xx * x + yx * y + tx, xy * x + yy * y + ty)
  }

  var determinant: Double { xx * yy - yx * xy }

  var isFinite: Bool {
    xx.isFinite && xy.isFinite && yx.isFinite && yy.isFinite && tx.isFinite && ty.isFinite
  }

  /// The inverse, or nil when the matrix is not finite, is singular or has an inverse that is
  /// not finite (Cairo would put its context into a permanent error state for such a matrix).
  var inverse: Affine? {
    let det = determinant
    guard isFinite, det.isFinite, abs(det) > 1e-14 else { return nil }
    let result = Affine(
      xx: yy / det, xy: -xy / det, yx: -yx / det, yy: xx / det,
      tx: (yx * ty - yy * tx) / det, ty: (xy * tx - xx * ty) / det)
    return result.isFinite ? result : nil
  }

  /// Whether Cairo can use the matrix as a transformation: finite, with a finite inverse.
  var isInvertible: Bool { inverse != nil }

  /// `(√(xx² + yx²), √(xy² + yy²))`: a Gaussian of standard deviation σ in local space,
  /// mapped by this matrix, has standard deviations of exactly these multiples of σ along the
  /// device x and y axes (only the correlation between the axes is lost when it is blurred
  /// along them separately).
  var axisScales: (x: Double, y: Double) {
    ((xx * xx + yx * yx).squareRoot(), (xy * xy + yy * yy).squareRoot())
  }

  /// The same matrix in Cairo's field order (`x' = xx·x + xy·y + x0`).
  var cairo: cairo_matrix_t {
    cairo_matrix_t(xx: xx, yx: xy, xy: yx, yy: yy, x0: tx, y0: ty)
  }
}
