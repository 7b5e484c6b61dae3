import Foundation
import Testing

@testable import RiveCore

/// The scroll physics alone: flings, springs back, snapping and hostile values.
@Suite("Scroll physics")
struct ScrollPhysicsTests {
  static let elastic = ScrollPhysics.Kind.elastic(
    friction: 8, speedMultiplier: 1, elasticFactor: 0.66)

  /// Drags by `step` points every `interval` seconds, `count` times, from time `interval`.
  static func drag(
    _ physics: inout ScrollPhysics, step: Float, interval: Float, count: Int
  ) -> Float {
    var offset: Float = 0
    for index in 1...count {
      physics.accumulate((0, step), time: Float(index) * interval)
      offset += step
    }
    return offset
  }

  /// Advances at 60 frames a second until the physics stops; the offsets seen.
  static func settle(_ physics: inout ScrollPhysics, limit: Int = 2000) -> [Float] {
    var offsets: [Float] = []
    while physics.isRunning, offsets.count < limit {
      offsets.append(physics.advance(1 / 60).y)
    }
    return offsets
  }

  @Test("a fast elastic fling carries on past the release point and settles inside the range")
  func elasticFling() {
    var physics = ScrollPhysics(kind: Self.elastic)
    physics.prepare(direction: 1)
    let released = Self.drag(&physics, step: -20, interval: 1 / 60, count: 5)
    #expect(released == -100)
    physics.run(
      rangeMin: (0, -1000), rangeMax: (0, 0), value: (0, released), snapPoints: [],
      contentSize: 1400, viewportSize: 400)
    let offsets = Self.settle(&physics)
    #expect(!physics.isRunning)
    #expect(offsets.count < 2000)
    // It moved on in the drag's direction, then came to rest within the range.
    #expect(offsets.min()! < released - 40)
    #expect(offsets.last! >= -1000 && offsets.last! <= 0)
    #expect(!physics.isEnabled)
  }

  @Test("an elastic overscroll stretches by the elastic factor and springs back to the end")
  func elasticSpringBack() throws {
    var physics = ScrollPhysics(kind: Self.elastic)
    physics.prepare(direction: 1)
    let shown = physics.clamp(rangeMin: (0, -100), rangeMax: (0, 0), value: (0, -164))
    #expect(abs(shown.y - (-100 - powf(64, 0.66))) < 0.0001)
    // Held still before release: no speed, it only eases back to the end.
    physics.run(
      rangeMin: (0, -100), rangeMax: (0, 0), value: (0, -164), snapPoints: [],
      contentSize: 500, viewportSize: 400)
    let offsets = Self.settle(&physics)
    #expect(try #require(offsets.last) == -100)
    // Monotonic ease towards the end.
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0.0 <= $0.1 })
  }

  @Test("clamped physics stops at the range's end on the next advance")
  func clamped() {
    var physics = ScrollPhysics(kind: .clamped)
    physics.prepare(direction: 1)
    _ = Self.drag(&physics, step: -50, interval: 1 / 60, count: 4)
    physics.run(
      rangeMin: (0, -120), rangeMax: (0, 0), value: (0, -200), snapPoints: [],
      contentSize: 520, viewportSize: 400)
    #expect(physics.isRunning)
    #expect(physics.advance(1 / 60).y == -120)
    #expect(!physics.isRunning)
  }

  @Test("snapping settles on the item nearest where the fling would stop")
  func snapping() throws {
    var physics = ScrollPhysics(kind: Self.elastic)
    physics.prepare(direction: 1)
    physics.run(
      rangeMin: (0, -900), rangeMax: (0, 0), value: (0, -130),
      snapPoints: [(0, 0), (0, 100), (0, 200), (0, 300)], contentSize: 1300, viewportSize: 400)
    let offsets = Self.settle(&physics)
    #expect(try #require(offsets.last) == -100)
  }

  @Test("non-finite drags and times neither trap nor keep it running forever")
  func hostile() {
    for value in [Float.nan, .infinity, -.infinity] {
      var physics = ScrollPhysics(kind: Self.elastic)
      physics.prepare(direction: 2)
      physics.accumulate((value, value), time: 1 / 60)
      physics.accumulate((value, -value), time: value)
      physics.run(
        rangeMin: (-100, -100), rangeMax: (0, 0), value: (value, value),
        snapPoints: [(0, value)], contentSize: value, viewportSize: 0)
      let offsets = Self.settle(&physics)
      #expect(offsets.count < 2000)
      #expect(!physics.isRunning)
    }
  }
}
