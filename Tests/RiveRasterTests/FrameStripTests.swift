import RiveRaster
import Testing

/// `RasterFrame.strip`: the one compositor of `rive-assets render --strip` and the strip forms
/// of `assertFrame`.
@Suite("Frame strips")
struct FrameStripTests {
  /// A frame whose every pixel is different: red is the frame's tag, green `x`, blue `y`.
  private func frame(_ tag: UInt8, width: Int = 3, height: Int = 2) throws -> RasterFrame {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { rgba += [tag, UInt8(x), UInt8(y), 255] }
    }
    return try RasterFrame(width: width, height: height, rgba: rgba)
  }

  /// The pixel at `x`, `y` of `frame`.
  private func pixel(_ frame: RasterFrame, _ x: Int, _ y: Int) -> [UInt8] {
    let start = (y * frame.width + x) * 4
    return Array(frame.rgba[start..<start + 4])
  }

  @Test("frames are placed left to right, every row of each at its own offset")
  func sideBySide() throws {
    let strip = try RasterFrame.strip([frame(10), frame(20), frame(30)])
    #expect(strip.width == 9)
    #expect(strip.height == 2)
    for x in 0..<9 {
      for y in 0..<2 {
        #expect(pixel(strip, x, y) == [UInt8(10 * (x / 3 + 1)), UInt8(x % 3), UInt8(y), 255])
      }
    }
  }

  @Test("one frame is the strip; none, another size or too wide a strip is a typed error")
  func edges() throws {
    let single = try frame(7)
    #expect(try RasterFrame.strip([single]) == single)
    let none = #expect(throws: RasterError.self) { try RasterFrame.strip([]) }
    #expect(none?.code == .invalidSize)
    let mismatch = #expect(throws: RasterError.self) {
      try RasterFrame.strip([frame(1), frame(2, width: 4)])
    }
    #expect(mismatch?.code == .sizeMismatch)
    #expect(mismatch?.message.contains("frame 1 of the strip is 4×2, the first is 3×2") == true)
    let limits = RasterLimits(maximumDimension: 8)
    let wide = #expect(throws: RasterError.self) {
      try RasterFrame.strip([frame(1), frame(2), frame(3)], limits: limits)
    }
    #expect(wide?.code == .invalidSize)
    #expect(wide?.message.contains("9 pixels wide") == true)
    #expect(try RasterFrame.strip([frame(1), frame(2)], limits: limits).width == 6)
  }
}
