import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Pointer input on state machines: hit-testing listener targets and running their actions,
/// on files made by the package's writer and on corpus files whose listeners are known.
@Suite("Runtime: pointer input")
struct PointerInputTests {
  static func buttonFile(opaque: Bool = false) throws -> (
    file: RuntimeFile, button: Int, event: Int
  ) {
    let fixture = ButtonFixture(opaque: opaque)
    return (try fixture.file(), fixture.button, fixture.event)
  }

  struct Run {
    var artboard: ArtboardInstance
    var machine: StateMachineInstance

    init(_ model: ArtboardModel, machine index: Int = 0) throws {
      artboard = model.instance()
      machine = try #require(StateMachineInstance(artboard: artboard, index: index))
      _ = machine.advanceAndApply(0, artboard: &artboard)
    }

    /// Advances one frame and returns the layers' state changes.
    mutating func frame() -> [StateChange] {
      _ = machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &artboard)
      return machine.stateChanges
    }

    @discardableResult
    mutating func move(_ x: Float, _ y: Float) -> PointerHitResult {
      machine.pointerMove(x: x, y: y, artboard: &artboard)
    }
    @discardableResult
    mutating func down(_ x: Float, _ y: Float) -> PointerHitResult {
      machine.pointerDown(x: x, y: y, artboard: &artboard)
    }
    @discardableResult
    mutating func up(_ x: Float, _ y: Float) -> PointerHitResult {
      machine.pointerUp(x: x, y: y, artboard: &artboard)
    }

    func bool(_ name: String) -> Bool? {
      guard let index = machine.inputIndex(named: name),
        case .bool(let value) = machine.inputs[index]
      else { return nil }
      return value
    }

    /// The animation name of layer `layer`'s current state.
    func stateName(layer: Int = 0) -> String? {
      guard let state = machine.currentStates[layer],
        case .animation(let animation?, _) = machine.machine.layers[layer].states[state].kind
      else { return nil }
      return artboard.model.animations[animation].name
    }
  }

  @Test("hovering and pressing a button changes state on the right pointer events")
  func buttonHoverAndPress() throws {
    let (file, _, event) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    #expect(run.machine.currentStates == [3])
    // Outside the button: nothing.
    #expect(run.move(20, 20) == .none)
    #expect(run.frame().isEmpty)
    // Entering: hovered.
    #expect(run.move(60, 80) == .hit)
    #expect(run.bool("hover") == true)
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 4)])
    // Moving within: no new enter.
    #expect(run.move(140, 120) == .hit)
    #expect(run.frame().isEmpty)
    // Pressing and releasing: pressed, then hovered again, and the click reports the event.
    #expect(run.down(100, 100) == .hit)
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 5)])
    #expect(run.up(100, 100) == .hit)
    #expect(run.machine.events.map(\.objectID) == [event])
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 4)])
    // Leaving: idle.
    #expect(run.move(180, 100) == .none)
    #expect(run.bool("hover") == false)
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 3)])
  }

  @Test("a press that ends outside the button is no click; pointer exit leaves the hover")
  func pressOutsideAndExit() throws {
    let (file, _, _) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    // A down over the button is also an enter (hover changes with any pointer event).
    run.down(100, 100)
    #expect(run.bool("pressed") == true)
    #expect(run.bool("hover") == true)
    // Up outside: an exit; the up listener needs the pointer over the button, so "pressed"
    // stays set, and the gesture is no longer a click.
    run.up(190, 190)
    #expect(run.bool("pressed") == true)
    #expect(run.bool("hover") == false)
    run.up(100, 100)
    #expect(run.bool("pressed") == false)
    #expect(run.bool("hover") == true)
    #expect(run.machine.events.isEmpty)
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 4)])
    run.move(100, 100)
    #expect(run.frame().isEmpty)
    run.machine.pointerExit(x: 100, y: 100, artboard: &run.artboard)
    #expect(run.bool("hover") == false)
    #expect(run.frame() == [StateChange(layer: 0, stateIndex: 3)])
  }

  @Test("hits use the shape's bounds, then its path within a 2-unit radius")
  func boundsAndRadius() throws {
    let (file, _, _) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    // On the edge: inside the bounds, and the path is within reach.
    #expect(run.machine.hitTest(x: 150, y: 100, artboard: &run.artboard))
    #expect(run.machine.hitTest(x: 50, y: 75, artboard: &run.artboard))
    // One unit outside: the bounds test rejects it although the radius would reach.
    #expect(!run.machine.hitTest(x: 151, y: 100, artboard: &run.artboard))
    #expect(!run.machine.hitTest(x: 100, y: 74, artboard: &run.artboard))
    #expect(!run.machine.hitTest(x: 0, y: 0, artboard: &run.artboard))
  }

  @Test("an opaque target reports hitOpaque")
  func opaqueTarget() throws {
    let (file, _, _) = try Self.buttonFile(opaque: true)
    var run = try Run(file.artboards[0])
    #expect(run.move(100, 100) == .hitOpaque)
    #expect(run.move(10, 10) == .none)
  }

  static let hostilePoints: [(Float, Float)] = [
    (.nan, 100), (100, .nan), (.infinity, 100), (-.infinity, -.infinity), (1e30, 1e30),
    (-1e9, 100), (.greatestFiniteMagnitude, 0),
  ]

  @Test(
    "non-finite and far-away pointer positions hit nothing and change nothing",
    arguments: hostilePoints)
  func hostilePositions(_ x: Float, _ y: Float) throws {
    let (file, _, _) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    for kind in PointerEventKind.allCases {
      #expect(run.machine.pointerEvent(kind, x: x, y: y, artboard: &run.artboard) == .none)
    }
    #expect(!run.machine.hitTest(x: x, y: y, artboard: &run.artboard))
    #expect(run.bool("hover") == false)
    #expect(run.bool("pressed") == false)
    #expect(run.frame().isEmpty)
  }

  @Test("many distinct pointer ids stay bounded")
  func manyPointers() throws {
    let (file, _, _) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    for id in 0..<1000 {
      run.machine.pointerMove(x: 100, y: 100, pointer: id, artboard: &run.artboard)
    }
    #expect(
      run.machine.pointer.groups.allSatisfy { $0.pointers.count <= PointerState.maximumPointers })
    #expect(run.bool("hover") == true)
  }
}

