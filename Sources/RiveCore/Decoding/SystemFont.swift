/// A request for an installed system font: the Linux counterpart of `UIFont`/`NSFont` in
/// upstream's `decodeFont(from: UIFont)`.
///
/// As upstream does with `UIFont`, only the family decides which font is used; the size and
/// weight are kept for source compatibility and ignored. ``systemFont(ofSize:weight:)`` asks
/// fontconfig for its default sans-serif family.
public struct SystemFont: Sendable, Hashable {
  /// The family name, or nil for the system's default sans-serif family.
  public var familyName: String?
  /// The requested point size (ignored when decoding).
  public var pointSize: Double
  /// The requested weight, as in `UIFont.Weight` (ignored when decoding).
  public var weight: Double

  /// A named family, like `UIFont(name:size:)`. Unlike UIKit, this never fails here; decoding
  /// fails with `notFound` when the family is not installed.
  public init(name: String, size: Double) {
    familyName = name
    pointSize = size
    weight = 0
  }

  private init(familyName: String?, pointSize: Double, weight: Double) {
    self.familyName = familyName
    self.pointSize = pointSize
    self.weight = weight
  }

  /// The system's default sans-serif font, like `UIFont.systemFont(ofSize:weight:)`.
  public static func systemFont(ofSize size: Double, weight: Double = 0) -> SystemFont {
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
