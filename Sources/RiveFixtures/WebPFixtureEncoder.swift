import CWebP

/// Writes WebP files for tests with libwebp's one-call encoders.
public enum WebPFixtureEncoder {
  /// Encodes RGBA pixels as a lossless WebP (`WebPEncodeLosslessRGBA`).
  ///
  /// Fully opaque input gives a file without alpha.
  ///
  /// - Parameters:
  ///   - rgba: `width * height * 4` bytes of straight RGBA.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  /// - Returns: The WebP file, or `nil` if libwebp failed.
  public static func lossless(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
    encode { output in
      rgba.withUnsafeBufferPointer { source in
        WebPEncodeLosslessRGBA(
          source.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
      }
    }
  }

  /// Encodes RGBA pixels as a lossy WebP (`WebPEncodeRGBA`); alpha, if any, is stored
  /// losslessly in an ALPH chunk.
  ///
  /// - Parameters:
  ///   - rgba: `width * height * 4` bytes of straight RGBA.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - quality: The quality factor, 0…100.
  /// - Returns: The WebP file, or `nil` if libwebp failed.
  public static func lossy(rgba: [UInt8], width: Int, height: Int, quality: Float = 90)
    -> [UInt8]?
  {
    encode { output in
      rgba.withUnsafeBufferPointer { source in
        WebPEncodeRGBA(
          source.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality, &output)
      }
    }
  }

  private static func encode(
    _ body: (inout UnsafeMutablePointer<UInt8>?) -> Int
  ) -> [UInt8]? {
    var output: UnsafeMutablePointer<UInt8>?
    let size = body(&output)
    guard size > 0, let output else { return nil }
    defer { WebPFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}
