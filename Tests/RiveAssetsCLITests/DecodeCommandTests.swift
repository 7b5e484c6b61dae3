import Foundation
import RiveTestSupport
import Testing

@Suite("rive-assets decode")
struct DecodeCommandTests {
  @Test("an embedded asset of a generated file decodes; --rgba writes its pixels")
  func embeddedAsset() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let rgba = directory.appendingPathComponent("badge.rgba").path
    let result = try await ToolRunner.run(["decode", "--asset", "badge-101", "--rgba", rgba, riv])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("image PNG, 16×16"))
    let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: rgba)))
    #expect(pixels.count == 16 * 16 * 4)
    // The demo gradient: red grows along x, green along y, blue 0x80, opaque.
    #expect(Array(pixels[0..<4]) == [0, 0, 0x80, 0xFF])
    #expect(Array(pixels[(15 * 4)..<(16 * 4)]) == [255, 0, 0x80, 0xFF])
    #expect(Array(pixels.suffix(4)) == [255, 255, 0x80, 0xFF])
    let missing = try await ToolRunner.run(["decode", "--asset", "Inter-102", riv])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("referenced, not embedded"))
  }

  @Test(
    "corpus media decode; bad bytes exit 1",
    SharedCorpus.requirement)
  func corpusMedia() async throws {
    let png = ToolRunner.corpus.appendingPathComponent("1x1_png.png").path
    let wav = ToolRunner.corpus.appendingPathComponent("what.wav").path
    let ok = try await ToolRunner.run(["decode", png, wav])
    #expect(ok.status == 0)
    #expect(ok.standardOutput.contains("1×1"))
    #expect(ok.standardOutput.contains("44100 Hz"))
    let bad = try await ToolRunner.run([
      "decode", ToolRunner.corpus.appendingPathComponent("junk.riv").path,
    ])
    #expect(bad.status == 1)
    #expect(!bad.standardError.isEmpty)
  }
}
