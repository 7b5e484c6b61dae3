import Foundation
import RiveCore
import RiveExport
import RiveFixtures
import RiveFrames
import RiveRuntime
import Testing

/// Input scripts that say what upstream's tests do — a step size, a cut, list edits, an item's
/// value by index, an instance replaced — give the same frames through a file, a current `Rive`
/// and a legacy view model; the script's state machine and binding settings are played by a
/// file and checked against what an API player was made with.
@Suite("Export: input scripts in upstream's test vocabulary, on every path")
struct ScriptFeatureTests {
  static let times = [0, 0.15, 0.35]

  /// Adds an item of width 12 to the list at 0.1 s, replaces the bound instance by "Second" at
  /// 0.3 s, in steps of 0.05 s with a cut at 0.2 s.
  static func script() throws -> InputScript {
    try InputScript(
      json: Data(
        """
        { "dt": 0.05, "events": [
          { "time": 0.1, "list": "items", "append": { "viewModel": "Item" } },
          { "time": 0.1, "viewModel": "items/2/w", "value": 12 },
          { "time": 0.2, "cut": true },
          { "time": 0.3, "instance": "Second" }
        ] }
        """.utf8), source: "features.json")
  }

  /// What each frame shows: the bound x and the widest list item.
  static let expected: [(x: Int, widest: Int)] = [(30, 8), (30, 12), (70, 16)]

  @MainActor
  static func rive(dataBind: DataBind = .auto) async throws -> Rive {
    let worker = try await Worker()
    let file = try await File(source: .data(BindingFixture.data), worker: worker)
    let artboard = try await file.createArtboard("Main")
    let machine = try await artboard.createStateMachine("Machine")
    return try await Rive(file: file, artboard: artboard, stateMachine: machine, dataBind: dataBind)
  }

  static func viewModel(binding instance: String?) throws -> RiveViewModel {
    let file = try RiveFile(data: BindingFixture.data, loadCdn: false)
    let model = RiveModel(riveFile: file)
    try model.setArtboard("Main")
    let viewModel = RiveViewModel(model, stateMachineName: "Machine", autoPlay: false)
    if let instance {
      let main = try #require(file.viewModelNamed("Main"))
      try #require(viewModel.riveModel?.stateMachine).bind(
        viewModelInstance: try #require(main.createInstance(fromName: instance)))
    }
    return viewModel
  }

  @Test("list edits, an item's value and a replaced instance show the same on every path")
  @MainActor
  func samePixelsOnEveryPath() async throws {
    let script = try Self.script()
    var player = try FramePlayer(
      data: BindingFixture.data, artboard: "Main", stateMachine: "Machine",
      settings: script.settings)
    let fromFile = try player.frames(at: Self.times, script: script)
    let fromRive = try await Self.rive().frames(at: Self.times, script: script).map(\.raster)
    let fromLegacy = try Self.viewModel(binding: "First").frames(at: Self.times, script: script)
      .map(\.raster)
    for (index, time) in Self.times.enumerated() {
      let probe = BindingFixture.probe(rgba: fromFile[index].rgba, width: fromFile[index].width)
      #expect(probe.mainX == Self.expected[index].x, "at \(time) s")
      #expect(probe.itemWidth == Self.expected[index].widest, "at \(time) s")
      #expect(fromRive[index] == fromFile[index], "current API differs at \(time) s")
      #expect(fromLegacy[index] == fromFile[index], "legacy API differs at \(time) s")
    }
  }

  @Test("a file plays the binding and state machine a script sets")
  func filePlaysSettings() throws {
    let second = try InputScript(json: Data(#"{"binding": "Second", "events": []}"#.utf8))
    var player = try FramePlayer(
      data: BindingFixture.data, artboard: "Main", settings: second.settings)
    let frame = try #require(player.frames(at: [0], script: second).first)
    #expect(BindingFixture.probe(rgba: frame.rgba, width: frame.width).mainX == 70)

    let unbound = try InputScript(
      json: Data(#"{"binding": false, "stateMachine": null, "events": []}"#.utf8))
    var bare = try FramePlayer(
      data: BindingFixture.data, artboard: "Main", settings: unbound.settings)
    #expect(bare.driver == .none)
    #expect(bare.boundViewModel == nil)
    let drawn = try #require(bare.frames(at: [0], script: unbound).first)
    #expect(BindingFixture.probe(rgba: drawn.rgba, width: drawn.width).mainX != 30)

    // A player made without the settings refuses the script; so does a conflicting driver.
    var plain = try FramePlayer(data: BindingFixture.data, artboard: "Main")
    do {
      _ = try plain.frames(at: [0], script: second)
      Issue.record("a script's binding was ignored")
    } catch {
      #expect(error.inputScript?.code == .unsupportedSetting, "\(error)")
    }
    #expect(throws: ArtboardFrameError.self) {
      try FramePlayer(
        data: BindingFixture.data, artboard: "Main", stateMachine: "Machine",
        settings: unbound.settings)
    }
  }

  @Test("a Rive and a view model take a script whose settings they match, and refuse the others")
  @MainActor
  func apisCheckSettings() async throws {
    let unbound = try InputScript(json: Data(#"{"binding": false, "events": []}"#.utf8))
    let first = try InputScript(
      json: Data(#"{"binding": "First", "stateMachine": "Machine", "events": []}"#.utf8))
    let second = try InputScript(json: Data(#"{"binding": "Second", "events": []}"#.utf8))
    let noMachine = try InputScript(json: Data(#"{"stateMachine": null, "events": []}"#.utf8))

    #expect(try await Self.rive(dataBind: .none).frames(at: [0], script: unbound).count == 1)
    #expect(try await Self.rive().frames(at: [0], script: first).count == 1)
    for (script, made) in [(unbound, DataBind.auto), (second, .auto), (noMachine, .auto)] {
      let rive = try await Self.rive(dataBind: made)
      do {
        _ = try await rive.frames(at: [0], script: script)
        Issue.record("the Rive took a script it does not match")
      } catch {
        #expect(error.inputScript?.code == .unsupportedSetting, "\(error)")
      }
    }
    #expect(try Self.viewModel(binding: nil).frames(at: [0], script: unbound).count == 1)
    #expect(try Self.viewModel(binding: "First").frames(at: [0], script: first).count == 1)
    for (script, instance) in [(unbound, "First"), (second, "First"), (first, nil)] {
      let viewModel = try Self.viewModel(binding: instance)
      do {
        _ = try viewModel.frames(at: [0], script: script)
        Issue.record("the view model took a script it does not match")
      } catch {
        #expect(error.inputScript?.code == .unsupportedSetting, "\(error)")
      }
    }
  }

  @Test("events the runtime does not take yet are refused on every path, naming the event")
  @MainActor
  func unsupportedEvents() async throws {
    let script = try InputScript(
      json: Data(#"[{"time": 0.1, "focus": "next"}]"#.utf8), source: "focus.json")
    var player = try FramePlayer(data: BindingFixture.data, artboard: "Main")
    let rive = try await Self.rive()
    let viewModel = try Self.viewModel(binding: "First")
    for attempt in 0..<3 {
      do throws(ArtboardFrameError) {
        switch attempt {
        case 0: _ = try player.frames(at: [0.2], script: script)
        case 1: _ = try await rive.frames(at: [0.2], script: script)
        default: _ = try viewModel.frames(at: [0.2], script: script)
        }
        Issue.record("focus traversal was applied")
      } catch {
        #expect(error.inputScript?.code == .unsupported, "\(error)")
        #expect(error.description.contains("focus.json: event 1 (at 0.1 s)"), "\(error)")
      }
    }
  }
}
