import RiveMedia
import RiveReliabilitySupport
import RiveTestSupport
import Testing

extension DecodingTests {
  /// Truncated, corrupt, random and wrong-format input must give typed errors, never traps.
  @Suite struct HostileInputTests {
    /// Decodes `bytes` and checks that the outcome is a `DecodingError` or, when a prefix
    /// still holds the whole image (a PNG missing only its trailing chunks), the same pixels.
    private func checkSafe(_ bytes: [UInt8], full: DecodedImage?, label: String) {
      do throws(DecodingError) {
        let image = try ImageDecoder.decode(bytes)
        if let full {
          let isSame = image.pixels == full.pixels
          #expect(isSame, "\(label): a partial file decoded to different pixels")
        }
      } catch {
        #expect(!error.message.isEmpty, "\(label)")
      }
    }

    @Test(
      SharedCorpus.requirement,
      arguments: [
        ("1x1_png.png", 1), ("1x1_jpg.jpg", 1), ("open_source.jpg", 7),
        ("1.webp", 97), ("eve-317.png", 2_011), ("placeholder.png", 1),
      ])
    func everyPrefixOfCorpusImages(name: String, stride step: Int) throws {
      let bytes = try #require(Corpus.bytes(name))
      let full = try ImageDecoder.decode(bytes)
      var prefixCount = 0
      for length in stride(from: 0, to: bytes.count, by: step) {
        checkSafe(Array(bytes.prefix(length)), full: full, label: "\(name)[..<\(length)]")
        prefixCount += 1
      }
      #expect(prefixCount >= min(bytes.count, 100))
    }

    @Test func everyPrefixOfFixtures() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 24, height: 16)
      let fixtures: [[UInt8]] = [
        try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 24, height: 16)),
        try #require(
          JPEGFixtureEncoder.encode(pixels: rgb, width: 24, height: 16, isProgressive: true)),
        PNGFixtureEncoder.encode(
          width: 24, height: 16, colorType: .rgb, bitDepth: 8, samples: rgb.map { UInt16($0) },
          isInterlaced: true),
        try #require(
          WebPFixtureEncoder.lossless(
            rgba: SyntheticImage.rgba(fromRGB: rgb), width: 24, height: 16)),
      ]
      for (index, bytes) in fixtures.enumerated() {
        let full = try ImageDecoder.decode(bytes)
        for length in 0..<bytes.count {
          checkSafe(
            Array(bytes.prefix(length)), full: full, label: "fixture \(index)[..<\(length)]")
        }
      }
    }

    @Test func truncatedImagesReportTruncation() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 32, height: 32)
      let png = try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: 32, height: 32))
      let webp = try #require(
        WebPFixtureEncoder.lossless(rgba: SyntheticImage.rgba(fromRGB: rgb), width: 32, height: 32))
      for bytes in [png, webp] {
        let error = #expect(throws: DecodingError.self) {
          try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2)))
        }
        #expect(error?.code == .truncated, "\(String(describing: error))")
      }
    }

    @Test func flippedBytesNeverTrap() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 20, height: 12)
      let sources: [[UInt8]] = [
        try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 20, height: 12)),
        try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: 20, height: 12)),
        try #require(
          WebPFixtureEncoder.lossy(rgba: SyntheticImage.rgba(fromRGB: rgb), width: 20, height: 12)),
      ]
      var random = SeededGenerator(seed: 0x1F2E_3D4C)
      for source in sources {
        for _ in 0..<300 {
          var bytes = source
          for _ in 0..<3 {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] = UInt8.random(in: 0...255, using: &random)
          }
          checkSafe(bytes, full: nil, label: "mutated")
        }
      }
    }

    /// Seeded random bytes, bare or after a format's signature, never decode and fail with the
    /// code that fits: unknown format without a signature; after one, a code of that format's
    /// own checks (malformed, truncated, a header over the limits, an unsupported variant),
    /// never "unknown format".
    /// The seed is fixed, so a failure names the exact input to reproduce.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomBytesAreUnknownOrMalformed(seed: UInt64) {
      var random = SeededGenerator(seed: seed)
      let afterSignature: Set<DecodingError.Code> = [
        .malformed, .truncated, .tooLarge, .unsupported,
      ]
      let signatures: [(name: String, bytes: [UInt8], codes: Set<DecodingError.Code>)] = [
        ("none", [], [.unknownFormat]),
        ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], afterSignature),
        ("JPEG", [0xFF, 0xD8, 0xFF], afterSignature),
        (
          "WebP lossy", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8),
          afterSignature
        ),
        (
          "WebP lossless", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8),
          afterSignature
        ),
      ]
      for signature in signatures {
        for length in [1, 7, 16, 100, 2_000] {
          var tail = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
          // Bare random bytes must not start with a signature by chance.
          if signature.bytes.isEmpty, MediaSniffer.sniff(tail) != nil { tail[0] = 0 }
          let bytes = signature.bytes + tail
          let label = "seed \(seed), \(signature.name) + \(length) random bytes"
          let error = #expect(throws: DecodingError.self, "\(label)") {
            try ImageDecoder.decode(bytes)
          }
          #expect(
            error.map { signature.codes.contains($0.code) } == true,
            "\(label): \(String(describing: error))")
          #expect(error?.message.isEmpty == false, "\(label)")
        }
      }
    }

    @Test func unknownBytesNameWhatWasSeen() {
      let bytes: [UInt8] = Array("hello, world".utf8)
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(bytes) }
      #expect(error?.code == .unknownFormat)
      #expect(error?.kind == .image)
      #expect(error?.format == nil)
      #expect(error?.message.contains("68 65 6c 6c 6f") == true, "\(String(describing: error))")
      let empty = #expect(throws: DecodingError.self) { try ImageDecoder.decode([UInt8]()) }
      #expect(empty?.code == .unknownFormat)
    }

    @Test func gifIsRecognizedButUnsupported() {
      let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(gif) }
      #expect(error?.code == .unsupported)
      #expect(error?.format == .image(.gif))
    }

    @Test func wrongFormatBodiesAreMalformed() throws {
      let rgb = SyntheticImage.noiseAndShapes(width: 8, height: 8)
      let png = try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: 8, height: 8))
      let jpeg = try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: 8, height: 8))
      // A JPEG signature followed by a PNG body, and a PNG signature followed by a JPEG body.
      for bytes in [[0xFF, 0xD8, 0xFF] + png, Array(png.prefix(8)) + jpeg] {
        let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.code == .malformed || error?.code == .truncated)
      }
      let fontError = #expect(throws: DecodingError.self) { try FontDecoder.decode(png) }
      #expect(fontError?.code == .unknownFormat && fontError?.kind == .font)
      let audioError = #expect(throws: DecodingError.self) { try AudioDecoder.decode(jpeg) }
      #expect(audioError?.code == .unknownFormat && audioError?.kind == .audio)
    }
  }
}
