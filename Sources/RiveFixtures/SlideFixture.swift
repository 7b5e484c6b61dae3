import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file made by the package's writer whose red box slides when an input says so: for tests
/// of recordings, input scripts and golden frames.
///
/// A 100 × 100 artboard with a 20 × 20 red box centred at (10, 50). State machine `Machine`
/// (the artboard's default; boolean input `go`, false) starts in the one-shot animation `rest` (the box stays at
/// x = 10, 1 s); while `go` is true it goes to the one-shot animation `slide`, which moves the
/// box's centre linearly from x = 10 to x = 90 in ``slideSeconds``, and then the machine
/// settles. ``boxCentre(rgba:width:)`` reads the box's centre back from a frame drawn at the
/// artboard's size.
public enum SlideFixture {
  /// The box's centre before the slide.
  public static let startX = 10.0
  /// The box's centre after it.
  public static let endX = 90.0
  /// How long the slide takes.
  public static let slideSeconds = 1.0
  /// The box's colour, `0xAARRGGBB`.
  public static let color: UInt32 = 0xFFFF_0000

  /// The box's centre at `seconds` after the slide started (linear, clamped).
  public static func expectedX(secondsIntoSlide seconds: Double) -> Double {
    startX + (endX - startX) * min(1, max(0, seconds / slideSeconds))
  }

  /// The file's bytes.
  public static var data: Data {
    var fixture = RuntimeFixture(
      artboardWidth: 100, artboardHeight: 100, defaultStateMachine: 0)
    let box = fixture.shape(x: Float(startX), y: 50)
    fixture.parametric(TypeKey.rectangle, parent: box, width: 20, height: 20)
    fixture.fill(box, color: color)
    fixture.animation(
      name: "rest",
      keys: [(box, PropertyKey.nodeX, [(0, Float(startX), 1, nil), (60, Float(startX), 1, nil)])])
    fixture.animation(
      name: "slide", duration: UInt32(slideSeconds * 60),
      keys: [
        (
          box, PropertyKey.nodeX,
          [(0, Float(startX), 1, nil), (UInt32(slideSeconds * 60), Float(endX), 1, nil)]
        )
      ])
    MachineWriter.write(
      into: &fixture, inputs: [.bool("go", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]),
          .animation(1, []),
        ]
      ])
    return fixture.data
  }

  /// The x of the red box's centre on row 50 of a frame drawn at 100 × 100 (straight RGBA),
  /// nil when no red pixel is there.
  public static func boxCentre(rgba: [UInt8], width: Int) -> Double? {
    let row = 50
    let reds = (0..<width).filter { x in
      let at = (row * width + x) * 4
      return rgba.count > at + 3 && rgba[at] > 200 && rgba[at + 1] < 60 && rgba[at + 3] > 200
    }
    guard let first = reds.first, let last = reds.last else { return nil }
    return Double(first + last + 1) / 2
  }
}
