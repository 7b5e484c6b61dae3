import Foundation
import RiveMedia
import Testing

extension DecodingTests {
  /// The content digest definition, checked against values computed with Python's hashlib.
  @Suite struct ContentDigestTests {
    @Test func imageDigest() {
      let image = DecodedImage(width: 1, height: 1, pixels: [255, 0, 0, 255], format: .png)
      #expect(
        image.digest.description
          == "3f1f40f79063f98b09f16269a4fed86be63828d22b592b54119e6ed0bbe1b8ea")
      let other = DecodedImage(
        width: 1, height: 1, pixels: [255, 0, 0, 255], format: .jpeg, exifOrientation: 6)
      #expect(other.digest == image.digest, "format and orientation are not part of it")
      let premultiplied = DecodedImage(
        width: 1, height: 1, pixels: [255, 0, 0, 255], isPremultiplied: true, format: .png)
      #expect(premultiplied.digest != image.digest)
    }

    @Test func blobDigest() {
      let blob = BlobDecoder.decode(Array("abc".utf8))
      #expect(blob.count == 3)
      #expect(blob.bytes == Array("abc".utf8))
      #expect(
        blob.digest.hexString
          == "9caf417bd6643fbd742de23dd526a1031a794b022c0ca8e2319c49e59652016e")
      #expect(blob.digest.bytes.count == 32)
    }

    /// The same bytes decoded as a font and as a blob get different digests, and neither is the
    /// plain SHA-256 of the bytes: the kind tag is part of what the decoders hash.
    @Test func kindsNeverCollide() throws {
      let dejaVu = FontDecoderTests.dejaVuPath
      let bytes = try #require(FileManager.default.contents(atPath: dejaVu), "\(dejaVu) missing")
      let font = try FontDecoder.decode([UInt8](bytes))
      let blob = BlobDecoder.decode([UInt8](bytes))
      let plain = SHA256.hash([UInt8](bytes)).hexString
      #expect(font.digest != blob.digest)
      #expect(font.digest.hexString != plain)
      #expect(blob.digest.hexString != plain)
      let asFont = try DecodedAsset.decode(bytes, as: .font)
      let asBlob = try DecodedAsset.decode(bytes, as: .blob)
      #expect(asFont.digest == font.digest)
      #expect(asBlob.digest == blob.digest)
      #expect(asFont.digest != asBlob.digest)
    }
  }
}
