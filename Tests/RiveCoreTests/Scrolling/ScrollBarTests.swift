import Foundation
import RiveFixtures
import Testing

@testable import RiveCore

/// Scroll bars on writer-made lists (``ScrollFixture/list(count:physics:offsetY:snap:threshold:dragMultiplier:infinite:viewportHeight:listeners:scrollBar:opaqueItems:)``
/// with a scroll bar: ten items 100 high in a 200-high viewport, a track as high as the
/// viewport with 10 points of padding above and below): the thumb's length and place worked
/// out by hand from the content, viewport and track sizes.
@Suite("Scroll bars (writer-made lists)")
struct ScrollBarTests {
  /// The content's length (10 × 100), the viewport's, and the track's inside (200 − 2 × 10).
  static let content: Float = 1_000
  static let viewport: Float = 200
  static let inside: Float = 180

  static func player(scrolled: Float, bar: ScrollFixture.ScrollBar) throws -> (
    ArtboardPlayback, ScrollFixture.Ids
  ) {
    let fixture = ScrollFixture.list(physics: .none, offsetY: -scrolled, scrollBar: bar)
    // The thumb's forced length is laid out within the first frame's update, as in the
    // runtime.
    let player = try ScrollFixtureTests.player(fixture.data)
    return (player, fixture.ids)
  }

  /// The thumb's top (in the artboard: the track's padding plus its place) and its length.
  static func thumb(_ player: ArtboardPlayback, _ ids: ScrollFixture.Ids) -> (
    top: Float, length: Float?
  ) {
    (
      player.artboard.geometry.worldTransforms[ids.thumb].ty,
      player.artboard.layoutBox(of: ids.thumb)?.height
    )
  }

  @Test("an auto-sized thumb is the viewport's share of the track and moves with the offset")
  func autoSized() throws {
    // 200 of 1,000 shown: the thumb is a fifth of the inside; it travels the rest (144) as the
    // offset goes over its range (800).
    let length = Self.inside * Self.viewport / Self.content
    #expect(length == 36)
    for scrolled: Float in [0, 200, 400, 650, 800] {
      let (player, ids) = try Self.player(scrolled: scrolled, bar: .init(autoSize: true))
      let thumb = Self.thumb(player, ids)
      #expect(thumb.length == length, "at \(scrolled)")
      #expect(thumb.top == 10 + scrolled / 800 * (Self.inside - length), "at \(scrolled)")
    }
  }

  @Test("a thumb without auto size keeps its length and travels the track's free length")
  func fixedLength() throws {
    for scrolled: Float in [0, 100, 800] {
      let (player, ids) = try Self.player(
        scrolled: scrolled, bar: .init(autoSize: false, thumbLength: 40))
      let thumb = Self.thumb(player, ids)
      #expect(thumb.length == 40, "at \(scrolled)")
      #expect(thumb.top == 10 + scrolled / 800 * (Self.inside - 40), "at \(scrolled)")
    }
  }

  @Test("the thumb follows a drag of the list frame by frame")
  func followsDrag() throws {
    var (player, ids) = try Self.player(scrolled: 0, bar: .init(autoSize: true))
    player.pointerEvent(.down, x: 100, y: 150)
    var expected: [Float] = []
    var seen: [Float] = []
    for (step, y) in [Float(110), 30, -300, -2_000].enumerated() {
      player.pointerEvent(.move, x: 100, y: y)
      _ = player.advance()
      // The drag moved the content by 150 − y, clamped to the range.
      let scrolled = min(800, 150 - y)
      expected.append(10 + scrolled / 800 * 144)
      seen.append(Self.thumb(player, ids).top)
      #expect(seen[step] == expected[step], "step \(step)")
    }
    player.pointerEvent(.up, x: 100, y: -2_000)
    #expect(seen == expected)
  }

  /// The offset the runtime's scroll bar gives a press on its track at `y` (artboard space;
  /// the track's top is at 0): the press's place below the track's padding, as a share of the
  /// track's free length (inside less thumb), of the scroll's range (0 … −800), clamped.
  static func trackPressOffset(y: Float, thumb: Float) -> Float {
    let share = (y - 10) / (inside - thumb)
    return min(max(-800, share * -800), 0)
  }

