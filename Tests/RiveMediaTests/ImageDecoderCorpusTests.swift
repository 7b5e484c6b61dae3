import Foundation
import RiveMedia
import RiveTestSupport
import Testing

/// Decodes the corpus images and compares every pixel with ImageMagick.
extension DecodingTests {
  @Suite(SharedCorpus.requirement)
  struct ImageDecoderCorpusTests {
    @Test(arguments: Corpus.images)
    func matchesImageMagick(name: String) async throws {
      let bytes = try #require(Corpus.bytes(name))
      let image = try ImageDecoder.decode(bytes)
      #expect(image.pixels.count == image.width * image.height * 4)
      #expect(!image.isPremultiplied)
      let reference = try await ImageMagick.rgba(ofFile: Corpus.path(name))
      try #require(reference.count == image.pixels.count, "ImageMagick gave another size")
      let comparison = PixelComparison(image.pixels, reference)
      switch image.format {
      case .png:
        #expect(comparison.maximumDifference == 0, "PNG must match exactly: \(comparison)")
      case .jpeg, .webp:
        // JPEG: both run libjpeg with JDCT_ISLOW; lossy WebP: both run libwebp.
        #expect(comparison.maximumDifference <= 2, "\(name): \(comparison)")
      case .gif:
        Issue.record("GIF is not decoded")
      }
    }

    @Test func expectedSizesAndFormats() throws {
      let expectations: [(String, ImageFormat, Int, Int)] = [
        ("1.webp", .webp, 550, 368), ("1x1_jpg.jpg", .jpeg, 1, 1), ("1x1_png.png", .png, 1, 1),
        ("eve-317.png", .png, 900, 1013), ("walle-370.png", .png, 500, 492),
        ("open_source.jpg", .jpeg, 350, 200), ("placeholder.png", .png, 226, 128),
      ]
      for (name, format, width, height) in expectations {
        let image = try ImageDecoder.decode(try #require(Corpus.bytes(name)))
        #expect(image.format == format, "\(name)")
        #expect(image.width == width && image.height == height, "\(name)")
        #expect(image.exifOrientation == 1, "\(name)")
      }
    }

    @Test(arguments: Corpus.oversizedImages)
    func oversizedHeadersAreRefused(name: String) throws {
      let bytes = try #require(Corpus.bytes(name))
      let error = #expect(throws: DecodingError.self) { try ImageDecoder.decode(bytes) }
      #expect(error?.code == .tooLarge)
      #expect(error?.kind == .image)
    }

    @Test func oversizedHeadersReadWithoutDecoding() throws {
      for (name, width, height) in [("bad.png", 58_278, 24_566), ("bad.jpg", 24_566, 58_278)] {
        let bytes = try #require(Corpus.bytes(name))
        let info = try bytes.withUnsafeBytes { try ImageDecoder.readInfo($0) }
        #expect(info.width == width && info.height == height, "\(name)")
      }
    }

    @Test(arguments: Corpus.images)
    func reusedStorageGivesTheSamePixels(name: String) throws {
      let bytes = try #require(Corpus.bytes(name))
      let image = try ImageDecoder.decode(bytes)
      var storage = [UInt8](repeating: 7, count: 3)
      for _ in 0..<2 {
        let info = try bytes.withUnsafeBytes { buffer throws(DecodingError) in
          try ImageDecoder.decode(buffer, into: &storage)
        }
        #expect(info.width == image.width && info.height == image.height)
        let isSame = storage == image.pixels
        #expect(isSame)
      }
    }

    @Test(arguments: Corpus.images)
    func dataOverloadMatches(name: String) throws {
      let bytes = try #require(Corpus.bytes(name))
      #expect(try ImageDecoder.decode(Data(bytes)) == ImageDecoder.decode(bytes))
    }
  }
}
