import Foundation
import RiveCore
import RiveFrames
import Testing

/// The rasteriser's values with the media module: PNG files through libpng, and decoded
/// images as the rasteriser's pixel images.
@Suite("Raster values and media")
struct MediaConversionTests {
  static func square(_ x: Float, _ y: Float, _ side: Float, _ color: UInt32) -> DrawOperation {
    .drawPath(
      RenderPath(
        fillRule: .nonZero,
        commands: [
          .move(x, y), .line(x + side, y), .line(x + side, y + side), .line(x, y + side), .close,
        ]), RenderPaint(style: .fill, color: color))
  }

  @Test("PNG data decodes back to the same straight RGBA")
  func pngRoundTrip() throws {
    let list = DisplayList(operations: [
      Self.square(2, 2, 10, 0x80FF_8040), Self.square(8, 8, 10, 0xFF10_2030),
    ])
    let frame = try Rasterizer.render(list, width: 20, height: 20)
    let png = try frame.pngData()
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let decoded = try ImageDecoder.decode(png)
    #expect(decoded.width == 20 && decoded.height == 20)
    #expect(decoded.pixels == frame.rgba)
    #expect(!frame.isBlank)
  }

  @Test("decoded images draw as the pixel images made from them, by decode order")
  func decodedImages() throws {
    // A 2×2 image: red, green / blue, half-transparent white (straight alpha).
    let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]
    let decoded = DecodedImage(width: 2, height: 2, pixels: pixels, format: .png)
    let pixelImage = PixelImage(decoded)
    #expect(pixelImage == PixelImage(width: 2, height: 2, pixels: pixels, isPremultiplied: false))

    let fromDecoded = try RasterImages(decodeOrder: [nil, decoded])
    let fromPixels = try RasterImages(decodeOrder: [nil, pixelImage])
    #expect(fromDecoded.ids == [1])
    #expect(fromDecoded.size(of: 1)?.width == 2 && fromDecoded.size(of: 1)?.height == 2)
    #expect(try RasterImages([3: decoded]).ids == [3])

    let list = DisplayList(operations: [
      .transform(Transform2D(xx: 4, xy: 0, yx: 0, yy: 4, tx: 0, ty: 0)),
      .drawImage(image: 1, blendMode: .srcOver, opacity: 1),
    ])
    let drawn = try Rasterizer.render(list, width: 8, height: 8, images: fromDecoded)
    #expect(drawn == (try Rasterizer.render(list, width: 8, height: 8, images: fromPixels)))
    // The centre of the top-left texel is red.
    #expect(drawn.pixel(x: 1, y: 1)! == (255, 0, 0, 255))
  }

  @Test("a canvas draws a decoded image as its pixel image")
  func canvasImage() throws {
    let pixels: [UInt8] = [0, 0, 255, 255, 255, 255, 0, 255]
    let decoded = DecodedImage(width: 2, height: 1, pixels: pixels, format: .png)
    let box = RasterCanvas.Rect(x: 0, y: 0, width: 8, height: 4)
    let viaDecoded = try RasterCanvas(width: 8, height: 4, background: 0xFF00_0000)
    try viaDecoded.draw(decoded, fittingIn: box)
    let viaPixels = try RasterCanvas(width: 8, height: 4, background: 0xFF00_0000)
    try viaPixels.draw(PixelImage(width: 2, height: 1, pixels: pixels), fittingIn: box)
    let frame = try viaDecoded.makeFrame()
    #expect(frame == (try viaPixels.makeFrame()))
    #expect(frame.pixel(x: 0, y: 2)! == (0, 0, 255, 255))
    #expect(frame.pixel(x: 7, y: 2)! == (255, 255, 0, 255))
  }
}
