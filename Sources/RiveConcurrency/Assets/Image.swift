import RiveCore

/// An image decoded by a ``Worker``.
///
/// Obtained only from ``Worker/decodeImage(from:)``. Two values are equal only when they are the same
/// object, as upstream compares handles. The content is immutable, so the summaries below can
/// be read from any thread.
public final class Image: Equatable, Sendable, CustomStringConvertible {
  /// The decoded content shared with the core.
  package let decodedAsset: DecodedAsset

  package init(_ decodedAsset: DecodedAsset) {
    self.decodedAsset = decodedAsset
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
