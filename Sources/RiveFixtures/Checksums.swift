/// The CRC-32 and Adler-32 checksums that PNG and zlib streams need.
public enum Checksums {
  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// The CRC-32 (ISO 3309, as in PNG chunks) of `bytes`.
  ///
  /// - Parameter bytes: The data.
  /// - Returns: The checksum.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// The Adler-32 checksum (as in zlib streams) of `bytes`.
  ///
  /// - Parameter bytes: The data.
  /// - Returns: The checksum.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var first: UInt32 = 1
    var second: UInt32 = 0
    for byte in bytes {
      first = (first + UInt32(byte)) % 65_521
      second = (second + first) % 65_521
    }
    return second << 16 | first
  }
}
