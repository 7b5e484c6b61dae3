import CCrypto

/// SHA-256 (FIPS 180-4), used for content digests and the `in_band_sha256` field of the
/// inspection report.
///
/// The toolchain ships no cryptography module on Linux, so this wraps OpenSSL's libcrypto (the
/// corresponding C functions are `EVP_DigestInit_ex`, `EVP_DigestUpdate` and
/// `EVP_DigestFinal_ex`), which hashes gigabytes per second. It has value semantics: copying a
/// hasher copies its state.
public struct SHA256: Sendable {
  /// A finished 32-byte digest.
  public struct Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes, most significant first.
    public let bytes: [UInt8]

    /// Wraps 32 digest bytes.
    public init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    /// Lowercase hexadecimal form, 64 characters.
    public var hexString: String {
      var out = [UInt8]()
      out.reserveCapacity(bytes.count * 2)
      let digits = Array("0123456789abcdef".utf8)
      for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
      }
      return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hexString }
  }

  /// The libcrypto context, copied on write.
  private final class Context: @unchecked Sendable {
    // @unchecked: the context is only touched through `SHA256`'s mutating methods, which copy
    // it first unless this value is its only owner.
    let pointer: OpaquePointer?

    init() {
      pointer = EVP_MD_CTX_new()
      EVP_DigestInit_ex(pointer, EVP_sha256(), nil)
    }

    init(copying other: Context) {
      pointer = EVP_MD_CTX_new()
      EVP_MD_CTX_copy_ex(pointer, other.pointer)
    }

    deinit { EVP_MD_CTX_free(pointer) }
  }

  private var context = Context()

  /// Creates an empty hasher.
  public init() {}

  /// Hashes `bytes` in one call.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Hashes a byte sequence in one call.
  public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> Digest where Bytes.Element == UInt8 {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Feeds a byte sequence; contiguous storage is used directly when available.
  public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if handled == nil {
      Array(bytes).withUnsafeBytes { update($0) }
    }
  }

  /// Feeds raw bytes.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
    EVP_DigestUpdate(context.pointer, base, bytes.count)
  }

  /// Returns the digest of everything fed so far (the hasher itself is left unchanged).
  public func finalize() -> Digest {
    let finished = Context(copying: context)
    var out = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    out.withUnsafeMutableBufferPointer { buffer in
      _ = EVP_DigestFinal_ex(finished.pointer, buffer.baseAddress, &length)
    }
    return Digest(bytes: out)
  }
}
