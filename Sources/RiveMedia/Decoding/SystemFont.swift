import Foundation

/// A request for an installed system font: the Linux counterpart of `UIFont`/`NSFont` in
/// upstream's `decodeFont(from: UIFont)`.
///
/// As upstream does with `UIFont`, only the family decides which font is used; the size and
/// weight are kept for source compatibility and ignored. ``systemFont(ofSize:weight:)`` asks
/// fontconfig for its default sans-serif family.
public struct SystemFont: Sendable, Hashable {
  /// A font weight, with UIKit's `UIFont.Weight` values (`regular` is 0, `bold` 0.4).
  public struct Weight: RawRepresentable, Sendable, Hashable, Comparable {
    /// The weight on UIKit's scale, from -1 (lightest) to 1 (heaviest).
    public var rawValue: CGFloat

    /// A weight on UIKit's scale.
    ///
    /// - Parameter rawValue: The value, from -1 to 1.
    public init(rawValue: CGFloat) {
      self.rawValue = rawValue
    }

    /// UIKit's ultra-light weight (-0.8).
    public static let ultraLight = Weight(rawValue: -0.8)
    /// UIKit's thin weight (-0.6).
    public static let thin = Weight(rawValue: -0.6)
    /// UIKit's light weight (-0.4).
    public static let light = Weight(rawValue: -0.4)
    /// UIKit's regular weight (0).
    public static let regular = Weight(rawValue: 0)
    /// UIKit's medium weight (0.23).
    public static let medium = Weight(rawValue: 0.23)
    /// UIKit's semibold weight (0.3).
    public static let semibold = Weight(rawValue: 0.3)
    /// UIKit's bold weight (0.4).
    public static let bold = Weight(rawValue: 0.4)
    /// UIKit's heavy weight (0.56).
    public static let heavy = Weight(rawValue: 0.56)
    /// UIKit's black weight (0.62).
    public static let black = Weight(rawValue: 0.62)

    public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The family name, or nil for the system's default sans-serif family.
  public var familyName: String?
  /// The requested point size (ignored when decoding).
  public var pointSize: CGFloat
  /// The requested weight (ignored when decoding).
  public var weight: Weight

  /// A named family, like `UIFont(name:size:)`. Unlike UIKit, this never fails here; decoding
  /// fails with `notFound` when the family is not installed.
  ///
  /// - Parameters:
  ///   - name: The family name.
  ///   - size: The point size (ignored when decoding).
  public init(name: String, size: CGFloat) {
    familyName = name
    pointSize = size
    weight = .regular
  }

  private init(familyName: String?, pointSize: CGFloat, weight: Weight) {
    self.familyName = familyName
    self.pointSize = pointSize
    self.weight = weight
  }

  /// The system's default sans-serif font, like `UIFont.systemFont(ofSize:weight:)`.
  ///
  /// - Parameters:
  ///   - size: The point size (ignored when decoding).
  ///   - weight: The weight (ignored when decoding, as upstream).
  /// - Returns: The request.
  public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> SystemFont {
    SystemFont(familyName: nil, pointSize: size, weight: weight)
  }

  /// Looks the font up through fontconfig and decodes its file.
  ///
  /// - Throws: ``DecodingError`` with code `notFound` when the family is not installed.
  public func decode(limits: DecodingLimits = .default) throws(DecodingError) -> DecodedFont {
    if let familyName {
      return try SystemFontLookup.font(family: familyName, limits: limits)
    }
    return try SystemFontLookup.font(
      family: "sans-serif", allowingSubstitutes: true, limits: limits)
  }
}
