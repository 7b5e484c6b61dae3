import CHarfBuzz
import Foundation
import RiveFormat
import RiveReference
import RiveTestSupport
import Testing

@testable import RiveCore

/// Writer-made files that each isolate one layout feature (``LayoutFixture``), played with
/// layout on. Every expected box is worked out by hand from the CSS flexbox/grid rules as Yoga
/// 2.0.1 (with Rive's grid backport) applies them, and from how the runtime maps a Rive style
/// onto Yoga (`LayoutComponent::applyBaseStyle`, `LayoutComponentStyle::applyContainerStyle`);
/// the derivation is in each test's comment. Every file was also played by the official runtime
/// built with text and layout on (its draw stream at frames 0 and 30): it drew the same boxes.
///
/// Common ground: the artboard is the layout root, 200 × 100, a row aligned top-left unless a
/// test says otherwise. A fixed child in a row gets flex-grow and flex-shrink 0 with an auto
/// basis, so it keeps its width; its height is not stretched (align-items flex-start from the
/// top-left alignment). A box is (x, y, width, height) in its parent layout's space.
@Suite("Layout fixtures")
struct LayoutFixtureTests {
  typealias Box = (x: Float, y: Float, width: Float, height: Float)

  // MARK: - Helpers

  static func recorder(_ data: Data, text: Bool = false) throws -> DrawRecorder {
    DrawRecorder(file: try RuntimeFile(data: data), text: text, layout: true)
  }

  /// The laid-out boxes by component name at `frame`.
  static func boxes(_ data: Data, frame: Int = 0, text: Bool = false) throws -> [String:
    LayoutFrame]
  {
    let frames = try recorder(data, text: text).layoutFrames(at: frame)
    return Dictionary(frames.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  static func expectBoxes(
    _ frames: [String: LayoutFrame], _ expected: [String: Box], _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (name, box) in expected.sorted(by: { $0.key < $1.key }) {
      guard let frame = frames[name] else {
        Issue.record("\(context) no layout frame named \(name)", sourceLocation: sourceLocation)
        continue
      }
      let got = (frame.x, frame.y, frame.width, frame.height)
      let close =
        abs(got.0 - box.x) < 1e-3 && abs(got.1 - box.y) < 1e-3 && abs(got.2 - box.width) < 1e-3
        && abs(got.3 - box.height) < 1e-3
      #expect(
        close, "\(context) \(name): \(got) expected \(box)", sourceLocation: sourceLocation)
    }
  }

  /// A path drawn, with its paint and where it lands: its box under the transform in force,
  /// and how many clips are in force.
  struct Painted {
    var path: RenderPath
    var paint: RenderPaint
    var transform: Transform2D
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
    var clips: Int
  }

  /// The paths a display list draws, in order, each with where it lands and how many clips
  /// are in force (the clip paths themselves: ``clips(_:)``).
  static func painted(_ list: DisplayList) -> [Painted] {
    var matrix = Transform2D.identity
    var clips = 0
    var stack: [(Transform2D, Int)] = []
    var out: [Painted] = []
    for operation in list.operations {
      switch operation {
      case .save: stack.append((matrix, clips))
      case .restore: (matrix, clips) = stack.popLast() ?? (matrix, clips)
      case .transform(let m): matrix = matrix * m
      case .clipPath: clips += 1
      case .drawPath(let path, let paint):
        let box = bounds(path, matrix)
        out.append(
          Painted(
            path: path, paint: paint, transform: matrix, minX: box.0, minY: box.1, maxX: box.2,
            maxY: box.3, clips: clips))
      default: break
      }
    }
    return out
  }

  /// The clip paths of a display list with their boxes under the transform in force.
  static func clips(_ list: DisplayList) -> [(Float, Float, Float, Float)] {
    var matrix = Transform2D.identity
    var stack: [Transform2D] = []
    var out: [(Float, Float, Float, Float)] = []
    for operation in list.operations {
      switch operation {
      case .save: stack.append(matrix)
      case .restore: matrix = stack.popLast() ?? matrix
      case .transform(let m): matrix = matrix * m
      case .clipPath(let path): out.append(bounds(path, matrix))
      default: break
      }
    }
    return out
  }

  static func bounds(_ path: RenderPath, _ matrix: Transform2D) -> (Float, Float, Float, Float) {
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    for point in vertices(path) {
      let p = matrix.apply(x: point.x, y: point.y)
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    return (minX, minY, maxX, maxY)
  }

  /// The on-curve points of a path (move, line and curve end points).
  static func vertices(_ path: RenderPath) -> [(x: Float, y: Float)] {
    path.commands.compactMap { command in
      switch command {
      case .move(let x, let y), .line(let x, let y): return (x, y)
      case .cubic(_, _, _, _, let x, let y): return (x, y)
      case .close: return nil
      }
    }
  }

  static func expectBox(
    _ painted: Painted?, _ box: (Float, Float, Float, Float), _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let painted else {
      Issue.record("\(what) is not drawn", sourceLocation: sourceLocation)
      return
    }
    let got = (painted.minX, painted.minY, painted.maxX, painted.maxY)
    #expect(
      abs(got.0 - box.0) < 1e-3 && abs(got.1 - box.1) < 1e-3 && abs(got.2 - box.2) < 1e-3
        && abs(got.3 - box.3) < 1e-3, "\(what) drawn over \(got), expected \(box)",
      sourceLocation: sourceLocation)
  }

  static func fills(_ list: DisplayList, _ color: UInt32) -> [Painted] {
    painted(list).filter { $0.paint.style == .fill && $0.paint.color == color }
  }

  static func frame(_ data: Data, _ frame: Int = 0, text: Bool = false) throws -> DisplayList {
    let lists = try #require(try recorder(data, text: text).displayLists(frames: [frame]))
    return try #require(lists.first?.1)
  }

  // MARK: - Flow

  @Test("a row places fixed children one after another from the left, at their own sizes")
  func row() throws {
    // Main axis x: A at 0, B at 0 + 30, C at 30 + 40; cross axis y: all at 0 (flex-start).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.flow(.row)),
      [
        "Artboard": (0, 0, 200, 100), "A": (0, 0, 30, 20), "B": (30, 0, 40, 30),
        "C": (70, 0, 50, 10),
      ])
  }