  /// The offset after the thumb is dragged by `dy` from `offset`: the thumb's place along its
  /// free length moves by `dy`, and the offset goes to the same share of the range.
  static func thumbDragOffset(from offset: Float, dy: Float, thumb: Float) -> Float {
    let free = inside - thumb
    let place = offset / -800 * free + dy
    return min(max(-800, place / free * -800), 0)
  }

  static func dragPlayer(bar: ScrollFixture.ScrollBar, count: Int = 10) throws -> (
    ArtboardPlayback, ScrollFixture.Ids
  ) {
    // A threshold no drag passes: the viewport the bar sits in does not scroll by itself, so
    // only the bar moves the offset.
    let fixture = ScrollFixture.list(
      count: count, physics: .none, threshold: 10_000, scrollBar: bar)
    return (try ScrollFixtureTests.player(fixture.data), fixture.ids)
  }

  @Test("a press on the track jumps the scroll there; dragging the thumb moves it with the thumb")
  func thumbDrag() throws {
    var (player, ids) = try Self.dragPlayer(bar: .init(autoSize: true))
    let thumb: Float = 36
    func offset() -> Float? { ScrollFixture.offsetY(in: player.artboard, scroll: ids.scroll) }
    #expect(offset() == 0)
    // A press on the thumb (10 … 46 on the track) is on the track too: the track takes it as
    // a jump to where it was pressed.
    player.pointerEvent(.down, x: 195, y: 20)
    var expected = Self.trackPressOffset(y: 20, thumb: thumb)
    #expect(offset() == expected)
    #expect(expected < 0)
    _ = player.advance()
    // The thumb follows the pointer: its place moves by the pointer's movement, the offset to
    // the same share of the range.
    for (step, y) in [Float(56), 80, 75, 2_000, 150].enumerated() {
      let previousY: Float = step == 0 ? 20 : [Float(56), 80, 75, 2_000][step - 1]
      player.pointerEvent(.move, x: 195, y: y)
      expected = Self.thumbDragOffset(from: expected, dy: y - previousY, thumb: thumb)
      #expect(offset().map { abs($0 - expected) < 1e-3 } == true, "step \(step): \(expected)")
      _ = player.advance()
    }
    // Let go: later moves scroll nothing, and nothing keeps the scroll going.
    player.pointerEvent(.up, x: 195, y: 150)
    let released = offset()
    player.pointerEvent(.move, x: 195, y: 60)
    #expect(offset() == released)
    #expect(player.artboard.scrollStates[ids.scroll]?.thumbDrags.isEmpty == true)
    // The thumb is drawn where the offset puts it.
    _ = player.advance()
    let top = Self.thumb(player, ids).top
    #expect(abs(top - (10 + (released ?? 0) / -800 * (Self.inside - thumb))) < 1e-3)
  }

  @Test("a press on the track below the thumb jumps past the end and clamps")
  func trackPress() throws {
    var (player, ids) = try Self.dragPlayer(bar: .init(autoSize: true))
    player.pointerEvent(.down, x: 195, y: 199)
    #expect(ScrollFixture.offsetY(in: player.artboard, scroll: ids.scroll) == -800)
    player.pointerEvent(.up, x: 195, y: 199)
    // Outside the track (x 190 … 200) a press does not reach the bar.
    player.pointerEvent(.down, x: 100, y: 20)
    #expect(ScrollFixture.offsetY(in: player.artboard, scroll: ids.scroll) == -800)
  }

  @Test("a bar over content that fits the viewport, dragged hard, leaves the offset at 0")
  func nothingToScroll() throws {
    var (player, ids) = try Self.dragPlayer(bar: .init(autoSize: false, thumbLength: 180), count: 1)
    player.pointerEvent(.down, x: 195, y: 100)
    for y: Float in [300, -1e30, .infinity, 150] {
      player.pointerEvent(.move, x: 195, y: y)
      _ = player.advance()
      #expect(ScrollFixture.offsetY(in: player.artboard, scroll: ids.scroll) == 0, "at \(y)")
    }
    player.pointerEvent(.up, x: 195, y: 150)
  }
}
