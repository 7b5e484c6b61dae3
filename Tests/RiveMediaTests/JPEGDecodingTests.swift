import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// JPEG variants the corpus lacks, written by ``JPEGFixtureEncoder`` (TurboJPEG).
  @Suite struct JPEGDecodingTests {
    /// An RGB picture of flat 8×8-aligned blocks, which JPEG reproduces almost exactly.
    static func blocks(width: Int, height: Int) -> [UInt8] {
      var pixels: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          let block = (x / 16 + y / 16 * 7) % 5
          let colors: [[UInt8]] = [
            [200, 30, 30], [30, 200, 30], [30, 30, 200], [220, 220, 220], [90, 60, 30],
          ]
          pixels += colors[block]
        }
      }
      return pixels
    }

    @Test(arguments: [false, true])
    func baselineAndProgressive(isProgressive: Bool) throws {
      let rgb = Self.blocks(width: 64, height: 48)
      let jpeg = try #require(
        JPEGFixtureEncoder.encode(
          pixels: rgb, width: 64, height: 48, quality: 95, subsampling: .none,
          isProgressive: isProgressive))
      let image = try ImageDecoder.decode(jpeg)
      #expect(image.format == .jpeg && image.width == 64 && image.height == 48)
      #expect(image.exifOrientation == 1)
      let comparison = PixelComparison(image.pixels, SyntheticImage.rgba(fromRGB: rgb))
      #expect(comparison.meanDifference < 2.5, "\(comparison)")
    }

    /// Progressive coding is lossless over the same DCT coefficients, so both decode the same.
    @Test func progressiveDecodesLikeBaseline() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 80, height: 56, seed: 3)
      let baseline = try #require(
        JPEGFixtureEncoder.encode(pixels: rgb, width: 80, height: 56, quality: 85))
      let progressive = try #require(
        JPEGFixtureEncoder.encode(
          pixels: rgb, width: 80, height: 56, quality: 85, isProgressive: true))
      #expect(baseline != progressive)
      #expect(try ImageDecoder.decode(baseline).pixels == ImageDecoder.decode(progressive).pixels)
    }

    @Test func greyscale() throws {
      let grey = (0..<(40 * 24)).map { UInt8(($0 % 40) * 6) }
      let jpeg = try #require(
        JPEGFixtureEncoder.encode(pixels: grey, width: 40, height: 24, layout: .grey, quality: 100))
      let image = try ImageDecoder.decode(jpeg)
      var expected: [UInt8] = []
      for value in grey {
        expected += [value, value, value, 255]
      }
      for index in stride(from: 0, to: image.pixels.count, by: 4) {
        let pixel = image.pixels[index..<(index + 3)]
        #expect(Set(pixel).count == 1, "grey output must have R = G = B")
      }
      #expect(PixelComparison(image.pixels, expected).maximumDifference <= 3)
    }

    /// CMYK (stored as Adobe YCCK) is converted with R = C·K/255 and so on.
    @Test func cmykIsConvertedToRGB() async throws {
      let inks: [[UInt8]] = [[255, 255, 255, 255], [0, 255, 255, 255], [255, 128, 64, 200]]
      var cmyk: [UInt8] = []
      for y in 0..<16 {
        for _ in 0..<48 {
          cmyk += inks[y / 6 % 3]
        }
      }
      let jpeg = try #require(
        JPEGFixtureEncoder.encode(
          pixels: cmyk, width: 48, height: 16, layout: .cmyk, quality: 100, subsampling: .none))
      let image = try ImageDecoder.decode(jpeg)
      #expect(image.width == 48 && image.height == 16)
      for (row, ink) in [(0, inks[0]), (7, inks[1]), (13, inks[2])] {
        let index = (row * 48 + 20) * 4
        let pixel = Array(image.pixels[index..<(index + 4)])
        let expected = (0..<3).map { Int(ink[$0]) * Int(ink[3]) / 255 } + [255]
        for channel in 0..<4 {
          #expect(abs(Int(pixel[channel]) - expected[channel]) <= 3, "row \(row): \(pixel)")
        }
      }
      // ImageMagick reads the same file through its own CMYK path.
      let reference = try await ImageMagick.rgba(of: jpeg, fileExtension: "jpg")
      #expect(PixelComparison(image.pixels, reference).maximumDifference <= 2)
    }

    @Test(arguments: [true, false])
    func exifOrientationIsReportedNotApplied(isBigEndian: Bool) throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 30, height: 20, seed: 9)
      let plain = try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 30, height: 20))
      let rotated = JPEGFixtureEncoder.insertingExifOrientation(
        into: plain, orientation: 6, isBigEndian: isBigEndian)
      let image = try ImageDecoder.decode(rotated)
      #expect(image.exifOrientation == 6)
      #expect(image.width == 30 && image.height == 20)
      #expect(try image.pixels == ImageDecoder.decode(plain).pixels)
      let info = try rotated.withUnsafeBytes { try ImageDecoder.readInfo($0) }
      #expect(info.exifOrientation == 6)
    }

    @Test func outOfRangeOrientationReadsAsOne() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 8, height: 8)
      let plain = try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 8, height: 8))
      let odd = JPEGFixtureEncoder.insertingExifOrientation(into: plain, orientation: 42)
      #expect(try ImageDecoder.decode(odd).exifOrientation == 1)
    }

    @Test func truncatedScanIsAnErrorNotGreyPadding() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 64, height: 64)
      let jpeg = try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 64, height: 64))
      let cut = Array(jpeg.prefix(jpeg.count * 2 / 3))
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(cut) }
      #expect(error?.code == .truncated)
      #expect(error?.format == .image(.jpeg))
    }

    @Test func bombFrameHeaderFailsFast() throws {
      // SOI, then a baseline SOF0 claiming 65535×65535 and nothing more.
      let jpeg: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x03, 0x01, 0x22, 0x00,
        0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
      ]
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(jpeg) }
      #expect(error?.code == .tooLarge)
    }
  }
}
