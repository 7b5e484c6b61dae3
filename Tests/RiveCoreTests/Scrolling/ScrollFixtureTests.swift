import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Scroll constraints on writer-made lists: the offset's clamp, drags, flings on elastic and
/// clamped physics, snapping, and hostile input.
@Suite("Scroll constraints (writer-made lists)")
struct ScrollFixtureTests {
  /// A player of `data`'s first artboard with layout solved, played to frame `frame` (frame 1:
  /// the first frame's laid-out sizes, such as a forced thumb length, have settled).
  static func player(_ data: Data, frame: Int = 1) throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.solveLayout(true)
    player.advance(to: frame)
    return player
  }

  /// Where item `item` is drawn: the y of its world transform.
  static func itemY(_ player: ArtboardPlayback, _ item: Int) -> Float {
    player.artboard.geometry.worldTransforms[item].ty
  }

  /// Advances frame by frame until the player stops asking for frames (at most `limit`);
  /// how many frames that took and the first item's y after each.
  static func settle(
    _ player: inout ArtboardPlayback, item: Int, limit: Int = 600
  ) -> (frames: Int, ys: [Float]) {
    var ys: [Float] = []
    for frame in 1...limit {
      let result = player.advance()
      ys.append(itemY(player, item))
      if !result.keepGoing { return (frame, ys) }
    }
    return (limit, ys)
  }

  @Test("the stored offset moves the content, clamped to what the layout leaves")
  func offsetClamp() throws {
    // Ten items of 100 in a viewport of 200: the range is [-800, 0].
    for (offset, expected) in [(Float(-150), Float(-150)), (-5000, -800), (50, 0), (0, 0)] {
      let fixture = ScrollFixture.list(offsetY: offset)
      let player = try Self.player(fixture.data)
      #expect(Self.itemY(player, fixture.ids.items[0]) == expected, "offset \(offset)")
      #expect(Self.itemY(player, fixture.ids.items[3]) == expected + 300, "offset \(offset)")
    }
  }

  @Test("an infinite scroll keeps its offset unclamped")
  func infinite() throws {
    let fixture = ScrollFixture.list(offsetY: -5000, infinite: true)
    let player = try Self.player(fixture.data)
    #expect(Self.itemY(player, fixture.ids.items[0]) == -5000)
  }

  @Test("a drag on the viewport scrolls the content by the pointer's motion")
  func drag() throws {
    let fixture = ScrollFixture.list(physics: .none)
    var player = try Self.player(fixture.data)
    let item = fixture.ids.items[0]
    player.pointerEvent(.down, x: 100, y: 150)
    player.pointerEvent(.move, x: 100, y: 110)
    player.advance()
    #expect(Self.itemY(player, item) == -40)
    player.pointerEvent(.move, x: 100, y: 30)
    player.advance()
    #expect(Self.itemY(player, item) == -120)
    // Without physics the offset is clamped as it goes: far past the end stops at -800.
    player.pointerEvent(.move, x: 100, y: -2000)
    player.advance()
    #expect(Self.itemY(player, item) == -800)
    player.pointerEvent(.up, x: 100, y: -2000)
    player.advance()
    #expect(Self.itemY(player, item) == -800)
  }

  @Test("a press outside the viewport, or a move under the threshold, does not scroll")
  func thresholdAndOutside() throws {
    let fixture = ScrollFixture.list(physics: .none, threshold: 10)
    var player = try Self.player(fixture.data)
    let item = fixture.ids.items[0]
    player.pointerEvent(.down, x: 100, y: 150)
    player.pointerEvent(.move, x: 100, y: 145)
    player.advance()
    #expect(Self.itemY(player, item) == 0)
    // Past the threshold the whole motion since the press counts.
    player.pointerEvent(.move, x: 100, y: 130)
    player.advance()
    #expect(Self.itemY(player, item) == -20)
    player.pointerEvent(.up, x: 100, y: 130)
    // Outside the artboard's viewport: nothing starts.
    player.pointerEvent(.down, x: 300, y: 150)
    player.pointerEvent(.move, x: 300, y: 50)
    player.advance()
    #expect(Self.itemY(player, item) == -20)
  }

  @Test("the drag multiplier scales the motion")
  func dragMultiplier() throws {
    let fixture = ScrollFixture.list(physics: .none, dragMultiplier: 2.5)
    var player = try Self.player(fixture.data)
    player.pointerEvent(.down, x: 100, y: 150)
    player.pointerEvent(.move, x: 100, y: 130)
    player.advance()
    #expect(Self.itemY(player, fixture.ids.items[0]) == -50)
  }

  /// Drags up by 30 points a frame for `frames` frames from y 190, then releases.
  static func fling(_ player: inout ArtboardPlayback, frames: Int = 5) {
    var y: Float = 190
    player.pointerEvent(.down, x: 100, y: y)
    for _ in 0..<frames {
      y -= 30
      player.pointerEvent(.move, x: 100, y: y)
      player.advance()
    }
    player.pointerEvent(.up, x: 100, y: y)
  }

  @Test("an elastic fling carries on after the release and settles; clamped stops at once")
  func flingElasticVersusClamped() throws {
    let elastic = ScrollFixture.list(physics: .elastic)
    var player = try Self.player(elastic.data)
    let item = elastic.ids.items[0]
    Self.fling(&player)
    #expect(Self.itemY(player, item) == -150)
    let carried = Self.settle(&player, item: item)
    #expect(carried.frames < 600)
    // It kept moving the drag's way past the release point, then stopped in range.
    #expect(try #require(carried.ys.min()) < -170)
    #expect(try #require(carried.ys.last) >= -800)
    #expect(carried.frames > 5)

    let clamped = ScrollFixture.list(physics: .clamped)
    var other = try Self.player(clamped.data)
    Self.fling(&other)
    let stopped = Self.settle(&other, item: clamped.ids.items[0])
    #expect(stopped.ys.allSatisfy { $0 == -150 })
    #expect(stopped.frames <= 2)
  }

  @Test("an elastic overscroll stretches past the end and springs back")
  func springBack() throws {
    let fixture = ScrollFixture.list(physics: .elastic)
    var player = try Self.player(fixture.data)
    let item = fixture.ids.items[0]
    player.pointerEvent(.down, x: 100, y: 20)
    player.pointerEvent(.move, x: 100, y: 84)
    player.advance()
    // 64 points past the top show as 64^0.66.
    let shown = Self.itemY(player, item)
    #expect(abs(shown - powf(64, 0.66)) < 0.001)
    // Held still for a frame: the release has no speed, it only springs back.
    player.advance()
    player.pointerEvent(.up, x: 100, y: 84)
    let back = Self.settle(&player, item: item)
    #expect(back.frames < 600)
    #expect(back.ys.last == 0)

    // Clamped physics shows no stretch.
    let clamped = ScrollFixture.list(physics: .clamped)
    var other = try Self.player(clamped.data)
    other.pointerEvent(.down, x: 100, y: 20)
    other.pointerEvent(.move, x: 100, y: 84)
    other.advance()
    #expect(Self.itemY(other, clamped.ids.items[0]) == 0)
  }

  @Test("a snapping scroll settles with an item at the viewport's top")
  func snapping() throws {
    let fixture = ScrollFixture.list(physics: .elastic, snap: true)
    var player = try Self.player(fixture.data)
    let item = fixture.ids.items[0]
    player.pointerEvent(.down, x: 100, y: 150)
    player.pointerEvent(.move, x: 100, y: 20)
    player.advance()
    player.advance()
    player.pointerEvent(.up, x: 100, y: 20)
    let settled = Self.settle(&player, item: item)
    let last = try #require(settled.ys.last)
    #expect(last.truncatingRemainder(dividingBy: ScrollFixture.itemHeight) == 0)
    // The one move of 130 points in a frame leaves an acceleration of 130 · 60 · 60 (holding
    // still clears the speed, not the acceleration, as upstream): a release speed of
    // 468000 · 0.00256 = 1198 points a second, which with friction 8 would stop near
    // 130 + 1198 / 8 ≈ 280; the nearest item edge is 300.
    #expect(last == -300)
  }

  @Test("hostile pointer input: non-finite points, a drag that never ends, a zero-size viewport")
  func hostile() throws {
    let fixture = ScrollFixture.list(physics: .elastic)
    var player = try Self.player(fixture.data)
    let item = fixture.ids.items[0]
    player.pointerEvent(.down, x: .nan, y: .nan)
    player.pointerEvent(.move, x: .infinity, y: -.infinity)
    player.advance()
    #expect(Self.itemY(player, item) == 0)
    player.pointerEvent(.down, x: 100, y: 100)
    player.pointerEvent(.move, x: .nan, y: .infinity)
    player.pointerEvent(.move, x: 100, y: 90)
    // Held for 300 frames without a release: it keeps asking for frames, nothing grows.
    for _ in 0..<300 {
      #expect(player.advance().keepGoing)
    }
    #expect(Self.itemY(player, item) == -10)
    #expect(player.artboard.scrollStates.count == 1)
    player.pointerEvent(.up, x: 100, y: 90)
    #expect(Self.settle(&player, item: item).frames < 600)

    let empty = ScrollFixture.list(physics: .elastic, offsetY: -50, viewportHeight: 0)
    var flat = try Self.player(empty.data)
    flat.pointerEvent(.down, x: 100, y: 0)
    flat.pointerEvent(.move, x: 100, y: -500)
    flat.pointerEvent(.up, x: 100, y: -500)
    _ = Self.settle(&flat, item: empty.ids.items[0])
    #expect(Self.itemY(flat, empty.ids.items[0]).isFinite)
  }

  @Test("time stamps time a drag: equal stamps give it no speed, spaced ones fling it")
  func timeStamps() throws {
    /// Drags up 60 points in two moves stamped `stamps` (press, move, move and release) and
    /// returns the offset at the release and half a second later.
    func drag(stamps: [Float]) throws -> (released: Float, later: Float) {
      let fixture = ScrollFixture.list(physics: .elastic)
      var player = try Self.player(fixture.data)
      player.pointerEvent(.down, x: 100, y: 150, timeStamp: stamps[0])
      player.pointerEvent(.move, x: 100, y: 120, timeStamp: stamps[1])
      player.pointerEvent(.move, x: 100, y: 90, timeStamp: stamps[2])
      player.pointerEvent(.up, x: 100, y: 90, timeStamp: stamps[2])
      let released = try #require(
        ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll))
      for _ in 0..<30 { _ = player.advance(by: 1 / 60) }
      let later = try #require(
        ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll))
      return (released, later)
    }
    // Stamped 0 throughout (as the runtime's tests that give no stamp): no speed, no fling.
    let still = try drag(stamps: [0, 0, 0])
    #expect(still.released == -60)
    #expect(still.later == -60)
    // 30 points every 0.1 s, then every 0.01 s: carried on after the release, the faster the
    // further.
    let slow = try drag(stamps: [0, 0.1, 0.2])
    let fast = try drag(stamps: [0, 0.01, 0.02])
    #expect(slow.released == -60 && fast.released == -60)
    #expect(slow.later < -60)
    #expect(fast.later < slow.later - 10)
  }

  @Test("a press on an opaque listener target above a viewport does not start its drag")
  func opaqueTargetTakesThePress() throws {
    for opaque in [false, true] {
      let fixture = ScrollFixture.list(physics: .none, listeners: true, opaqueItems: opaque)
      var player = try Self.player(fixture.data)
      player.pointerEvent(.down, x: 100, y: 150, timeStamp: 0)
      player.pointerEvent(.move, x: 100, y: 90, timeStamp: 0)
      player.pointerEvent(.up, x: 100, y: 90, timeStamp: 0)
      let offset = ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll)
      // The item's listener took the press either way (it sets `tapped` to its index + 1).
      let tapped = player.withInstances { machine, _ -> Float? in
        if case .number(let value)? = machine?.inputs.first { return value }
        return nil
      }
      #expect(tapped == 2, "opaque \(opaque)")
      #expect(offset == (opaque ? 0 : -60), "opaque \(opaque)")
    }
  }

  @Test("an index written again where the offset no longer reads it moves the offset there")
  func indexWrittenAgainAfterLayoutMoves() throws {
    let fixture = ScrollFixture.list(physics: .none)
    let scroll = fixture.ids.scroll
    var player = try Self.player(fixture.data)
    // What an animation holding index 2 does every frame: the same write again.
    func writeIndex() -> Bool {
      player.withArtboard {
        $0.setFloat(
          scroll, offset: Slot.scrollConstraintScrollIndex,
          key: PropertyKey.scrollConstraintScrollIndex, 2)
      }
    }
    #expect(writeIndex())
    _ = player.advance(by: 0)
    #expect(ScrollFixture.offsetY(in: player.artboard, scroll: scroll) == -200)
    // While the offset reads index 2, the write changes nothing.
    #expect(!writeIndex())
    // Item 0 grows by 50: the offset now reads index 1.5 (item 2 starts at 250).
    _ = player.withArtboard {
      $0.setFloat(
        fixture.ids.items[0], offset: Slot.layoutComponentHeight,
        key: PropertyKey.layoutComponentHeight, 150)
    }
    _ = player.advance(by: 0)
    #expect(Self.itemY(player, fixture.ids.items[2]) == 50)
    #expect(player.artboard.scrollIndex(scroll) == 1.5)
    // The runtime's setter compares with its getter (the index the offset reads), not with
    // the value last written: the same write moves the offset to item 2's new place.
    #expect(writeIndex())
    _ = player.advance(by: 0)
    #expect(ScrollFixture.offsetY(in: player.artboard, scroll: scroll) == -250)
    #expect(Self.itemY(player, fixture.ids.items[2]) == 0)
  }

  @Test("a press away from the viewport ends the drag its pointer held there; another's does not")
  func pressElsewhereEndsDrag() throws {
    // The viewport is 150 high in the 200-high artboard: y 180 is below it.
    let fixture = ScrollFixture.list(physics: .none, viewportHeight: 150, listeners: true)
    for (second, expected) in [(0, Float(0)), (1, -60)] {
      var player = try Self.player(fixture.data)
      // Pointer 0 presses the viewport and is never released (as the runtime's test does).
      player.pointerEvent(.down, x: 100, y: 100, pointer: 0, timeStamp: 0)
      // A press below the viewport: by the same pointer it ends the drag (the runtime's drag
      // group goes out); by pointer 1 the drag stays held.
      player.pointerEvent(.down, x: 100, y: 180, pointer: second, timeStamp: 0)
      player.pointerEvent(.move, x: 100, y: 40, pointer: 0, timeStamp: 0)
      _ = player.advance(by: 0)
      let offset = ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll)
      #expect(offset == expected, "second press by pointer \(second)")
    }
  }

  @Test("a time stamp is kept in whole seconds: equal stamps under a second each count in full")
  func stampsKeptInWholeSeconds() throws {
    // Three moves of 40 points, each stamped 0.016 s (as the runtime's deterministic test
    // stamps them): the runtime keeps the last stamp in an integer clock (0), so every move is
    // 0.016 s after it, 2,500 points a second; the release flings with the acceleration of
    // the last two speeds, (2,500 + 2,500) / 0.016, times 0.16 × 0.16 × 0.1: 800 points a
    // second, 12.8 in the first 0.016 s.
    let fixture = ScrollFixture.list(physics: .elastic)
    var player = try Self.player(fixture.data)
    player.pointerEvent(.down, x: 100, y: 190, timeStamp: 0)
    for y: Float in [150, 110, 70] { player.pointerEvent(.move, x: 100, y: y, timeStamp: 0.016) }
    player.pointerEvent(.up, x: 100, y: 70, timeStamp: 0.016)
    let released = try #require(
      ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll))
    _ = player.advance(by: 0.016)
    let flung = try #require(ScrollFixture.offsetY(in: player.artboard, scroll: fixture.ids.scroll))
    #expect(released == -120)
    #expect(abs(flung - released + 12.8) < 0.001, "flung by \(flung - released)")
  }
}
