import RiveFormat
import Synchronization

extension ResolvedAssets {
  /// The fallback font both API generations (and files played from their bytes) use until
  /// told otherwise: the system's regular sans-serif, found through fontconfig, as upstream's
  /// default fallback descriptor; nil when the system has no font. Decoded once per process.
  public static var systemFallback: DecodedFont? {
    systemFallbackFont.withLock { cached in
      if let cached { return cached }
      let decoded = try? SystemFont.systemFont(ofSize: 12).decode()
      cached = .some(decoded)
      return decoded
    }
  }

  /// ``systemFallback`` as a fallback list: empty when the system has no font.
  public static var systemFallbackFonts: [DecodedFont] { systemFallback.map { [$0] } ?? [] }

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