/// Pointer input on corpus files whose listeners are known (the scenarios the official
/// runtime's own hit-test tests describe for the same files).
@Suite("Runtime: pointer input on corpus files", Corpus.requirement)
struct PointerCorpusTests {
  static func run(_ file: String, artboard: String, machine: String) throws -> PointerInputTests.Run
  {
    let runtime = try RuntimeFile(data: Corpus.data(file))
    let model = try #require(runtime.artboards.first { $0.name == artboard })
    let index = try #require(model.stateMachineNames.firstIndex(of: machine))
    return try PointerInputTests.Run(model, machine: index)
  }

  @Test("opaque_hit_test.riv: an opaque target hides the targets below it")
  func opaqueTargets() throws {
    var run = try Self.run("opaque_hit_test.riv", artboard: "main", machine: "main-state-machine")
    run.down(100, 50)
    #expect(run.bool("grayToggle") == true)
    #expect(run.bool("toGreen") == false)
    run.down(100, 250)
    #expect(run.bool("grayToggle") == false)
    #expect(run.bool("toGreen") == true)
    // Over both red and green: red is opaque and above, so green does not react.
    run.down(100, 110)
    #expect(run.bool("grayToggle") == true)
    #expect(run.bool("toGreen") == false)
  }

  @Test(
    "opaque_hit_test.riv: pointers reach a nested artboard's machine; opacity follows draw order")
  func opaqueNestedArtboard() throws {
    var run = try Self.run(
      "opaque_hit_test.riv", artboard: "second", machine: "second-state-machine")
    func nestedTarget(_ run: PointerInputTests.Run) -> Bool? {
      for nested in run.artboard.nested {
        for case let machine? in nested.animations.map(\.machine) {
          if let index = machine.inputIndex(named: "bool-target"),
            case .bool(let value) = machine.inputs[index]
          {
            return value
          }
        }
      }
      return nil
    }
    #expect(nestedTarget(run) == false)
    run.down(100, 250)
    #expect(run.bool("second-gray-toggle") == true)
    // One unit beyond the square: the bounds test fails before the radius applies.
    run.down(301, 50)
    #expect(run.bool("second-gray-toggle") == true)
    // Under the opaque nested artboard: only the nested machine reacts.
    run.down(100, 50)
    #expect(run.bool("second-gray-toggle") == true)
    #expect(nestedTarget(run) == true)
    // A timeline moves the nested artboard below the rectangle.
    _ = run.machine.advanceAndApply(1, artboard: &run.artboard)
    _ = run.machine.advanceAndApply(0, artboard: &run.artboard)
    run.down(100, 50)
    #expect(run.bool("second-gray-toggle") == false)
    #expect(nestedTarget(run) == true)
  }

