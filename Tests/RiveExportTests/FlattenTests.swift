import Testing

@testable import RiveExport

/// The matte flattening a video's frames go through, checked for every channel value at every
/// alpha against the rounding the encoder documents, written out here.
@Suite("Export: straight RGBA flattened over the matte")
struct FlattenTests {
  /// `(value · α + matte · (255 − α) + 127) / 255`.
  static func expected(_ value: Int, alpha: Int, matte: Int) -> UInt8 {
    UInt8((value * alpha + matte * (255 - alpha) + 127) / 255)
  }

  @Test(
    "every value at every alpha, over three mattes",
    arguments: [UInt32(0xFF00_0000), 0xFFFF_FFFF, 0x0012_80F3])
  func exhaustive(matte: UInt32) {
    // Pixel (value, alpha): red = value, green = 255 − value, blue = value ^ 0x5A.
    var source = [UInt8](repeating: 0, count: 256 * 256 * 4)
    for alpha in 0..<256 {
      for value in 0..<256 {
        let index = (alpha * 256 + value) * 4
        source[index] = UInt8(value)
        source[index + 1] = UInt8(255 - value)
        source[index + 2] = UInt8(value ^ 0x5A)
        source[index + 3] = UInt8(alpha)
      }
    }
    var target = [UInt8](repeating: 7, count: source.count + 3)
    target.withUnsafeMutableBufferPointer { output in
      source.withUnsafeBufferPointer { input in
        FrameExporter.flatten(input, into: output.baseAddress!, over: matte)
      }
    }
    let red = Int(matte >> 16 & 0xFF)
    let green = Int(matte >> 8 & 0xFF)
    let blue = Int(matte & 0xFF)
    var mismatches = 0
    for alpha in 0..<256 {
      for value in 0..<256 {
        let index = (alpha * 256 + value) * 4
        let want: [UInt8] = [
          Self.expected(value, alpha: alpha, matte: red),
          Self.expected(255 - value, alpha: alpha, matte: green),
          Self.expected(value ^ 0x5A, alpha: alpha, matte: blue), 255,
        ]
        if Array(target[index..<index + 4]) != want { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
    // Nothing past the pixels is written.
    #expect(target.suffix(3) == [7, 7, 7])
  }

  @Test("a length that is not whole pixels leaves the partial pixel alone")
  func partialPixel() {
    let source: [UInt8] = [10, 20, 30, 128, 99, 98]
    var target = [UInt8](repeating: 1, count: 6)
    target.withUnsafeMutableBufferPointer { output in
      source.withUnsafeBufferPointer { input in
        FrameExporter.flatten(input, into: output.baseAddress!, over: 0xFF00_0000)
      }
    }
    #expect(
      target == [
        Self.expected(10, alpha: 128, matte: 0), Self.expected(20, alpha: 128, matte: 0),
        Self.expected(30, alpha: 128, matte: 0), 255, 1, 1,
      ])
  }
}
