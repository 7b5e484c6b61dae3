import CRiveImageShim
import RiveTestSupport
import Testing

extension DecodingTests {
  /// The C shim refuses a finish call without a decoder or with a destination smaller than
  /// width × height × 4, for both libraries, and says why.
  @Suite struct ImageShimContractTests {
    static let rgb = SyntheticImage.noiseAndShapes(width: 6, height: 5)

    /// Calls `finish` with `capacity` bytes of destination and returns the status and reason.
    static func finish(
      capacity: Int,
      _ call: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<CChar>, Int) ->
        CRiveImageShim_Status
    ) -> (CRiveImageShim_Status, String) {
      let destination = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 1))
      defer { destination.deallocate() }
      var reason = [CChar](repeating: 0, count: 128)
      let status = reason.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return CRiveImageShim_statusInvalidArgument }
        return call(destination, capacity, base, buffer.count)
      }
      return (
        status,
        String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      )
    }

    @Test func pngDestinationAndDecoderAreChecked() throws {
      let png = try #require(PNGFixtureEncoder.compressed(rgb: Self.rgb, width: 6, height: 5))
      var decoder: OpaquePointer?
      var header = CRiveImageShim_Header()
      let began = png.withUnsafeBufferPointer {
        CRiveImageShim_beginPNG($0.baseAddress, $0.count, &decoder, &header, nil, 0)
      }
      #expect(began == CRiveImageShim_statusOK)
      defer { CRiveImageShim_endPNG(decoder) }
      let small = Self.finish(capacity: 6 * 5 * 4 - 1) {
        CRiveImageShim_finishPNG(decoder, $0, $1, $2, $3)
      }
      #expect(small.0 == CRiveImageShim_statusInvalidArgument)
      #expect(small.1 == "destination is smaller than width * height * 4")
      let none = Self.finish(capacity: 6 * 5 * 4) { CRiveImageShim_finishPNG(nil, $0, $1, $2, $3) }
      #expect(none.0 == CRiveImageShim_statusInvalidArgument)
      #expect(none.1 == "invalid argument")
      let exact = Self.finish(capacity: 6 * 5 * 4) {
        CRiveImageShim_finishPNG(decoder, $0, $1, $2, $3)
      }
      #expect(exact.0 == CRiveImageShim_statusOK)
    }

    @Test func jpegDestinationAndDecoderAreChecked() throws {
      let jpeg = try #require(JPEGFixtureEncoder.encode(pixels: Self.rgb, width: 6, height: 5))
      var decoder: OpaquePointer?
      var header = CRiveImageShim_Header()
      let began = jpeg.withUnsafeBufferPointer {
        CRiveImageShim_beginJPEG($0.baseAddress, $0.count, &decoder, &header, nil, 0)
      }
      #expect(began == CRiveImageShim_statusOK)
      defer { CRiveImageShim_endJPEG(decoder) }
      let small = Self.finish(capacity: 6 * 5 * 4 - 1) {
        CRiveImageShim_finishJPEG(decoder, $0, $1, $2, $3)
      }
      #expect(small.0 == CRiveImageShim_statusInvalidArgument)
      #expect(small.1 == "destination is smaller than width * height * 4")
      let none = Self.finish(capacity: 6 * 5 * 4) { CRiveImageShim_finishJPEG(nil, $0, $1, $2, $3) }
      #expect(none.0 == CRiveImageShim_statusInvalidArgument)
      #expect(none.1 == "invalid argument")
      let exact = Self.finish(capacity: 6 * 5 * 4) {
        CRiveImageShim_finishJPEG(decoder, $0, $1, $2, $3)
      }
      #expect(exact.0 == CRiveImageShim_statusOK)
    }
  }
}
