import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("rive-assets render")
struct RenderCommandTests {
  @Test("--ops-json prints the draw stream in the reference schema")
  func opsJSON() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv")
    let demo = try await ToolRunner.run(["demo", "--output", riv.path])
    #expect(demo.status == 0, "\(demo.standardError)")
    let result = try await ToolRunner.run(["render", riv.path, "--ops-json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    #expect(object["import_result"] as? String == "success")
    let frames = try #require(object["frames"] as? [String: Any])
    #expect(Set(frames.keys) == ["0", "30"])
    let first = try #require(frames["0"] as? [Any])
    let list = try DisplayList(jsonArray: first)
    #expect(list.operations.first == .save)
    #expect(list.operations.last == .restore)
  }

  @Test("--frame renders one frame; a bad frame number is a usage error")
  func frameOption() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv")
    _ = try await ToolRunner.run(["demo", "--output", riv.path])
    let result = try await ToolRunner.run(["render", riv.path, "--ops-json", "--frame", "7"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    let frames = try #require(object["frames"] as? [String: Any])
    #expect(Array(frames.keys) == ["7"])
    let bad = try await ToolRunner.run(["render", riv.path, "--frame", "-3"])
    #expect(bad.status == 2)
  }

  @Test("a file that is not a Rive file fails with exit code 1 and names the file")
  func badFile() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let junk = directory.appendingPathComponent("junk.riv")
    try Data("not a rive file".utf8).write(to: junk)
    let result = try await ToolRunner.run(["render", junk.path])
    #expect(result.status == 1)
    #expect(result.standardError.contains("junk.riv"))
  }

  @Test(
    "the corpus file's stream matches its reference",
    SharedCorpus.requirement)
  func corpusStream() async throws {
    let riv = SharedCorpus.path("custom_image_name.riv")
    let result = try await ToolRunner.run(["render", riv, "--ops-json"])
    #expect(result.status == 0)
    let ours = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    let referenceURL = SharedCorpus.projectRoot.appendingPathComponent(
      "../shared/reference/draw/custom_image_name.riv.json")
    let reference = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: referenceURL)) as? [String: Any])
    #expect(ours["op_counts"] as? [String: Int] == reference["op_counts"] as? [String: Int])
    #expect(ours["driver"] as? String == reference["driver"] as? String)
    let images = try #require(ours["images"] as? [[String: Any]])
    #expect(images.first?["format"] as? String == "png")
  }
}
