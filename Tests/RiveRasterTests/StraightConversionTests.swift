import Testing

@testable import RiveRaster

/// Cairo's premultiplied words read back as straight RGBA: every (value, alpha) pair a
/// premultiplied pixel can hold, against the rounding written out here.
@Suite("Raster: premultiplied ARGB32 read as straight RGBA")
struct StraightConversionTests {
  /// `value · 255 / α` rounded to nearest, at most 255; 0 for α 0.
  static func expected(_ value: UInt32, alpha: UInt32) -> UInt8 {
    alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
  }

  @Test("every premultiplied value at every alpha")
  func exhaustive() {
    // Row `alpha`, column `value` (values above alpha are clamped to it, as Cairo never holds
    // them); a stride with padding, to read rows where they start.
    let width = 256
    let stride = width * 4 + 12
    var words = [UInt8](repeating: 0xEE, count: stride * 256)
    for alpha in 0..<256 {
      for value in 0..<256 {
        let v = UInt32(min(value, alpha))
        let green = UInt32(min(255 - value, alpha))
        let blue = UInt32(min(value ^ 0x33, alpha))
        let word = UInt32(alpha) << 24 | v << 16 | green << 8 | blue
        withUnsafeBytes(of: word) { bytes in
          for byte in 0..<4 { words[alpha * stride + value * 4 + byte] = bytes[byte] }
        }
      }
    }
    let rgba = words.withUnsafeBufferPointer {
      PixelConversion.straightRGBA(from: $0.baseAddress!, stride: stride, width: width, height: 256)
    }
    #expect(rgba.count == width * 256 * 4)
    var mismatches = 0
    for alpha in 0..<256 {
      for value in 0..<256 {
        let a = UInt32(alpha)
        let want: [UInt8] = [
          Self.expected(UInt32(min(value, alpha)), alpha: a),
          Self.expected(UInt32(min(255 - value, alpha)), alpha: a),
          Self.expected(UInt32(min(value ^ 0x33, alpha)), alpha: a), UInt8(alpha),
        ]
        let index = (alpha * width + value) * 4
        if Array(rgba[index..<index + 4]) != want { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }
}
