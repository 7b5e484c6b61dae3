import Foundation
import RiveFrames
import RiveSnapshotTesting
import Testing

/// The perceptual metric: CIELAB and ΔE 1994 against published values, and what it absorbs
/// (one-step rounding differences) and what it does not (colour, alpha).
@Suite("Snapshot testing: perceptual metric")
struct PerceptualMetricTests {
  static func frame(_ pixel: [UInt8], width: Int = 10, height: Int = 10) throws -> RasterFrame {
    try RasterFrame(
      width: width, height: height,
      rgba: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
  }

  @Test("sRGB colours have their published CIELAB values (D65)")
  func labValues() {
    // Published CIELAB (D65, 2°) of the sRGB primaries, white and mid grey.
    let cases: [((Int, Int, Int), (Double, Double, Double))] = [
      ((255, 255, 255), (100, 0, 0)),
      ((255, 0, 0), (53.2408, 80.0925, 67.2032)),
      ((0, 255, 0), (87.7347, -86.1827, 83.1793)),
      ((0, 0, 255), (32.2970, 79.1875, -107.8602)),
      ((128, 128, 128), (53.5850, 0, 0)),
    ]
    for (rgb, expected) in cases {
      let lab = FrameDifferenceMetric.lab(red: rgb.0, green: rgb.1, blue: rgb.2)
      #expect(abs(lab.l - expected.0) < 0.01, "\(rgb): L \(lab.l)")
      #expect(abs(lab.a - expected.1) < 0.02, "\(rgb): a \(lab.a)")
      #expect(abs(lab.b - expected.2) < 0.02, "\(rgb): b \(lab.b)")
    }
  }

  @Test("ΔE 1994 is the graphic-arts formula")
  func deltaE() {
    // Two greys 10 L apart differ by 10; a pure hue change is weighed by 1 + 0.015 C.
    let a = FrameDifferenceMetric.Lab(l: 50, a: 0, b: 0)
    let b = FrameDifferenceMetric.Lab(l: 60, a: 0, b: 0)
    #expect(abs(FrameDifferenceMetric.deltaE94(a, b) - 10) < 1e-12)
    let c = FrameDifferenceMetric.Lab(l: 50, a: 40, b: 0)
    let d = FrameDifferenceMetric.Lab(l: 50, a: 0, b: 40)
    let chroma = 40.0
    let hue = (40.0 * 40 + 40 * 40).squareRoot()
    #expect(abs(FrameDifferenceMetric.deltaE94(c, d) - hue / (1 + 0.015 * chroma)) < 1e-9)
  }

  @Test("one step of rounding everywhere is under the default threshold; a colour is not")
  func absorbsRounding() throws {
    let reference = try Self.frame([120, 60, 200, 255])
    let rounded = try Self.frame([121, 59, 201, 255])
    let rounding = try #require(
      FrameDifferenceMetric.compare(rounded, with: reference, perceptualPrecision: 0.98))
    #expect(rounding.largestDeltaE > 0 && rounding.largestDeltaE < 2)
    #expect(rounding.matches(precision: 1))
    #expect(rounding.largestChannelDifference == 1)
    let exact = try #require(
      FrameDifferenceMetric.compare(rounded, with: reference, perceptualPrecision: 1))
    #expect(!exact.matches(precision: 1))
    let other = try Self.frame([200, 60, 120, 255])
    let colour = try #require(
      FrameDifferenceMetric.compare(other, with: reference, perceptualPrecision: 0.98))
    #expect(colour.differingPixelCount == 100)
    #expect(colour.largestChannelDifference == 80)
  }

  @Test("alpha counts; the colour of fully transparent pixels does not")
  func alpha() throws {
    let clear = try Self.frame([0, 0, 0, 0])
    let clearRed = try Self.frame([255, 0, 0, 0])
    #expect(
      FrameDifferenceMetric.compare(clearRed, with: clear, perceptualPrecision: 1)?
        .differingPixelCount == 0)
    let half = try Self.frame([0, 0, 0, 128])
    let result = try #require(
      FrameDifferenceMetric.compare(half, with: clear, perceptualPrecision: 0.98))
    #expect(result.differingPixelCount == 100)
  }

  @Test("precision is the share of pixels that must match")
  func precision() throws {
    var pixels = [UInt8](repeating: 255, count: 100 * 100 * 4)
    let reference = try RasterFrame(width: 100, height: 100, rgba: pixels)
    pixels[0] = 0
    pixels[1] = 0
    let sample = try RasterFrame(width: 100, height: 100, rgba: pixels)
    let result = try #require(
      FrameDifferenceMetric.compare(sample, with: reference, perceptualPrecision: 0.98))
    #expect(result.differingPixelCount == 1)
    #expect(!result.matches(precision: 1))
    #expect(result.matches(precision: 0.9999))
    #expect(
      FrameDifferenceMetric.compare(
        try Self.frame([1, 1, 1, 255], width: 5), with: reference, perceptualPrecision: 1) == nil)
  }
}
