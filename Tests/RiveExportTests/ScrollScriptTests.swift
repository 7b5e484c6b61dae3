import Foundation
import RiveCore
import RiveExport
import RiveFixtures
import RiveFrames
import RiveRuntime
import Testing

/// A drag and a fling in an input script (`pointer` events with times) scroll a writer-made list
/// (``ScrollFixture``: ten items of 200 × 100, each its own colour, in a 200 × 200 viewport)
/// the same through a file's `FramePlayer`, a current `Rive` and a legacy view model.
@Suite("Export: scripted drags and flings on a scrolled list, on every path")
struct ScrollScriptTests {
  /// A press at (100, 190) at frame 6, five moves up by 30 points on frames 7 to 11, the
  /// release on frame 11 (a drag of 150 points, a move a frame as a finger gives them).
  static func dragScript() throws -> InputScript {
    var events = [#"{ "frame": 6, "pointer": "down", "x": 100, "y": 190 }"#]
    for step in 1...5 {
      events.append(
        #"{ "frame": \#(6 + step), "pointer": "move", "x": 100, "y": \#(190 - 30 * step) }"#)
    }
    events.append(#"{ "frame": 11, "pointer": "up", "x": 100, "y": 40 }"#)
    return try InputScript(
      json: Data(#"{ "events": [\#(events.joined(separator: ","))] }"#.utf8),
      source: "drag.json")
  }

  /// Before the press, after three moves (frame 9), after the release (frame 12), and later.
  static let times = [0, 9.0 / 60, 12.0 / 60, 3]

  /// The colours a frame shows down the middle at y 10, 90, 110 and 190.
  static func column(_ frame: RasterFrame) -> [[UInt8]?] {
    [10, 90, 110, 190].map { y in frame.pixel(x: 100, y: y).map { [$0.red, $0.green, $0.blue] } }
  }

  static func expectedColumn(offset: Float) -> [[UInt8]?] {
    [10, 90, 110, 190].map { y in
      ScrollFixture.item(atY: Float(y), offsetY: offset, count: 10).map(ScrollFixture.rgb)
    }
  }

  @MainActor
  static func frames(_ physics: ScrollFixture.Physics) async throws -> (
    file: [RasterFrame], current: [RasterFrame], legacy: [RasterFrame]
  ) {
    let data = ScrollFixture.list(physics: physics, listeners: true).data
    let script = try dragScript()
    var player = try FramePlayer(data: data, stateMachine: "Machine")
    let fromFile = try player.frames(at: times, script: script)
    let worker = try await Worker()
    let file = try await File(source: .data(data), worker: worker)
    let rive = try await Rive(file: file)
    let fromRive = try await rive.frames(at: times, script: script).map(\.raster)
    let model = RiveModel(riveFile: try RiveFile(data: data, loadCdn: false))
    try model.setArtboard()
    let viewModel = RiveViewModel(model, stateMachineName: "Machine", autoPlay: false)
    let fromLegacy = try viewModel.frames(at: times, script: script).map(\.raster)
    return (fromFile, fromRive, fromLegacy)
  }

  @Test("a scripted drag without physics moves the list by the drag, on every path")
  @MainActor
  func drag() async throws {
    let (file, current, legacy) = try await Self.frames(.none)
    // Events at a frame's time show from the next advance (`ScriptClock`): at frame 9 the
    // moves of frames 7 and 8 show, at frame 12 all five.
    let offsets: [Float] = [0, -60, -150, -150]
    for (index, time) in Self.times.enumerated() {
      #expect(
        Self.column(file[index]) == Self.expectedColumn(offset: offsets[index]), "at \(time) s")
      #expect(current[index] == file[index], "current API differs at \(time) s")
      #expect(legacy[index] == file[index], "legacy API differs at \(time) s")
    }
  }

  @Test("a scripted fling on elastic physics carries on past the release, on every path")
  @MainActor
  func fling() async throws {
    let (file, current, legacy) = try await Self.frames(.elastic)
    #expect(Self.column(file[1]) == Self.expectedColumn(offset: -60))
    #expect(Self.column(file[2]) == Self.expectedColumn(offset: -150))
    // Three seconds on, the list has carried on the drag's way: the item at the top is past
    // item 1 (where the release left it).
    let top = try #require(Self.column(file[3])[0])
    let index = try #require((0..<10).first { ScrollFixture.rgb($0) == top })
    #expect(index >= 2)
    for (index, time) in Self.times.enumerated() {
      #expect(current[index] == file[index], "current API differs at \(time) s")
      #expect(legacy[index] == file[index], "legacy API differs at \(time) s")
    }
  }
}
