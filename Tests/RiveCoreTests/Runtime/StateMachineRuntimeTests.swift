import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// State machines on files made by the package's writer: conditions, triggers, exit time,
/// mixing, events and settling.
@Suite("Runtime: state machines")
struct StateMachineRuntimeTests {
  /// A node keyed by two animations: "left" puts x at 0, "right" at 100 (each `duration`
  /// frames long), and a machine whose layers are given.
  static func machineFile(
    duration: UInt32 = 60, loop: LoopMode = .oneShot, inputs: [MachineWriter.Input],
    layers: [[MachineWriter.State]], events: Int = 0
  ) throws -> (file: RuntimeFile, node: Int, events: [Int]) {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    let eventIDs = (0..<events).map { index in
      fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("event \(index)"))])
    }
    fixture.animation(
      name: "left", duration: duration, loop: loop,
      keys: [(node, PropertyKey.nodeX, [(0, 0, 1, nil), (duration, 0, 1, nil)])])
    fixture.animation(
      name: "right", duration: duration, loop: loop,
      keys: [(node, PropertyKey.nodeX, [(0, 100, 1, nil), (duration, 100, 1, nil)])])
    MachineWriter.write(into: &fixture, inputs: inputs, layers: layers)
    return (try fixture.file(), node, eventIDs)
  }

  struct Run {
    var instance: ArtboardInstance
    var machine: StateMachineInstance
  }

  static func start(_ file: RuntimeFile) throws -> Run {
    let instance = file.artboards[0].instance()
    let machine = try #require(StateMachineInstance(artboard: instance, index: 0))
    return Run(instance: instance, machine: machine)
  }

  static func x(_ run: Run, _ node: Int) -> Float {
    guard case .number(let value)? = run.instance.value(of: node, property: PropertyKey.nodeX)
    else {
      return .nan
    }
    return value
  }

  // Layer state indices used below: 0 entry, 1 any, 2 exit, 3 "left", 4 "right".

  @Test("a boolean condition takes the transition on the next advance")
  func boolCondition() throws {
    let (file, node, _) = try Self.machineFile(
      inputs: [.bool("go", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]), .animation(1, []),
        ]
      ])
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    #expect(run.machine.stateChanges == [StateChange(layer: 0, stateIndex: 3)])
    #expect(Self.x(run, node) == 0)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.stateChanges.isEmpty)
    run.machine.setBool(0, true)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.stateChanges == [StateChange(layer: 0, stateIndex: 4)])
    #expect(Self.x(run, node) == 100)
  }

  @Test(
    "a condition on an input the machine lacks, or of another kind, is dropped, as the official importer drops it",
    arguments: [
      (MachineWriter.Condition.trigger(input: 0), true),  // input 0 is a number
      (.bool(input: 999, op: 0), true),  // no such input
      (.trigger(input: 1), false),  // a trigger that never fires: the condition stays
    ])
  func invalidConditionDropped(condition: MachineWriter.Condition, dropped: Bool) throws {
    let (file, node, _) = try Self.machineFile(
      inputs: [.number("n", 0), .trigger("t")],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [condition])]), .animation(1, []),
        ]
      ])
    let transition = file.artboards[0].stateMachines[0].layers[0].states[3].transitions[0]
    #expect(transition.conditions.count == (dropped ? 0 : 1))
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    for _ in 0..<2 {
      _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    }
    // With its only condition dropped the transition has none, and is taken.
    #expect(Self.x(run, node) == (dropped ? 100 : 0))
  }

  /// Operator and threshold; the input starts at a value for which the condition does not
  /// hold, becomes 2, and the transition is taken when the condition holds for 2.
  @Test(
    "number conditions compare with each operator",
    arguments: [
      (UInt32(0), Float(2), Float(0), true), (0, 3, 0, false), (1, 2, 2, false), (1, 3, 3, true),
      (2, 2, 5, true), (2, 1, 5, false), (3, 2, 0, true), (3, 3, 0, false), (4, 3, 5, true),
      (4, 2, 5, false), (5, 1, 0, true), (5, 2, 0, false),
    ])
  func numberCondition(op: UInt32, threshold: Float, start: Float, takes: Bool) throws {
    let (file, _, _) = try Self.machineFile(
      inputs: [.number("level", start)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.number(input: 0, op: op, value: threshold)])]),
          .animation(1, []),
        ]
      ])
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    #expect(run.machine.currentStates == [3])
    run.machine.setNumber(0, 2)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.currentStates == [takes ? 4 : 3])
  }

  @Test("a trigger moves every layer that listens once, then is consumed")
  func triggerConsumed() throws {
    let toggling: [MachineWriter.State] = [
      .entry([.init(to: 3)]), .any([]), .exit,
      .animation(0, [.init(to: 4, conditions: [.trigger(input: 0)])]),
      .animation(1, [.init(to: 3, conditions: [.trigger(input: 0)])]),
    ]
    let (file, _, _) = try Self.machineFile(
      inputs: [.trigger("flip")], layers: [toggling, toggling])
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    run.machine.fire(0)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    // Each layer takes one transition (to "right"), not a second one back.
    #expect(
      run.machine.stateChanges
        == [StateChange(layer: 0, stateIndex: 4), StateChange(layer: 1, stateIndex: 4)])
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.stateChanges.isEmpty)
  }

  @Test("exit time holds a transition until that share of the animation has played")
  func exitTime() throws {
    // Exit at 50 % (flags: exit time enabled 4 + percentage 8), 60-frame animation.
    let (file, _, _) = try Self.machineFile(
      inputs: [],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, flags: 4 | 8, exitTime: 50)]), .animation(1, []),
        ]
      ])
    var run = try Self.start(file)
    var changeFrames: [Int] = []
    for frame in 0...40 {
      _ = run.machine.advanceAndApply(
        frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &run.instance)
      if run.machine.stateChanges.contains(where: { $0.stateIndex == 4 }) {
        changeFrames.append(frame)
      }
    }
    // 30 steps of Float(1/60) reach 0.5 s on frame 30.
    #expect(changeFrames == [30])
  }

  @Test("a transition with a duration mixes the two animations")
  func mixing() throws {
    // 500 ms transition from "left" (x 0) to "right" (x 100), both looping.
    let (file, node, _) = try Self.machineFile(
      loop: .loop, inputs: [.bool("go", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, duration: 500, conditions: [.bool(input: 0, op: 0)])]),
          .animation(1, []),
        ]
      ])
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    run.machine.setBool(0, true)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    var values: [Float] = []
    for _ in 0..<40 {
      _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
      values.append(Self.x(run, node))
    }
    // Mixing takes 30 frames: x rises steadily and reaches 100 once the mix completes.
    #expect(values[14] > 40 && values[14] < 60)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(values[35] == 100)
  }

  @Test("a machine settles when its one-shot state ends")
  func settles() throws {
    let (file, _, _) = try Self.machineFile(
      inputs: [],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, []), .animation(1, [])]])
    var run = try Self.start(file)
    var keepGoing: [Bool] = []
    for frame in 0...70 {
      keepGoing.append(
        run.machine.advanceAndApply(
          frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &run.instance))
    }
    #expect(keepGoing.firstIndex(of: false) == 61)
  }

  @Test("states fire their events on entry and exit")
  func stateEvents() throws {
    let (file, _, events) = try Self.machineFile(
      inputs: [.bool("go", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(
            0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])], fireAtStart: [2],
            fireAtEnd: [3]),
          .animation(1, []),
        ]
      ], events: 2)
    var run = try Self.start(file)
    _ = run.machine.advanceAndApply(0, artboard: &run.instance)
    #expect(run.machine.events.map(\.objectID) == [events[0]])
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.events.isEmpty)
    run.machine.setBool(0, true)
    _ = run.machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &run.instance)
    #expect(run.machine.events.map(\.objectID) == [events[1]])
  }

  @Test("transitions that loop through states every frame are bounded")
  func transitionLoopIsBounded() throws {
    // left ↔ right with always-true conditions (bool equal true).
    let (file, _, _) = try Self.machineFile(
      inputs: [.bool("on", true)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]),
          .animation(1, [.init(to: 3, conditions: [.bool(input: 0, op: 0)])]),
        ]
      ])
    var run = try Self.start(file)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for frame in 0...60 {
        _ = run.machine.advanceAndApply(
          frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &run.instance)
      }
    }
    #expect(elapsed < .seconds(10))
    #expect(!run.machine.stateChanges.isEmpty)
  }
}

