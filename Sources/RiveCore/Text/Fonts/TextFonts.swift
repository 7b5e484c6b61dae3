import RiveFormat

/// The fonts a file's text draws with: a font per font asset (by file asset index), and the
/// fallback fonts tried, in order, for characters a style's font has no glyph for.
///
/// Passed to drawing beside ``DrawImages``; drawing without one leaves text undrawn (as the
/// reference runtime built with text off does).
///
/// The fallback rule is the runtime's: a run shaped with a style's font that produced glyph 0
/// (missing) is split; each missing stretch is shaped again with fallback font 0, what is
/// still missing with fallback font 1, and so on; what no fallback has keeps the glyphs of
/// the last font tried.
public struct TextFonts: Sendable {
  /// By file asset index (assets that are not fonts, or fonts not loaded, have none).
  public private(set) var fonts: [Int: TextFont] = [:]
  /// Fallback fonts, in the order they are tried.
  public var fallbacks: [TextFont] = []
  /// Changes whenever a font is set, so cached layouts know to shape again.
  public private(set) var revision = 0

  /// No fonts (text draws nothing until fonts are set).
  public init() {}

  /// The fonts of `document`'s embedded font assets (bytes offered after an asset replace
  /// its own, as for images); fonts that do not load are left out.
  ///
  /// - Parameter document: The file's structure.
  public init(document: RiveDocument) {
    for asset in document.assets {
      guard case .font = asset.kind else { continue }
      guard let contents = document.inBandContents(ofAssetAt: asset.index),
        let font = try? TextFont(bytes: contents.data)
      else {
        continue
      }
      fonts[asset.index] = font
    }
  }

  /// Sets (or, with nil, removes) the font of file asset `index`: how a font swap (a legacy
  /// loader, a global registration, data binding) reaches drawing.
  ///
  /// - Parameters:
  ///   - font: The new font.
  ///   - index: The font asset's index among the file's assets.
  public mutating func setFont(_ font: TextFont?, forAsset index: Int) {
    fonts[index] = font
    revision += 1
  }

  /// The font of file asset `index`, if loaded.
  public func font(forAsset index: Int) -> TextFont? { fonts[index] }

  /// Whether `other` has the same fonts (the same font objects for the same assets, and the
  /// same fallbacks in the same order).
  public func hasSameFonts(as other: TextFonts) -> Bool {
    guard fonts.count == other.fonts.count, fallbacks.count == other.fallbacks.count else {
      return false
    }
    for (index, font) in fonts where other.fonts[index] !== font { return false }
    return zip(fallbacks, other.fallbacks).allSatisfy { $0 === $1 }
  }
}
