import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("rive-assets check")
struct CheckCommandTests {
  @Test(
    "a 2×2 PNG for an asset authored 320×240 is a size warning; --strict fails",
    SharedCorpus.requirement)
  func sizeDiffers() async throws {
    let bundle = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: bundle) }
    try TestFixtures.write(
      try TestFixtures.png(width: 2, height: 2), named: "rectangle-2222022.png", in: bundle)
    let riv = TestFixtures.corpus("referenced_image_asset.riv").path
    let result = try await ToolRunner.run(["check", riv, "--bundle", bundle.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "size differs  rectangle-2222022.png is 2×2, authored 320×240"))
    #expect(
      try await ToolRunner.run(["check", riv, "--bundle", bundle.path, "--strict"]).status == 1)
    let json = try await ToolRunner.run(["check", riv, "--bundle", bundle.path, "--json"])
    let report = try #require(try TestFixtures.json(json.standardOutput) as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]])
    let asset = try #require((files.first?["assets"] as? [[String: Any]])?.first)
    #expect(asset["status"] as? String == "size_differs")
    #expect(asset["width"] as? Int == 2)
    #expect(asset["authored_width"] as? Int == 320)
    #expect(report["ok"] as? Bool == true)
  }

  @Test(
    "another extension of the kind is found (rectangle-2222022.jpeg) and decoded",
    SharedCorpus.requirement)
  func otherExtension() async throws {
    let bundle = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: bundle) }
    try TestFixtures.write(
      try TestFixtures.jpeg(width: 320, height: 240), named: "rectangle-2222022.jpeg", in: bundle)
    let riv = TestFixtures.corpus("referenced_image_asset.riv").path
    let result = try await ToolRunner.run(["check", riv, "--bundle", bundle.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("found   rectangle-2222022.jpeg 320×240"))
    #expect(result.standardOutput.contains("Summary: 0 embedded, 1 found, 0 missing"))
  }

  @Test("missing and undecodable assets fail; embedded ones are listed as embedded")
  func missingAndUndecodable() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let bundle = directory.appendingPathComponent("bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try TestFixtures.write(Array("not a font".utf8), named: "Inter-102.ttf", in: bundle)
    let result = try await ToolRunner.run(["check", riv, "--bundle", bundle.path])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  badge-101") && $0.contains("embedded    embedded") })
    #expect(
      lines.contains { $0.contains("Inter-102") && $0.contains("undecodable  Inter-102.ttf: ") })
    #expect(lines.contains { $0.contains("hero-103") && $0.contains("missing") })
    let quiet = try await ToolRunner.run(["check", riv, "--bundle", bundle.path, "--quiet"])
    #expect(quiet.status == 1)
    #expect(quiet.standardOutput.isEmpty)
    #expect(quiet.standardError.contains("hero-103 missing"))
  }

  @Test("a missing bundle directory exits 1 with a clear message; no --bundle exits 2")
  func missingBundle() async throws {
    let result = try await ToolRunner.run(["check", "x.riv", "--bundle", "/nonexistent/bundle"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("bundle directory /nonexistent/bundle does not exist"))
    #expect(try await ToolRunner.run(["check", "x.riv"]).status == 2)
  }

  @Test("--shared-worker: one unique name, different images → conflict; same image → fine")
  func sharedWorker() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let red = try TestFixtures.png(width: 4, height: 4, seed: 200)
    let blue = try TestFixtures.png(width: 4, height: 4, seed: 10)
    let first = try TestFixtures.write(
      TestFixtures.singleImage(name: "logo.png", id: 7, png: red), named: "first.riv",
      in: directory)
    let second = try TestFixtures.write(
      TestFixtures.singleImage(name: "logo.png", id: 7, png: blue), named: "second.riv",
      in: directory)
    let same = try TestFixtures.write(
      TestFixtures.singleImage(name: "logo.png", id: 7, png: red), named: "same.riv",
      in: directory)
    let conflict = try await ToolRunner.run([
      "check", first, second, "--bundle", directory.path, "--shared-worker",
    ])
    #expect(conflict.status == 1)
    #expect(conflict.standardOutput.contains("CONFLICT logo-7: different content in"))
    let fine = try await ToolRunner.run([
      "check", first, same, "--bundle", directory.path, "--shared-worker", "--json",
    ])
    #expect(fine.status == 0, "\(fine.standardError)")
    let report = try #require(try TestFixtures.json(fine.standardOutput) as? [String: Any])
    let shared = try #require(report["shared_worker"] as? [[String: Any]])
    #expect(shared.count == 1)
    #expect(shared.first?["status"] as? String == "same_content")
    let text = try await ToolRunner.run([
      "check", first, same, "--bundle", directory.path, "--shared-worker",
    ])
    #expect(text.standardOutput.contains("shared   logo-7: same content in"))
    #expect(text.standardOutput.contains("(fine)"))
  }
}
