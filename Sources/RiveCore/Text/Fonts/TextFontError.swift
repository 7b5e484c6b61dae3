@_spi(RiveFormatInternals) import RiveFormat

/// Why bytes could not be made into a ``TextFont``.
public struct TextFontError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Sendable, Hashable {
    /// There were no bytes.
    case empty
    /// HarfBuzz found no font face in the bytes (not an OpenType/TrueType font).
    case notAFont
    /// The face has no glyphs.
    case noGlyphs
  }

  public var reason: Reason
  /// The number of bytes offered.
  public var byteCount: Int

  public init(reason: Reason, byteCount: Int) {
    self.reason = reason
    self.byteCount = byteCount
  }

  public var description: String {
    switch reason {
    case .empty: return "font: no bytes"
    case .notAFont: return "font: \(byteCount) bytes hold no OpenType or TrueType face"
    case .noGlyphs: return "font: the face in \(byteCount) bytes has no glyphs"
    }
  }
}
