import RiveCore
import RiveFormat
import RiveFrames

extension Worker {
  /// The fonts text falls back to, in order, for characters a text style's font has no glyph
  /// for: the current-API counterpart of the legacy `RiveFont.fallbackFonts`. Until set, the
  /// system's regular sans-serif (found through fontconfig), as the legacy default; an empty
  /// list turns fallback off. Applies to every frame of this worker's files.
  @MainActor
  public var fallbackFonts: [Font] {
    get {
      if let fonts = engine.fallbackFonts.withLock({ $0 }) { return fonts }
      return ResolvedAssets.systemFallback.map { [Font(DecodedAsset(.font($0)))] } ?? []
    }
    set { engine.fallbackFonts.withLock { $0 = newValue } }
  }

  /// The decoded fallback fonts frames draw with.
  package var decodedFallbackFonts: [DecodedFont] {
    if let fonts = engine.fallbackFonts.withLock({ $0 }) {
      return fonts.compactMap { $0.decodedAsset.font }
    }
    return ResolvedAssets.systemFallbackFonts
  }
}
