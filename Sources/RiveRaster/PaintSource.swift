import CCairo
import RiveDisplayList

/// What a paint fills with, resolved for Cairo.
enum PaintSource {
  /// Nothing visible (no stops, or geometry that is not finite).
  case none
  /// A solid `0xAARRGGBB` colour, its alpha multiplied by an opacity.
  case solid(UInt32, opacity: Double)
  /// A Cairo gradient in the path's space; ``release()`` destroys it.
  case gradient(OpaquePointer)

  /// Resolves a paint: its shader when it has one, else its colour (opaque black when none
  /// was set, the runtime's default paint colour), with every colour's alpha multiplied by
  /// `opacity`.
  init(_ paint: RenderPaint, opacity: Double) {
    guard let shader = paint.shader else {
      self = .solid(paint.color ?? 0xFF00_0000, opacity: opacity)
      return
    }
    switch shader {
    case .linear(let startX, let startY, let endX, let endY, let colors, let stops):
      let geometry = [startX, startY, endX, endY].map(Double.init)
      guard geometry.allSatisfy(\.isFinite) else {
        self = .none
        return
      }
      let isDegenerate = startX == endX && startY == endY
      self = Self.gradient(
        colors: colors, stops: stops, opacity: opacity, isDegenerate: isDegenerate
      ) {
        cairo_pattern_create_linear(geometry[0], geometry[1], geometry[2], geometry[3])
      }
    case .radial(let centerX, let centerY, let radius, let colors, let stops):
      let geometry = [centerX, centerY, radius].map(Double.init)
      guard geometry.allSatisfy(\.isFinite) else {
        self = .none
        return
      }
      self = Self.gradient(
        colors: colors, stops: stops, opacity: opacity, isDegenerate: radius <= 0
      ) {
        cairo_pattern_create_radial(
          geometry[0], geometry[1], 0, geometry[0], geometry[1], geometry[2])
      }
    }
  }

  private static func gradient(
    colors: [UInt32], stops: [Float], opacity: Double, isDegenerate: Bool,
    make: () -> OpaquePointer?
  ) -> PaintSource {
    // Stops as given (cut to the shorter list), or evenly spaced when there are none.
    let positions: [Double] =
      stops.isEmpty
      ? colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
      : stops.map { $0.isNaN ? 0 : min(max(Double($0), 0), 1) }
    let pairs = zip(positions, colors).sorted { $0.0 < $1.0 }
    guard let last = pairs.last else { return .none }
    if pairs.count == 1 || isDegenerate { return .solid(last.1, opacity: opacity) }
    guard let pattern = make() else { return .none }
    for (position, color) in pairs {
      let components = Rasterizer.components(color)
      cairo_pattern_add_color_stop_rgba(
        pattern, position, components.red, components.green, components.blue,
        min(1, components.alpha * opacity))
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    return .gradient(pattern)
  }

  /// Sets the source on `context` (whose matrix must map the path's space to the device);
  /// false when there is nothing to draw.
  func apply(to context: OpaquePointer) -> Bool {
    switch self {
    case .none:
      return false
    case .solid(let color, let opacity):
      guard opacity > 0, color >> 24 != 0 else { return false }
      Rasterizer.setSource(color: color, opacity: opacity, on: context)
      return true
    case .gradient(let pattern):
      cairo_set_source(context, pattern)
      return true
    }
  }

  /// Releases the gradient, if any.
  func release() {
    if case .gradient(let pattern) = self { cairo_pattern_destroy(pattern) }
  }
}
