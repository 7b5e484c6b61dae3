import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Nested animations keyed by a host machine whose state is left and entered again through a
/// transition that mixes (`NestedRemapFixture`, played by the reference trace scenario: `away`
/// set at frame 20, back at frame 140). The runtime's rule: a transition's reset writes back,
/// before every apply while it mixes, what each property keyed by either state held when it
/// started; the state left applies at 1 − mix and the state entered at mix, each value going
/// `current · (1 − m) + keyed · m` (rive-runtime `animation_reset_factory.cpp`,
/// `state_machine_instance.cpp`, `keyframe_double.cpp`), and a remap's time, mix and a simple
/// animation's speed are numbers like any other (`nested_remap_animation.cpp`,
/// `nested_simple_animation.cpp`). The official runtime's trace of both files gives these
/// values (checked with it built as the reference traces were).
@Suite("Nested animations mixed by transitions")
struct NestedAnimationBlendTests {
  /// The scenario's values of `(object, property)` at the sampled frames.
  static func values(_ data: Data, object: Int, property: UInt16) throws -> [Int: Double] {
    let file = try RuntimeFile(data: data)
    let trace = TraceRecorder(file: file).trace(fileName: "nested-remap.riv")
    guard case .array(let scenarios)? = trace["scenarios"], let scenario = scenarios.first,
      case .object(let frames)? = scenario["values"]
    else { return [:] }
    func number(_ value: JSONValue) -> Double? {
      switch value {
      case .integer(let integer): Double(integer)
      case .number(let number): number
      default: nil
      }
    }
    var result: [Int: Double] = [:]
    for (frame, entries) in frames {
      guard case .array(let list) = entries, let index = Int(frame) else { continue }
      for entry in list {
        guard case .array(let parts) = entry, parts.count == 3, let id = number(parts[0]),
          let key = number(parts[1]), let value = number(parts[2]), Int(id) == object,
          Int(key) == Int(property)
        else { continue }
        result[index] = value
      }
    }
    return result
  }

  @Test("a remap's time keyed by both states mixes from the other state's value")
  func timeMixesFromOtherState() throws {
    let time = try Self.values(
      NestedRemapFixture.data(othersKeyTime: true), object: NestedRemapFixture.remap,
      property: PropertyKey.nestedRemapAnimationTime)
    #expect(time[0] == Double(NestedRemapFixture.setTime))
    #expect(time[120] == Double(NestedRemapFixture.otherTime))
    // Frame 150: 10 frames into the 500 ms (30-frame) mix back: 0.25 + 0.5 × 10 / 30.
    let mixed = try #require(time[150])
    #expect(abs(mixed - (0.25 + 0.5 * 10 / 30)) < 1e-6)
    #expect(time[180] == Double(NestedRemapFixture.setTime))
  }

  @Test("a remap's time keyed by the state entered only keeps the value it was left with")
  func timeKeptWhenOnlyOneStateKeysIt() throws {
    let data = NestedRemapFixture.data()
    for (object, property, value) in [
      (NestedRemapFixture.remap, PropertyKey.nestedRemapAnimationTime, NestedRemapFixture.setTime),
      (NestedRemapFixture.remap, PropertyKey.nestedLinearAnimationMix, NestedRemapFixture.setMix),
      (
        NestedRemapFixture.simple, PropertyKey.nestedSimpleAnimationSpeed,
        NestedRemapFixture.setSpeed
      ),
      (NestedRemapFixture.simple, PropertyKey.nestedLinearAnimationMix, NestedRemapFixture.setMix),
    ] {
      let values = try Self.values(data, object: object, property: property)
      // The reset captures the value `Set` left; mixing it with the same keyed value keeps it.
      for frame in [0, 30, 120, 150, 180] { #expect(values[frame] == Double(value), "\(frame)") }
    }
  }
  /// A state whose speed is negative starts its animation at the end, as the runtime's
  /// `LinearAnimationInstance` does with the state's speed as its multiplier
  /// (`animation_state_instance.cpp`), on its first entry and on every entry after: the remap's
  /// time shows the ramp's top at once and ramps down from it after `Set` is entered again at
  /// frame 140. Before, the state started at the animation's start and, playing backwards,
  /// stayed there (0 at every frame).
  @Test("a state with negative speed starts at its animation's end, each time it is entered")
  func negativeSpeedStartsAtEnd() throws {
    let time = try Self.values(
      NestedRemapFixture.data(othersKeyTime: true, reversed: true),
      object: NestedRemapFixture.remap, property: PropertyKey.nestedRemapAnimationTime)
    let top = Double(NestedRemapFixture.setTime)
    #expect(time[0] == top)
    #expect(time[120] == Double(NestedRemapFixture.otherTime))
    // Frame 180: `Set` entered at frame 140 and 40 frames played backwards from frame 60 of
    // its animation, so at its frame 20: two thirds up the ramp; the mix ended at frame 170.
    let ramped = try #require(time[180])
    #expect(abs(ramped - top * 20 / 30) < 1e-5, "\(ramped)")
  }
}
