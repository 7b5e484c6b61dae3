import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// WebP variants, written by ``WebPFixtureEncoder`` (libwebp).
  @Suite struct WebPDecodingTests {
    static let width = 37
    static let height = 21

    static func translucent() -> [UInt8] {
      var pixels = SyntheticImage.noiseAndShapes(
        width: width, height: height, channelCount: 4, seed: 5)
      // Alpha 1…255: libwebp may discard the colour of fully transparent pixels.
      for index in stride(from: 3, to: pixels.count, by: 4) {
        pixels[index] = UInt8(1 + (index / 4) % 255)
      }
      return pixels
    }

    @Test func losslessWithAlphaIsExact() throws {
      let rgba = Self.translucent()
      let webp = try #require(
        WebPFixtureEncoder.lossless(rgba: rgba, width: Self.width, height: Self.height))
      let image = try ImageDecoder.decode(webp)
      #expect(image.format == .webp)
      let isExact = image.pixels == rgba
      #expect(isExact, "\(PixelComparison(image.pixels, rgba))")
    }

    @Test func losslessOpaqueIsExact() throws {
      let rgba = SyntheticImage.rgba(
        fromRGB: SyntheticImage.noiseAndShapes(width: Self.width, height: Self.height))
      let webp = try #require(
        WebPFixtureEncoder.lossless(rgba: rgba, width: Self.width, height: Self.height))
      let pixels = try ImageDecoder.decode(webp).pixels
      let isExact = pixels == rgba
      #expect(isExact, "\(PixelComparison(pixels, rgba))")
    }

    @Test func lossyIsClose() throws {
      let rgba = SyntheticImage.rgba(
        fromRGB: JPEGDecodingTests.blocks(width: Self.width, height: Self.height))
      let webp = try #require(
        WebPFixtureEncoder.lossy(rgba: rgba, width: Self.width, height: Self.height))
      let image = try ImageDecoder.decode(webp)
      #expect(image.width == Self.width && image.height == Self.height)
      #expect(PixelComparison(image.pixels, rgba).meanDifference < 6)
    }

    @Test func lossyKeepsAlphaExactly() throws {
      let rgba = Self.translucent()
      let webp = try #require(
        WebPFixtureEncoder.lossy(rgba: rgba, width: Self.width, height: Self.height))
      let image = try ImageDecoder.decode(webp)
      let alpha = stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
      let decodedAlpha = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
      #expect(decodedAlpha == alpha)
    }

    @Test func losslessAndPNGShareTheDigest() throws {
      let rgba = Self.translucent()
      let webp = try #require(
        WebPFixtureEncoder.lossless(rgba: rgba, width: Self.width, height: Self.height))
      let png = PNGFixtureEncoder.encode(
        width: Self.width, height: Self.height, colorType: .rgba, bitDepth: 8,
        samples: rgba.map { UInt16($0) })
      #expect(try ImageDecoder.decode(webp).digest == ImageDecoder.decode(png).digest)
    }
  }
}
