import RiveFrames

/// How far apart two frames are, the way golden-image tools measure it: per pixel, the
/// perceptual colour difference (CIE ΔE 1994 in CIELAB, D65, graphic-arts weights), and over
/// the frame the count of pixels beyond a threshold, the largest and mean ΔE, and the largest
/// and mean difference of one RGB channel (the official runtime's golden tooling reports the
/// last two).
///
/// A pixel's colour is compared as it would look over white and over black (the larger ΔE of
/// the two counts), so that a difference in alpha alone is seen, and a fully transparent pixel
/// equals any other fully transparent pixel.
///
/// **Why the result is the same on every CPU.** Frames drawn by Cairo are bit-for-bit the same
/// for the same input on one machine, but pixman (Cairo's compositor) picks SSE2, SSSE3, AVX2,
/// NEON or plain C paths at run time, and some of them round differently by one step of a
/// channel at anti-aliased edges and in gradients and image sampling. One step of one channel
/// is a ΔE of about 0.3 to 1 — under the default threshold of 2 (perceptual precision 0.98) —
/// so such frames still match. The metric itself must not move either: it uses only
/// IEEE-754 additions, multiplications, divisions and square roots, which every conforming CPU
/// rounds the same way (Swift does not fuse them into multiply-adds on its own), and no
/// library `pow`, `cbrt` or trigonometry, whose last bits differ between libm builds and CPU
/// dispatch. The powers of the sRGB transfer and the CIELAB cube root are computed by a fixed
/// number of Newton steps (``FrameDifferenceMetric``), and colours are composited in integers;
/// so the same two frames give the same ΔE values, bit for bit, everywhere.
public struct PerceptualDifference: Sendable, Hashable, CustomStringConvertible {
  /// The frames' width.
  public var width: Int
  /// The frames' height.
  public var height: Int
  /// The ΔE above which a pixel differs: `(1 − perceptualPrecision) × 100`.
  public var threshold: Double
  /// Pixels whose ΔE is above ``threshold``.
  public var differingPixelCount: Int
  /// The largest ΔE of any pixel.
  public var largestDeltaE: Double
  /// The mean ΔE over all pixels.
  public var meanDeltaE: Double
  /// The largest difference of one RGB channel of one pixel (composited over black), 0…255.
  public var largestChannelDifference: Int
  /// The mean difference of the RGB channels over all pixels.
  public var meanChannelDifference: Double

  /// The share of pixels within the threshold, 0…1.
  public var matchingFraction: Double {
    let total = width * height
    return total > 0 ? Double(total - differingPixelCount) / Double(total) : 1
  }

  /// Whether at least `precision` of the pixels are within the threshold.
  public func matches(precision: Double) -> Bool {
    differingPixelCount == 0 || matchingFraction >= precision
  }

  /// `12 of 10000 pixels differ by more than ΔE 2 (largest ΔE 31.4, mean 0.05; largest RGB
  /// difference 87, mean 0.21)`.
  public var description: String {
    "\(differingPixelCount) of \(width * height) pixels differ by more than ΔE "
      + "\(Self.format(threshold)) (largest ΔE \(Self.format(largestDeltaE)), mean "
      + "\(Self.format(meanDeltaE)); largest RGB difference \(largestChannelDifference), mean "
      + "\(Self.format(meanChannelDifference)))"
  }

  /// A value with at most two decimals (`2`, `0.05`, `31.4`).
  static func format(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int(scaled)) }
    return String(scaled)
  }
}

/// The deterministic arithmetic behind ``PerceptualDifference``: sRGB to CIELAB without library
/// powers, and ΔE 1994.
public enum FrameDifferenceMetric {
  /// CIELAB of an 8-bit sRGB colour (D65 white).
  public struct Lab: Sendable, Hashable {
    /// Lightness, 0…100.
    public var l: Double
    /// Green (−) to red (+).
    public var a: Double
    /// Blue (−) to yellow (+).
    public var b: Double

    /// A CIELAB colour.
    public init(l: Double, a: Double, b: Double) {
      self.l = l
      self.a = a
      self.b = b
    }
  }

  /// The linear value of each 8-bit sRGB channel value: `c / 12.92` up to 0.04045, else
  /// `((c + 0.055) / 1.055)^2.4`, the power taken as `x² · (x²)^(1/5)` with the fifth root by
  /// Newton's method.
  static let linear: [Double] = (0..<256).map { value in
    let c = Double(value) / 255
    guard c > 0.04045 else { return c / 12.92 }
    let x = (c + 0.055) / 1.055
    let square = x * x
    return square * root(square, degree: 5)
  }

  /// The `degree`-th root of `value` (0 < value ≤ 1, or a little above) by 60 Newton steps
  /// from 1: only IEEE-754 basic operations, so the same bits on every CPU.
  static func root(_ value: Double, degree: Int) -> Double {
    guard value > 0 else { return 0 }
    var y = 1.0
    let n = Double(degree)
    for _ in 0..<60 {
      var power = 1.0
      for _ in 0..<(degree - 1) { power *= y }
      y = ((n - 1) * y + value / power) / n
    }
    return y
  }

