import Foundation
import RiveCore
import RiveMedia
import RiveRaster

// What the rasteriser's values get from the media module: PNG files through libpng, and
// decoded images as the rasteriser's pixel images.

extension RasterFrame {
  /// The frame as a PNG file (8-bit RGBA, through libpng).
  ///
  /// The corresponding C function is `png_image_write_to_memory`.
  ///
  /// - Returns: The PNG file's bytes.
  /// - Throws: `RasterError` with code `pngEncoding` and libpng's message.
  public func pngData() throws(RasterError) -> Data {
    do throws(PNGWriter.Failure) {
      return Data(try PNGWriter.encode(rgba: rgba, width: width, height: height))
    } catch {
      throw RasterError(.pngEncoding, message: error.description)
    }
  }
}

extension PixelImage {
  /// A decoded image's pixels (shared, not copied; a JPEG's `exifOrientation` is not
  /// applied).
  ///
  /// - Parameter image: The decoded image.
  public init(_ image: DecodedImage) {
    self.init(
      width: image.width, height: image.height, pixels: image.pixels,
      isPremultiplied: image.isPremultiplied)
  }
}

extension RasterImages {
  /// Prepares decoded images for drawing (`RasterImages/init(_:)-(_)` over their pixels).
  ///
  /// - Parameter images: Decoded images by id.
  /// - Throws: `RasterError` with code `invalidImage` when an image's pixel count does not
  ///   match its size or a side is beyond Cairo's 32767 pixels, or `cairo` when Cairo cannot
  ///   allocate a surface.
  public convenience init(_ images: [Int: DecodedImage]) throws(RasterError) {
    try self.init(images.mapValues(PixelImage.init))
  }

  /// Prepares decoded images given in decode order: the image at position `i` gets id `i`;
  /// nil entries (images that failed to decode) stay missing.
  ///
  /// - Parameter decodeOrder: The decoded images, in the order their ids count.
  /// - Throws: `RasterError`; see `init(_:)-(_)`.
  public convenience init(decodeOrder: [DecodedImage?]) throws(RasterError) {
    try self.init(decodeOrder: decodeOrder.map { $0.map(PixelImage.init) })
  }
}

extension RasterCanvas {
  /// Draws a decoded image scaled to fit `box` (see `draw(_:fittingIn:)`).
  ///
  /// - Throws: `RasterError` with code `invalidImage` when the image's pixels do not match its
  ///   size.
  public func draw(_ image: DecodedImage, fittingIn box: Rect) throws(RasterError) {
    try draw(PixelImage(image), fittingIn: box)
  }
}
