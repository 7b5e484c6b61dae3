import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A host artboard whose state machine keys a nested artboard's animations, for the blended
/// values of nested animations whose state is left and entered again.
///
/// Artboard `Host` (200 × 200) holds nested artboard `Child` (id 1) with a remapped animation
/// (id 2: `NestedRemapAnimation` of the child's `Slide`) and a simple animation (id 3:
/// `NestedSimpleAnimation` of `Slide`, playing). `Child` (100 × 100) has a shape whose x
/// `Slide` moves from 0 to 100 over 60 frames.
///
/// The host's animations: `Set` (0) keys the remap's time to ``setTime``, its mix to
/// ``setMix`` and the simple animation's speed and mix to ``setSpeed`` and ``setMix``; `Other`
/// (1) keys the remap's time to ``otherTime`` only when `othersKeyTime`, else nothing of the
/// nested artboard (it keys a shape of the host). State machine `Machine` (boolean input
/// `away`, false): entry → `Set`; `Set` → `Other` when `away` is true, at once; `Other` →
/// `Set` when `away` is false, mixing over ``blendMilliseconds``. The runtime's trace scenario
/// sets `away` at frame 20 and back at frame 140, so `Set` is left and entered again through
/// the blend.
///
/// With `reversed`, `Set` is a one-shot whose remap time rises from 0 at frame 0 to
/// ``setTime`` at frame 30 and stays there to frame 60, and its state plays at speed −1: the
/// runtime starts a state whose speed is negative at its animation's end
/// (`linear_animation_instance.cpp`), so it shows ``setTime`` at once and ramps down after each
/// entry.
public enum NestedRemapFixture {
  public static let setTime: Float = 0.75
  public static let otherTime: Float = 0.25
  public static let setMix: Float = 0.5
  public static let setSpeed: Float = 2
  public static let blendMilliseconds: UInt32 = 500
  /// The components keyed.
  public static let remap = 2
  public static let simple = 3

  /// The file; `othersKeyTime` makes `Other` key the remap's time too; `reversed` plays a
  /// ramp of the remap's time in `Set` backwards (see above).
  public static func data(othersKeyTime: Bool = false, reversed: Bool = false) -> Data {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200, defaultStateMachine: 0)
    let nested = fixture.component(
      TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    fixture.component(
      TypeKey.nestedRemapAnimation, parent: nested,
      [(PropertyKey.nestedAnimationAnimationId, .uint(0))])
    fixture.component(
      TypeKey.nestedSimpleAnimation, parent: nested,
      [
        (PropertyKey.nestedAnimationAnimationId, .uint(0)),
        (PropertyKey.nestedSimpleAnimationIsPlaying, .bool(true)),
      ])
    let hostShape = fixture.shape(x: 150, y: 150)
    func constant(_ value: Float) -> [(
      frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?
    )] {
      [(frame: 0, value: value, interpolation: 1, interpolator: nil)]
    }
    let ramp: [(frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?)] = [
      (frame: 0, value: 0, interpolation: 1, interpolator: nil),
      (frame: 30, value: setTime, interpolation: 1, interpolator: nil),
      (frame: 60, value: setTime, interpolation: 1, interpolator: nil),
    ]
    fixture.animation(
      name: "Set", duration: 60, loop: reversed ? .oneShot : .loop,
      keys: [
        (
          object: remap, property: PropertyKey.nestedRemapAnimationTime,
          frames: reversed ? ramp : constant(setTime)
        ),
        (object: remap, property: PropertyKey.nestedLinearAnimationMix, frames: constant(setMix)),
        (
          object: simple, property: PropertyKey.nestedSimpleAnimationSpeed,
          frames: constant(setSpeed)
        ),
        (object: simple, property: PropertyKey.nestedLinearAnimationMix, frames: constant(setMix)),
      ])
    fixture.animation(
      name: "Other", duration: 60, loop: .loop,
      keys: othersKeyTime
        ? [
          (
            object: remap, property: PropertyKey.nestedRemapAnimationTime,
            frames: constant(otherTime)
          )
        ]
        : [(object: hostShape, property: PropertyKey.nodeX, frames: constant(20))])
    MachineWriter.write(
      into: &fixture, inputs: [.bool("away", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(
            0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])], speed: reversed ? -1 : 1),
          .animation(
            1, [.init(to: 3, duration: blendMilliseconds, conditions: [.bool(input: 0, op: 1)])]),
        ]
      ])
    fixture.artboard(name: "Child", width: 100, height: 100)
    let shape = fixture.shape(x: 0, y: 50)
    fixture.animation(
      name: "Slide", duration: 60, loop: .oneShot,
      keys: [
        (
          object: shape, property: PropertyKey.nodeX,
          frames: [
            (frame: 0, value: 0, interpolation: 1, interpolator: nil),
            (frame: 60, value: 100, interpolation: 1, interpolator: nil),
          ]
        )
      ])
    return fixture.data
  }
}
