import Foundation

/// Opaque bytes kept exactly as given, with no interpretation.
public struct DecodedBlob: Sendable, Hashable {
  /// The bytes as given.
  public let bytes: [UInt8]

  /// The number of bytes.
  public var count: Int { bytes.count }

  /// Wraps bytes without looking at them.
  ///
  /// - Parameter bytes: The blob's content.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The content digest: SHA-256 over the tag `"rive.blob\0"` and the bytes.
  ///
  /// See ``ContentDigest`` for the exact definition.
  public var digest: ContentDigest {
    var hasher = ContentDigest.hasher(for: .blob)
    bytes.withUnsafeBytes { hasher.update($0) }
    return ContentDigest(hasher.finalize())
  }
}
