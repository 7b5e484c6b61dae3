import RiveCore
import RiveFormat

/// A font decoded by a ``Worker``.
///
/// Obtained only from ``Worker/decodeFont(from:)-(Data)`` or
/// ``Worker/decodeFont(from:)-(SystemFont)``. Two values are equal only when they are the same
/// object, as upstream compares handles. The content is immutable, so the summaries below can
/// be read from any thread.
public final class Font: Equatable, Sendable, CustomStringConvertible {
  /// The decoded content shared with the core.
  package let decodedAsset: DecodedAsset

  /// What the content can be decoded again from (the bytes the worker decoded), so that a
  /// budgeted worker may drop a registration of it and decode it again; nil for content
  /// without such bytes (a system font).
  package let source: ContentSource?

  package init(_ decodedAsset: DecodedAsset, source: ContentSource? = nil) {
    self.decodedAsset = decodedAsset
    self.source = source
  }

  /// The family name the font declares.
  public var familyName: String { decodedAsset.font?.familyName ?? "" }

  /// The style name the font declares (for example `Regular`).
  public var styleName: String { decodedAsset.font?.styleName ?? "" }

  /// The number of glyphs.
  public var glyphCount: Int { decodedAsset.font?.glyphCount ?? 0 }

  /// The content digest: equal digests mean equal decoded content.
  public var digest: ContentDigest { decodedAsset.digest }

  /// A one-line summary of the content and its digest.
  public var description: String { decodedAsset.description }

  /// Whether both are the same object.
  public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
}
