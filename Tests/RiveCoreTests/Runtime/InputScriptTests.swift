import Foundation
import RiveFixtures
import RiveFormat
import Testing

@testable import RiveCore

/// Input scripts: the JSON form, the clock every player follows, and events applied to
/// writer-made files.
@Suite("Runtime: input scripts")
struct InputScriptTests {
  static func script(_ json: String) throws(InputScriptError) -> InputScript {
    try InputScript(json: Data(json.utf8), source: "test.json")
  }

  @Test("every kind of event reads, ordered by time and in script order among equal times")
  func parsesEveryKind() throws {
    let script = try Self.script(
      """
      { "events": [
        { "time": 1, "textRun": "title", "text": "Hi", "nested": "Card" },
        { "time": 0.5, "input": "go", "value": true },
        { "frame": 30, "input": "level", "value": 2.5, "nested": "Knob/Inner" },
        { "time": 0.25, "trigger": "fire" },
        { "time": 1, "viewModel": "card/title", "value": "Hello" },
        { "time": 1, "viewModel": "tint", "color": "#FF8000" },
        { "time": 1, "viewModel": "mode", "enum": "dark" },
        { "time": 1, "viewModel": "on", "value": false },
        { "time": 1, "viewModelTrigger": "go" },
        { "time": 2, "pointer": "down", "x": 10, "y": 20.5, "id": 3 }
      ] }
      """)
    #expect(script.events.map(\.time) == [0.25, 0.5, 0.5, 1, 1, 1, 1, 1, 1, 2])
    #expect(script.events.map(\.index) == [3, 1, 2, 0, 4, 5, 6, 7, 8, 9])
    #expect(
      script.events.map(\.action) == [
        .fireTrigger(input: "fire", nested: nil),
        .setBoolean(input: "go", value: true, nested: nil),
        .setNumber(input: "level", value: 2.5, nested: "Knob/Inner"),
        .setTextRun(name: "title", text: "Hi", nested: "Card"),
        .setViewModel(path: "card/title", value: .string("Hello")),
        .setViewModel(path: "tint", value: .color(0xFFFF_8000)),
        .setViewModel(path: "mode", value: .enumeration("dark")),
        .setViewModel(path: "on", value: .boolean(false)),
        .fireViewModelTrigger(path: "go"),
        .pointer(.down, x: 10, y: 20.5, id: 3),
      ])
    // A bare array is a script too, and `true` is never the number 1.
    let bare = try Self.script(#"[{ "time": 0, "input": "n", "value": 1 }]"#)
    #expect(bare.events.map(\.action) == [.setNumber(input: "n", value: 1, nested: nil)])
  }

