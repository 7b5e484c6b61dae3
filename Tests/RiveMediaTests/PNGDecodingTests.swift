import RiveMedia
import RiveReliabilitySupport
import RiveTestSupport
import Testing

extension DecodingTests {
  /// PNG variants the corpus lacks, written by ``PNGFixtureEncoder`` with known pixels.
  @Suite struct PNGDecodingTests {
    /// Decodes a fixture and checks the pixels against `expected` exactly.
    private func check(
      _ png: [UInt8], width: Int, height: Int, expected: [UInt8],
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let image = try ImageDecoder.decode(png)
      #expect(image.format == .png, sourceLocation: sourceLocation)
      #expect(image.width == width && image.height == height, sourceLocation: sourceLocation)
      let isExact = image.pixels == expected
      #expect(
        isExact, "\(PixelComparison(image.pixels, expected))", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func paletteWithTransparency(isInterlaced: Bool) throws {
      let (width, height) = (13, 7)
      var palette: [UInt8] = []
      for entry in 0..<16 {
        palette += [UInt8(entry * 16), UInt8(255 - entry * 16), UInt8(entry * 5)]
      }
      let alpha: [UInt8] = [0, 40, 80, 120, 160]
      let indices = (0..<(width * height)).map { UInt16(($0 * 7) % 16) }
      let png = PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .palette, bitDepth: 4, samples: indices,
        palette: palette, transparency: alpha, isInterlaced: isInterlaced)
      let expected = indices.flatMap { index -> [UInt8] in
        let entry = Int(index)
        return Array(palette[(entry * 3)..<(entry * 3 + 3)]) + [
          entry < alpha.count ? alpha[entry] : 255
        ]
      }
      try check(png, width: width, height: height, expected: expected)
    }

    @Test(arguments: [1, 2, 4, 8, 16])
    func grey(bitDepth: Int) throws {
      let (width, height) = (11, 5)
      let maximum = (1 << bitDepth) - 1
      let samples = (0..<(width * height)).map { UInt16(($0 * 37) % (maximum + 1)) }
      let png = PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .grey, bitDepth: bitDepth, samples: samples)
      let expected = samples.flatMap { sample -> [UInt8] in
        // Low depths scale up exactly; 16 bits keep the high byte.
        let value = bitDepth == 16 ? UInt8(sample >> 8) : UInt8(Int(sample) * 255 / maximum)
        return [value, value, value, 255]
      }
      try check(png, width: width, height: height, expected: expected)
    }

