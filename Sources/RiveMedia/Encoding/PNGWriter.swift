import CPNG

/// Encodes RGBA8 pixels as PNG with libpng's simplified write API.
///
/// `png_image_write_to_memory` reports errors through its return value and the image's
/// `message`, not through `longjmp`, so it is safe to call from Swift. The one
/// PNG encoder of the package: the rasteriser's frames (`RiveRaster`), the `rive-assets sheet`
/// command and the test fixtures (`RiveFixtures`) use it.
package enum PNGWriter {
  /// Why encoding failed.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// libpng's message.
    package var description: String
  }

  /// Encodes straight RGBA8 pixels.
  ///
  /// The corresponding C function is `png_image_write_to_memory`, called once to measure and
  /// once to write.
  ///
  /// - Parameters:
  ///   - pixels: `width * height * 4` bytes, top row first.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  /// - Returns: The PNG file.
  /// - Throws: ``Failure`` with libpng's message.
  package static func encode(rgba pixels: [UInt8], width: Int, height: Int) throws(Failure)
    -> [UInt8]
  {
    try encode(pixels, channels: 4, width: width, height: height)
  }

  /// Encodes RGB8 pixels (no alpha channel), as ``encode(rgba:width:height:)``.
  ///
  /// - Parameters:
  ///   - pixels: `width * height * 3` bytes, top row first.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  /// - Returns: The PNG file.
  /// - Throws: ``Failure`` with libpng's message.
  package static func encode(rgb pixels: [UInt8], width: Int, height: Int) throws(Failure)
    -> [UInt8]
  {
    try encode(pixels, channels: 3, width: width, height: height)
  }

  private static func encode(_ pixels: [UInt8], channels: Int, width: Int, height: Int)
    throws(Failure) -> [UInt8]
  {
    guard width > 0, height > 0, pixels.count == width * height * channels else {
      throw Failure(
        description: "expected \(width)×\(height)×\(channels) bytes, found \(pixels.count)")
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(
      channels == 4 ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
    defer { png_image_free(&image) }
    let stride = Int32(width * channels)
    var size = 0
    let measured = pixels.withUnsafeBytes { buffer in
      png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, stride, nil)
    }
    guard measured != 0, size > 0 else { throw Failure(description: message(of: image)) }
    var output = [UInt8](repeating: 0, count: size)
    let written = pixels.withUnsafeBytes { buffer in
      output.withUnsafeMutableBytes { destination in
        png_image_write_to_memory(
          &image, destination.baseAddress, &size, 0, buffer.baseAddress, stride, nil)
      }
    }
    guard written != 0 else { throw Failure(description: message(of: image)) }
    return Array(output.prefix(size))
  }

  private static func message(of image: png_image) -> String {
    var message = image.message
    let text = withUnsafeBytes(of: &message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "libpng failed" : "libpng: \(text)"
  }
}
