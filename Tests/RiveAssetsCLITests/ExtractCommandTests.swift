import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("rive-assets extract")
struct ExtractCommandTests {
  @Test(
    "a corpus file's nine images are written with a manifest; --sniff-extension names them .jpg",
    SharedCorpus.requirement)
  func corpusFile() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = TestFixtures.corpus("data_binding_image_test.riv").path
    let plain = directory.appendingPathComponent("plain")
    let result = try await ToolRunner.run(["extract", riv, "--out", plain.path, "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: plain.path).sorted()
    #expect(written.count == 10)
    #expect(written.contains("funkos_1-85406.png"))
    #expect(written.contains("manifest.json"))
    let manifest = try #require(
      try TestFixtures.json(
        String(
          decoding: Data(contentsOf: plain.appendingPathComponent("manifest.json")), as: UTF8.self))
        as? [String: Any])
    let printed = try #require(try TestFixtures.json(result.standardOutput) as? [String: Any])
    #expect(NSDictionary(dictionary: printed).isEqual(to: manifest))
    let files = try #require(manifest["files"] as? [[String: Any]])
    #expect(files.first?["file"] as? String == "data_binding_image_test.riv")
    let assets = try #require(files.first?["assets"] as? [[String: Any]])
    #expect(assets.count == 9)
    for asset in assets {
      #expect(asset["kind"] as? String == "image")
      #expect((asset["sha256"] as? String)?.count == 64)
      #expect((asset["content_digest"] as? String)?.count == 64)
      #expect(asset["format"] as? String == "JPEG")
      #expect((asset["bytes"] as? Int ?? 0) > 0)
      #expect(asset["authored_width"] != nil)
    }
    // The bytes on disk are the embedded bytes (their SHA-256 is the manifest's).
    let first = try #require(assets.first)
    let bytes = try Data(
      contentsOf: plain.appendingPathComponent(try #require(first["file"] as? String)))
    #expect(SHA256.hash(bytes).hexString == first["sha256"] as? String)

    let sniffed = directory.appendingPathComponent("sniffed")
    let sniffing = try await ToolRunner.run([
      "extract", riv, "--out", sniffed.path, "--sniff-extension", "--quiet",
    ])
    #expect(sniffing.status == 0)
    #expect(sniffing.standardOutput.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sniffed.path).contains(
        "funkos_1-85406.jpg"))
  }

  @Test("hostile asset names cannot leave the output directory and stay distinct")
  func hostileNames() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = try TestFixtures.png(width: 2, height: 2)
    let long = String(repeating: "x", count: 300)
    // Two long names that only differ after the 200-byte cut collide once sanitised.
    let names = [
      "../../etc/passwd", "/abs", "a/../../b", "..", "\u{0}x", ".hidden", long, long + "y", "...",
    ]
    let blueprint = RiveFileBlueprint(
      assets: names.enumerated().map {
        .embedded(.image, name: $1, id: UInt32(10 + $0), bytes: png)
      })
    let riv = try TestFixtures.write(blueprint, named: "hostile.riv", in: directory)
    let out = directory.appendingPathComponent("nested/out")
    let result = try await ToolRunner.run(["extract", riv, "--out", out.path, "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    // Nothing was written anywhere but `out`: the temporary directory holds only the input.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "hostile.riv", "nested",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: directory.appendingPathComponent("nested").path) == ["out"])
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(written.count == names.count + 1)
    for name in written {
      #expect(!name.hasPrefix("."))
      #expect(!name.contains("/") && !name.contains("\\") && !name.contains("\u{0}"))
      #expect(!name.contains(".."))
      #expect(name.utf8.count <= 255)
      var isDirectory: ObjCBool = true
      #expect(
        FileManager.default.fileExists(
          atPath: out.appendingPathComponent(name).path, isDirectory: &isDirectory))
      #expect(!isDirectory.boolValue)
    }
    // Unique names are `name-id` with the last extension removed, then sanitised.
    let expected = [
      "__.-10.png", "_abs-11.png", "a___.-12.png", "-13.png", "_x-14.png", "-15.png", "_-18.png",
      String(repeating: "x", count: 200) + ".png", String(repeating: "x", count: 200) + "-2.png",
      "manifest.json",
    ]
    #expect(Set(written) == Set(expected))
    let manifest = try #require(try TestFixtures.json(result.standardOutput) as? [String: Any])
    let files = try #require(manifest["files"] as? [[String: Any]])
    let assets = try #require(files.first?["assets"] as? [[String: Any]])
    #expect(Set(assets.compactMap { $0["file"] as? String }).count == names.count)
  }

  @Test("existing files are not overwritten without --force; the file is named")
  func refusesToOverwrite() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let out = directory.appendingPathComponent("out").path
    #expect(try await ToolRunner.run(["extract", riv, "--out", out]).status == 0)
    let again = try await ToolRunner.run(["extract", riv, "--out", out])
    #expect(again.status == 1)
    #expect(again.standardError.contains("manifest.json already exists"))
    try FileManager.default.removeItem(atPath: out + "/manifest.json")
    let asset = try await ToolRunner.run(["extract", riv, "--out", out])
    #expect(asset.status == 1)
    #expect(asset.standardError.contains("badge-101.png already exists; use --force"))
    // A symbolic link in the way is replaced with --force, never followed.
    let target = directory.appendingPathComponent("target.txt")
    try Data("keep".utf8).write(to: target)
    try FileManager.default.removeItem(atPath: out + "/badge-101.png")
    try FileManager.default.createSymbolicLink(
      atPath: out + "/badge-101.png", withDestinationPath: target.path)
    let forced = try await ToolRunner.run(["extract", riv, "--out", out, "--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: out + "/badge-101.png")) == nil)
  }

  @Test(
    "several files go to subdirectories; corrupt files fail with the byte offset",
    SharedCorpus.requirement)
  func severalAndCorrupt() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = TestFixtures.corpus("embedded_assets.riv").path
    let bytes = try [UInt8](Data(contentsOf: TestFixtures.corpus("data_binding_image_test.riv")))
    let truncated = try TestFixtures.write(
      Array(bytes.prefix(bytes.count / 2)), named: "truncated.riv", in: directory)
    let junk = TestFixtures.corpus("junk.riv").path
    let out = directory.appendingPathComponent("out")
    let result = try await ToolRunner.run(["extract", good, truncated, junk, "--out", out.path])
    #expect(result.status == 1)
    #expect(result.standardError.contains("truncated.riv: malformed: "))
    #expect(result.standardError.contains("junk.riv: not a Rive file"))
    #expect(result.standardError.contains("(at byte "))
    #expect(result.standardOutput.contains("embedded_assets.riv: "))
    let entries = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(entries.contains("embedded_assets") && entries.contains("manifest.json"))
    #expect(!entries.contains("junk"))
  }
}
