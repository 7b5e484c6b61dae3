import CCairo
import RiveDisplayList

/// The rasteriser's working matrix: the display list's ``Transform2D`` in double precision
/// (`Affine(transform)` converts each value), in the runtime's order (a point (x, y) maps to
/// (xx·x + yx·y + tx, xy·x + yy·y + ty)).
typealias Affine = AffineTransform<Double>

extension AffineTransform where Scalar == Double {
  static func scale(_ sx: Double, _ sy: Double) -> Affine {
    Affine(xx: sx, xy: 0, yx: 0, yy: sy, tx: 0, ty: 0)
  }

  static func translation(_ tx: Double, _ ty: Double) -> Affine {
    Affine(xx: 1, xy: 0, yx: 0, yy: 1, tx: tx, ty: ty)
  }

  func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { apply(x: x, y: y) }

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
