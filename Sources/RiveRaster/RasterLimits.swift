/// The largest canvas the rasteriser agrees to allocate.
///
/// A canvas is a Cairo ARGB32 image surface, 4 bytes a pixel, plus the straight RGBA copy of
/// a frame. The defaults (16384 pixels a side, 64 megapixels, so at most 256 MiB a surface)
/// refuse absurd sizes from hostile files or arguments with ``RasterError/Code/invalidSize``
/// before anything is allocated. Cairo itself cannot go past 32767 pixels a side, so larger
/// limits are lowered to that.
public struct RasterLimits: Sendable, Hashable {
  /// The most pixels on either side of a canvas.
  public var maximumDimension: Int

  /// The most pixels a canvas may have in all.
  public var maximumPixelCount: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumDimension: The most pixels on either side (at most 32767, Cairo's limit).
  ///   - maximumPixelCount: The most pixels in all.
  public init(maximumDimension: Int = 16384, maximumPixelCount: Int = 64 << 20) {
    self.maximumDimension = min(maximumDimension, Self.cairoMaximumDimension)
    self.maximumPixelCount = maximumPixelCount
  }

  /// 16384 pixels a side and 64 megapixels in all.
  public static let `default` = RasterLimits()

  /// The largest side of a Cairo image surface.
  static let cairoMaximumDimension = 32767

  /// Throws unless `width`×`height` is a canvas these limits allow.
  func check(width: Int, height: Int) throws(RasterError) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension,
      !overflow, pixels <= maximumPixelCount
    else {
      throw RasterError(
        .invalidSize,
        message: "canvas \(width)×\(height) is outside the limits (1 to \(maximumDimension) "
          + "pixels a side, \(maximumPixelCount) pixels in all)")
    }
  }
}