  @Test("a column stacks fixed children from the top")
  func column() throws {
    // Main axis y: A at 0, B at 20, C at 20 + 30; x all 0.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.flow(.column)),
      ["A": (0, 0, 30, 20), "B": (0, 20, 40, 30), "C": (0, 50, 50, 10)])
  }

  @Test("gaps in points separate the children of a row and the lines of a wrapping row")
  func gapsInPoints() throws {
    // column-gap 10 between neighbours: A 0, B 30 + 10, C 80 + 10.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gapPoints()),
      ["A": (0, 0, 30, 20), "B": (40, 0, 40, 30), "C": (90, 0, 50, 10)])
    // 100 wide: A (0…40), B (50…90); C would end at 140 > 100, so it wraps to a second line
    // that starts at the first line's height (20) plus the row gap (5).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.wrapGaps()),
      ["A": (0, 0, 40, 20), "B": (50, 0, 40, 20), "C": (0, 25, 40, 20)])
  }

  @Test("a percentage gap resolves against the container's width, on either axis")
  func gapsInPercent() throws {
    // Row: column-gap 10 % of the 200-wide container = 20: A 0, B 50, C 110.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gapPercent(.row)),
      ["A": (0, 0, 30, 20), "B": (50, 0, 40, 30), "C": (110, 0, 50, 10)])
    // Column: Yoga resolves a gap of either axis against the container's inner *width*
    // (`getGapForAxis(axis, availableInnerWidth)`), not its height as CSS's row-gap would:
    // 10 % of 200 = 20 (CSS would give 10): A 0, B 20 + 20, C 70 + 20.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gapPercent(.column)),
      ["A": (0, 0, 30, 20), "B": (0, 40, 40, 30), "C": (0, 90, 50, 10)])
  }

  @Test("padding, borders and margins move children in, percentages of the container's width")
  func boxModel() throws {
    // The artboard's content box starts at padding + border: x 10 + 2 = 12, y (5 % of the
    // width 200 = 10) + 3 = 13; it is 200 − 12 = 188 wide.
    // A: margins left 4, top 6 → (16, 19).
    // B: after A's right edge 46 and right margin 8, its own left margin is 5 % of the
    // containing width 188 = 9.4 → x 63.4; y 13.
    // C follows B at 103.4; inside C, D sits at C's padding (5) + border (1) = (6, 6).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.boxModel()),
      [
        "A": (16, 19, 30, 20), "B": (63.4, 13, 40, 30), "C": (103.4, 13, 50, 40),
        "D": (6, 6, 10, 10),
      ])
  }

  // MARK: - Alignment

  /// The boxes of `A` (40 × 20) and `B` (30 × 10) aligned in the 200 × 100 artboard. The
  /// 9-way alignment maps its horizontal part onto justify-content in a row (align-items in a
  /// column) and its vertical part onto align-items in a row (justify-content in a column);
  /// the space-between modes set justify-content space-between with align-items start, center
  /// or end.
  static func aligned(_ alignment: LayoutFixture.Alignment, row: Bool) -> [String: Box] {
    let raw = Int(alignment.rawValue)
    let spaceBetween = raw >= 9
    let horizontal = spaceBetween ? raw - 9 : raw % 3
    let vertical = spaceBetween ? raw - 9 : raw / 3
    if row {
      // Main (x): 70 of 200 used, 130 free: offset 0, 65 or 130; space-between puts A at 0
      // and B at the end, 200 − 30. Cross (y): each child alone in the line's 100: start 0,
      // centre (100 − h) / 2, end 100 − h.
      let offset: Float = [0, 65, 130][horizontal]
      let ax: Float = spaceBetween ? 0 : offset
      let bx: Float = spaceBetween ? 170 : offset + 40
      let ay: Float = [0, 40, 80][vertical]
      let by: Float = [0, 45, 90][vertical]
      return ["A": (ax, ay, 40, 20), "B": (bx, by, 30, 10)]
    }
    // Main (y): 30 of 100 used, 70 free: offset 0, 35 or 70; space-between: A 0, B 90.
    // Cross (x): start 0, centre (200 − w) / 2, end 200 − w.
    let offset: Float = [0, 35, 70][vertical]
    let ay: Float = spaceBetween ? 0 : offset
    let by: Float = spaceBetween ? 90 : offset + 20
    let ax: Float = [0, 80, 160][horizontal]
    let bx: Float = [0, 85, 170][horizontal]
    return ["A": (ax, ay, 40, 20), "B": (bx, by, 30, 10)]
  }

  @Test(
    "the 9-way alignment and the space-between modes in a row and a column",
    arguments: LayoutFixture.Alignment.allCases, [true, false])
  func alignment(_ alignment: LayoutFixture.Alignment, row: Bool) throws {
    let data = LayoutFixture.alignment(alignment, row ? .row : .column)
    Self.expectBoxes(
      try Self.boxes(data), Self.aligned(alignment, row: row),
      "\(alignment) in a \(row ? "row" : "column"):")
  }

  // MARK: - Sizing

  @Test("fill shares the free space by fractional weight along the main axis and stretches across")
  func fill() throws {
    // Row: A keeps 20; B (weight 1) and C (weight 3) have flex-basis auto with no content, so
    // they share the free 180 as 1 : 3 → 45 and 135. B's height is fixed (30); C fills the
    // height, which in a row is align-self stretch: 100.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.fill(.row)),
      ["A": (0, 0, 20, 30), "B": (20, 0, 45, 30), "C": (65, 0, 135, 100)])
    // Column: A keeps 20 of the 100; B (weight 1) and C (weight 4) share 80 → 16 and 64. B
    // fills the width (stretch: 200); C keeps its 30.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.fill(.column)),
      ["A": (0, 0, 50, 20), "B": (0, 20, 200, 16), "C": (0, 36, 30, 64)])
  }

  @Test("percentage sizes resolve against the parent layout's width and height")
  func percentSizes() throws {
    // 25 % of 200 = 50 wide, 50 % of 100 = 50 high; B follows at 50.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.percentSize()), ["A": (0, 0, 50, 50), "B": (50, 0, 30, 20)])
  }

  @Test("hug sizes a layout to its content: a rectangle")
  func hugRectangle() throws {
    // A hugging leaf measures its content: the rectangle's 37 × 23. B follows at 37.
    let data = LayoutFixture.hugRectangle()
    Self.expectBoxes(try Self.boxes(data), ["A": (0, 0, 37, 23), "B": (37, 0, 10, 10)])
    // The rectangle takes its layout's size back (the same) and draws over A's box.
    let drawn = Self.fills(try Self.frame(data), LayoutFixture.color("A"))
    Self.expectBox(drawn.first, (0, 0, 37, 23), "the rectangle")
  }

  /// The width HarfBuzz gives `text` in DejaVu Sans at `size` (its advances summed) and the
  /// line's height (the font's ascender less its descender, scaled), both read independently
  /// of the package's text engine.
  static func measured(_ text: String, size: Float) throws -> (width: Float, height: Float) {
    let bytes = try TextTestFonts.sans()
    let width = TextTestFonts.shape(text, bytes: bytes, size: size).reduce(0) { $0 + $1.advance }
    let blob = bytes.withUnsafeBufferPointer { buffer in
      hb_blob_create(
        UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)
    hb_ot_font_set_funcs(font)
    let unitsPerEm = Int32(hb_face_get_upem(face))
    hb_font_set_scale(font, unitsPerEm, unitsPerEm)
    var extents = hb_font_extents_t()
    _ = hb_font_get_h_extents(font, &extents)
    hb_font_destroy(font)
    hb_face_destroy(face)
    hb_blob_destroy(blob)
    let height = Float(extents.ascender - extents.descender) * size / Float(unitsPerEm)
    return (width, height)
  }

  @Test("hug sizes a layout to its content: a text, measured as HarfBuzz shapes it")
  func hugText() throws {
    // The text (auto width, one line) measures its line: the glyphs' advances summed, and the
    // font's ascent plus descent. The hugging layout takes that size; B follows it.
    let (width, height) = try Self.measured("Hello", size: 20)
    let data = LayoutFixture.hugText(font: try TextTestFonts.sans())
    Self.expectBoxes(
      try Self.boxes(data, text: true),
      ["A": (0, 0, width, height), "B": (width, 0, 10, 10)])
  }

  @Test("min and max clamp fill, stretch and fixed sizes")
  func minMax() throws {
    // C: width 20 raised to its minimum, 30 % of 200 = 60; height 10 raised to 30.
    // A and B (weight 1 each) share 200 − 60 = 140: 70 each, but A's maximum is 50, so A is
    // frozen at 50 and B takes the remaining 90. B stretches across (100) down to its
    // maximum height 40.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.minMax()),
      ["A": (0, 0, 50, 20), "B": (50, 0, 90, 40), "C": (140, 0, 60, 30)])
  }

  @Test("absolute children leave the flow and sit at their insets")
  func absolute() throws {
    // A and D flow: A at 0, D at 30 (B, C and E take no room). B at (left 30, top 10); C at
    // right 10, bottom 5 → x 200 − 10 − 20 = 170, y 100 − 5 − 10 = 85; E at 50 % of the
    // container's width (100) and 50 % of its height (50).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.absolute()),
      [
        "A": (0, 0, 30, 20), "B": (30, 10, 40, 20), "C": (170, 85, 20, 10),
        "D": (30, 0, 30, 20), "E": (100, 50, 10, 10),
      ])
  }

  @Test("display none takes a layout out of the flow and out of the drawing")
  func displayNone() throws {
    // B takes no room (Yoga zeroes a display-none node's layout): C follows A at 30.
    let data = LayoutFixture.displayNone()
    Self.expectBoxes(
      try Self.boxes(data), ["A": (0, 0, 30, 20), "B": (0, 0, 0, 0), "C": (30, 0, 50, 20)])
    // Neither B's background nor the square inside it draws; A and C do.
    let list = try Self.frame(data)
    #expect(Self.fills(list, LayoutFixture.color("B")).isEmpty)
    #expect(Self.fills(list, LayoutFixture.color("E")).isEmpty)
    Self.expectBox(Self.fills(list, LayoutFixture.color("A")).first, (0, 0, 30, 20), "A")
    Self.expectBox(Self.fills(list, LayoutFixture.color("C")).first, (30, 0, 80, 20), "C")
  }

  @Test("right to left mirrors positions, start padding and corner radii")
  func rightToLeft() throws {
    // The start edge is the right: the "left" padding 10 sits at the right, A starts at
    // 200 − 10 − 30 = 160, B before it at 120, C at 100.
    let data = LayoutFixture.rtl()
    Self.expectBoxes(
      try Self.boxes(data), ["A": (160, 0, 30, 20), "B": (120, 0, 40, 30), "C": (100, 0, 20, 20)])
    // A inherits right to left, so its top-left radius (8) rounds its top-right corner: its
    // background has a corner point at its top-left (0, 0) and none at (30, 0). C is left to
    // right itself: rounded at its top-left, sharp at its top-right (20, 0).
    let list = try Self.frame(data)
    func hasCorner(_ painted: Painted?, _ x: Float, _ y: Float) -> Bool {
      guard let painted else { return false }
      return Self.vertices(painted.path).contains { abs($0.x - x) < 1e-4 && abs($0.y - y) < 1e-4 }
    }
    let a = Self.fills(list, LayoutFixture.color("A")).first
    let c = Self.fills(list, LayoutFixture.color("C")).first
    Self.expectBox(a, (160, 0, 190, 20), "A")
    Self.expectBox(c, (100, 0, 120, 20), "C")
    #expect(hasCorner(a, 0, 0) && !hasCorner(a, 30, 0))
    #expect(!hasCorner(c, 0, 0) && hasCorner(c, 20, 0))
    // The rounded corners are curves.
    #expect(a?.path.commands.contains { if case .cubic = $0 { true } else { false } } == true)
  }

  @Test(
    "a background with rounded corners, its clip around the children, its stroke and foreground")
  func backgroundAndClip() throws {
    // A sits at its margins (10, 10), 80 × 40. It draws, in order: the clip (its rounded
    // background, in world space), its fill and stroke, its children (the green rectangle,
    // 120 × 20 at (20, 10) inside it, so (30, 20)–(150, 40), clipped), its foreground
    // drawable's stroke, and the clip's end.
    let data = LayoutFixture.backgroundClip()
    Self.expectBoxes(try Self.boxes(data), ["A": (10, 10, 80, 40)])
    let list = try Self.frame(data)
    let clips = Self.clips(list)
    #expect(clips.count == 1)
    if let clip = clips.first {
      #expect(
        abs(clip.0 - 10) < 1e-3 && abs(clip.1 - 10) < 1e-3 && abs(clip.2 - 90) < 1e-3
          && abs(clip.3 - 50) < 1e-3, "clip \(clip)")
    }
    let drawn = Self.painted(list)
    #expect(
      drawn.map { $0.paint.color } == [
        LayoutFixture.color("A"), 0xFF00_0000, 0xFF00_FF00, 0xFFFF_00FF,
      ])
    guard drawn.count == 4 else { return }
    Self.expectBox(drawn[0], (10, 10, 90, 50), "A's background")
    #expect(drawn[1].paint.style == .stroke && drawn[1].paint.thickness == 2)
    Self.expectBox(drawn[2], (30, 20, 150, 40), "the green rectangle")
    #expect(drawn[2].clips == 1)
    #expect(drawn[3].paint.style == .stroke && drawn[3].paint.thickness == 4)
    Self.expectBox(drawn[3], (10, 10, 90, 50), "the foreground stroke")
    // The background is rounded: no corner point at A's box corners.
    #expect(!Self.vertices(drawn[0].path).contains { $0.x == 0 && $0.y == 0 })
    #expect(list.operations.first == .save)
  }

  // MARK: - Grid and stack

  @Test("a 2 × 2 grid of point tracks with gaps places items by auto placement")
  func gridPoints() throws {
    // Columns start at 0 and 60 + 10; rows at 0 and 30 + 5. Items fill cells in row order and
    // keep their fixed sizes at the cells' start (align-items flex-start).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridPoints()),
      [
        "A": (0, 0, 20, 10), "B": (70, 0, 20, 10), "C": (0, 35, 20, 10), "D": (70, 35, 20, 10),
      ])
  }

  @Test("fr tracks share the grid's width by their factors; filling items take their cells")
  func gridFr() throws {
    // 1fr + 3fr over 200 → 50 and 150; one 1fr row → 100.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridFr()), ["A": (0, 0, 50, 100), "B": (50, 0, 150, 100)])
  }

  @Test("spans cover several tracks; auto placement takes the first free cell")
  func gridSpans() throws {
    // Columns 0, 50, 100; rows 0, 30. A: columns 1–2 of row 1; B: rows 1–2 of column 3; the
    // first free cell in row order is row 2, column 1: C.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridPlacement(spans: true)),
      ["A": (0, 0, 100, 30), "B": (100, 0, 50, 60), "C": (0, 30, 50, 30)])
  }

  @Test("negative cells count back from the last cell")
  func gridNegativeCells() throws {
    // Column −1 is the last of three (x 100), row −1 the last of two (y 30); column −2 is the
    // middle one (x 50); row −2 of two is the first (y 0).
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridPlacement(spans: false)),
      ["A": (100, 30, 50, 30), "B": (50, 0, 50, 30), "C": (0, 0, 20, 10)])
  }

  @Test("justify-self and justify-items align grid items on the inline axis; hug never stretches")
  func gridInlineAlignment() throws {
    // Cells: columns at 0 and 100 (100 wide), rows at 0 and 50. With the default
    // justify-items (stretch): A has a definite width, so stretch leaves it at the cell's start;
    // B justifies itself to the end, 100 + 100 − 20 = 180; C hugs, and a hugging item's
    // stretch becomes flex-start, so it keeps its content's 30 at 0; D fills the width, which
    // stretches it over its cell.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridJustify(items: nil)),
      [
        "A": (0, 0, 20, 10), "B": (180, 0, 20, 10), "C": (0, 50, 30, 10),
        "D": (100, 50, 100, 10),
      ], "stretch:")
    // justify-items center: A (100 − 20) / 2 = 40; C (100 − 30) / 2 = 35; B and D as before.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.gridJustify(items: .center)),
      [
        "A": (40, 0, 20, 10), "B": (180, 0, 20, 10), "C": (35, 50, 30, 10),
        "D": (100, 50, 100, 10),
      ], "center:")
  }

  @Test("a stack lays every child over the others in one cell, aligned by the 9-way alignment")
  func stack() throws {
    // One 200 × 100 cell. Centre: A (200 − 40) / 2, (100 − 20) / 2; B likewise. C fills
    // (stretch on both axes). D justifies itself to the start (x 0) and is centred down.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.stack(.center)),
      [
        "A": (80, 40, 40, 20), "B": (70, 45, 60, 10), "C": (0, 0, 200, 100),
        "D": (0, 40, 20, 20),
      ])
    // Bottom right: x 200 − w, y 100 − h; D still at x 0.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.stack(.bottomRight)),
      [
        "A": (160, 80, 40, 20), "B": (140, 90, 60, 10), "C": (0, 0, 200, 100),
        "D": (0, 80, 20, 20),
      ])
  }

  // MARK: - Hosted artboards and participants

  @Test("nested artboard layouts sized fixed, hug and fill")
  func nestedArtboards() throws {
    // Fixed: 80 × 30 at 0. Hug: the child artboard's root hugs its only layout K (30 × 20),
    // at 80. Fill: its basis is its content (30), and it grows by the rest,
    // 200 − 80 − 30 − 30 = 60 → 90 wide from 110, and stretches to the row's height 100.
    // Each draws its artboard background (green) at its box, and K at its top-left (sorted
    // left to right here: the first sibling draws last, on top).
    let list = try Self.frame(LayoutFixture.nested())
    let backgrounds = Self.fills(list, 0xFF00_8000).sorted { $0.minX < $1.minX }
    #expect(backgrounds.count == 3)
    guard backgrounds.count == 3 else { return }
    Self.expectBox(backgrounds[0], (0, 0, 80, 30), "the fixed instance")
    Self.expectBox(backgrounds[1], (80, 0, 110, 20), "the hugging instance")
    Self.expectBox(backgrounds[2], (110, 0, 200, 100), "the filling instance")
    let inner = Self.fills(list, LayoutFixture.color("K")).sorted { $0.minX < $1.minX }
    #expect(inner.count == 3)
    guard inner.count == 3 else { return }
    Self.expectBox(inner[0], (0, 0, 30, 20), "K in the fixed instance")
    Self.expectBox(inner[1], (80, 0, 110, 20), "K in the hugging instance")
    Self.expectBox(inner[2], (110, 0, 140, 20), "K in the filling instance")
  }

  @Test("shape participants: a fixed slot scales the shape into it; hug measures its bounds")
  func shapeParticipants() throws {
    // A 30 wide, then S's fixed 60 × 30 slot at 30, then T hugging its rectangle's bounds
    // (16 × 12) at 90. S's 20 × 10 rectangle is scaled by 3 to fill its slot.
    let data = LayoutFixture.participantShape()
    Self.expectBoxes(
      try Self.boxes(data), ["A": (0, 0, 30, 20), "S": (30, 0, 60, 30), "T": (90, 0, 16, 12)])
    let list = try Self.frame(data)
    Self.expectBox(Self.fills(list, LayoutFixture.color("B")).first, (30, 0, 90, 30), "S")
    Self.expectBox(Self.fills(list, LayoutFixture.color("C")).first, (90, 0, 106, 12), "T")
  }

  /// Where each image drawn lands: the box of its `width` × `height` pixels under the
  /// transform in force.
  static func drawnImages(_ list: DisplayList, width: Float, height: Float) -> [(
    Float, Float, Float, Float
  )] {
    var matrix = Transform2D.identity
    var stack: [Transform2D] = []
    var out: [(Float, Float, Float, Float)] = []
    for operation in list.operations {
      switch operation {
      case .save: stack.append(matrix)
      case .restore: matrix = stack.popLast() ?? matrix
      case .transform(let m): matrix = matrix * m
      case .drawImage:
        let a = matrix.apply(x: 0, y: 0)
        let b = matrix.apply(x: width, y: height)
        out.append((min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)))
      default: break
      }
    }
    return out
  }

  @Test(
    "images in layouts: a participant's slot fits and aligns its image; content takes the scale")
  func images() throws {
    // The image is 20 × 20, drawn about its centre (origin 0.5). P's fixed 60 × 30 slot
    // contains it: scale min(60/20, 30/20) = 1.5 → 30 × 30, centred: (15, 0)–(45, 30).
    // B (40 × 40 at 60) holds its image as content fitted by fill: the image takes the scale
    // (2 × 2) about its own origin at B's corner, not an offset: (40, −20)–(80, 20).
    // C hugs its image (20 × 20 at 100); contain at scale 1, aligned to the end: (100, 0)–
    // (120, 20).
    let data = LayoutFixture.images()
    Self.expectBoxes(
      try Self.boxes(data),
      ["P": (0, 0, 60, 30), "B": (60, 0, 40, 40), "C": (100, 0, 20, 20)])
    let drawn = Self.drawnImages(try Self.frame(data), width: 20, height: 20)
      .sorted { $0.0 < $1.0 }
    #expect(drawn.count == 3)
    guard drawn.count == 3 else { return }
    for (got, expected) in zip(
      drawn,
      [(15, 0, 45, 30), (40, -20, 80, 20), (100, 0, 120, 20)] as [(Float, Float, Float, Float)])
    {
      #expect(
        abs(got.0 - expected.0) < 1e-3 && abs(got.1 - expected.1) < 1e-3
          && abs(got.2 - expected.2) < 1e-3 && abs(got.3 - expected.3) < 1e-3,
        "image drawn over \(got), expected \(expected)")
    }
  }

  @Test("a hugging shape participant measures its curves' extremes, not their control points")
  func curvedShapeParticipant() throws {
    // The cubic from (0, 0) to (10, 0) with controls (0, −10) and (10, −10) has
    // y(t) = −30 t (1 − t), lowest at t = ½: −7.5. So S hugs 10 × 7.5 (its control points would
    // say 10 × 10), B follows at 10, and S is moved down by 7.5 to put its top at the box's.
    let data = LayoutFixture.participantCurve()
    Self.expectBoxes(try Self.boxes(data), ["S": (0, 0, 10, 7.5), "B": (10, 0, 10, 10)])
    let shape = Self.fills(try Self.frame(data), LayoutFixture.color("A")).first
    #expect(shape.map { abs($0.transform.ty - 7.5) < 1e-4 && abs($0.transform.tx) < 1e-4 } == true)
  }

  @Test("a text participant hugs its measured line")
  func textParticipant() throws {
    let (width, height) = try Self.measured("Hello", size: 20)
    let data = LayoutFixture.participantText(font: try TextTestFonts.sans())
    Self.expectBoxes(
      try Self.boxes(data, text: true),
      ["Text": (0, 0, width, height), "B": (width, 0, 10, 10)])
  }

  @Test("a transform constraint's origin is a point of a laid-out target's solved box")
  func constraintOnLayout() throws {
    // B is solved at (30, 0), 60 × 40: P's origin (1, 0.5) of B's bounds (0, 0, 60, 40) from
    // its corner puts P at (30 + 60, 0 + 20) = (90, 20); Q's (0.5, 1) of the artboard's
    // (0, 0, 200, 100) at (100, 100). Each 4 × 4 rectangle is about its centre, so it covers
    // ±2 around that point. With empty bounds (as before) P sat at B's corner (30, 0) and Q
    // at the artboard's (0, 0).
    let data = LayoutFixture.constraintOnLayout()
    Self.expectBoxes(try Self.boxes(data), ["B": (30, 0, 60, 40)])
    let drawn = Self.fills(try Self.frame(data), 0xFF10_1010).sorted { $0.minX < $1.minX }
    #expect(drawn.count == 2)
    guard drawn.count == 2 else { return }
    Self.expectBox(drawn[0], (88, 18, 92, 22), "P, on B's right edge")
    Self.expectBox(drawn[1], (98, 98, 102, 102), "Q, at the artboard's bottom centre")
  }

  // MARK: - Change over time

  @Test("layout animation moves a box linearly from its old size to its new one")
  func layoutAnimation() throws {
    // The keyed width changes 40 → 100 on frame 1. That frame's solve starts the animation
    // (from the current box, elapsed 0); each later frame first interpolates at the elapsed
    // time, then adds the frame's 1/60 s. So on frame n the box is (n − 2)/60 s along:
    // frame 6 at 4/60 of 0.2 s = 1/3 → 40 + 60/3 = 60; frame 12 at 10/60 → 5/6 → 90. B, which
    // does not animate, moves to 100 at once.
    let data = LayoutFixture.animation(seconds: 0.2)
    Self.expectBoxes(
      try Self.boxes(data, frame: 0), ["A": (0, 0, 40, 20), "B": (40, 0, 30, 20)], "frame 0:")
    Self.expectBoxes(
      try Self.boxes(data, frame: 6), ["A": (0, 0, 60, 20), "B": (100, 0, 30, 20)], "frame 6:")
    Self.expectBoxes(
      try Self.boxes(data, frame: 12), ["A": (0, 0, 90, 20), "B": (100, 0, 30, 20)], "frame 12:")
    Self.expectBoxes(try Self.boxes(data, frame: 30), ["A": (0, 0, 100, 20)], "frame 30:")
    // Over 1 s, frame 30 is 28/60 of the way: 40 + 60 × 28/60 = 68.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.animation(seconds: 1), frame: 30), ["A": (0, 0, 68, 20)],
      "1 s, frame 30:")
    // A layout whose style says inherit animates with the layout above it (here the
    // artboard's linear 1 s): frame 30 as above, 68.
    Self.expectBoxes(
      try Self.boxes(LayoutFixture.inheritedAnimation(), frame: 30),
      ["A": (0, 0, 68, 20), "B": (100, 0, 30, 20)], "inherited, frame 30:")
    // The background follows the animated box.
    let list = try Self.frame(data, 6)
    Self.expectBox(Self.fills(list, LayoutFixture.color("A")).first, (0, 0, 60, 20), "A")
  }

  @Test("a bound number sets a layout's width, and a new value lays it out again")
  func boundWidth() throws {
    // The instance's w (120) replaces A's stored 40; B follows at 120.
    let data = LayoutFixture.boundWidth()
    Self.expectBoxes(try Self.boxes(data), ["A": (0, 0, 120, 20), "B": (120, 0, 30, 20)])
    let file = try RuntimeFile(data: data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.solveLayout(true)
    player.advance(to: 1)
    #expect(
      player.withArtboard { $0.withViewModels { $0.setValue(.number(70), at: "w") } } == true)
    player.advance(to: 2)
    let frames = Dictionary(player.artboard.layoutFrames.map { ($0.name, $0) }) { a, _ in a }
    Self.expectBoxes(frames, ["A": (0, 0, 70, 20), "B": (70, 0, 30, 20)])
  }

  @Test("steady frames solve nothing; a change solves once")
  func steadyFrames() throws {
    let file = try RuntimeFile(data: LayoutFixture.boundWidth())
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.solveLayout(true)
    player.advance(to: 1)
    let settled = player.artboard.layout.solveCount
    #expect(settled >= 1)
    player.advance(to: 20)
    #expect(player.artboard.layout.solveCount == settled)
    _ = player.withArtboard { $0.withViewModels { $0.setValue(.number(70), at: "w") } }
    player.advance(to: 21)
    #expect(player.artboard.layout.solveCount == settled + 1)
    player.advance(to: 40)
    #expect(player.artboard.layout.solveCount == settled + 1)
  }
}
