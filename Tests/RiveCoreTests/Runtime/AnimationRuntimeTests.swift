import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Linear animations on files made by the package's writer: interpolators, loop modes, mixing.
@Suite("Runtime: linear animations")
struct AnimationRuntimeTests {
  /// An artboard with one node keyed on x from 0 to 100 over 60 frames with `interpolation`.
  static func nodeFile(
    interpolation: UInt32, interpolator: ((inout RuntimeFixture) -> Int)? = nil,
    loop: LoopMode = .oneShot, workArea: (start: UInt32, end: UInt32)? = nil
  ) throws -> (file: RuntimeFile, node: Int) {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    let easing = interpolator.map { $0(&fixture) }
    fixture.animation(
      name: "move", loop: loop, workArea: workArea,
      keys: [
        (
          node, PropertyKey.nodeX,
          [(0, 0, interpolation, easing), (60, 100, interpolation, easing)]
        )
      ])
    return (try fixture.file(), node)
  }

  static func x(_ instance: ArtboardInstance, _ node: Int) -> Float {
    guard case .number(let value)? = instance.value(of: node, property: PropertyKey.nodeX) else {
      return .nan
    }
    return value
  }

  @Test("linear keyframes interpolate by time", arguments: [0.0, 0.25, 0.5, 0.75, 1.0] as [Float])
  func linear(time: Float) throws {
    let (file, node) = try Self.nodeFile(interpolation: 1)
    var instance = file.artboards[0].instance()
    file.artboards[0].animations[0].apply(to: &instance, time: time, mix: 1)
    #expect(abs(Self.x(instance, node) - time * 100) < 1e-4)
  }

  @Test("hold keyframes keep the first value until the next keyframe")
  func hold() throws {
    let (file, node) = try Self.nodeFile(interpolation: 0)
    var instance = file.artboards[0].instance()
    file.artboards[0].animations[0].apply(to: &instance, time: 0.99, mix: 1)
    #expect(Self.x(instance, node) == 0)
    file.artboards[0].animations[0].apply(to: &instance, time: 1, mix: 1)
    #expect(Self.x(instance, node) == 100)
  }

  @Test("mixing blends with the current value")
  func mix() throws {
    let (file, node) = try Self.nodeFile(interpolation: 1)
    var instance = file.artboards[0].instance()
    file.artboards[0].animations[0].apply(to: &instance, time: 1, mix: 1)
    file.artboards[0].animations[0].apply(to: &instance, time: 0, mix: 0.25)
    // 100 blended a quarter of the way towards 0.
    #expect(abs(Self.x(instance, node) - 75) < 1e-4)
  }

  /// The y of a unit cubic Bézier at the x, found by bisection in double precision.
  static func bezierY(x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
    func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<80 {
      let middle = (low + high) / 2
      if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return coordinate((low + high) / 2, y1, y2)
  }

  @Test("cubic ease follows the Bézier curve", arguments: [0.1, 0.3, 0.5, 0.7, 0.9] as [Float])
  func cubicEase(time: Float) throws {
    let (file, node) = try Self.nodeFile(
      interpolation: 2, interpolator: { $0.cubicEase(x1: 0.42, y1: 0, x2: 0.58, y2: 1) })
    var instance = file.artboards[0].instance()
    file.artboards[0].animations[0].apply(to: &instance, time: time, mix: 1)
    let expected = Self.bezierY(x: Double(time), x1: 0.42, y1: 0, x2: 0.58, y2: 1) * 100
    #expect(abs(Double(Self.x(instance, node)) - expected) < 1e-3)
  }

  @Test("a cubic keyframe whose interpolator is missing drops its keyed object")
  func missingInterpolator() throws {
    let (file, _) = try Self.nodeFile(interpolation: 2, interpolator: { _ in 77 })
    #expect(file.artboards[0].animations[0].keyedObjects.isEmpty)
  }

  /// Advances a standalone player `frames` times by 1/60 s; returns the per-frame results.
  static func play(_ file: RuntimeFile, frames: Int) throws -> (
    instance: ArtboardInstance, player: AnimationInstance, keepGoing: [Bool], looped: [Int]
  ) {
    var instance = file.artboards[0].instance()
    var player = try #require(AnimationInstance(artboard: file.artboards[0], index: 0))
    var keepGoing: [Bool] = []
    var looped: [Int] = []
    for frame in 0...frames {
      keepGoing.append(
        player.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &instance))
      if player.didLoop { looped.append(frame) }
    }
    return (instance, player, keepGoing, looped)
  }

