import Foundation
import RiveCore
import RiveFormat

/// The platform font type fallback providers give: `UIFont` upstream, `SystemFont` (which
/// `UIFont` names on Linux) here.
public typealias RiveNativeFont = SystemFont

/// Something that supplies a fallback font (upstream's `RiveFallbackFontProvider`).
public protocol RiveFallbackFontProvider {
  /// A language hint for suggested fonts.
  typealias LanguageHint = () -> String
  /// The font.
  var fallbackFont: RiveNativeFont { get }
  /// Whether the platform may suggest other fonts for missing characters.
  var allowsSuggestedFonts: Bool { get }
  /// The language hint, if any.
  var languageHint: LanguageHint? { get }
}

extension SystemFont: RiveFallbackFontProvider {
  /// The font itself.
  public var fallbackFont: RiveNativeFont { self }
  /// False, as upstream's for a native font.
  public var allowsSuggestedFonts: Bool { false }
  /// None, as upstream's for a native font.
  public var languageHint: LanguageHint? { nil }
}

/// A system font's design.
public enum RiveFallbackFontDescriptorDesign: Int, Sendable, CaseIterable {
  case `default` = 0
  case rounded = 1
  case monospaced = 2
  case serif = 3
}

/// A system font's weight.
public enum RiveFallbackFontDescriptorWeight: Int, Sendable, CaseIterable {
  case ultraLight = 0
  case thin = 1
  case light = 2
  case regular = 3
  case medium = 4
  case semibold = 5
  case bold = 6
  case heavy = 7
  case black = 8

  /// The matching `UIFont` weight.
  var systemWeight: SystemFont.Weight {
    switch self {
    case .ultraLight: .ultraLight
    case .thin: .thin
    case .light: .light
    case .regular: .regular
    case .medium: .medium
    case .semibold: .semibold
    case .bold: .bold
    case .heavy: .heavy
    case .black: .black
    }
  }
}

/// A system font's width.
public enum RiveFallbackFontDescriptorWidth: Int, Sendable, CaseIterable {
  case compressed = 0
  case condensed = 1
  case standard = 2
  case expanded = 3

  /// The width trait upstream uses before iOS 16 (-0.3, -0.2, 0, 0.2).
  public var defaultFloatValue: CGFloat {
    switch self {
    case .compressed: -0.3
    case .condensed: -0.2
    case .standard: 0
    case .expanded: 0.2
    }
  }
}

/// A system font described by design, weight and width (upstream's
/// `RiveFallbackFontDescriptor`).
public final class RiveFallbackFontDescriptor: RiveFallbackFontProvider {
  let design: RiveFallbackFontDescriptorDesign
  let weight: RiveFallbackFontDescriptorWeight
  let width: RiveFallbackFontDescriptorWidth
  /// Whether the platform may suggest other fonts for missing characters.
  public let allowsSuggestedFonts: Bool
  /// The language hint, if any.
  public let languageHint: LanguageHint?

  /// Describes a system font.
  ///
  /// - Parameters:
  ///   - design: The design.
  ///   - weight: The weight.
  ///   - width: The width.
  ///   - allowsSuggestedFonts: Whether other fonts may be suggested.
  ///   - languageHint: A language hint.
  public init(
    design: RiveFallbackFontDescriptorDesign = .default,
    weight: RiveFallbackFontDescriptorWeight = .regular,
    width: RiveFallbackFontDescriptorWidth = .standard, allowsSuggestedFonts: Bool = true,
    languageHint: LanguageHint? = nil
  ) {
    self.design = design
    self.weight = weight
    self.width = width
    self.allowsSuggestedFonts = allowsSuggestedFonts
    self.languageHint = languageHint
  }

  /// The system font the description stands for (size 20, as upstream's); the family is the
  /// fontconfig generic name of the design (`monospace`, `serif`), else the default
  /// sans-serif family.
  public var fallbackFont: RiveNativeFont {
    var font: SystemFont
    switch design {
    case .monospaced: font = SystemFont(name: "monospace", size: 20)
    case .serif: font = SystemFont(name: "serif", size: 20)
    case .default, .rounded: font = SystemFont.systemFont(ofSize: 20)
    }
    font.weight = weight.systemWeight
    return font
  }
}
