import CTurboJPEG

/// Writes JPEG files for tests and benchmarks with libjpeg-turbo's TurboJPEG API.
public enum JPEGFixtureEncoder {
  /// The layout of the source pixels, which also decides the JPEG's colour space.
  public enum PixelLayout: Sendable {
    /// 3 bytes per pixel, red, green, blue; encoded as YCbCr.
    case rgb
    /// 1 byte per pixel; encoded as a greyscale JPEG.
    case grey
    /// 4 bytes per pixel, C, M, Y, K as stored in the file (Adobe convention: inverted, so
    /// 255 means no ink); encoded as YCCK with an Adobe marker.
    case cmyk

    var bytesPerPixel: Int {
      switch self {
      case .rgb: 3
      case .grey: 1
      case .cmyk: 4
      }
    }
  }

  /// Chroma subsampling.
  public enum Subsampling: Sendable {
    /// No subsampling.
    case none
    /// Half resolution horizontally and vertically (the common default).
    case half
  }

  /// Encodes pixels as a JPEG.
  ///
  /// - Parameters:
  ///   - pixels: `width * height * layout.bytesPerPixel` bytes, row by row.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - layout: The pixel layout and colour space.
  ///   - quality: The JPEG quality, 1…100.
  ///   - subsampling: Chroma subsampling (ignored for greyscale).
  ///   - isProgressive: Whether to write a progressive JPEG.
  /// - Returns: The JPEG file, or `nil` if TurboJPEG failed.
  public static func encode(
    pixels: [UInt8], width: Int, height: Int, layout: PixelLayout = .rgb, quality: Int = 90,
    subsampling: Subsampling = .half, isProgressive: Bool = false
  ) -> [UInt8]? {
    guard let handle = tjInitCompress() else { return nil }
    defer { tjDestroy(handle) }
    let format: TJPF
    let sampling: TJSAMP
    switch layout {
    case .rgb:
      format = TJPF_RGB
      sampling = subsampling == .half ? TJSAMP_420 : TJSAMP_444
    case .grey:
      format = TJPF_GRAY
      sampling = TJSAMP_GRAY
    case .cmyk:
      format = TJPF_CMYK
      sampling = subsampling == .half ? TJSAMP_420 : TJSAMP_444
    }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let flags = Int32(isProgressive ? TJFLAG_PROGRESSIVE : 0) | Int32(TJFLAG_ACCURATEDCT)
    let status = pixels.withUnsafeBufferPointer { source in
      tjCompress2(
        handle, source.baseAddress, Int32(width), Int32(width * layout.bytesPerPixel),
        Int32(height), Int32(format.rawValue), &output, &size, Int32(sampling.rawValue),
        Int32(quality), flags)
    }
    guard status == 0, let output else { return nil }
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  /// Inserts an Exif APP1 segment holding only an orientation tag after the JPEG's SOI
  /// (and after a JFIF APP0 segment, if present).
  ///
  /// - Parameters:
  ///   - jpeg: A JPEG file.
  ///   - orientation: The orientation value (1…8 are valid).
  ///   - isBigEndian: Whether the TIFF data is big-endian (`MM`) or little-endian (`II`).
  /// - Returns: The JPEG file with the segment.
  public static func insertingExifOrientation(
    into jpeg: [UInt8], orientation: UInt16, isBigEndian: Bool = true
  ) -> [UInt8] {
    func short(_ value: UInt16) -> [UInt8] {
      let high = UInt8(value >> 8)
      let low = UInt8(value & 0xFF)
      return isBigEndian ? [high, low] : [low, high]
    }
    func long(_ value: UInt32) -> [UInt8] {
      let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
      return isBigEndian ? bytes : bytes.reversed()
    }
    var tiff: [UInt8] = isBigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
    tiff += short(42) + long(8)
    tiff += short(1)  // one entry
    tiff += short(0x0112) + short(3) + long(1) + short(orientation) + [0, 0]
    tiff += long(0)  // no next directory
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    var insertAt = 2
    if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
      insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
    }
    var result = jpeg
    result.insert(contentsOf: segment, at: min(insertAt, jpeg.count))
    return result
  }
}
