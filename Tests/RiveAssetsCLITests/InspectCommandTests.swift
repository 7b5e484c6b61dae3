import Foundation
import RiveTestSupport
import Testing

@Suite("rive-assets inspect and demo")
struct InspectCommandTests {
  @Test("demo writes a file that inspect describes")
  func demoThenInspect() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("demo.riv").path
    let demo = try await ToolRunner.run(["demo", "--output", path])
    #expect(demo.status == 0)
    #expect(demo.standardOutput == path + "\n")
    let inspect = try await ToolRunner.run(["inspect", path])
    #expect(inspect.status == 0)
    #expect(inspect.standardError.isEmpty)
    let lines = inspect.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.contains("  0  image  badge-101.png    embedded    104    16×16    -"))
    #expect(lines.contains("  1  font   Inter-102.ttf    referenced  -               -"))
    #expect(
      lines.contains {
        $0.hasPrefix("  2  image  hero-103.png     hosted")
          && $0.hasSuffix("edcb1816-8405-4983-acd2-16db48d85df4")
      })
    #expect(lines.contains("    state machine \"Controls\": 1 layers, 0 listeners"))
    #expect(lines.contains("      input \"progress\": number = 0.5"))
    #expect(lines.contains("    instance \"Default\": picture → badge-101"))
  }

  @Test(
    "--json matches the reference report field by field",
    SharedCorpus.requirement,
    arguments: [
      "hosted_assets.riv", "embedded_assets.riv", "audio_test.riv", "data_binding_test.riv",
      "solar-system.riv", "sample6.riv", "junk.riv",
    ])
  func jsonMatchesReference(_ name: String) async throws {
    let result = try await ToolRunner.run([
      "inspect", "--json", ToolRunner.corpus.appendingPathComponent(name).path,
    ])
    let ours = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let reference = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: ToolRunner.expected.appendingPathComponent(name + ".json")))
        as? [String: Any])
    let compared = [
      "file", "size", "sha256", "header", "import_result", "assets_offered", "file_assets",
      "artboards", "view_models",
    ]
    for key in compared {
      let left = ours[key].map {
        try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
      }
      let right = reference[key].map {
        try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
      }
      #expect(left == right, "\(name): field \(key) differs")
    }
    let failed = reference["import_result"] as? String != "success"
    #expect(result.status == (failed ? 1 : 0))
    #expect(result.standardError.isEmpty == !failed)
  }

  @Test(
    "a failing file exits 1 with the error on stderr, others still print",
    SharedCorpus.requirement)
  func mixedFiles() async throws {
    let junk = ToolRunner.corpus.appendingPathComponent("junk.riv").path
    let good = ToolRunner.corpus.appendingPathComponent("hosted_image_file.riv").path
    let result = try await ToolRunner.run(["inspect", junk, good])
    #expect(result.status == 1)
    #expect(result.standardError.contains("junk.riv: not a Rive file: expected the fingerprint"))
    #expect(result.standardOutput.contains("one-45008.png"))
  }

  @Test("usage errors exit 2; --help exits 0")
  func usage() async throws {
    #expect(try await ToolRunner.run([]).status == 2)
    #expect(try await ToolRunner.run(["inspect"]).status == 2)
    #expect(try await ToolRunner.run(["inspect", "--bogus", "x.riv"]).status == 2)
    #expect(try await ToolRunner.run(["frobnicate"]).status == 2)
    let help = try await ToolRunner.run(["inspect", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("--json"))
    #expect(try await ToolRunner.run(["--help"]).standardOutput.contains("inspect"))
  }

  @Test("a missing file exits 1 naming it")
  func missingFile() async throws {
    let result = try await ToolRunner.run(["inspect", "/nonexistent/none.riv"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("none.riv"))
  }
}