  @Test("a one-shot stops at its end, on the frame 32-bit time reaches it")
  func oneShot() throws {
    let (file, node) = try Self.nodeFile(interpolation: 1)
    let run = try Self.play(file, frames: 70)
    // 60 steps of Float(1/60) add up to 0.9999997, so the end is reached on frame 61. Clamping
    // to the end still moves x (99.99998 → 100) on that frame, so the player reports one more
    // frame of work and stops on frame 62, as the official runtime does.
    #expect(run.keepGoing[60] == true)
    #expect(run.keepGoing[61] == true)
    #expect(run.keepGoing[62] == false)
    #expect(run.looped.first == 61)
    #expect(run.player.time == 1)
    #expect(Self.x(run.instance, node) == 100)
  }

  @Test("a loop wraps to its start")
  func loop() throws {
    let (file, node) = try Self.nodeFile(interpolation: 1, loop: .loop)
    let run = try Self.play(file, frames: 90)
    #expect(run.looped == [61])
    #expect(abs(run.player.time - 0.5) < 1e-3)
    #expect(abs(Self.x(run.instance, node) - 50) < 0.1)
    #expect(run.keepGoing.allSatisfy { $0 })
  }

  @Test("a ping-pong bounces off its end and comes back")
  func pingPong() throws {
    let (file, node) = try Self.nodeFile(interpolation: 1, loop: .pingPong)
    let run = try Self.play(file, frames: 90)
    #expect(run.looped == [61])
    // Half a second past the end, going backwards: at 0.5 s again.
    #expect(abs(run.player.time - 0.5) < 1e-3)
    #expect(abs(Self.x(run.instance, node) - 50) < 0.1)
  }

  @Test("a work area replaces the animation's range")
  func workArea() throws {
    let (file, node) = try Self.nodeFile(interpolation: 1, loop: .loop, workArea: (15, 45))
    let run = try Self.play(file, frames: 20)
    // Starts at frame 15 (0.25 s) and loops within 15…45.
    #expect(abs(run.player.time - (0.25 + 20.0 / 60)) < 1e-3)
    #expect(abs(Self.x(run.instance, node) - (25 + 100 * 20.0 / 60)) < 0.1)
  }

  @Test("event keyframes are reported with their delay")
  func eventKeyframes() throws {
    var fixture = RuntimeFixture()
    let node = fixture.component(TypeKey.node)
    let event = fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("ping"))])
    fixture.animation(
      name: "tick", keys: [(node, PropertyKey.nodeX, [(0, 0, 1, nil), (60, 1, 1, nil)])])
    fixture.eventKeyframes(event: event, frames: [6])
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    let file = try fixture.file()
    var instance = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: instance, index: 0))
    var reports: [(frame: Int, event: ReportedEvent)] = []
    for frame in 0...20 {
      _ = machine.advanceAndApply(frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &instance)
      reports += machine.events.map { (frame, $0) }
    }
    // Frame 6 is at 0.1 s; the sixth step ends at 6 × Float(1/60), just past it.
    #expect(reports.map(\.frame) == [6])
    #expect(reports.first?.event.objectID == event)
    #expect(abs((reports.first?.event.secondsDelay ?? 1)) < 1e-3)
  }
}
