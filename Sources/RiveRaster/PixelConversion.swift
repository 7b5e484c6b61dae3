/// Conversions between RGBA8 byte order and Cairo's ARGB32 (premultiplied, one native-endian
/// 32-bit word a pixel: alpha in the top byte, then red, green, blue).
///
/// Cairo takes and gives only premultiplied native-endian words and libpng only byte-ordered
/// RGBA, so these two loops are the glue between them.
enum PixelConversion {
  /// Writes RGBA8 pixels into ARGB32 rows, premultiplying unless they already are.
  static func storePremultiplied(
    straightOrPremultiplied pixels: [UInt8], isPremultiplied: Bool, width: Int, height: Int,
    into data: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    pixels.withUnsafeBufferPointer { source in
      for y in 0..<height {
        let row = UnsafeMutableRawPointer(data + y * stride)
        for x in 0..<width {
          let index = (y * width + x) * 4
          let alpha = UInt32(source[index + 3])
          var red = UInt32(source[index])
          var green = UInt32(source[index + 1])
          var blue = UInt32(source[index + 2])
          if !isPremultiplied {
            red = multiply(red, alpha)
            green = multiply(green, alpha)
            blue = multiply(blue, alpha)
          }
          let word = alpha << 24 | min(red, alpha) << 16 | min(green, alpha) << 8 | min(blue, alpha)
          row.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
        }
      }
    }
  }

  /// Reads ARGB32 rows into straight (unpremultiplied) RGBA8 bytes.
  ///
  /// Opaque and fully transparent pixels (most of a frame) take a fast path with no division.
  static func straightRGBA(
    from data: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      guard let base = buffer.baseAddress else { return }
      convertRows(from: data, stride: stride, width: width, height: height, into: base)
      count = width * height * 4
    }
  }

  /// ``straightRGBA(from:stride:width:height:)`` written into `pixels` when it has the size
  /// (its storage reused, so a frame after frame allocates and touches no new memory), into
  /// a new array otherwise.
  static func straightRGBA(
    from data: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
    into pixels: inout [UInt8]
  ) {
    guard pixels.count == width * height * 4 else {
      pixels = straightRGBA(from: data, stride: stride, width: width, height: height)
      return
    }
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      convertRows(from: data, stride: stride, width: width, height: height, into: base)
    }
  }

  /// The rows of ``straightRGBA(from:stride:width:height:)``, written at `base` (room for
  /// `width × height` pixels).
  private static func convertRows(
    from data: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
    into base: UnsafeMutablePointer<UInt8>
  ) {
    let target = UnsafeMutableRawPointer(base)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride)
      let out = target + y &* width &* 4
      // Eight pixels at a time while they are all opaque or all clear (most of a frame):
      // one vector read, swizzled and written (words are stored as bytes in memory order on
      // a little-endian machine); any other run pixel by pixel.
      var x = 0
      while isLittleEndian, x &+ 8 <= width {
        let words = row.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self)
        let alphas = words &>> 24
        if alphas == SIMD8(repeating: 0xFF) {
          let swizzled =
            (words &>> 16) & 0xFF | (words & 0xFF00) | (words & 0xFF) &<< 16 | 0xFF00_0000
          out.storeBytes(of: swizzled, toByteOffset: x &* 4, as: SIMD8<UInt32>.self)
        } else if alphas == SIMD8(repeating: 0) {
          out.storeBytes(of: SIMD8<UInt32>(), toByteOffset: x &* 4, as: SIMD8<UInt32>.self)
        } else {
          for pixel in x..<x &+ 8 { convertPixel(row, out, pixel) }
        }
        x &+= 8
      }
      while x < width {
        convertPixel(row, out, x)
        x &+= 1
      }
    }
  }

  /// Whether words are stored least significant byte first (every Linux target Swift has).
  static let isLittleEndian = UInt32(1).littleEndian == 1

  /// Pixel `x` of an ARGB32 row written as straight RGBA.
  @inline(__always)
  private static func convertPixel(
    _ row: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ x: Int
  ) {
    let word = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
    let alpha = word >> 24
    let rgba: UInt32
    if alpha == 0xFF {
      rgba = (word >> 16) & 0xFF | (word & 0xFF00) | (word & 0xFF) << 16 | 0xFF00_0000
    } else if alpha == 0 {
      rgba = 0
    } else {
      rgba =
        UInt32(divide((word >> 16) & 0xFF, alpha)) | UInt32(divide((word >> 8) & 0xFF, alpha))
        << 8 | UInt32(divide(word & 0xFF, alpha)) << 16 | alpha << 24
    }
    out.storeBytes(of: rgba.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
  }

  /// `value · alpha / 255`, rounded.
  static func multiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
    let product = value * alpha + 128
    return (product + (product >> 8)) >> 8
  }

  /// `value · 255 / alpha`, rounded and at most 255; 0 when alpha is 0.
  static func divide(_ value: UInt32, _ alpha: UInt32) -> UInt8 {
    guard alpha > 0 else { return 0 }
    return UInt8(min(255, (value * 255 + alpha / 2) / alpha))
  }
}
