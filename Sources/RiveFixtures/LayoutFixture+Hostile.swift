import Foundation
import RiveCore
import RiveFormat

/// Layout files at and past the edges of what the editor makes: negative sizes, deep nesting,
/// thousands of grid tracks, a hug cycle through a wrapping text, many nodes. The first four are
/// in ``catalog(font:)`` (so `rive-bench fixtures --named` writes them for the official runtime
/// to play); `HostileLayoutFileTests` plays all of them.
extension LayoutFixture {
  /// Negative lengths in a 200 × 100 row: `A` −50 × 20; `B` 30 × −10; `C` 40 × 20 with a
  /// padding of −5 and a left margin of −10; `D` 10 × 10 with a minimum width of −20; the
  /// row's horizontal gap is −10.
  public static func negativeSizes() -> Data {
    var style = Style.row
    style.gapHorizontal = .points(-10)
    var fixture = root(style)
    box(&fixture, "A", -50, 20)
    box(&fixture, "B", 30, -10)
    var c = Style()
    c.padding = .all(.points(-5))
    c.margin = Edges(left: .points(-10))
    box(&fixture, "C", 40, 20, style: c)
    var d = Style()
    d.minWidth = .points(-20)
    box(&fixture, "D", 10, 10, style: d)
    return fixture.data
  }

  /// `levels` layouts nested in one another, each hugging its content with a padding of 1
  /// (the outermost `A`, the rest unnamed but the innermost `Z`, a fixed 10 × 10).
  public static func deep(levels: Int) -> Data {
    var fixture = root(.row)
    var padded = Style(width: .hug, height: .hug)
    padded.padding = .all(.points(1))
    var parent = box(&fixture, "A", 0, 0, style: padded)
    for _ in 1..<max(1, levels - 1) {
      parent = fixture.layout("", parent: parent, style: padded)
    }
    box(&fixture, "Z", parent: parent, 10, 10)
    return fixture.data
  }

  /// A grid `A` hugging its `columns` one-point columns and one 10-point auto row, holding
  /// three auto-placed layouts `B`, `C`, `D` (each a fixed 0 × 0).
  public static func gridTracks(columns: Int) -> Data {
    var fixture = root(.row)
    let grid = box(
      &fixture, "A", 0, 0, style: Style(width: .hug, height: .hug, layoutType: .grid))
    for _ in 0..<columns { fixture.gridTrack(layout: grid, .columns, .points(1)) }
    fixture.gridTrack(layout: grid, .autoRows, .points(10))
    for name in ["B", "C", "D"] { box(&fixture, name, parent: grid, 0, 0) }
    return fixture.data
  }

  /// A measure that goes round: `A` hugs both axes (a column); it holds `B`, 60 × 10, and a
  /// text participant that fills `A`'s width and hugs its height, so the text's width comes
  /// from `A`, whose width comes from its content, the text's among it; the text wraps.
  public static func hugCycle(font: [UInt8]) -> Data {
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row) { writer in
      writeFont(font, into: &writer)
    }
    let a = box(&fixture, "A", 0, 0, style: Style(width: .hug, height: .hug, direction: .column))
    box(&fixture, "B", parent: a, 60, 10)
    let text = fixture.text("Hug me and I wrap around", parent: a, fontSize: 12, name: "Text")
    var participant = ParticipantStyle(width: .fill, height: .hug)
    participant.fractionalWidth = 1
    fixture.participant(host: text, style: participant)
    return fixture.data
  }

  /// `count` fixed 2 × 2 layouts in a 200-wide hugging wrapped row (so 100 a line), each
  /// named by its index.
  public static func manyNodes(count: Int) -> Data {
    var fixture = root(.row)
    var wrapped = Style(width: .fixed, height: .hug, direction: .row)
    wrapped.wrap = .wrap
    let row = box(&fixture, "A", 200, 0, style: wrapped)
    for index in 0..<count { fixture.layout("\(index)", parent: row, width: 2, height: 2) }
    return fixture.data
  }
}
