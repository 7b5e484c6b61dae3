import CCairo
import RiveDisplayList

extension Rasterizer {
  /// Draws image `id` as the rectangle `0, 0, width, height` of the current space.
  func drawImage(_ id: Int, blendMode: BlendMode, opacity: Float) {
    let alpha = Self.combine(state.opacity, opacity)
    let matrix = state.matrix
    guard alpha > 0, let surface = images.surface(id), let size = images.size(of: id),
      matrix.isInvertible
    else { return }
    let corners = RenderPath(
      fillRule: .nonZero,
      commands: [
        .move(0, 0), .line(Float(size.width), 0), .line(Float(size.width), Float(size.height)),
        .line(0, Float(size.height)), .close,
      ])
    guard let device = DevicePath(corners, matrix: matrix),
      let pattern = cairo_pattern_create_for_surface(surface)
    else { return }
    defer { cairo_pattern_destroy(pattern) }
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_identity_matrix(context)
    cairo_new_path(context)
    device.append(to: context)
    var cairoMatrix = matrix.cairo
    cairo_set_matrix(context, &cairoMatrix)
    cairo_set_source(context, pattern)
    cairo_set_operator(context, blendMode.cairoOperator)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    if alpha >= 1 {
      cairo_fill(context)
    } else {
      cairo_clip(context)
      cairo_paint_with_alpha(context, alpha)
    }
  }

  /// Draws image `id` over a triangle mesh: `vertices` are points of the current space,
  /// `uvs` the matching texture coordinates (0…1 across the image).
  func drawImageMesh(_ id: Int, mesh: ImageMesh, blendMode: BlendMode, opacity: Float) {
    let alpha = Self.combine(state.opacity, opacity)
    let matrix = state.matrix
    guard alpha > 0, let surface = images.surface(id), let size = images.size(of: id),
      matrix.isInvertible
    else { return }
    let vertexCount = min(mesh.vertices.count, mesh.uvs.count) / 2
    let width = Double(size.width)
    let height = Double(size.height)
    var cairoMatrix = matrix.cairo
    var triangle = 0
    while triangle + 2 < mesh.indices.count {
      defer { triangle += 3 }
      let corners = (0..<3).map { Int(mesh.indices[triangle + $0]) }
      guard corners.allSatisfy({ $0 < vertexCount }) else { continue }
      let points = corners.map {
        (Double(mesh.vertices[$0 * 2]), Double(mesh.vertices[$0 * 2 + 1]))
      }
      let texels = corners.map {
        (Double(mesh.uvs[$0 * 2]) * width, Double(mesh.uvs[$0 * 2 + 1]) * height)
      }
      // The affine map from the triangle (current space) to the texture (image pixels).
      guard let toTexture = Self.affine(from: points, to: texels), toTexture.isInvertible,
        let pattern = cairo_pattern_create_for_surface(surface)
      else { continue }
      let path = RenderPath(
        fillRule: .nonZero,
        commands: [
          .move(Float(points[0].0), Float(points[0].1)),
          .line(Float(points[1].0), Float(points[1].1)),
          .line(Float(points[2].0), Float(points[2].1)), .close,
        ])
      guard let device = DevicePath(path, matrix: matrix) else {
        cairo_pattern_destroy(pattern)
        continue
      }
      var patternMatrix = toTexture.cairo
      cairo_pattern_set_matrix(pattern, &patternMatrix)
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
      cairo_save(context)
      cairo_identity_matrix(context)
      cairo_new_path(context)
      device.append(to: context)
      cairo_set_matrix(context, &cairoMatrix)
      cairo_set_source(context, pattern)
      cairo_set_operator(context, blendMode.cairoOperator)
      cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
      if alpha >= 1 {
        cairo_fill(context)
      } else {
        cairo_clip(context)
        cairo_paint_with_alpha(context, alpha)
      }
      cairo_restore(context)
      cairo_pattern_destroy(pattern)
    }
  }

  /// The affine map taking the three `from` points to the three `to` points, or nil when the
  /// `from` triangle is degenerate or a value is not finite.
  static func affine(from: [(Double, Double)], to: [(Double, Double)]) -> Affine? {
    guard from.count == 3, to.count == 3 else { return nil }
    let a = Affine(
      xx: from[1].0 - from[0].0, xy: from[1].1 - from[0].1, yx: from[2].0 - from[0].0,
      yy: from[2].1 - from[0].1, tx: from[0].0, ty: from[0].1)
    let b = Affine(
      xx: to[1].0 - to[0].0, xy: to[1].1 - to[0].1, yx: to[2].0 - to[0].0,
      yy: to[2].1 - to[0].1, tx: to[0].0, ty: to[0].1)
    // a maps the unit triangle onto `from`, b onto `to`: b · a⁻¹ maps `from` onto `to`.
    guard let inverse = a.inverse, b.isFinite else { return nil }
    return b * inverse
  }
}
