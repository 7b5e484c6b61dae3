import Foundation
import RiveFormat

extension TextFont {
  /// The text font of a decoded font, made once per decoded font and shared: every frame of
  /// every artboard drawing the same content (a registration, a loader's answer, a bound
  /// property, a fallback) shapes with one HarfBuzz font and one outline cache.
  ///
  /// Fonts are looked up by the identity of their byte storage, so a lookup costs no hashing
  /// of the file; the most recently used ``cacheCapacity`` fonts are kept.
  ///
  /// - Parameter decoded: The font, as a decoder or the system-font lookup made it.
  /// - Returns: The font, or nil when HarfBuzz cannot read the bytes (the face is then left out,
  ///   as an undecodable embedded font is).
  public static func shared(for decoded: DecodedFont) -> TextFont? {
    let key = DecodedFontKey(decoded)
    if let hit = decodedCache.withLock({ $0.font(for: key, decoded: decoded) }) { return hit }
    guard let font = try? TextFont(bytes: decoded.bytes) else { return nil }
    decodedCache.withLock { $0.insert(font, for: key, decoded: decoded) }
    return font
  }

  /// How many decoded fonts ``shared(for:)`` keeps.
  public static let cacheCapacity = 32

  // `Locked` (a pthread mutex) rather than `Mutex`, whose futex ThreadSanitizer cannot see.
  private static let decodedCache = Locked(DecodedFontCache())
}

/// The storage address and length of a decoded font's bytes: equal for copies of one decoded
/// value, which share their storage.
private struct DecodedFontKey: Hashable {
  var address: UInt
  var count: Int

  init(_ font: DecodedFont) {
    count = font.bytes.count
    address = font.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }
}

/// A small most-recently-used table. Each entry keeps its decoded font (so the storage the key
/// names stays alive and cannot be reused by other bytes) and compares it on a hit, which for
/// shared storage is a pointer comparison.
private struct DecodedFontCache {
  private var entries: [DecodedFontKey: (decoded: DecodedFont, font: TextFont, used: UInt64)] = [:]
  private var clock: UInt64 = 0

  mutating func font(for key: DecodedFontKey, decoded: DecodedFont) -> TextFont? {
    guard let entry = entries[key], entry.decoded == decoded else { return nil }
    clock += 1
    entries[key]?.used = clock
    return entry.font
  }

  mutating func insert(_ font: TextFont, for key: DecodedFontKey, decoded: DecodedFont) {
    clock += 1
    if entries[key] == nil, entries.count >= TextFont.cacheCapacity,
      let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key
    {
      entries[oldest] = nil
    }
    entries[key] = (decoded, font, clock)
  }
}

extension TextFonts {
  /// The fonts a resolution gave a file: each font asset's decoded content (a global
  /// registration, a legacy loader's `font(...)`, the embedded bytes), fonts given to font
  /// properties through data binding (by the index past the file's assets their text styles
  /// draw with), and fallback fonts in the order they are tried.
  ///
  /// - Parameters:
  ///   - fonts: Decoded fonts by asset index.
  ///   - fallbacks: The fallback fonts.
  public init(resolved fonts: [Int: DecodedFont], fallbacks: [DecodedFont] = []) {
    self.init()
    for (index, decoded) in fonts.sorted(by: { $0.key < $1.key }) {
      if let font = TextFont.shared(for: decoded) { setFont(font, forAsset: index) }
    }
    self.fallbacks = fallbacks.compactMap { TextFont.shared(for: $0) }
  }
}