  /// CIELAB of `(red, green, blue)` 8-bit sRGB.
  public static func lab(red: Int, green: Int, blue: Int) -> Lab {
    let r = linear[red]
    let g = linear[green]
    let b = linear[blue]
    // sRGB (D65) to XYZ, then relative to the D65 white.
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    func f(_ t: Double) -> Double {
      let epsilon = 216.0 / 24389
      let kappa = 24389.0 / 27
      return t > epsilon ? root(t, degree: 3) : (kappa * t + 16) / 116
    }
    let fx = f(x)
    let fy = f(y)
    let fz = f(z)
    return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// CIE ΔE 1994 (graphic arts: kL = 1, K1 = 0.045, K2 = 0.015) from `reference` to `sample`.
  public static func deltaE94(_ reference: Lab, _ sample: Lab) -> Double {
    let deltaL = reference.l - sample.l
    let c1 = (reference.a * reference.a + reference.b * reference.b).squareRoot()
    let c2 = (sample.a * sample.a + sample.b * sample.b).squareRoot()
    let deltaC = c1 - c2
    let deltaA = reference.a - sample.a
    let deltaB = reference.b - sample.b
    let deltaHSquared = max(0, deltaA * deltaA + deltaB * deltaB - deltaC * deltaC)
    let sC = 1 + 0.045 * c1
    let sH = 1 + 0.015 * c1
    let termC = deltaC / sC
    return (deltaL * deltaL + termC * termC + deltaHSquared / (sH * sH)).squareRoot()
  }

  /// A straight RGBA pixel composited over white (`overWhite`) or black, in integers.
  static func composite(_ channel: Int, alpha: Int, overWhite: Bool) -> Int {
    ((channel * alpha + (overWhite ? 255 : 0) * (255 - alpha)) + 127) / 255
  }

  /// Compares `sample` with `reference` (the same size).
  ///
  /// - Parameters:
  ///   - sample: The frame drawn now.
  ///   - reference: The recorded frame.
  ///   - perceptualPrecision: 0…1: a pixel matches when its ΔE is at most
  ///     `(1 − perceptualPrecision) × 100`.
  /// - Returns: The difference, or nil when the sizes differ.
  public static func compare(
    _ sample: RasterFrame, with reference: RasterFrame, perceptualPrecision: Double
  ) -> PerceptualDifference? {
    guard sample.width == reference.width, sample.height == reference.height else { return nil }
    let threshold = max(0, (1 - perceptualPrecision) * 100)
    var result = PerceptualDifference(
      width: sample.width, height: sample.height, threshold: threshold, differingPixelCount: 0,
      largestDeltaE: 0, meanDeltaE: 0, largestChannelDifference: 0, meanChannelDifference: 0)
    var cache: [UInt32: Lab] = [:]
    func lab(_ r: Int, _ g: Int, _ b: Int) -> Lab {
      let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
      if let known = cache[key] { return known }
      let value = Self.lab(red: r, green: g, blue: b)
      cache[key] = value
      return value
    }
    var deltaSum = 0.0
    var channelSum = 0
    sample.rgba.withUnsafeBufferPointer { left in
      reference.rgba.withUnsafeBufferPointer { right in
        var index = 0
        while index < left.count {
          if left[index] == right[index], left[index + 1] == right[index + 1],
            left[index + 2] == right[index + 2], left[index + 3] == right[index + 3]
          {
            index += 4
            continue
          }
          let alphaLeft = Int(left[index + 3])
          let alphaRight = Int(right[index + 3])
          var largest = 0.0
          for overWhite in [false, true] {
            var mine = [0, 0, 0]
            var theirs = [0, 0, 0]
            for channel in 0..<3 {
              mine[channel] = composite(
                Int(left[index + channel]), alpha: alphaLeft, overWhite: overWhite)
              theirs[channel] = composite(
                Int(right[index + channel]), alpha: alphaRight, overWhite: overWhite)
              if !overWhite {
                let difference = abs(mine[channel] - theirs[channel])
                channelSum += difference
                result.largestChannelDifference = max(result.largestChannelDifference, difference)
              }
            }
            let delta = deltaE94(
              lab(theirs[0], theirs[1], theirs[2]), lab(mine[0], mine[1], mine[2]))
            largest = max(largest, delta)
          }
          deltaSum += largest
          result.largestDeltaE = max(result.largestDeltaE, largest)
          if largest > threshold { result.differingPixelCount += 1 }
          index += 4
        }
      }
    }
    let pixels = Double(max(1, sample.width * sample.height))
    result.meanDeltaE = deltaSum / pixels
    result.meanChannelDifference = Double(channelSum) / (pixels * 3)
    return result
  }
}
