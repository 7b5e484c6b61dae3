import RiveCore
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

    @Test func kindsNeverCollide() {
      // The same four bytes as a blob and as (the bytes of) a font give different digests.
      let bytes: [UInt8] = [0, 1, 0, 0]
      #expect(
        BlobDecoder.decode(bytes).digest.hexString
          != "bdc476c52972c4f3021dab14641be48ef0cda33308a2814b5fa747b2f3a8eee8")
      var hasher = SHA256()
      hasher.update(Array("rive.font".utf8) + [0] + bytes)
      #expect(
        hasher.finalize().hexString
          == "bdc476c52972c4f3021dab14641be48ef0cda33308a2814b5fa747b2f3a8eee8")
    }
  }
}
