import Foundation
import RiveCore
import RiveTestSupport
import Testing

/// `rive-assets render --script` with a scripted drag on a writer-made scrolled list
/// (``ScrollFixture``: ten items of 200 × 100, each its own colour, in a 200 × 200 viewport).
@Suite("rive-assets render: a scripted drag scrolls a list")
struct ScrollScriptCommandTests {
  @Test("a drag of 150 points in the script shows items 1 to 3 in the rendered frame")
  func scriptedDrag() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ScrollFixture.list(physics: .none, listeners: true).data
    let riv = try TestFixtures.write([UInt8](data), named: "list.riv", in: directory)
    let script = try TestFixtures.write(
      Array(
        """
        { "events": [
          { "time": 0.1, "pointer": "down", "x": 100, "y": 190 },
          { "time": 0.15, "pointer": "move", "x": 100, "y": 120 },
          { "time": 0.2, "pointer": "move", "x": 100, "y": 40 },
          { "time": 0.2, "pointer": "up", "x": 100, "y": 40 }
        ] }
        """.utf8), named: "drag.json", in: directory)
    for (time, offset) in [("0.05", Float(0)), ("0.5", -150)] {
      let output = directory.appendingPathComponent("list-\(time).png")
      let result = try await ToolRunner.run([
        "render", riv, "-o", output.path, "--script", script, "--time", time,
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let image = try ImageDecoder.decode(Data(contentsOf: output))
      #expect(image.width == 200 && image.height == 200)
      for y in [10, 90, 110, 190] {
        let index = try #require(
          ScrollFixture.item(atY: Float(y), offsetY: offset, count: 10))
        let expected = ScrollFixture.rgb(index).map(Int.init) + [255]
        #expect(
          RenderImageCommandTests.pixel(image, 100, y) == expected, "y \(y) at \(time) s")
      }
    }
  }
}
