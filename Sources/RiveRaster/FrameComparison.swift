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

extension RasterFrame {
  /// A picture of where this frame differs from `other`: opaque everywhere, a faded grey copy
  /// of this frame where the premultiplied pixels agree, and red, brighter for larger
  /// differences (at least half intensity), where they do not.
  ///
  /// - Parameter other: A frame of the same size.
  /// - Returns: The difference picture, the same size.
  /// - Throws: ``RasterError`` with code `sizeMismatch` when the sizes differ.
  public func differenceImage(from other: RasterFrame) throws(RasterError) -> RasterFrame {
    guard width == other.width, height == other.height else {
      throw RasterError(
        .sizeMismatch,
        message: "cannot compare \(width)×\(height) with \(other.width)×\(other.height)")
    }
    var output = [UInt8](repeating: 255, count: rgba.count)
    var index = 0
    while index < rgba.count {
      let alphaLeft = UInt32(rgba[index + 3])
      let alphaRight = UInt32(other.rgba[index + 3])
      var largest = abs(Int(alphaLeft) - Int(alphaRight))
      var luminance = 0
      for channel in 0..<3 {
        let left = PixelConversion.multiply(UInt32(rgba[index + channel]), alphaLeft)
        let right = PixelConversion.multiply(UInt32(other.rgba[index + channel]), alphaRight)
        largest = max(largest, abs(Int(left) - Int(right)))
        luminance += Int(left)
      }
      if largest == 0 {
        // Agreeing pixels: this frame's brightness, faded towards white.
        let grey = UInt8(255 - (255 - luminance / 3) / 4)
        output[index] = grey
        output[index + 1] = grey
        output[index + 2] = grey
      } else {
        output[index] = UInt8(min(255, 128 + largest / 2))
        output[index + 1] = 0
        output[index + 2] = 0
      }
      index += 4
    }
    return RasterFrame(uncheckedWidth: width, height: height, rgba: output)
  }
}
