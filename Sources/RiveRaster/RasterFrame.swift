/// One rendered frame: its size and straight (unpremultiplied) RGBA8 pixels.
public struct RasterFrame: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int

  /// The height in pixels.
  public let height: Int

  /// `width × height × 4` bytes, top row first, in the order red, green, blue, alpha, with
  /// alpha not multiplied in. A fully transparent pixel is
  /// `0, 0, 0, 0`.
  public let rgba: [UInt8]

  /// Creates a frame from straight RGBA8 pixels.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - rgba: `width × height × 4` bytes, top row first.
  /// - Throws: ``RasterError`` with code `invalidSize` when the byte count does not match.
  public init(width: Int, height: Int, rgba: [UInt8]) throws(RasterError) {
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, !overflow, rgba.count == count &* 4 else {
      throw RasterError(
        .invalidSize,
        message: "expected \(width)×\(height)×4 bytes of RGBA, found \(rgba.count)")
    }
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  init(uncheckedWidth width: Int, height: Int, rgba: [UInt8]) {
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// The pixel at column `x`, row `y` as straight `(red, green, blue, alpha)`, or nil outside
  /// the frame.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let index = (y * width + x) * 4
    return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
  }

  /// Whether any pixel has a non-zero alpha.
  public var isBlank: Bool {
    var index = 3
    while index < rgba.count {
      if rgba[index] != 0 { return false }
      index += 4
    }
    return true
  }
}
