import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import Synchronization

/// A file's fonts as one resolution left them, for drawing text: the same steps for both API
/// generations' frames, so a font swapped through either draws the same glyphs.
public enum ArtboardFonts {
  /// The decoded font of each file asset in `report` (data-binding entries are skipped: they
  /// describe view-model properties, not the file's assets).
  ///
  /// - Parameter report: What one API generation resolved (`File.resolutionReport()` or
  ///   `RiveFile.resolutionReport()`): global registrations, legacy loaders' `font(...)`,
  ///   embedded bytes.
  /// - Returns: The fonts by asset index.
  public static func fonts(in report: ResolutionReport) -> [Int: DecodedFont] {
    var fonts: [Int: DecodedFont] = [:]
    for entry in report.entries where entry.propertyPath == nil && entry.asset.index >= 0 {
      if let font = entry.content?.font { fonts[entry.asset.index] = font }
    }
    return fonts
  }

  /// The fonts text draws with: the resolved fonts of the file's assets, the fonts given to
  /// font properties through data binding (by the index past the file's assets the bound text
  /// styles draw with), and the fallback fonts in the order they are tried.
  ///
  /// - Parameters:
  ///   - report: What the API generation resolved.
  ///   - bound: Fonts given through data binding, by drawing index.
  ///   - fallbacks: The fallback fonts.
  /// - Returns: The fonts (each decoded font read by HarfBuzz once and shared,
  ///   `TextFont.shared(for:)`).
  public static func textFonts(
    report: ResolutionReport, bound: [Int: DecodedFont] = [:], fallbacks: [DecodedFont] = []
  ) -> TextFonts {
    let fonts = self.fonts(in: report).merging(bound) { file, _ in file }
    return TextFonts(resolved: fonts, fallbacks: fallbacks)
  }
}

extension ArtboardFonts {
  /// The fallback font both API generations use until told otherwise: the system's regular
  /// sans-serif (found through fontconfig), as upstream's default fallback descriptor; nil
  /// when the system has no font. Decoded once per process.
  public static var systemFallback: DecodedFont? {
    systemFallbackFont.withLock { cached in
      if let cached { return cached }
      let decoded = try? SystemFont.systemFont(ofSize: 12).decode()
      cached = .some(decoded)
      return decoded
    }
  }

  /// Decodes the system fonts fallback providers name, once each per process (fontconfig and
  /// the font file are read on the first request only).
  ///
  /// - Parameter fonts: The requests, in fallback order.
  /// - Returns: The decoded fonts, in the same order; requests that match no installed font
  ///   are left out.
  public static func decodedSystemFonts(_ fonts: [SystemFont]) -> [DecodedFont] {
    fonts.compactMap { font in
      systemFonts.withLock { cache in
        if let known = cache[font] { return known }
        let decoded = try? font.decode()
        cache[font] = .some(decoded)
        return decoded
      }
    }
  }

  private static let systemFallbackFont = Mutex<DecodedFont??>(nil)
  private static let systemFonts = Mutex<[SystemFont: DecodedFont?]>([:])
}