    @Test(arguments: [8, 16])
    func greyAlpha(bitDepth: Int) throws {
      let (width, height) = (6, 4)
      let maximum = (1 << bitDepth) - 1
      let samples = (0..<(width * height * 2)).map { UInt16(($0 * 4099) % (maximum + 1)) }
      let png = PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .greyAlpha, bitDepth: bitDepth,
        samples: samples)
      let expected = stride(from: 0, to: samples.count, by: 2).flatMap { index -> [UInt8] in
        let shift = bitDepth == 16 ? 8 : 0
        let grey = UInt8(samples[index] >> shift)
        return [grey, grey, grey, UInt8(samples[index + 1] >> shift)]
      }
      try check(png, width: width, height: height, expected: expected)
    }

    @Test(arguments: [false, true])
    func sixteenBitRGBA(isInterlaced: Bool) throws {
      let (width, height) = (9, 10)
      let samples = (0..<(width * height * 4)).map { (index: Int) -> UInt16 in
        UInt16(truncatingIfNeeded: index &* 2_654_435)
      }
      let png = PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .rgba, bitDepth: 16, samples: samples,
        isInterlaced: isInterlaced)
      try check(
        png, width: width, height: height, expected: samples.map { UInt8($0 >> 8) })
    }

    /// Adam7 with sizes where some of the seven passes are empty.
    @Test(arguments: [(1, 1), (2, 3), (5, 1), (8, 8), (17, 13)])
    func interlacedRGB(width: Int, height: Int) throws {
      let samples = (0..<(width * height * 3)).map { UInt16(($0 * 31) % 256) }
      let png = PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .rgb, bitDepth: 8, samples: samples,
        isInterlaced: true)
      var expected: [UInt8] = []
      for index in stride(from: 0, to: samples.count, by: 3) {
        expected += samples[index..<(index + 3)].map { UInt8($0) } + [255]
      }
      try check(png, width: width, height: height, expected: expected)
    }

    @Test func greyAndRGBTransparentColours() throws {
      let grey = PNGFixtureEncoder.encode(
        width: 4, height: 1, colorType: .grey, bitDepth: 8, samples: [0, 9, 200, 9],
        transparency: [0, 9])
      try check(
        grey, width: 4, height: 1,
        expected: [0, 0, 0, 255, 9, 9, 9, 0, 200, 200, 200, 255, 9, 9, 9, 0])
      let rgb = PNGFixtureEncoder.encode(
        width: 2, height: 1, colorType: .rgb, bitDepth: 8, samples: [1, 2, 3, 4, 5, 6],
        transparency: [0, 4, 0, 5, 0, 6])
      try check(rgb, width: 2, height: 1, expected: [1, 2, 3, 255, 4, 5, 6, 0])
    }

    @Test func compressedRoundTrip() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 70, height: 40)
      let png = try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: 70, height: 40))
      try check(png, width: 70, height: 40, expected: SyntheticImage.rgba(fromRGB: rgb))
    }

    @Test func bombHeaderFailsFastWithoutAllocating() throws {
      let bomb = PNGFixtureEncoder.headerOnly(width: 100_000, height: 100_000)
      let clock = ContinuousClock()
      let start = clock.now
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(bomb) }
      let elapsed = clock.now - start
      #expect(error?.code == .tooLarge)
      #expect(error?.message.contains("100000×100000") == true)
      // Allocating (let alone clearing) 40 GB could not finish this quickly.
      #expect(elapsed < .milliseconds(200))
      var reused: [UInt8] = []
      let intoError = #expect(throws: DecodingError.self) {
        try bomb.withUnsafeBytes { buffer throws(DecodingError) in
          try ImageDecoder.decode(buffer, into: &reused)
        }
      }
      #expect(intoError?.code == .tooLarge)
      #expect(reused.capacity == 0)
    }

    @Test(
      "a chunk that claims 1.9 GB fails without allocating it",
      arguments: ["tEXt", "zTXt", "iTXt", "iCCP", "eXIf", "prVt"])
    func chunkLengthClaimIsNotAllocated(type: String) throws {
      // Found by fuzz-image: libpng allocated and cleared whatever a tEXt chunk claimed
      // (1.9 GB resident for an 8 KB file) before the read ran out of input.
      let png = PNGFixtureEncoder.lyingChunk(
        type, claimedLength: 1_953_066_871, carried: Array("Comment\0hello".utf8))
      let peakBefore = ResidentMemory.peak()
      let clock = ContinuousClock()
      let start = clock.now
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(png) }
      let elapsed = clock.now - start
      // Chunks libpng reads whole into memory hit the allocation limit; iCCP is read in
      // pieces and an unknown chunk is skipped by reading on: both run out of input.
      if type == "iCCP" || type == "prVt" {
        #expect(error?.code == .truncated, "\(String(describing: error))")
      } else {
        #expect(error?.code == .malformed, "\(String(describing: error))")
        #expect(error?.message.contains("more than the limit of 8000000") == true)
      }
      // Clearing 1.9 GB takes about a second and raises the peak by as much.
      #expect(elapsed < .milliseconds(200))
      #expect(ResidentMemory.isSanitized || ResidentMemory.peak() - peakBefore < 256 << 20)
    }

    @Test func headerWithinLimitsButNoDataIsTruncated() throws {
      let header = PNGFixtureEncoder.headerOnly(width: 4, height: 4)
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(header) }
      #expect(error?.code == .truncated)
    }

    @Test func customLimitsAreEnforced() throws {
      let png = PNGFixtureEncoder.encode(
        width: 20, height: 10, colorType: .grey, bitDepth: 8,
        samples: Array(repeating: 1, count: 200))
      for limits in [
        DecodingLimits(maximumWidth: 19), DecodingLimits(maximumHeight: 9),
        DecodingLimits(maximumPixelCount: 199),
      ] {
        let error = #expect(throws: DecodingError.self) {
          try ImageDecoder.decode(png, limits: limits)
        }
        #expect(error?.code == .tooLarge)
      }
      let exact = DecodingLimits(maximumWidth: 20, maximumHeight: 10, maximumPixelCount: 200)
      #expect(try ImageDecoder.decode(png, limits: exact).width == 20)
    }

    @Test func corruptChecksumIsMalformed() throws {
      var png = PNGFixtureEncoder.encode(
        width: 3, height: 3, colorType: .rgb, bitDepth: 8, samples: Array(repeating: 9, count: 27))
      png[29] ^= 0xFF  // inside the IHDR CRC
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(png) }
      #expect(error?.code == .malformed)
      #expect(error?.format == .image(.png))
    }
  }
}