  @Test("click_event.riv: a click needs down and up on the same listener's shapes")
  func clicks() throws {
    var run = try Self.run("click_event.riv", artboard: "art-1", machine: "sm-1")
    #expect(run.machine.events.isEmpty)
    run.down(75, 75)
    run.up(75, 75)
    #expect(run.machine.events.count == 1)
    run.down(75, 75)
    run.up(300, 75)
    #expect(run.machine.events.count == 1)
    run.down(300, 75)
    run.up(75, 75)
    #expect(run.machine.events.count == 1)
    // Down on one shape of the group, up on the other: a click.
    run.down(75, 75)
    run.up(225, 225)
    #expect(run.machine.events.count == 2)
    // Where the shapes overlap: one click, not two.
    run.down(150, 150)
    run.up(150, 150)
    #expect(run.machine.events.count == 3)
  }

  @Test("click_event.riv: enter and exit of a group of shapes")
  func groupHover() throws {
    var run = try Self.run("click_event.riv", artboard: "art-2", machine: "sm-1")
    run.move(75, 75)
    _ = run.machine.advanceAndApply(0, artboard: &run.artboard)
    #expect(run.stateName() == "green")
    run.move(200, 75)
    _ = run.machine.advanceAndApply(0, artboard: &run.artboard)
    #expect(run.stateName() == "green")
    run.move(400, 75)
    _ = run.machine.advanceAndApply(0, artboard: &run.artboard)
    #expect(run.stateName() == "red")
    run.move(200, 75)
    _ = run.machine.advanceAndApply(0, artboard: &run.artboard)
    #expect(run.stateName() == "green")
  }
}

extension PointerInputTests {
  @Test("a click belongs to one pointer: another pointer's up does not complete it")
  func clickPerPointer() throws {
    let (file, _, event) = try Self.buttonFile()
    var run = try Run(file.artboards[0])
    run.machine.pointerDown(x: 100, y: 100, pointer: 1, artboard: &run.artboard)
    run.machine.pointerUp(x: 100, y: 100, pointer: 0, artboard: &run.artboard)
    #expect(run.machine.events.isEmpty)
    run.machine.pointerUp(x: 100, y: 100, pointer: 1, artboard: &run.artboard)
    #expect(run.machine.events.map(\.objectID) == [event])
  }

  /// Every corpus file's default driver takes a fixed path of pointer events across its
  /// artboard, advancing between them, without trapping; two runs give the same hits and the
  /// same state changes.
  @Test("corpus files take pointer events deterministically", Corpus.requirement)
  func corpusSweep() throws {
    var filesWithHits: [String] = []
    for name in Corpus.rivFiles {
      guard let data = try? Corpus.data(name), let file = try? RuntimeFile(data: data),
        let artboard = file.artboards.first
      else { continue }
      func play() -> [String] {
        var player = ArtboardPlayback(artboard: artboard, file: file)
        player.advance()
        var log: [String] = []
        for step in 0..<12 {
          let kind = PointerEventKind.allCases[step % PointerEventKind.allCases.count]
          let t = Float(step) / 11
          let x = artboard.float(0, Slot.layoutComponentWidth) * t
          let y = artboard.float(0, Slot.layoutComponentHeight) * (1 - t)
          log.append("\(player.pointerEvent(kind, x: x, y: y))")
          player.advance()
        }
        return log
      }
      let first = play()
      #expect(first == play(), "\(name)")
      if first.contains(where: { $0 != "none" }) { filesWithHits.append(name) }
    }
    print(
      "pointer sweep: hits on \(filesWithHits.count) files: \(filesWithHits.joined(separator: " "))"
    )
    #expect(
      filesWithHits.contains("click_event.riv") || filesWithHits.contains("opaque_hit_test.riv"))
  }
}
