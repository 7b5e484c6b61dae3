import CCairo
import Foundation
import RiveDisplayList

extension Rasterizer {
  /// The most counterclockwise contours a `clockwise` path is corrected for; beyond this,
  /// winding numbers below −16 are drawn as `nonZero` would.
  static let maximumWindingLevels = 16

  /// Blurs narrower than this (σ in device pixels) are not worth a mask; the paint draws sharp.
  static let smallestFeatherSigma = 0.25

  /// The largest σ (in mask pixels) blurred at full resolution; wider blurs use a smaller mask.
  static let largestMaskSigma = 2.5

  /// The widest blur (σ in device pixels); wider feathers are drawn with this one. At this
  /// width a feathered shape is already spread over some 25,000 pixels.
  static let largestFeatherSigma = 4096.0

  /// The widest stroke in device pixels (2²⁰): with a miter of 4 half-widths it stays within
  /// Cairo's fixed-point range around clamped coordinates.
  static let largestStrokeWidth = 1_048_576.0

  // MARK: Clips

  func clip(_ path: RenderPath) {
    let matrix = state.matrix
    guard matrix.isInvertible, let device = DevicePath(path, matrix: matrix) else {
      // A clip under a degenerate transform has no area: nothing stays visible.
      cairo_identity_matrix(context)
      cairo_new_path(context)
      cairo_rectangle(context, 0, 0, 0, 0)
      cairo_clip(context)
      return
    }
    cairo_identity_matrix(context)
    cairo_new_path(context)
    device.append(to: context)
    cairo_set_fill_rule(
      context, path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_clip(context)
    if path.fillRule == .clockwise {
      let levels = min(device.counterclockwiseContourCount, Self.maximumWindingLevels)
      guard levels > 0 else { return }
      for level in 1...levels {
        cairo_new_path(context)
        device.append(to: context)
        device.appendWindingBoxes(
          level, to: context, isClockwiseOnDevice: matrix.determinant > 0)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_clip(context)
      }
    }
  }

  // MARK: Paths

  func drawPath(_ path: RenderPath, paint: RenderPaint) {
    let matrix = state.matrix
    guard state.opacity > 0, matrix.isInvertible,
      let device = DevicePath(path, matrix: matrix), !device.isEmpty
    else { return }
    let isStroke = paint.style == .stroke
    let scales = matrix.axisScales
    var thickness = 0.0
    if isStroke {
      thickness = Double(paint.thickness)
      guard thickness.isFinite, thickness > 0 else { return }
      // Keep the pen (and a miter 4 half-widths long) within Cairo's coordinate range.
      thickness = min(thickness, Self.largestStrokeWidth / max(scales.x, scales.y))
    }
    let feather = Double(paint.feather)
    var sigma = (x: 0.0, y: 0.0)
    if feather.isFinite, feather > 0 {
      sigma = (
        min(feather / 2 * scales.x, Self.largestFeatherSigma),
        min(feather / 2 * scales.y, Self.largestFeatherSigma)
      )
    }
    let isFeathered = max(sigma.x, sigma.y) >= Self.smallestFeatherSigma
    let levels =
      !isStroke && path.fillRule == .clockwise
      ? min(device.counterclockwiseContourCount, Self.maximumWindingLevels) : 0

    let source = PaintSource(paint, opacity: state.opacity)
    defer { source.release() }
    let stroke = StrokeStyle(paint: paint, thickness: thickness, isFeathered: isFeathered)

    if !isFeathered && levels == 0 {
      cairo_identity_matrix(context)
      cairo_new_path(context)
      device.append(to: context)
      var cairoMatrix = matrix.cairo
      cairo_set_matrix(context, &cairoMatrix)
      guard source.apply(to: context) else {
        cairo_new_path(context)
        return
      }
      cairo_set_operator(context, paint.blendMode.cairoOperator)
      if isStroke {
        stroke.apply(to: context)
        cairo_stroke(context)
      } else {
        cairo_set_fill_rule(
          context, path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
      }
      return
    }

    // Through a mask: the coverage first, then the paint. The mask covers the path's box,
    // grown by the stroke's reach and the blur's (3 σ per axis), cut to the canvas grown by
    // the blur's reach.
    let reach = isStroke ? stroke.outset * max(scales.x, scales.y) : 0
    let blurX = isFeathered ? (3 * sigma.x + 2).rounded(.up) : 0
    let blurY = isFeathered ? (3 * sigma.y + 2).rounded(.up) : 0
    let left = max((device.minX - reach - blurX - 1).rounded(.down), -blurX)
    let top = max((device.minY - reach - blurY - 1).rounded(.down), -blurY)
    let right = min((device.maxX + reach + blurX + 1).rounded(.up), Double(width) + blurX)
    let bottom = min((device.maxY + reach + blurY + 1).rounded(.up), Double(height) + blurY)
    guard left < right, top < bottom else { return }
    let scaleX = isFeathered ? min(1, Self.largestMaskSigma / max(sigma.x, 1e-9)) : 1
    let scaleY = isFeathered ? min(1, Self.largestMaskSigma / max(sigma.y, 1e-9)) : 1
    func makeMask() -> CoverageMask? {
      CoverageMask(
        left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom), scaleX: scaleX,
        scaleY: scaleY)
    }
    guard let mask = makeMask() else {
      recordFailure("cannot allocate a coverage mask of \(right - left)×\(bottom - top) pixels")
      return
    }
    let isClockwiseOnDevice = matrix.determinant > 0
    func drawCoverage(into mask: CoverageMask, level: Int) -> Bool {
      let status = mask.draw { maskContext in
        device.append(
          to: maskContext, scaleX: mask.scaleX, scaleY: mask.scaleY, offsetX: mask.offsetX,
          offsetY: mask.offsetY)
        if isStroke {
          var pen = (mask.fromDevice * matrix).cairo
          cairo_set_matrix(maskContext, &pen)
          stroke.apply(to: maskContext)
          cairo_stroke(maskContext)
        } else {
          device.appendWindingBoxes(
            level, to: maskContext, isClockwiseOnDevice: isClockwiseOnDevice,
            scaleX: mask.scaleX, scaleY: mask.scaleY, offsetX: mask.offsetX,
            offsetY: mask.offsetY)
          cairo_set_fill_rule(
            maskContext,
            path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
          cairo_fill(maskContext)
        }
      }
      guard status == CAIRO_STATUS_SUCCESS else {
        recordFailure("drawing a coverage mask: \(Self.describe(status))")
        return false
      }
      return true
    }
    guard drawCoverage(into: mask, level: 0) else { return }
    if levels > 0 {
      var extra: [CoverageMask] = []
      for level in 1...levels {
        guard let levelMask = makeMask() else {
          recordFailure("cannot allocate a coverage mask")
          return
        }
        guard drawCoverage(into: levelMask, level: level) else { return }
        extra.append(levelMask)
      }
      mask.keepPositiveWinding(levels: extra)
    }
    if isFeathered {
      mask.blur(sigmaX: sigma.x * scaleX, sigmaY: sigma.y * scaleY)
    }
    var cairoMatrix = matrix.cairo
    cairo_identity_matrix(context)
    cairo_new_path(context)
    cairo_set_matrix(context, &cairoMatrix)
    guard source.apply(to: context), let pattern = mask.pattern(local: matrix) else { return }
    defer { cairo_pattern_destroy(pattern) }
    cairo_set_operator(context, paint.blendMode.cairoOperator)
    cairo_mask(context, pattern)
  }
}

/// A stroke's pen, for Cairo.
struct StrokeStyle {
  var thickness: Double
  var cap: cairo_line_cap_t
  var join: cairo_line_join_t
  /// How far the stroke can reach beyond the path's points, in the path's space.
  var outset: Double

  init(paint: RenderPaint, thickness: Double, isFeathered: Bool) {
    self.thickness = thickness
    // Feathered strokes are drawn with round caps and joins, as upstream's Skia renderer does.
    let cap: RenderPaint.Cap = isFeathered ? .round : paint.cap
    let join: RenderPaint.Join = isFeathered ? .round : paint.join
    switch cap {
    case .butt: self.cap = CAIRO_LINE_CAP_BUTT
    case .round: self.cap = CAIRO_LINE_CAP_ROUND
    case .square: self.cap = CAIRO_LINE_CAP_SQUARE
    }
    switch join {
    case .miter: self.join = CAIRO_LINE_JOIN_MITER
    case .round: self.join = CAIRO_LINE_JOIN_ROUND
    case .bevel: self.join = CAIRO_LINE_JOIN_BEVEL
    }
    let half = thickness / 2
    outset = join == .miter ? half * Rasterizer.miterLimit : half * 2.squareRoot()
  }

  func apply(to context: OpaquePointer) {
    cairo_set_line_width(context, thickness)
    cairo_set_line_cap(context, cap)
    cairo_set_line_join(context, join)
    cairo_set_miter_limit(context, Rasterizer.miterLimit)
  }
}
