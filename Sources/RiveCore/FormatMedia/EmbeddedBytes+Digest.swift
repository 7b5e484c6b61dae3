import RiveFormat
import RiveMedia

extension EmbeddedBytes {
  /// The SHA-256 digest of the bytes.
  public var sha256: SHA256.Digest { withUnsafeBytes { SHA256.hash($0) } }
}
