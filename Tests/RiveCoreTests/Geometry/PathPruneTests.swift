import RiveDisplayList
import Testing

@testable import RiveCore

/// Appending a path prunes the segments that became empty, as the runtime's paint paths do.
@Suite("Path pruning")
struct PathPruneTests {
  @Test("a line or cubic that stays on its start point is dropped; moves and closes stay")
  func emptySegmentsDropped() {
    var source = RawPath()
    source.move(Vec2(1, 1))
    source.line(Vec2(1, 1))
    source.cubic(Vec2(1, 1), Vec2(1, 1), Vec2(1, 1))
    source.line(Vec2(2, 1))
    source.cubic(Vec2(2, 1), Vec2(2, 1), Vec2(3, 1))
    source.close()
    var path = RawPath()
    path.addPath(source, transform: .translation(10, 0))
    #expect(path.verbs == [.move, .line, .cubic, .close])
    #expect(path.points == [Vec2(11, 1), Vec2(12, 1), Vec2(12, 1), Vec2(12, 1), Vec2(13, 1)])
  }
}
