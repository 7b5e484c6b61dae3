import Foundation
import RiveDisplayList
import RiveRaster
import Testing

@Suite("Raster canvas")
struct RasterCanvasTests {
  static func pixel(_ frame: RasterFrame, _ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * frame.width + x) * 4
    return Array(frame.rgba[offset..<(offset + 4)])
  }

  /// A solid image: the left half red, the right half blue.
  static func halves(width: Int, height: Int) -> PixelImage {
    var pixels: [UInt8] = []
    for _ in 0..<height {
      for x in 0..<width { pixels += x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  @Test("rectangles, borders and the checkerboard are exact colours on whole pixels")
  func figures() throws {
    let canvas = try RasterCanvas(width: 40, height: 30, background: 0xFFFF_FFFF)
    canvas.fill(RasterCanvas.Rect(x: 2, y: 3, width: 5, height: 4), with: 0xFF10_2030)
    canvas.stroke(RasterCanvas.Rect(x: 10, y: 10, width: 8, height: 6), with: 0xFF00_FF00)
    canvas.checkerboard(
      RasterCanvas.Rect(x: 20, y: 0, width: 16, height: 16), light: 0xFFFF_FFFF,
      dark: 0xFF00_0000, cell: 4)
    let frame = try canvas.makeFrame()
    #expect(Self.pixel(frame, 2, 3) == [0x10, 0x20, 0x30, 255])
    #expect(Self.pixel(frame, 6, 6) == [0x10, 0x20, 0x30, 255])
    #expect(Self.pixel(frame, 7, 6) == [255, 255, 255, 255])
    #expect(Self.pixel(frame, 6, 7) == [255, 255, 255, 255])
    // The border is one pixel inside the rectangle; its inside is untouched.
    #expect(Self.pixel(frame, 10, 10) == [0, 255, 0, 255])
    #expect(Self.pixel(frame, 17, 15) == [0, 255, 0, 255])
    #expect(Self.pixel(frame, 13, 12) == [255, 255, 255, 255])
    #expect(Self.pixel(frame, 18, 12) == [255, 255, 255, 255])
    // Light at the top left, dark one cell to the right and one down, light diagonally.
    #expect(Self.pixel(frame, 21, 1) == [255, 255, 255, 255])
    #expect(Self.pixel(frame, 25, 1) == [0, 0, 0, 255])
    #expect(Self.pixel(frame, 21, 5) == [0, 0, 0, 255])
    #expect(Self.pixel(frame, 25, 5) == [255, 255, 255, 255])
  }

  @Test("a picture is fitted into its box, centred, keeping its aspect ratio")
  func fittedPicture() throws {
    let canvas = try RasterCanvas(width: 100, height: 100, background: 0xFFFF_FFFF)
    // 40×20 into 80×80 at (10, 10): scale 2, 80×40, rows 30…70.
    try canvas.draw(
      Self.halves(width: 40, height: 20), fittingIn: .init(x: 10, y: 10, width: 80, height: 80))
    let frame = try canvas.makeFrame()
    #expect(Self.pixel(frame, 20, 50) == [255, 0, 0, 255])
    #expect(Self.pixel(frame, 80, 50) == [0, 0, 255, 255])
    #expect(Self.pixel(frame, 50, 25) == [255, 255, 255, 255])
    #expect(Self.pixel(frame, 50, 75) == [255, 255, 255, 255])
    #expect(Self.pixel(frame, 20, 31) == [255, 0, 0, 255])
    #expect(Self.pixel(frame, 20, 69) == [255, 0, 0, 255])
  }

  @Test("labels draw ink from the baseline up, measure wider for longer text and shorten to fit")
  func labels() throws {
    let canvas = try RasterCanvas(width: 200, height: 40, background: 0xFFFF_FFFF, labelSize: 14)
    canvas.label("Hello", x: 10, baseline: 25, color: 0xFF00_0000)
    let frame = try canvas.makeFrame()
    var inkRows = Set<Int>()
    var inkColumns = Set<Int>()
    for y in 0..<40 {
      for x in 0..<200 where Self.pixel(frame, x, y)[0] < 0x80 {
        inkRows.insert(y)
        inkColumns.insert(x)
      }
    }
    #expect(!inkRows.isEmpty)
    // A capital's height above the baseline, nothing below it (no descender in "Hello").
    #expect((inkRows.max() ?? 99) <= 25)
    #expect((inkRows.min() ?? 0) >= 25 - 14)
    let width = canvas.labelWidth("Hello")
    #expect((inkColumns.min() ?? 0) >= 10)
    #expect(Double(inkColumns.max() ?? 0) <= 10 + width + 1)
    #expect(canvas.labelWidth("Hello, world") > width)
    #expect(canvas.fitting("Hello", in: 200) == "Hello")
    let short = canvas.fitting("a label far too long for the room it has", in: 60)
    #expect(short.hasSuffix("…"))
    #expect(canvas.labelWidth(short) <= 60)
  }

  @Test("a canvas beyond the limits is refused with the size")
  func limits() {
    #expect(throws: RasterError.self) {
      try RasterCanvas(
        width: 5000, height: 10, background: 0, limits: RasterLimits(maximumDimension: 4096))
    }
    #expect(throws: RasterError.self) {
      try RasterCanvas(width: 0, height: 10, background: 0)
    }
  }
}
