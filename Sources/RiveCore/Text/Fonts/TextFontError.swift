import RiveFormat

/// Why bytes could not be made into a ``TextFont``.
public struct TextFontError: CodedError, Sendable, Hashable {
  /// What was wrong.
  public enum Reason: String, Sendable, Hashable, CustomStringConvertible {
    /// There were no bytes.
    case empty
    /// HarfBuzz found no font face in the bytes (not an OpenType/TrueType font).
    case notAFont
    /// The face has no glyphs.
    case noGlyphs

    public var description: String { rawValue }
  }

  public var reason: Reason
  /// The number of bytes offered.
  public var byteCount: Int

  public init(reason: Reason, byteCount: Int) {
    self.reason = reason
    self.byteCount = byteCount
  }

  /// The ``reason``.
  public var code: Reason { reason }

  /// What the bytes hold, with their count.
  public var message: String {
    switch reason {
    case .empty: "no bytes"
    case .notAFont: "\(byteCount) bytes hold no OpenType or TrueType face"
    case .noGlyphs: "the face in \(byteCount) bytes has no glyphs"
    }
  }

  /// `font`: the bytes offered as a font.
  public var place: String? { "font" }

  public var description: String { "font: \(message)" }
}
