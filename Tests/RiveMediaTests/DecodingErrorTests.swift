import Foundation
import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// The shape of ``DecodingError``.
  @Suite struct DecodingErrorTests {
    @Test func descriptionNamesCodeKindFormatAndMessage() {
      let error = DecodingError(
        .truncated, kind: .image, format: .image(.png), message: "expected 10 bytes; found 4")
      #expect(error.description == "truncated image (PNG): expected 10 bytes; found 4")
      let unknown = DecodingError(.unknownFormat, kind: .audio, message: "found 00 01")
      #expect(unknown.description == "unknownFormat audio: found 00 01")
    }

    /// Each code as the decoders produce it: one input per code, decoded by the code under
    /// test. The codes seen must be the ones asked for (so no two failures collapse into one
    /// code), and each prints as its own name.
    @Test func decodersProduceEachCodeDistinctly() throws {
      let dejaVu = FontDecoderTests.dejaVuPath
      let font = try #require(FileManager.default.contents(atPath: dejaVu), "\(dejaVu) missing")
      let collection = try #require(
        FontFixtures.collection(wrapping: [UInt8](font), faceCount: 2))
      let png = PNGFixtureEncoder.encode(
        width: 2, height: 2, colorType: .rgba, bitDepth: 8,
        samples: [UInt16](repeating: 0x40, count: 16))
      let produced: [(expected: DecodingError.Code, name: String, run: () throws -> Void)] = [
        (.unknownFormat, "unknownFormat", { _ = try ImageDecoder.decode(Array("hello".utf8)) }),
        (
          .malformed, "malformed",
          { _ = try FontDecoder.decode([0, 1, 0, 0] + Array(repeating: 0xEE, count: 200)) }
        ),
        (.truncated, "truncated", { _ = try ImageDecoder.decode(Array(png.prefix(20))) }),
        (
          .tooLarge, "tooLarge",
          {
            _ = try ImageDecoder.decode(
              PNGFixtureEncoder.headerOnly(width: 100_000, height: 100_000))
          }
        ),
        (
          .unsupported, "unsupported",
          { _ = try ImageDecoder.decode(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]) }
        ),
        (.notFound, "notFound", { _ = try FontDecoder.decode(collection, faceIndex: 5) }),
      ]
      var seen: [DecodingError.Code] = []
      for (expected, name, run) in produced {
        let error = #expect(throws: DecodingError.self, "\(name)") { try run() }
        #expect(error?.code == expected, "\(name): \(String(describing: error))")
        #expect(error?.code.description == name)
        if let code = error?.code { seen.append(code) }
      }
      #expect(Set(seen).count == produced.count, "two inputs gave the same code: \(seen)")
      // Memory exhaustion cannot be provoked here; its code must still be its own.
      #expect(!seen.contains(.outOfMemory))
      #expect(DecodingError.Code.outOfMemory.description == "outOfMemory")
    }
  }
}