  @Test(
    "a bad script is a typed error naming the source, the event and the key",
    arguments: [
      ("not json", InputScriptError.Code.invalidJSON, "test.json: not JSON"),
      (#"{"event": []}"#, .invalidJSON, "unknown key 'event'"),
      (#"{"events": {}}"#, .invalidJSON, "needs an 'events' array"),
      (#"[{"input": "go", "value": true}]"#, .invalidEvent, "event 1: an event needs 'time'"),
      (#"[{"time": 0}, {"time": -1, "trigger": "t"}]"#, .invalidEvent, "event 1 (at 0 s)"),
      (#"[{"time": -1, "trigger": "t"}]"#, .invalidEvent, "time -1.0 is outside"),
      (#"[{"time": 1, "frame": 2, "trigger": "t"}]"#, .invalidEvent, "not both"),
      (#"[{"frame": 2.5, "trigger": "t"}]"#, .invalidEvent, "whole frame number"),
      (#"[{"time": "1", "trigger": "t"}]"#, .invalidEvent, "'time' needs a number, found a string"),
      (#"[{"time": 1, "trigger": "t", "input": "i"}]"#, .invalidEvent, "does one thing"),
      (#"[{"time": 1, "trigger": "t", "valu": 1}]"#, .invalidEvent, "unknown key 'valu'"),
      (#"[{"time": 1, "input": "i"}]"#, .invalidEvent, "'input' needs 'value'"),
      (#"[{"time": 1, "input": "i", "value": "on"}]"#, .invalidEvent, "a boolean or a number"),
      (#"[{"time": 1, "pointer": "press", "x": 1, "y": 2}]"#, .invalidEvent, "found 'press'"),
      (#"[{"time": 1, "pointer": "up", "x": 1}]"#, .invalidEvent, "'pointer' needs 'y'"),
      (#"[{"time": 1, "viewModel": "c", "color": "red"}]"#, .invalidEvent, "RRGGBBAA"),
      (
        #"[{"time": 1, "viewModel": "c"}]"#, .invalidEvent,
        "one of 'value', 'color', 'enum', 'artboard' or 'asset'"
      ),
      (#"[{"time": 1, "trigger": "t", "nested": "a//b"}]"#, .invalidEvent, "'nested' needs"),
      (#"[{"time": 1, "textRun": "t"}]"#, .invalidEvent, "'textRun' needs 'text'"),
    ])
  func badScripts(_ json: String, _ code: InputScriptError.Code, _ fragment: String) {
    do {
      _ = try Self.script(json)
      Issue.record("\(json) was read as a script")
    } catch {
      #expect(error.code == code, "\(error)")
      #expect(error.description.contains(fragment), "\(error)")
      #expect(error.source == "test.json")
    }
  }

  @Test("the clock advances in steps of 1/60 s, cut where an event falls")
  func clock() throws {
    var plain = ScriptClock()
    let steps = plain.steps(to: 0.5)
    #expect(steps.first == .start)
    let advances = steps.compactMap { step -> Float? in
      if case .advance(let seconds) = step { return seconds }
      return nil
    }
    #expect(advances.count == 30)
    #expect(advances.allSatisfy { abs(Double($0) - 1.0 / 60) < 1e-7 })

    let script = try Self.script(
      #"[{"time": 0.025, "trigger": "a"}, {"time": 0.025, "trigger": "b"}, {"time": 9, "trigger": "c"}]"#
    )
    var clock = ScriptClock(script: script)
    let cut = clock.steps(to: 0.05)
    var played = 0.0
    var appliedAt: [Double] = []
    for step in cut {
      switch step {
      case .start: break
      case .advance(let seconds): played += Double(seconds)
      case .apply(let event):
        appliedAt.append(played)
        #expect(event.time == 0.025)
      }
    }
    #expect(appliedAt.count == 2)
    #expect(appliedAt.allSatisfy { abs($0 - 0.025) < 1e-6 })
    #expect(abs(played - 0.05) < 1e-6)
    #expect(!clock.isFinished)
    // Asking again for a time already reached applies nothing and advances nothing.
    #expect(clock.steps(to: 0.04).isEmpty)
  }

  /// A player of the button file, advanced past its first frame.
  static func buttonPlayer() throws -> ArtboardPlayback {
    let file = try ButtonFixture().file()
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    player.advance()
    return player
  }

  @Test("inputs and pointer events reach the state machine; unknown names list what there is")
  func inputsAndPointers() throws {
    var player = try Self.buttonPlayer()
    try player.apply(.init(time: 0, action: .setBoolean(input: "hover", value: true, nested: nil)))
    player.advance()
    #expect(player.stateChangeNames == ["hovered"])

    // A press on the button (centred at 100, 100) runs its down listener: `pressed` is true.
    let hit = try player.apply(.init(time: 0, action: .pointer(.down, x: 100, y: 100, id: 0)))
    #expect(hit == .hit)
    player.advance()
    #expect(player.stateChangeNames == ["pressed"])

    do {
      try player.apply(
        .init(time: 2, action: .setNumber(input: "presed", value: 1, nested: nil), index: 4))
      Issue.record("an unknown input was set")
    } catch {
      #expect(error.code == .inputNotFound)
      #expect(error.event == 4)
      #expect(error.description.contains(#"has no input "presed"; it has "hover", "pressed""#))
    }
    do {
      try player.apply(.init(time: 2, action: .setNumber(input: "hover", value: 1, nested: nil)))
      Issue.record("a boolean input took a number")
    } catch {
      #expect(error.code == .wrongKind)
      #expect(error.description.contains("is a boolean, not a number"))
    }
    do {
      try player.apply(.init(time: 2, action: .setTextRun(name: "title", text: "x", nested: nil)))
      Issue.record("a missing text run was set")
    } catch {
      #expect(error.code == .textRunNotFound)
    }
    do {
      try player.apply(.init(time: 2, action: .setViewModel(path: "x", value: .number(1))))
      Issue.record("a view-model value was set on an unbound artboard")
    } catch {
      #expect(error.code == .noViewModel)
    }
  }

  @Test("view-model events write the bound instance; paths and kinds are checked")
  func viewModelValues() throws {
    let file = try RuntimeFile(data: BindingFixture.data)
    let model = try #require(file.artboards.first { $0.name == "Main" })
    var player = ArtboardPlayback(artboard: model, file: file)
    player.advance()
    try player.apply(.init(time: 0, action: .setViewModel(path: "x", value: .number(55))))
    #expect(player.artboard.viewModels?.value(at: "x") == .number(55))
    do {
      try player.apply(.init(time: 0, action: .setViewModel(path: "y", value: .number(1))))
      Issue.record("an unknown property was set")
    } catch {
      #expect(error.code == .viewModelNotFound)
      #expect(error.description.contains(#"its properties are "x""#), "\(error)")
    }
    do {
      try player.apply(.init(time: 0, action: .setViewModel(path: "x", value: .string("a"))))
      Issue.record("a number property took a string")
    } catch {
      #expect(error.code == .wrongKind)
    }
    do {
      try player.apply(.init(time: 0, action: .fireViewModelTrigger(path: "x")))
      Issue.record("a number property was fired")
    } catch {
      #expect(error.code == .wrongKind)
    }
  }

  @Test("the slide fixture's machine starts sliding when the script sets its input")
  func scriptedSlide() throws {
    let file = try RuntimeFile(data: SlideFixture.data)
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    let script = try Self.script(#"[{"time": 0.5, "input": "go", "value": true}]"#)
    var clock = ScriptClock(script: script)
    var changes: [String] = []
    for step in clock.steps(to: 1) {
      switch step {
      case .start: player.advance(by: 0)
      case .advance(let seconds):
        player.advance(by: seconds)
        changes += player.stateChangeNames
      case .apply(let event): try player.apply(event)
      }
    }
    #expect(changes == ["slide"])
    #expect(player.keepGoing)
  }
}
