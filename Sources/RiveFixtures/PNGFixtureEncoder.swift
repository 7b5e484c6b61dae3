import RiveMedia

/// Writes PNG files for tests, covering every colour type, bit depth and interlacing.
///
/// ``encode(width:height:colorType:bitDepth:samples:palette:transparency:isInterlaced:)``
/// is written in Swift and stores the image data in uncompressed deflate blocks, so the
/// output is exact and independent of zlib. ``compressed(rgb:width:height:)`` uses libpng's
/// simplified write API (zlib's default level, 6) for realistic, compressed files.
public enum PNGFixtureEncoder {
  /// The PNG colour types.
  public enum ColorType: UInt8, Sendable, CaseIterable {
    /// One grey sample per pixel.
    case grey = 0
    /// Red, green and blue samples.
    case rgb = 2
    /// One palette index per pixel.
    case palette = 3
    /// Grey and alpha samples.
    case greyAlpha = 4
    /// Red, green, blue and alpha samples.
    case rgba = 6

    /// Samples per pixel.
    public var channelCount: Int {
      switch self {
      case .grey, .palette: 1
      case .greyAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  /// Encodes samples as a PNG file with stored (uncompressed) deflate blocks.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - colorType: The PNG colour type.
  ///   - bitDepth: Bits per sample: 1, 2, 4, 8 or 16 as the colour type allows.
  ///   - samples: `width * height * colorType.channelCount` samples, row by row, each in
  ///     `0 ..< (1 << bitDepth)` (palette indices for `.palette`).
  ///   - palette: RGB palette entries, 3 bytes each, for `.palette`.
  ///   - transparency: The raw tRNS chunk payload, if any.
  ///   - isInterlaced: Whether to write Adam7 interlacing.
  /// - Returns: The PNG file.
  public static func encode(
    width: Int, height: Int, colorType: ColorType, bitDepth: Int, samples: [UInt16],
    palette: [UInt8] = [], transparency: [UInt8]? = nil, isInterlaced: Bool = false
  ) -> [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [UInt8(bitDepth), colorType.rawValue, 0, 0, isInterlaced ? 1 : 0]
    appendChunk("IHDR", header, to: &file)
    if colorType == .palette {
      appendChunk("PLTE", palette, to: &file)
    }
    if let transparency {
      appendChunk("tRNS", transparency, to: &file)
    }
    let channels = colorType.channelCount
    var raw: [UInt8] = []
    let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
      isInterlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    for pass in passes {
      let columns = Array(stride(from: pass.x, to: width, by: pass.dx))
      guard !columns.isEmpty else { continue }
      for y in stride(from: pass.y, to: height, by: pass.dy) {
        raw.append(0)  // filter type None
        var row: [UInt16] = []
        for x in columns {
          let start = (y * width + x) * channels
          row += samples[start..<(start + channels)]
        }
        raw += pack(row, bitDepth: bitDepth)
      }
    }
    appendChunk("IDAT", zlibStored(raw), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// A PNG that is only a signature and an IHDR chunk (with a correct CRC) claiming an
  /// 8-bit RGBA image of the given size; it has no image data.
  ///
  /// - Parameters:
  ///   - width: The claimed width.
  ///   - height: The claimed height.
  /// - Returns: 33 bytes.
  public static func headerOnly(width: UInt32, height: UInt32) -> [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0], to: &file)
    return file
  }

  /// A PNG whose IHDR (4×4 RGBA) is followed by a chunk that claims `claimedLength` bytes but
  /// carries only `carried` before the input ends: a length claim for the decoder to refuse
  /// without allocating it.
  ///
  /// - Parameters:
  ///   - type: The chunk type, such as `"tEXt"`.
  ///   - claimedLength: The length the chunk header claims.
  ///   - carried: The bytes actually present after the chunk type.
  /// - Returns: The file.
  public static func lyingChunk(_ type: String, claimedLength: UInt32, carried: [UInt8])
    -> [UInt8]
  {
    headerOnly(width: 4, height: 4) + bigEndian(claimedLength) + Array(type.utf8) + carried
  }

  /// Compresses 8-bit RGB pixels to a PNG with libpng's simplified write API.
  ///
  /// - Parameters:
  ///   - rgb: `width * height * 3` bytes.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  /// - Returns: The PNG file, or `nil` if libpng failed.
  public static func compressed(rgb: [UInt8], width: Int, height: Int) -> [UInt8]? {
    try? PNGWriter.encode(rgb: rgb, width: width, height: height)
  }

  // MARK: Implementation

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    file += bigEndian(Checksums.crc32(typeBytes + data))
  }

  private static func pack(_ samples: [UInt16], bitDepth: Int) -> [UInt8] {
    switch bitDepth {
    case 16:
      return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case 8:
      return samples.map { UInt8(truncatingIfNeeded: $0) }
    default:
      var bytes: [UInt8] = []
      var current: UInt8 = 0
      var used = 0
      for sample in samples {
        current |= UInt8(truncatingIfNeeded: sample) << (8 - bitDepth - used)
        used += bitDepth
        if used == 8 {
          bytes.append(current)
          current = 0
          used = 0
        }
      }
      if used > 0 {
        bytes.append(current)
      }
      return bytes
    }
  }

  /// Wraps bytes in a zlib stream of stored (uncompressed) deflate blocks.
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let isLast = offset + count == data.count
      output.append(isLast ? 1 : 0)
      output += [UInt8(count & 0xFF), UInt8(count >> 8)]
      output += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      output += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    output += bigEndian(Checksums.adler32(data))
    return output
  }
}
