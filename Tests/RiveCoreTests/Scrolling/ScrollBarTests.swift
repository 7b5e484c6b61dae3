import Foundation
import RiveFixtures
import Testing

@testable import RiveCore

/// Scroll bars on writer-made lists (``ScrollFixture/list(count:physics:offsetY:snap:threshold:dragMultiplier:infinite:viewportHeight:listeners:scrollBar:)``
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
    let file = try RuntimeFile(data: fixture.data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.solveLayout(true)
    // The thumb's forced length is laid out within the first frame's update, as in the
    // runtime.
    player.advance(to: 1)
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
}
