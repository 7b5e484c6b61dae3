import Foundation
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

@Suite("SHA-256")
struct SHA256Tests {
  @Test(
    "FIPS 180-4 test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func vectors(input: String, expected: String) {
    #expect(SHA256.hash(Array(input.utf8)).hexString == expected)
  }

  @Test("a million 'a' in uneven chunks")
  func million() {
    var hasher = SHA256()
    let chunk = [UInt8](repeating: 0x61, count: 999)
    var remaining = 1_000_000
    while remaining > 0 {
      let count = min(remaining, chunk.count)
      hasher.update(chunk[0..<count])
      remaining -= count
    }
    #expect(
      hasher.finalize().hexString
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(
    "the corpus files hash to the reference reports' sha256",
    SharedCorpus.requirement)
  func corpusHashes() throws {
    for name in Corpus.sample {
      let expected = try Corpus.expected(name)["sha256"] as? String
      #expect(SHA256.hash(try Corpus.data(name)).hexString == expected, "\(name)")
    }
  }
}