/// Events a state's actions fire and events keyframes fire reach the report in the order they
/// happen within one advance, as the official runtime reports each the moment it happens.
@Suite("Runtime: event order")
struct EventOrderTests {
  /// Animation "play" crosses an event keyframe ("tick") at frame 12, where a transition with
  /// an exit time of 200 ms leaves its state for one that fires "entered" on entry.
  static func file() throws -> RuntimeFile { try RuntimeFile(data: data()) }
  static func data() -> Data {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    let tick = fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("tick"))])
    let entered = fixture.component(
      TypeKey.event, [(PropertyKey.componentName, .string("entered"))])
    fixture.animation(
      name: "play", keys: [(node, PropertyKey.nodeX, [(0, 0, 1, nil), (60, 60, 1, nil)])])
    fixture.eventKeyframes(event: tick, frames: [12])
    fixture.animation(name: "rest", keys: [(node, PropertyKey.nodeY, [(0, 5, 1, nil)])])
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, flags: 4, exitTime: 200)]),
          .animation(1, [], fireAtStart: [entered]),
        ]
      ])
    return fixture.data
  }

  @Test("a keyframe's event comes before the event of the state its frame's transition enters")
  func keyframeThenState() throws {
    let file = try Self.file()
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    var reports: [(frame: Int, names: [String])] = []
    for frame in 0...20 {
      _ = machine.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &artboard)
      let names = machine.events.map { artboard.describeEvent($0.objectID).name }
      if !names.isEmpty { reports.append((frame, names)) }
    }
    // The official runtime reports both at frame 12, in this order.
    #expect(reports.count == 1)
    #expect(reports.first?.frame == 12)
    #expect(reports.first?.names == ["tick", "entered"])
  }
}
