/// A SHA-256 implementation (FIPS 180-4) used for content digests and the
/// `in_band_sha256` field of the inspection report.
///
/// The toolchain ships no cryptography module on Linux, so the package carries
/// this small, allocation-free implementation. It is not meant for secrets;
/// it names content.
public struct SHA256: Sendable {
  /// A finished 32-byte digest.
  public struct Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes, most significant first.
    public let bytes: [UInt8]

    /// Lowercase hexadecimal form, 64 characters.
    public var hexString: String {
      var out = [UInt8]()
      out.reserveCapacity(64)
      let digits = Array("0123456789abcdef".utf8)
      for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
      }
      return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hexString }
  }

  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  private var buffer = [UInt8](repeating: 0, count: 64)
  private var bufferCount = 0
  private var totalLength: UInt64 = 0

  /// Creates an empty hasher.
  public init() {}

  /// Hashes `bytes` in one call.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Hashes any contiguous byte collection in one call.
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
      let copy = Array(bytes)
      copy.withUnsafeBytes { update($0) }
    }
  }

  /// Feeds raw bytes.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    totalLength &+= UInt64(bytes.count)
    var offset = 0
    if bufferCount > 0 {
      let take = min(64 - bufferCount, bytes.count)
      for index in 0..<take { buffer[bufferCount + index] = bytes[index] }
      bufferCount += take
      offset = take
      if bufferCount == 64 {
        buffer.withUnsafeBytes { compress($0.baseAddress.unsafelyUnwrapped) }
        bufferCount = 0
      }
    }
    while bytes.count - offset >= 64 {
      compress(base + offset)
      offset += 64
    }
    let rest = bytes.count - offset
    if rest > 0 {
      for index in 0..<rest { buffer[index] = bytes[offset + index] }
      bufferCount = rest
    }
  }

  /// Pads, processes the last block and returns the digest.
  public mutating func finalize() -> Digest {
    let bitLength = totalLength &* 8
    var padding = [UInt8](
      repeating: 0, count: bufferCount < 56 ? 56 - bufferCount : 120 - bufferCount)
    padding[0] = 0x80
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = totalLength
    padding.withUnsafeBytes { update($0) }
    totalLength = savedLength
    var out = [UInt8]()
    out.reserveCapacity(32)
    for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
      out.append(UInt8(truncatingIfNeeded: word >> 24))
      out.append(UInt8(truncatingIfNeeded: word >> 16))
      out.append(UInt8(truncatingIfNeeded: word >> 8))
      out.append(UInt8(truncatingIfNeeded: word))
    }
    return Digest(bytes: out)
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
    0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
    0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
    0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
    0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
    0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
    0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  private mutating func compress(_ block: UnsafeRawPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      for index in 0..<16 {
        let word = block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        schedule[index] = UInt32(bigEndian: word)
      }
      for index in 16..<64 {
        let w15 = schedule[index - 15]
        let w2 = schedule[index - 2]
        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
        schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = state
      Self.roundConstants.withUnsafeBufferPointer { constants in
        for index in 0..<64 {
          let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
          let choice = (e & f) ^ (~e & g)
          let temp1 = h &+ s1 &+ choice &+ constants[index] &+ schedule[index]
          let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let temp2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ temp1
          d = c
          c = b
          b = a
          a = temp1 &+ temp2
        }
      }
      state = (
        state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
        state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
      )
    }
  }
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
