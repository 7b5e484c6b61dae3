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
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride)
        var target = base + y * width * 4
        for x in 0..<width {
          let word = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
          let alpha = word >> 24
          if alpha == 0xFF {
            target[0] = UInt8(truncatingIfNeeded: word >> 16)
            target[1] = UInt8(truncatingIfNeeded: word >> 8)
            target[2] = UInt8(truncatingIfNeeded: word)
            target[3] = 0xFF
          } else if alpha == 0 {
            target[0] = 0
            target[1] = 0
            target[2] = 0
            target[3] = 0
          } else {
            target[0] = divide((word >> 16) & 0xFF, alpha)
            target[1] = divide((word >> 8) & 0xFF, alpha)
            target[2] = divide(word & 0xFF, alpha)
            target[3] = UInt8(truncatingIfNeeded: alpha)
          }
          target += 4
        }
      }
      count = width * height * 4
    }
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
