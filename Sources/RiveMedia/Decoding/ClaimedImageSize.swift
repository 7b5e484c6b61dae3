/// The dimensions an image file claims, read from the raw bytes before any codec runs.
///
/// This lets a decoder refuse an oversized image even when the file stops right after its
/// header (a "decompression bomb" header with no data), where the codec would otherwise
/// report truncation first. The codec's own header parse stays authoritative.
package enum ClaimedImageSize {
  /// Reads the width and height from a PNG IHDR or a JPEG SOF segment.
  ///
  /// - Parameters:
  ///   - bytes: The start of the file.
  ///   - format: The sniffed format.
  /// - Returns: The claimed size, or `nil` when the header is absent or not parsed here.
  package static func read(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> (Int, Int)? {
    switch format {
    case .png:
      let magic = MagicBytes(bytes)
      guard magic.has("IHDR", at: 12), bytes.count >= 24 else { return nil }
      return (bigEndian32(bytes, at: 16), bigEndian32(bytes, at: 20))
    case .jpeg:
      return jpegFrameSize(bytes)
    case .webp, .gif:
      return nil
    }
  }

  private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
    (offset..<(offset + 4)).reduce(0) { $0 << 8 | Int(bytes[$1]) }
  }

  /// Walks the JPEG markers to the first start-of-frame segment.
  private static func jpegFrameSize(_ bytes: UnsafeRawBufferPointer) -> (Int, Int)? {
    var offset = 2
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {
        offset += 1
        continue
      }
      if marker == 0x01 || (0xD0...0xD8).contains(marker) {
        offset += 2
        continue
      }
      if marker == 0xDA || marker == 0xD9 {
        return nil
      }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      let isFrame =
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
      if isFrame {
        guard length >= 7, offset + 9 <= bytes.count else { return nil }
        let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
        let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
        return (width, height)
      }
      guard length >= 2 else { return nil }
      offset += 2 + length
    }
    return nil
  }
}
