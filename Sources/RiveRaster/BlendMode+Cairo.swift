import CCairo
import RiveDisplayList

extension BlendMode {
  /// The Cairo operator with the same compositing formula.
  ///
  /// Rive's blend modes are the W3C "Compositing and Blending" separable and non-separable
  /// modes composited source-over; Cairo's `MULTIPLY` … `HSL_LUMINOSITY` are the PDF blend
  /// modes, which are the same formulas composited the same way.
  var cairoOperator: cairo_operator_t {
    switch self {
    case .srcOver: return CAIRO_OPERATOR_OVER
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .multiply: return CAIRO_OPERATOR_MULTIPLY
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    }
  }
}
