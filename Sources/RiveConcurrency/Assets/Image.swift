import RiveCore
import RiveFormat

/// An image decoded by a ``Worker``.
///
/// Obtained only from ``Worker/decodeImage(from:)``. Two values are equal only when they are the same
/// object, as upstream compares handles. The content is immutable, so the summaries below can
/// be read from any thread.
public final class Image: Equatable, Sendable, CustomStringConvertible {
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

  /// The width in pixels.
  public var width: Int { decodedAsset.image?.width ?? 0 }

  /// The height in pixels.
  public var height: Int { decodedAsset.image?.height ?? 0 }

  /// The content digest: equal digests mean equal decoded content.
  public var digest: ContentDigest { decodedAsset.digest }

  /// A one-line summary of the content and its digest.
  public var description: String { decodedAsset.description }

  /// Whether both are the same object.
  public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }
}
