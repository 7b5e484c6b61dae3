import Foundation
import RiveCore
import RiveFixtures
import RiveFormat
import Testing

/// `render` draws text and `trace --script` reports text runs, on a writer-made file with one
/// text run (`title`, "Before") in an embedded system font (DejaVu Sans through fontconfig).
@Suite("rive-assets: text")
struct TextCommandTests {
  static func textFile(in directory: URL, text: String = "Before") throws -> String {
    let font = try SystemFont(name: "DejaVu Sans", size: 12).decode().bytes
    var fixture = TextFixture(
      fonts: [font], styles: [.init(fontSize: 32)], runs: [.init(text, name: "title")])
    fixture.artboardWidth = 200
    fixture.artboardHeight = 60
    let name = text == "Before" ? "title.riv" : "written.riv"
    let path = directory.appendingPathComponent(name).path
    try fixture.data.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("render draws the text's glyphs as paths, and --no-text leaves them out")
  func renderDrawsText() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try Self.textFile(in: directory)
    let withText = try await ToolRunner.run(["render", riv, "--ops-json"])
    let without = try await ToolRunner.run(["render", riv, "--ops-json", "--no-text"])
    #expect(withText.status == 0 && without.status == 0, "\(withText.standardError)")
    func paths(_ result: ToolRunner.Result) throws -> Int {
      let object = try #require(
        try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
      let frames = try #require(object["frames"] as? [String: Any])
      let frame = try #require(frames["0"] as? [[String: Any]])
      return frame.filter { $0["op"] as? String == "drawPath" }.count
    }
    // The artboard's background is the only path without text; "Before" adds its glyphs.
    #expect(try paths(withText) > paths(without))

    func opaquePixels(_ extra: [String]) async throws -> Int {
      let png = directory.appendingPathComponent("title-\(extra.count).png").path
      let render = try await ToolRunner.run(["render", riv, "-o", png] + extra)
      #expect(render.status == 0, "\(render.standardError)")
      let image = try Data(contentsOf: URL(fileURLWithPath: png)).withUnsafeBytes {
        try ImageDecoder.decode($0)
      }
      return stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
    }
    let ink = try await opaquePixels([])
    let blank = try await opaquePixels(["--no-text"])
    #expect(ink > blank + 200, "\(ink) opaque pixels with text, \(blank) without")
  }

  @Test("trace --script reports each text run at the start and when the script changes it")
  func traceReportsText() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try Self.textFile(in: directory)
    let script = directory.appendingPathComponent("text.json").path
    try Data(#"[{"time": 0.5, "textRun": "title", "text": "After"}]"#.utf8)
      .write(to: URL(fileURLWithPath: script))
    let trace = try await ToolRunner.run(["trace", riv, "--script", script, "--json"])
    #expect(trace.status == 0, "\(trace.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: trace.standardOutputData) as? [String: Any])
    let timeline = try #require(object["timeline"] as? [[String: Any]])
    let texts = timeline.compactMap { entry -> (Double, String)? in
      guard let text = entry["text"] as? String, let time = entry["time"] as? Double else {
        return nil
      }
      return (time, text)
    }
    #expect(texts.map(\.1) == [#"title = "Before""#, #"title = "After""#])
    #expect(texts.first?.0 == 0)
    #expect(texts.last?.0 == 0.5)
    let lines = try await ToolRunner.run(["trace", riv, "--script", script])
    #expect(
      lines.standardOutput.contains(#"0.500 s  text title = "After""#), "\(lines.standardOutput)")
  }

  @Test("render --ops-json --script draws a run's new text from the frame after its event")
  func opsJSONScript() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try Self.textFile(in: directory)
    let script = directory.appendingPathComponent("text.json").path
    try Data(#"[{"frame": 6, "textRun": "title", "text": "After all"}]"#.utf8)
      .write(to: URL(fileURLWithPath: script))
    let written = try Self.textFile(in: directory, text: "After all")
    func glyphCommands(_ frame: Int, script: String?, file: String? = nil) async throws -> Int {
      let result = try await ToolRunner.run(
        ["render", file ?? riv, "--ops-json", "--frame", "\(frame)"]
          + (script.map { ["--script", $0] } ?? []))
      #expect(result.status == 0, "\(result.standardError)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
      let frames = try #require(object["frames"] as? [String: Any])
      let operations = try #require(frames["\(frame)"] as? [[String: Any]])
      return operations.compactMap { ($0["path"] as? [String: Any])?["cmds"] as? [Any] }
        .map(\.count).reduce(0, +)
    }
    let before = try await glyphCommands(6, script: nil)
    let atTheEvent = try await glyphCommands(6, script: script)
    let after = try await glyphCommands(7, script: script)
    let asWritten = try await glyphCommands(7, script: nil, file: written)
    #expect(atTheEvent == before)
    #expect(after == asWritten && after != before, "\(after), \(asWritten), \(before) before")

    // --script needs an output; a run the artboard lacks fails naming the file and the run.
    let alone = try await ToolRunner.run(["render", riv, "--script", script])
    #expect(alone.status == 2)
    #expect(alone.standardError.contains("--script plays into a PNG"))
    let missing = directory.appendingPathComponent("missing.json").path
    try Data(#"[{"frame": 1, "textRun": "subtitle", "text": "x"}]"#.utf8)
      .write(to: URL(fileURLWithPath: missing))
    let failed = try await ToolRunner.run([
      "render", riv, "--ops-json", "--frame", "2", "--script", missing,
    ])
    #expect(failed.status == 1)
    #expect(failed.standardError.contains("title.riv"), "\(failed.standardError)")
    #expect(failed.standardError.contains("subtitle"), "\(failed.standardError)")
    let broken = directory.appendingPathComponent("broken.json").path
    try Data(#"[{"frame": 1, "textRun": "title""#.utf8).write(to: URL(fileURLWithPath: broken))
    let unread = try await ToolRunner.run(["render", riv, "--ops-json", "--script", broken])
    #expect(unread.status == 2)
    #expect(unread.standardError.contains("--script: \(broken)"), "\(unread.standardError)")
  }
}
