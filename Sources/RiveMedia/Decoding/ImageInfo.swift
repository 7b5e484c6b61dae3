/// What the header of an image says, read without decoding any pixels.
public struct ImageInfo: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int

  /// The height in pixels.
  public let height: Int

  /// The format of the image.
  public let format: ImageFormat

  /// The Exif orientation of a JPEG (1 through 8), 1 when absent or not JPEG.
  public let exifOrientation: Int

  /// The number of bytes of RGBA8 the decoded image needs: `width * height * 4`.
  public var byteCount: Int { width * height * 4 }
}
