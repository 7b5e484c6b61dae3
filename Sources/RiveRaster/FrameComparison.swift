import Foundation

/// How far apart two frames of the same size are.
public struct FrameDifference: Sendable, Hashable {
  /// The peak signal-to-noise ratio in decibels, `10 · log10(255² / MSE)`, over the four
  /// channels of the premultiplied pixels (so that the colour of fully transparent pixels
  /// does not count); `+infinity` for identical frames.
  public var psnr: Double

  /// The largest difference of one channel of one premultiplied pixel, 0…255.
  public var maximumChannelDifference: Int

  /// How many pixels differ in any premultiplied channel.
  public var differingPixelCount: Int
}

extension RasterFrame {
  /// Compares this frame with `other`, pixel by pixel.
  ///
  /// - Parameter other: A frame of the same size.
  /// - Returns: The PSNR, the largest channel difference and the count of pixels that differ.
  /// - Throws: ``RasterError`` with code `sizeMismatch` when the sizes differ.
  public func difference(from other: RasterFrame) throws(RasterError) -> FrameDifference {
    guard width == other.width, height == other.height else {
      throw RasterError(
        .sizeMismatch,
        message: "cannot compare \(width)×\(height) with \(other.width)×\(other.height)")
    }
    var squares = 0.0
    var largest = 0
    var differing = 0
    rgba.withUnsafeBufferPointer { left in
      other.rgba.withUnsafeBufferPointer { right in
        var index = 0
        while index < left.count {
          let alphaLeft = UInt32(left[index + 3])
          let alphaRight = UInt32(right[index + 3])
          var pixelDiffers = false
          for channel in 0..<4 {
            let a: UInt32 =
              channel == 3
              ? alphaLeft : PixelConversion.multiply(UInt32(left[index + channel]), alphaLeft)
            let b: UInt32 =
              channel == 3
              ? alphaRight : PixelConversion.multiply(UInt32(right[index + channel]), alphaRight)
            let delta = abs(Int(a) - Int(b))
            if delta != 0 { pixelDiffers = true }
            largest = max(largest, delta)
            squares += Double(delta * delta)
          }
          if pixelDiffers { differing += 1 }
          index += 4
        }
      }
    }
    let meanSquare = squares / Double(max(rgba.count, 1))
    let psnr = meanSquare == 0 ? Double.infinity : 10 * log10(255 * 255 / meanSquare)
    return FrameDifference(
      psnr: psnr, maximumChannelDifference: largest, differingPixelCount: differing)
  }
}
