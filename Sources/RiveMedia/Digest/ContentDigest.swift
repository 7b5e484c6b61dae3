/// A SHA-256 name for decoded content, equal for equal content whatever the file's encoding.
///
/// The digest is SHA-256 over a kind tag followed by the decoded content, with every
/// integer written as 4 bytes little-endian:
///
/// - Image: `"rive.image\0"`, width, height, one byte `1` if premultiplied else `0`, then
///   the RGBA8 pixels row by row (width × height × 4 bytes).
/// - Font: `"rive.font\0"`, then the font file's bytes as given.
/// - Audio: `"rive.audio\0"`, sample rate, channel count, then every interleaved sample as
///   the little-endian bytes of its IEEE 754 32-bit bit pattern.
/// - Blob: `"rive.blob\0"`, then the bytes as given.
///
/// So a PNG and a lossless WebP of the same picture have the same digest, while the digest
/// of a font or blob differs from the plain SHA-256 of its file.
public struct ContentDigest: Hashable, Sendable, CustomStringConvertible {
  /// The 32 digest bytes.
  public let bytes: [UInt8]

  /// Creates a digest from a finished SHA-256 hash.
  ///
  /// - Parameter digest: The SHA-256 of the tagged content.
  package init(_ digest: SHA256.Digest) {
    self.bytes = digest.bytes
  }

  /// The digest as 64 lowercase hexadecimal digits.
  public var hexString: String { SHA256.Digest(bytes: bytes).hexString }

  public var description: String { hexString }

  /// Starts a hasher for content of `kind`, already fed the kind tag.
  package static func hasher(for kind: MediaKind) -> SHA256 {
    var hasher = SHA256()
    hasher.update("rive.\(kind.rawValue)".utf8)
    hasher.update(CollectionOfOne(UInt8(0)))
    return hasher
  }
}

extension SHA256 {
  /// Feeds `value` as 4 bytes, least significant first.
  package mutating func updateLittleEndian(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { update($0) }
  }
}
