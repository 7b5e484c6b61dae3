import RiveCore
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

    @Test func codesAreDistinct() {
      let codes: [DecodingError.Code] = [
        .unknownFormat, .malformed, .truncated, .tooLarge, .unsupported, .notFound, .outOfMemory,
      ]
      #expect(Set(codes).count == codes.count)
      #expect(Set(codes.map(\.description)).count == codes.count)
    }
  }
}
