/// An image's pixels as the rasteriser takes them: a size and RGBA8 bytes, top row first.
///
/// `RiveFrames` makes one from a decoded asset (`PixelImage(decodedImage)`, and
/// `RasterImages(decodeOrder:)` over `DecodedImage` values); the pixels are shared, not copied.
public struct PixelImage: Sendable, Hashable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha.
  public var pixels: [UInt8]
  /// Whether red, green and blue are already multiplied by alpha.
  public var isPremultiplied: Bool

  /// Creates an image. Nothing is checked here: ``RasterImages`` rejects pixels that do not
  /// match the size.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - pixels: `width × height × 4` bytes, top row first.
  ///   - isPremultiplied: Whether the colours are multiplied by alpha (by default not).
  public init(width: Int, height: Int, pixels: [UInt8], isPremultiplied: Bool = false) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.isPremultiplied = isPremultiplied
  }
}
