import RiveCore
import RiveFormat

/// Opaque bytes wrapped by a ``Worker``, for ``BlobProperty`` data binding.
///
/// Obtained only from ``Worker/decodeBlob(from:)``. Two values are equal only when they are the same
/// object, as upstream compares handles. The content is immutable, so the summaries below can
/// be read from any thread.
public final class Blob: Equatable, Sendable, CustomStringConvertible {
  /// The decoded content shared with the core.
  package let decodedAsset: DecodedAsset

  package init(_ decodedAsset: DecodedAsset) {
    self.decodedAsset = decodedAsset
  }

  /// The number of bytes.
  public var count: Int { decodedAsset.blob?.count ?? 0 }

  /// The content digest: equal digests mean equal decoded content.
  public var digest: ContentDigest { decodedAsset.digest }

  /// A one-line summary of the content and its digest.
  public var description: String { decodedAsset.description }

  /// Whether both are the same object.
  public static func == (lhs: Blob, rhs: Blob) -> Bool { lhs === rhs }
}
