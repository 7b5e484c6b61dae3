import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// The layout is solved again only when a value it reads changed: a keyed or bound layout
/// value that changes solves once (however many values change on that frame), and a frame
/// that writes the same values again solves nothing.
@Suite("Relayout on change")
struct LayoutRelayoutTests {
  /// A 200 × 100 row holding `A` (40 × 20, no layout animation) and `B` (30 × 20). Animation
  /// "Grow" (120 fps, 2 s, one shot) keys `A`'s width 40 on frame 0 and 100 from frame 1
  /// (1/120 s) on, and, with `height`, its height 20 then 50 on the same frames: so frame 1 of
  /// a 60 fps player changes one or two values at once, and every later frame writes the same
  /// values again.
  static func keyedSize(height: Bool) -> Data {
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row)
    let a = fixture.layout("A", width: 40, height: 20)
    fixture.layout("B", width: 30, height: 20)
    var keys:
      [(
        object: Int, property: UInt16,
        frames: [(frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?)]
      )] = [
        (
          object: a, property: PropertyKey.layoutComponentWidth,
          frames: [
            (frame: 0, value: 40, interpolation: 0, interpolator: nil),
            (frame: 1, value: 100, interpolation: 0, interpolator: nil),
          ]
        )
      ]
    if height {
      keys.append(
        (
          object: a, property: PropertyKey.layoutComponentHeight,
          frames: [
            (frame: 0, value: 20, interpolation: 0, interpolator: nil),
            (frame: 1, value: 50, interpolation: 0, interpolator: nil),
          ]
        ))
    }
    fixture.animation(name: "Grow", duration: 240, fps: 120, keys: keys)
    return fixture.data
  }

  /// A player of `data`'s first artboard with layout on, at frame 0.
  static func player(_ data: Data) throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.solveLayout(true)
    player.advance()
    return player
  }

  /// The solved box of the layout named `name`.
  static func box(_ player: ArtboardPlayback, _ name: String) -> LayoutFrame? {
    player.artboard.layoutFrames.first { $0.name == name }
  }

  @Test(
    "a keyed layout width that changes solves once; holding it solves nothing",
    arguments: [false, true])
  func keyedValue(alsoHeight: Bool) throws {
    var player = try Self.player(Self.keyedSize(height: alsoHeight))
    let settled = player.artboard.layout.solveCount
    #expect(settled >= 1)
    #expect(Self.box(player, "B").map { $0.x } == 40)
    // Frame 1: the animation writes 100 (and 50): one solve.
    player.advance()
    #expect(player.artboard.layout.solveCount == settled + 1)
    #expect(Self.box(player, "A")?.width == 100)
    #expect(Self.box(player, "A")?.height == (alsoHeight ? 50 : 20))
    #expect(Self.box(player, "B").map { $0.x } == 100)
    // Frames 2 to 60 write the same values again: nothing to solve.
    player.advance(to: 60)
    #expect(player.artboard.layout.solveCount == settled + 1)
  }

  @Test("a bound layout width set to a new value solves once; set to the same value, not at all")
  func boundValue() throws {
    var player = try Self.player(LayoutFixture.boundWidth())
    player.advance(to: 5)
    let settled = player.artboard.layout.solveCount
    #expect(Self.box(player, "A").map { $0.width } == 120)
    // The same value again: the bound width does not change.
    #expect(
      player.withArtboard { $0.withViewModels { $0.setValue(.number(120), at: "w") } } == true)
    player.advance(to: 10)
    #expect(player.artboard.layout.solveCount == settled)
    // A new value: one solve, then steady again.
    #expect(
      player.withArtboard { $0.withViewModels { $0.setValue(.number(70), at: "w") } } == true)
    player.advance(to: 11)
    #expect(player.artboard.layout.solveCount == settled + 1)
    #expect(Self.box(player, "A").map { $0.width } == 70)
    #expect(Self.box(player, "B").map { $0.x } == 70)
    player.advance(to: 30)
    #expect(player.artboard.layout.solveCount == settled + 1)
  }
}
