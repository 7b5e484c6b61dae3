import Foundation
import RiveDisplayList
import RiveRaster
import Testing

/// Frames: the size check and the PSNR comparison (PNG files: `RiveFramesTests`).
@Suite("Frames")
struct FrameTests {
  @Test("a frame checks its byte count")
  func frameSize() {
    #expect(throws: RasterError.self) { try RasterFrame(width: 2, height: 2, rgba: [0, 0, 0]) }
    #expect(throws: RasterError.self) { try RasterFrame(width: 0, height: 2, rgba: []) }
    #expect(throws: Never.self) {
      try RasterFrame(width: 1, height: 1, rgba: [1, 2, 3, 4])
    }
  }

  @Test("PSNR is infinite for equal frames and follows 10·log10(255²/MSE) otherwise")
  func psnr() throws {
    let a = try RasterFrame(width: 2, height: 1, rgba: [10, 20, 30, 255, 0, 0, 0, 0])
    #expect(try a.difference(from: a).psnr == .infinity)
    let b = try RasterFrame(width: 2, height: 1, rgba: [10, 20, 40, 255, 0, 0, 0, 0])
    let difference = try a.difference(from: b)
    // One channel of eight differs by 10: MSE = 100 / 8.
    #expect(abs(difference.psnr - 10 * log10(255 * 255 / 12.5)) < 1e-9)
    #expect(difference.maximumChannelDifference == 10)
    #expect(difference.differingPixelCount == 1)
    // The colour of a fully transparent pixel does not count.
    let c = try RasterFrame(width: 2, height: 1, rgba: [10, 20, 30, 255, 99, 99, 99, 0])
    #expect(try a.difference(from: c).psnr == .infinity)
    let small = try RasterFrame(width: 1, height: 1, rgba: [0, 0, 0, 0])
    let error = #expect(throws: RasterError.self) { try a.difference(from: small) }
    #expect(error?.code == .sizeMismatch)
  }

  @Test("the difference image marks differing pixels red and fades agreeing ones")
  func differenceImage() throws {
    let a = try RasterFrame(width: 2, height: 1, rgba: [0, 0, 0, 255, 10, 20, 30, 255])
    let b = try RasterFrame(width: 2, height: 1, rgba: [0, 0, 0, 255, 10, 20, 90, 255])
    let picture = try a.differenceImage(from: b)
    #expect(Array(picture.rgba[0..<4]) == [192, 192, 192, 255])
    #expect(Array(picture.rgba[4..<8]) == [158, 0, 0, 255])
  }
}
