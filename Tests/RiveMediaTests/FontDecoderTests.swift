import Foundation
import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// Fonts from the corpus, from Debian's fonts-dejavu-core, and collections built from them.
  @Suite struct FontDecoderTests {
    /// The `numGlyphs` field of the `maxp` table, read directly from the bytes.
    static func maxpGlyphCount(_ font: [UInt8]) -> Int? {
      let tableCount = Int(font[4]) << 8 | Int(font[5])
      for table in 0..<tableCount {
        let record = 12 + table * 16
        guard record + 16 <= font.count else { return nil }
        if font[record..<(record + 4)].elementsEqual("maxp".utf8) {
          let offset = font[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
          guard offset + 6 <= font.count else { return nil }
          return Int(font[offset + 4]) << 8 | Int(font[offset + 5])
        }
      }
      return nil
    }

    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test(SharedCorpus.requirement)
    func openSansItalic() throws {
      let bytes = try #require(Corpus.bytes("OpenSans-Italic.ttf"))
      let font = try FontDecoder.decode(bytes)
      #expect(font.format == .trueType)
      #expect(font.familyName == "Open Sans")
      #expect(font.styleName == "Italic")
      #expect(font.faceCount == 1 && font.faceIndex == 0)
      #expect(font.unitsPerEm == 2048)
      #expect(font.glyphCount == Self.maxpGlyphCount(bytes))
      #expect(font.variationAxes.isEmpty)
      #expect(font.bytes == bytes)
      #expect(font.hasGlyph(for: Character("a")))
      #expect(font.hasGlyph(for: Character("é")))
      #expect(!font.hasGlyph(for: Character("😀")))
      #expect(!font.hasGlyph(for: Unicode.Scalar(0x3299) ?? "a"))
      #expect(try FontDecoder.decode(Data(bytes)) == font)
      #expect(try bytes.withUnsafeBytes { try FontDecoder.decode($0) } == font)
    }

    @Test(SharedCorpus.requirement)
    func twemojiSubset() throws {
      let bytes = try #require(Corpus.bytes("TwemojiMozilla.subset.ttf"))
      let font = try FontDecoder.decode(bytes)
      #expect(font.familyName == "Twemoji Mozilla")
      #expect(font.glyphCount == Self.maxpGlyphCount(bytes))
      // fontconfig's fc-scan lists this subset's charset as U+0032, U+3297 and U+3299.
      #expect(font.hasGlyph(for: Character("\u{3297}")))
      #expect(font.hasGlyph(for: Character("\u{3299}\u{FE0F}")))
      #expect(!font.hasGlyph(for: Character("A")))
    }

    @Test(
      SharedCorpus.requirement, arguments: Corpus.fonts
    )
    func prefixesNeverTrap(name: String) throws {
      let bytes = try #require(Corpus.bytes(name))
      for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
        do throws(DecodingError) {
          _ = try FontDecoder.decode(Array(bytes.prefix(length)))
        } catch {
          #expect(error.kind == .font)
        }
      }
    }

    @Test func systemDejaVuSans() throws {
      let data = try #require(
        FileManager.default.contents(atPath: Self.dejaVuPath),
        "fonts-dejavu-core is not installed")
      let font = try FontDecoder.decode(data)
      #expect(font.familyName == "DejaVu Sans")
      #expect(font.styleName == "Book")
      #expect(font.unitsPerEm == 2048)
      #expect(font.hasGlyph(for: Character("Ж")))
    }

    @Test func collectionDescribesFaceZeroAndCountsFaces() throws {
      let single = try #require(FileManager.default.contents(atPath: Self.dejaVuPath))
      let collection = try #require(
        FontFixtures.collection(wrapping: [UInt8](single), faceCount: 3))
      let font = try FontDecoder.decode(collection)
      #expect(font.format == .collection)
      #expect(font.faceCount == 3)
      #expect(font.familyName == "DejaVu Sans")
      #expect(try FontDecoder.decode(collection, faceIndex: 2).faceIndex == 2)
      let error = #expect(throws: DecodingError.self) {
        try FontDecoder.decode(collection, faceIndex: 5)
      }
      #expect(error?.code == .notFound)
    }

    @Test func variationAxesAreDescribed() throws {
      let single = try #require(FileManager.default.contents(atPath: Self.dejaVuPath))
      let axes = [
        FontFixtures.Axis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900),
        FontFixtures.Axis(tag: "wdth", minimum: 75, defaultValue: 100, maximum: 112.5),
      ]
      let variable = try #require(
        FontFixtures.addingVariationAxes(to: [UInt8](single), axes: axes))
      let font = try FontDecoder.decode(variable)
      #expect(
        font.variationAxes == [
          FontVariationAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900),
          FontVariationAxis(tag: "wdth", minimum: 75, defaultValue: 100, maximum: 112.5),
        ])
      #expect(font.familyName == "DejaVu Sans")
    }

    @Test func signatureWithGarbageIsMalformed() {
      let bytes: [UInt8] = [0, 1, 0, 0] + Array(repeating: 0xEE, count: 200)
      let error = #expect(throws: DecodingError.self) { try FontDecoder.decode(bytes) }
      #expect(error?.code == .malformed)
      #expect(error?.format == .font(.trueType))
    }

    @Test(arguments: ["wOFF", "wOF2"])
    func webFontsAreUnsupported(signature: String) {
      let bytes = Array(signature.utf8) + Array(repeating: 0, count: 60)
      let error = #expect(throws: DecodingError.self) { try FontDecoder.decode(bytes) }
      #expect(error?.code == .unsupported)
    }

    @Test func sizeLimitIsEnforcedBeforeParsing() throws {
      let data = try #require(FileManager.default.contents(atPath: Self.dejaVuPath))
      let error = #expect(throws: DecodingError.self) {
        try FontDecoder.decode(data, limits: DecodingLimits(maximumFontByteCount: 1_000))
      }
      #expect(error?.code == .tooLarge)
    }

    @Test func digestCoversTheBytes() throws {
      let data = try #require(FileManager.default.contents(atPath: Self.dejaVuPath))
      let font = try FontDecoder.decode(data)
      var hasher = SHA256()
      hasher.update(Array("rive.font".utf8) + [0])
      hasher.update([UInt8](data))
      #expect(font.digest.hexString == hasher.finalize().hexString)
    }
  }

  /// Finding installed fonts through fontconfig.
  @Suite struct SystemFontLookupTests {
    @Test(arguments: ["DejaVu Sans", "dejavu sans", "DEJAVU SANS"])
    func findsDejaVuSans(family: String) throws {
      let match = try SystemFontLookup.locate(family: family)
      #expect(match.path.hasSuffix(".ttf"))
      #expect(match.familyNames.contains("DejaVu Sans"))
      let font = try SystemFontLookup.font(family: family, size: 12, weight: 700)
      #expect(font.familyName == "DejaVu Sans")
    }

    @Test func unknownFamilyIsNotFoundDespiteSubstitution() {
      let error = #expect(throws: DecodingError.self) {
        try SystemFontLookup.font(family: "No Such Family Rive 7731")
      }
      #expect(error?.code == .notFound)
      #expect(error?.kind == .font)
      #expect(error?.message.contains("No Such Family Rive 7731") == true)
    }
  }
}
