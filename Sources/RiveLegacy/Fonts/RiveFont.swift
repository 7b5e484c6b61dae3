import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// A decoded font, to hand to ``RiveFontAsset/font(_:)``.
///
/// ``RiveFactory/decodeFont(_:)-(Data)`` always returns one, as upstream does; unlike upstream,
/// a font whose bytes did not decode says so: ``isEmpty`` is true and ``decodingError`` says why.
public final class RiveFont: DecodedContentWrapper, Sendable {
  /// The decoded content, nil when decoding failed.
  public let decodedAsset: DecodedAsset?
  /// Why decoding failed, nil when it succeeded.
  public let decodingError: DecodingError?

  init(decodedAsset: DecodedAsset?, decodingError: DecodingError?) {
    self.decodedAsset = decodedAsset
    self.decodingError = decodingError
  }

  convenience init(decoding data: Data) {
    let outcome = DecodedAsset.outcome(decoding: data, as: .font)
    self.init(decodedAsset: outcome.asset, decodingError: outcome.error)
  }

  /// Whether there is no font (decoding failed).
  public var isEmpty: Bool { decodedAsset == nil }

  /// The decoded font's family name (nil when empty).
  public var familyName: String? { decodedAsset?.font?.familyName }
}

extension RiveFont {
  private static let fallbacks = Locked(
    (fonts: [any RiveFallbackFontProvider](), callback: RiveFallbackFontsCallback?.none))

  /// The fonts text falls back to when a run's font lacks a glyph, as upstream's class
  /// property: a default descriptor (the system's regular sans-serif) until you set a list.
  /// Setting it replaces ``fallbackFontsCallback``.
  ///
  /// Frames of legacy views (`RiveView.snapshot`, `RiveViewModel.snapshot`) shape text with
  /// these after the text style's own font; see ``fallbackFontsCallback`` for the style asked.
  public static var fallbackFonts: [any RiveFallbackFontProvider] {
    get {
      let fonts = fallbacks.withLock { $0.fonts }
      return fonts.isEmpty ? [RiveFallbackFontDescriptor()] : fonts
    }
    set { fallbacks.withLock { $0 = (newValue, nil) } }
  }

  /// Chooses fallback fonts per style, as upstream's class property: until set, it returns
  /// ``fallbackFonts``. Setting it replaces ``fallbackFonts``.
  ///
  /// Frames of legacy views (`RiveView.snapshot`, `RiveViewModel.snapshot`) shape text with
  /// these after the text style's own font; see ``fallbackFontsCallback`` for the style asked.
  public static var fallbackFontsCallback: RiveFallbackFontsCallback {
    get {
      fallbacks.withLock { $0.callback } ?? { _ in RiveFont.fallbackFonts }
    }
    set { fallbacks.withLock { $0 = ([], newValue) } }
  }
}

/// Chooses the fallback fonts for a style (upstream's `RiveFallbackFontsCallback`).
public typealias RiveFallbackFontsCallback = (RiveFontStyle) -> [any RiveFallbackFontProvider]

extension RiveFont {
  /// The decoded fallback fonts legacy frames draw with: what ``fallbackFontsCallback`` gives
  /// for the regular style, each provider's system font decoded once per process.
  static var decodedFallbackFonts: [DecodedFont] {
    let providers = fallbackFontsCallback(RiveFontStyle(weight: .regular))
    return ResolvedAssets.decodedSystemFonts(providers.map(\.fallbackFont))
  }
}
