import Foundation

/// A font weight on the CSS scale, as upstream's `RiveFontStyleWeight`.
public enum RiveFontStyleWeight: Int, Sendable, CaseIterable {
  case thin = 100
  case ultraLight = 200
  case light = 300
  case regular = 400
  case medium = 500
  case semibold = 600
  case bold = 700
  case heavy = 800
  case black = 900
}

/// The style of the text that needs a fallback font, handed to
/// ``RiveFont/fallbackFontsCallback``.
public final class RiveFontStyle: Sendable, Hashable {
  /// The weight, rounded to the nearest hundred within 100…900.
  public let weight: RiveFontStyleWeight
  /// The weight as the font states it.
  public let rawWeight: CGFloat

  /// A style of one of the named weights.
  ///
  /// - Parameter weight: The weight.
  public init(weight: RiveFontStyleWeight) {
    self.weight = weight
    rawWeight = CGFloat(weight.rawValue)
  }

  /// A style of any weight; ``weight`` is the nearest named one (upstream's rounding).
  ///
  /// - Parameter rawWeight: The weight on the CSS scale.
  public init(rawWeight: CGFloat) {
    self.rawWeight = rawWeight
    let rounded = rawWeight.isFinite ? Int((rawWeight / 100).rounded()) * 100 : 400
    weight = RiveFontStyleWeight(rawValue: min(max(rounded, 100), 900)) ?? .regular
  }

  /// Equal when the weights are, as upstream.
  public static func == (lhs: RiveFontStyle, rhs: RiveFontStyle) -> Bool {
    lhs.weight == rhs.weight
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(weight)
  }
}
