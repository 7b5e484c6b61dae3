/// A decoded raster image: straight (unpremultiplied) RGBA, 8 bits per channel.
///
/// Pixels are stored row by row from the top, 4 bytes per pixel in the order red, green,
/// blue, alpha, with no padding (the stride is `width * 4`). Colour values are kept as the
/// codecs store them: alpha is *not* multiplied in (``isPremultiplied`` is `false` for every
/// image this package decodes), no gamma or colour-profile conversion is applied, and the
/// Exif orientation of a JPEG is reported in ``exifOrientation`` but not applied.
public struct DecodedImage: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int

  /// The height in pixels.
  public let height: Int

  /// The RGBA8 pixels, `width * height * 4` bytes, top row first.
  public let pixels: [UInt8]

  /// Whether the colour channels are premultiplied by alpha; `false` for decoded images.
  public let isPremultiplied: Bool

  /// The format the image was decoded from.
  public let format: ImageFormat

  /// The Exif orientation tag (0x0112) of a JPEG, 1 through 8; 1 when absent or not JPEG.
  ///
  /// The pixels are stored as encoded. A viewer that honours Exif should apply this
  /// orientation itself; 1 means "top-left" (no transform) and 6 means "rotate 90° clockwise
  /// to display".
  public let exifOrientation: Int

  /// Creates an image from RGBA8 pixels.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - pixels: `width * height * 4` bytes of RGBA, top row first.
  ///   - isPremultiplied: Whether the colour channels are premultiplied by alpha.
  ///   - format: The format the pixels came from.
  ///   - exifOrientation: The Exif orientation, 1 through 8.
  public init(
    width: Int, height: Int, pixels: [UInt8], isPremultiplied: Bool = false,
    format: ImageFormat, exifOrientation: Int = 1
  ) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.isPremultiplied = isPremultiplied
    self.format = format
    self.exifOrientation = exifOrientation
  }

  /// The content digest: width, height, premultiplied flag and pixels.
  ///
  /// See ``ContentDigest`` for the exact definition. The format and Exif orientation are
  /// not part of it.
  public var digest: ContentDigest {
    var hasher = ContentDigest.hasher(for: .image)
    hasher.updateLittleEndian(UInt32(truncatingIfNeeded: width))
    hasher.updateLittleEndian(UInt32(truncatingIfNeeded: height))
    hasher.update(CollectionOfOne(isPremultiplied ? UInt8(1) : 0))
    pixels.withUnsafeBytes { hasher.update($0) }
    return ContentDigest(hasher.finalize())
  }
}
