import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// The named layout files: each isolates one layout feature, in a 200 × 100 artboard laid out
/// as a top-left row unless it says otherwise, its layouts named `A`, `B`, … and each painted
/// its own solid colour (``LayoutFixture/colors``). `LayoutFixtureTests` states the boxes each
/// must solve to, worked out by hand from the CSS/Yoga rules.
extension LayoutFixture {
  /// The fill colour of the layout named `A`, `B`, `C`, … in order.
  public static let colors: [UInt32] = [
    0xFFE0_3030, 0xFF30_A030, 0xFF30_30E0, 0xFFE0_C020, 0xFFC0_30C0, 0xFF20_C0C0,
  ]

  /// The colour of layout `name` (`A` is the first), black for other names.
  public static func color(_ name: String) -> UInt32 {
    guard let scalar = name.unicodeScalars.first, name.unicodeScalars.count == 1,
      scalar.value >= 65, Int(scalar.value - 65) < colors.count
    else { return 0xFF00_0000 }
    return colors[Int(scalar.value - 65)]
  }

  /// A filled layout (its colour from its name); returns its id.
  @discardableResult
  static func box(
    _ fixture: inout RuntimeFixture, _ name: String, parent: Int = 0, _ width: Float,
    _ height: Float, style: Style = Style(), clip: Bool = false, fractionalWidth: Float? = nil,
    fractionalHeight: Float? = nil, binds: [(key: UInt16, path: [UInt32])] = []
  ) -> Int {
    let id = fixture.layout(
      name, parent: parent, width: width, height: height, style: style, clip: clip,
      fractionalWidth: fractionalWidth, fractionalHeight: fractionalHeight, binds: binds)
    fixture.fill(id, color: color(name))
    return id
  }

  static func root(_ style: Style, width: Float = 200, height: Float = 100) -> RuntimeFixture {
    RuntimeFixture(layoutWidth: width, height: height, style: style)
  }

  // MARK: - Flow

  /// `A` 30 × 20, `B` 40 × 30 and `C` 50 × 10 in a row or a column.
  public static func flow(_ direction: FlexDirection) -> Data {
    var fixture = root(Style(direction: direction))
    box(&fixture, "A", 30, 20)
    box(&fixture, "B", 40, 30)
    box(&fixture, "C", 50, 10)
    return fixture.data
  }

  /// ``flow(_:)``'s row with a horizontal gap of 10 points.
  public static func gapPoints() -> Data {
    var style = Style.row
    style.gapHorizontal = .points(10)
    var fixture = root(style)
    box(&fixture, "A", 30, 20)
    box(&fixture, "B", 40, 30)
    box(&fixture, "C", 50, 10)
    return fixture.data
  }

  /// ``flow(_:)`` with a 10 % gap along its main axis (horizontal in a row, vertical in a
  /// column).
  public static func gapPercent(_ direction: FlexDirection) -> Data {
    var style = Style(direction: direction)
    if direction == .row {
      style.gapHorizontal = .percent(10)
    } else {
      style.gapVertical = .percent(10)
    }
    var fixture = root(style)
    box(&fixture, "A", 30, 20)
    box(&fixture, "B", 40, 30)
    box(&fixture, "C", 50, 10)
    return fixture.data
  }

  /// A wrapping row in a 100 × 100 artboard with gaps of 10 (horizontal) and 5 (vertical):
  /// `A`, `B`, `C` 40 × 20 each.
  public static func wrapGaps() -> Data {
    var style = Style.row
    style.wrap = .wrap
    style.gapHorizontal = .points(10)
    style.gapVertical = .points(5)
    var fixture = root(style, width: 100, height: 100)
    for name in ["A", "B", "C"] { box(&fixture, name, 40, 20) }
    return fixture.data
  }

  /// Padding, borders and margins: the artboard has padding left 10, top 5 % and borders left
  /// 2, top 3; `A` 30 × 20 has margins left 4, top 6, right 8; `B` 40 × 30 a left margin of
  /// 5 %; `C` 50 × 40 has padding 5 and border 1 all round around `D` 10 × 10.
  public static func boxModel() -> Data {
    var style = Style.row
    style.padding = Edges(left: .points(10), top: .percent(5))
    style.border = Edges(left: .points(2), top: .points(3))
    var fixture = root(style)
    var a = Style()
    a.margin = Edges(left: .points(4), top: .points(6), right: .points(8))
    box(&fixture, "A", 30, 20, style: a)
    var b = Style()
    b.margin = Edges(left: .percent(5))
    box(&fixture, "B", 40, 30, style: b)
    var c = Style.row
    c.padding = .all(.points(5))
    c.border = .all(.points(1))
    let container = box(&fixture, "C", 50, 40, style: c)
    box(&fixture, "D", parent: container, 10, 10)
    return fixture.data
  }

  // MARK: - Alignment

  /// `A` 40 × 20 and `B` 30 × 10 in a row or a column aligned by `alignment`.
  public static func alignment(_ alignment: Alignment, _ direction: FlexDirection) -> Data {
    var fixture = root(Style(direction: direction, alignment: alignment))
    box(&fixture, "A", 40, 20)
    box(&fixture, "B", 30, 10)
    return fixture.data
  }

  // MARK: - Sizing

  /// Fill with fractional weights. In a row: `A` fixed 20 × 30, `B` fill (weight 1) × 30, `C`
  /// fill (weight 3) × fill. In a column: `A` fixed 50 × 20, `B` fill × fill (weight 1), `C`
  /// 30 × fill (weight 4).
  public static func fill(_ direction: FlexDirection) -> Data {
    var fixture = root(Style(direction: direction))
    if direction == .row {
      box(&fixture, "A", 20, 30)
      box(&fixture, "B", 0, 30, style: Style(width: .fill), fractionalWidth: 1)
      box(&fixture, "C", 0, 0, style: Style(width: .fill, height: .fill), fractionalWidth: 3)
    } else {
      box(&fixture, "A", 50, 20)
      box(&fixture, "B", 0, 0, style: Style(width: .fill, height: .fill), fractionalHeight: 1)
      box(&fixture, "C", 30, 0, style: Style(height: .fill), fractionalHeight: 4)
    }
    return fixture.data
  }

  /// `A` hugs a 37 × 23 rectangle (its content); `B` 10 × 10 follows it.
  public static func hugRectangle() -> Data {
    var fixture = root(.row)
    let hug = fixture.layout("A", width: 5, height: 5, style: Style(width: .hug, height: .hug))
    fixture.rectangle(parent: hug, width: 37, height: 23, color: color("A"))
    box(&fixture, "B", 10, 10)
    return fixture.data
  }

  /// `A` hugs a text, "Hello" at 20 in font asset 0 (auto width); `B` 10 × 10 follows it.
  public static func hugText(font: [UInt8]) -> Data {
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row) { writer in
      writeFont(font, into: &writer)
    }
    let hug = fixture.layout("A", width: 5, height: 5, style: Style(width: .hug, height: .hug))
    fixture.text("Hello", parent: hug, fontSize: 20, name: "Text")
    box(&fixture, "B", 10, 10)
    return fixture.data
  }

  /// Limits: `A` fill (weight 1) × 20 with a maximum width of 50; `B` fill × fill with a
  /// maximum height of 40; `C` 20 × 10 with minimums of 30 % (width) and 30 (height).
  public static func minMax() -> Data {
    var fixture = root(.row)
    var a = Style(width: .fill)
    a.maxWidth = .points(50)
    box(&fixture, "A", 0, 20, style: a, fractionalWidth: 1)
    var b = Style(width: .fill, height: .fill)
    b.maxHeight = .points(40)
    box(&fixture, "B", 0, 0, style: b, fractionalWidth: 1)
    var c = Style()
    c.minWidth = .percent(30)
    c.minHeight = .points(30)
    box(&fixture, "C", 20, 10, style: c)
    return fixture.data
  }

  /// Absolute positions: `A` 30 × 20 in the flow; `B` 40 × 20 absolute at left 30, top 10;
  /// `C` 20 × 10 absolute at right 10, bottom 5; `D` 30 × 20 in the flow; `E` 10 × 10
  /// absolute at left 50 %, top 50 %.
  public static func absolute() -> Data {
    var fixture = root(.row)
    box(&fixture, "A", 30, 20)
    var b = Style()
    b.positionType = .absolute
    b.position = Edges(left: .points(30), top: .points(10))
    box(&fixture, "B", 40, 20, style: b)
    var c = Style()
    c.positionType = .absolute
    c.position = Edges(right: .points(10), bottom: .points(5))
    box(&fixture, "C", 20, 10, style: c)
    box(&fixture, "D", 30, 20)
    var e = Style()
    e.positionType = .absolute
    e.position = Edges(left: .percent(50), top: .percent(50))
    box(&fixture, "E", 10, 10, style: e)
    return fixture.data
  }

  /// `A` 30 × 20, `B` 40 × 20 hidden (display none) holding a 10 × 10 square in a group, `C`
  /// 50 × 20.
  public static func displayNone() -> Data {
    var fixture = root(.row)
    box(&fixture, "A", 30, 20)
    var hidden = Style()
    hidden.display = Display.none
    let b = box(&fixture, "B", 40, 20, style: hidden)
    let group = fixture.group(parent: b)
    fixture.rectangle(parent: group, width: 10, height: 10, color: color("E"))
    box(&fixture, "C", 50, 20)
    return fixture.data
  }

  /// Right to left: the artboard's row is RTL with a start padding of 10 (written as its left
  /// padding); `A` 30 × 20 has a top-left corner radius of 8 (the others 0); `B` 40 × 30; `C`
  /// 20 × 20 is LTR itself with the same radii as `A`.
  public static func rtl() -> Data {
    var style = Style.row
    style.direction = .rtl
    style.padding = Edges(left: .points(10))
    var fixture = root(style)
    var a = Style()
    a.cornerRadii = CornerRadii(topLeft: 8, topRight: 0, bottomRight: 0, bottomLeft: 0)
    box(&fixture, "A", 30, 20, style: a)
    box(&fixture, "B", 40, 30)
    var c = a
    c.direction = .ltr
    box(&fixture, "C", 20, 20, style: c)
    return fixture.data
  }

  /// Backgrounds and clipping: `A` 80 × 40 at margins (10, 10) has a fill, a corner radius of
  /// 8, clips, has a black stroke of 2 and a foreground drawable with a magenta stroke of 4;
  /// inside it a group holds a 120 × 20 green rectangle at (20, 10), wider than `A`.
  public static func backgroundClip() -> Data {
    var fixture = root(.row)
    var a = Style()
    a.margin = Edges(left: .points(10), top: .points(10))
    a.cornerRadii = CornerRadii(8)
    let layout = box(&fixture, "A", 80, 40, style: a, clip: true)
    fixture.stroke(layout, thickness: 2, color: 0xFF00_0000)
    let group = fixture.group(parent: layout)
    fixture.rectangle(parent: group, width: 120, height: 20, color: 0xFF00_FF00, x: 20, y: 10)
    fixture.foreground(layout: layout, strokeColor: 0xFFFF_00FF, thickness: 4)
    return fixture.data
  }

  // MARK: - Grid and stack

  /// A 2 × 2 grid of point tracks (columns 60, 80; rows 30, 40) with gaps of 10 and 5, and
  /// `A`…`D` 20 × 10 placed automatically.
  public static func gridPoints() -> Data {
    var style = Style(layoutType: .grid)
    style.gapHorizontal = .points(10)
    style.gapVertical = .points(5)
    var fixture = root(style)
    fixture.gridTrack(layout: 0, .columns, .points(60))
    fixture.gridTrack(layout: 0, .columns, .points(80))
    fixture.gridTrack(layout: 0, .rows, .points(30))
    fixture.gridTrack(layout: 0, .rows, .points(40))
    for name in ["A", "B", "C", "D"] { box(&fixture, name, 20, 10) }
    return fixture.data
  }

  /// Columns 1fr and 3fr, one 1fr row; `A` and `B` fill both axes.
  public static func gridFr() -> Data {
    var fixture = root(Style(layoutType: .grid))
    fixture.gridTrack(layout: 0, .columns, .fr(1))
    fixture.gridTrack(layout: 0, .columns, .fr(3))
    fixture.gridTrack(layout: 0, .rows, .fr(1))
    box(&fixture, "A", 0, 0, style: Style(width: .fill, height: .fill))
    box(&fixture, "B", 0, 0, style: Style(width: .fill, height: .fill))
    return fixture.data
  }

  /// Three 50-point columns and two 30-point rows, items filling their areas; with `spans`,
  /// `A` spans columns 1–2 of row 1, `B` rows 1–2 of column 3 and `C` is placed
  /// automatically; without, placements count back from the last cell: `A` at column −1, row
  /// −1, `B` at column −2, row 1, and `C` (20 × 10, fixed) at column 1, row −2.
  public static func gridPlacement(spans: Bool) -> Data {
    var fixture = root(Style(layoutType: .grid))
    for _ in 0..<3 { fixture.gridTrack(layout: 0, .columns, .points(50)) }
    for _ in 0..<2 { fixture.gridTrack(layout: 0, .rows, .points(30)) }
    let filling = Style(width: .fill, height: .fill)
    let a = box(&fixture, "A", 0, 0, style: filling)
    let b = box(&fixture, "B", 0, 0, style: filling)
    if spans {
      fixture.placement(item: a, column: 1, row: 1, columnSpan: 2)
      fixture.placement(item: b, column: 3, row: 1, rowSpan: 2)
      box(&fixture, "C", 0, 0, style: filling)
    } else {
      fixture.placement(item: a, column: -1, row: -1)
      fixture.placement(item: b, column: -2, row: 1)
      let c = box(&fixture, "C", 20, 10)
      fixture.placement(item: c, column: 1, row: -2)
    }
    return fixture.data
  }

  /// Inline alignment in a grid of two 100-point columns and two 50-point rows, the grid's
  /// justify-items `items` (nil: not written, stretch): `A` 20 × 10; `B` 20 × 10 justified to
  /// the end itself; `C` hugging a 30 × 10 rectangle; `D` filling the width, 10 high.
  public static func gridJustify(items: Justify?) -> Data {
    var style = Style(layoutType: .grid)
    style.justifyItems = items
    var fixture = root(style)
    for _ in 0..<2 { fixture.gridTrack(layout: 0, .columns, .points(100)) }
    for _ in 0..<2 { fixture.gridTrack(layout: 0, .rows, .points(50)) }
    box(&fixture, "A", 20, 10)
    var b = Style()
    b.justifySelf = .end
    box(&fixture, "B", 20, 10, style: b)
    let c = fixture.layout("C", width: 5, height: 5, style: Style(width: .hug, height: .hug))
    fixture.rectangle(parent: c, width: 30, height: 10, color: color("C"))
    box(&fixture, "D", 0, 10, style: Style(width: .fill))
    return fixture.data
  }

  /// Percentage sizes: `A` is 25 % × 50 % of the artboard; `B` 30 × 20 follows it.
  public static func percentSize() -> Data {
    var fixture = root(.row)
    var a = Style()
    a.widthUnit = .percent
    a.heightUnit = .percent
    box(&fixture, "A", 25, 50, style: a)
    box(&fixture, "B", 30, 20)
    return fixture.data
  }

  /// A stack aligned by `alignment`: `A` 40 × 20, `B` 60 × 10, `C` filling both axes, and `D`
  /// 20 × 20 justified to the start itself.
  public static func stack(_ alignment: Alignment) -> Data {
    var fixture = root(Style(alignment: alignment, layoutType: .stack))
    box(&fixture, "A", 40, 20)
    box(&fixture, "B", 60, 10)
    box(&fixture, "C", 0, 0, style: Style(width: .fill, height: .fill))
    var d = Style()
    d.justifySelf = .start
    box(&fixture, "D", 20, 20, style: d)
    return fixture.data
  }

  // MARK: - Hosted artboards and participants

  /// Three nested artboard layouts of artboard `Child` (50 × 40, a row with a green
  /// background holding layout `K` 30 × 20) in the row: fixed at 80 × 30, hugging, and
  /// filling.
  public static func nested() -> Data {
    var fixture = root(.row)
    fixture.nestedLayout(
      parent: 0, artboard: 1, width: .fixed(.points(80)), height: .fixed(.points(30)),
      name: "Fixed")
    fixture.nestedLayout(parent: 0, artboard: 1, width: .hug, height: .hug, name: "Hug")
    fixture.nestedLayout(parent: 0, artboard: 1, width: .fill, height: .fill, name: "Fill")
    fixture.layoutArtboard(name: "Child", width: 50, height: 40, style: .row)
    fixture.fill(0, color: 0xFF00_8000)
    box(&fixture, "K", 30, 20)
    return fixture.data
  }

  /// Shape participants: `A` 30 × 20; shape `S`, a 20 × 10 rectangle about its centre, in a
  /// fixed 60 × 30 slot; shape `T`, a 16 × 12 rectangle, hugging.
  public static func participantShape() -> Data {
    var fixture = root(.row)
    box(&fixture, "A", 30, 20)
    let s = fixture.rectangle(
      parent: 0, width: 20, height: 10, color: color("B"), originX: 0.5, originY: 0.5, name: "S")
    fixture.participant(
      host: s.shape,
      style: ParticipantStyle(width: .fixed, height: .fixed, fixedWidth: 60, fixedHeight: 30))
    let t = fixture.rectangle(parent: 0, width: 16, height: 12, color: color("C"), name: "T")
    fixture.participant(host: t.shape, style: ParticipantStyle(width: .hug, height: .hug))
    return fixture.data
  }

  /// A curved shape participant: shape `S` is a closed path from (0, 0) to (10, 0) whose
  /// first segment is a cubic with control points (0, −10) and (10, −10) (it bulges up to
  /// y = −7.5), straight back; it hugs. `B` 10 × 10 follows.
  public static func participantCurve() -> Data {
    var fixture = root(.row)
    let shape = fixture.component(
      TypeKey.shape, parent: 0, [(PropertyKey.componentName, .string("S"))])
    fixture.fill(shape, color: color("A"))
    let path = fixture.component(
      TypeKey.pointsPath, parent: shape, [(PropertyKey.pointsCommonPathIsClosed, .bool(true))])
    let up = -Float.pi / 2
    for (x, inDistance, outDistance) in [(Float(0), Float(0), Float(10)), (10, 10, 0)] {
      fixture.component(
        TypeKey.cubicDetachedVertex, parent: path,
        [
          (PropertyKey.vertexX, .float(x)), (PropertyKey.vertexY, .float(0)),
          (PropertyKey.cubicDetachedVertexInRotation, .float(up)),
          (PropertyKey.cubicDetachedVertexInDistance, .float(inDistance)),
          (PropertyKey.cubicDetachedVertexOutRotation, .float(up)),
          (PropertyKey.cubicDetachedVertexOutDistance, .float(outDistance)),
        ])
    }
    fixture.participant(host: shape, style: ParticipantStyle(width: .hug, height: .hug))
    box(&fixture, "B", 10, 10)
    return fixture.data
  }

  /// A text participant: "Hello" at 20 (auto width) hugging in the row, then `B` 10 × 10.
  public static func participantText(font: [UInt8]) -> Data {
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row) { writer in
      writeFont(font, into: &writer)
    }
    let text = fixture.text("Hello", parent: 0, fontSize: 20, name: "Text")
    fixture.participant(host: text, style: ParticipantStyle(width: .hug, height: .hug))
    box(&fixture, "B", 10, 10)
    return fixture.data
  }

  /// Images in layouts, of a 20 × 20 grey PNG: `P`, a participant image contained in a fixed
  /// 60 × 30 slot; `B`, a 40 × 40 layout whose image (content, not a participant) fills it
  /// stretched; `C` an image participant hugging its image's size, aligned to the end.
  public static func images() -> Data {
    let png = PNGFixtureEncoder.encode(
      width: 20, height: 20, colorType: .grey, bitDepth: 8,
      samples: [UInt16](repeating: 160, count: 400))
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row) { writer in
      writeImage(png, width: 20, height: 20, into: &writer)
    }
    let p = fixture.image(parent: 0, fit: .contain, name: "P")
    fixture.participant(
      host: p,
      style: ParticipantStyle(width: .fixed, height: .fixed, fixedWidth: 60, fixedHeight: 30))
    let b = box(&fixture, "B", 40, 40)
    fixture.image(parent: b, fit: .fill)
    let c = fixture.image(parent: 0, fit: .contain, alignmentX: 1, alignmentY: 1, name: "C")
    fixture.participant(host: c, style: ParticipantStyle(width: .hug, height: .hug))
    return fixture.data
  }

  // MARK: - Change over time

  /// Layout animation: `A` (40 × 20) animates its box linearly over `seconds`; its width is
  /// keyed (animation "Grow", 120 fps) at 40 on frame 0, holding, and 100 from frame 1
  /// (1/120 s) on, so it changes on the first frame after 0. `B` 30 × 20 follows it.
  public static func animation(seconds: Float) -> Data {
    var fixture = root(.row)
    var a = Style()
    a.animation = Animation(style: .custom, interpolation: .linear, seconds: seconds)
    let layout = box(&fixture, "A", 40, 20, style: a)
    box(&fixture, "B", 30, 20)
    fixture.animation(
      name: "Grow", duration: 240, fps: 120,
      keys: [
        (
          object: layout, property: PropertyKey.layoutComponentWidth,
          frames: [
            (frame: 0, value: 40, interpolation: 0, interpolator: nil),
            (frame: 1, value: 100, interpolation: 0, interpolator: nil),
          ]
        )
      ])
    return fixture.data
  }

  /// Layout animation inherited: the artboard's style animates linearly over 1 s, and `A`
  /// (40 × 20, its width keyed as in ``animation(seconds:)``) inherits that animation.
  public static func inheritedAnimation() -> Data {
    var style = Style.row
    style.animation = Animation(style: .custom, interpolation: .linear, seconds: 1)
    var fixture = root(style)
    var a = Style()
    a.animation = Animation(style: .inherit, interpolation: .hold, seconds: 0)
    let layout = box(&fixture, "A", 40, 20, style: a)
    box(&fixture, "B", 30, 20)
    fixture.animation(
      name: "Grow", duration: 240, fps: 120,
      keys: [
        (
          object: layout, property: PropertyKey.layoutComponentWidth,
          frames: [
            (frame: 0, value: 40, interpolation: 0, interpolator: nil),
            (frame: 1, value: 100, interpolation: 0, interpolator: nil),
          ]
        )
      ])
    return fixture.data
  }

  /// A bound width: view model `Model` has number `w` (120 in its instance, which the artboard
  /// binds); `A`'s width (40 as stored) is bound to it; `B` 30 × 20 follows.
  public static func boundWidth() -> Data {
    var fixture = RuntimeFixture(layoutWidth: 200, height: 100, style: .row, viewModel: 0) {
      writer in
      writeNumberViewModel(properties: [("w", 120)], into: &writer)
    }
    box(&fixture, "A", 40, 20, binds: [(PropertyKey.layoutComponentWidth, [0, 0])])
    box(&fixture, "B", 30, 20)
    return fixture.data
  }

  /// For the `layout` fit: `F` fills the artboard (200 × 100, a row) and holds `A` 20 × 10 at
  /// its top-left; the artboard has a default state machine (one layer playing the empty
  /// animation "Idle") for the players that need one.
  public static func fit() -> Data {
    var fixture = RuntimeFixture(
      layoutWidth: 200, height: 100, style: .row, defaultStateMachine: 0)
    let filling = box(
      &fixture, "F", 0, 0, style: Style(width: .fill, height: .fill), fractionalWidth: 1)
    box(&fixture, "A", parent: filling, 20, 10)
    fixture.animation(name: "Idle", keys: [])
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    return fixture.data
  }

  /// Transform constraints whose targets are laid out: `A` 30 × 20 and `B` 60 × 40 in the row;
  /// shape `P` (a 4 × 4 rectangle about its centre, stored at (5, 5)) is constrained to `B`
  /// at its bounds' origin (1, 0.5), shape `Q` (the same, stored at (7, 7)) to the artboard at
  /// (0.5, 1). The runtime takes a layout component's bounds from its solved size (the
  /// artboard's from its size), from its corner.
  public static func constraintOnLayout() -> Data {
    var fixture = root(.row)
    box(&fixture, "A", 30, 20)
    let b = box(&fixture, "B", 60, 40)
    for (name, target, origin, place) in [
      ("P", b, (Float(1), Float(0.5)), Float(5)), ("Q", 0, (Float(0.5), Float(1)), Float(7)),
    ] {
      let shape = fixture.rectangle(
        parent: 0, width: 4, height: 4, color: 0xFF10_1010, x: place, y: place, originX: 0.5,
        originY: 0.5, name: name
      ).shape
      fixture.component(
        TypeKey.transformConstraint, parent: shape,
        [
          (PropertyKey.targetedConstraintTargetId, .uint(UInt64(target))),
          (PropertyKey.transformConstraintOriginX, .float(origin.0)),
          (PropertyKey.transformConstraintOriginY, .float(origin.1)),
        ])
    }
    return fixture.data
  }

  // MARK: - The catalog

  /// Every named file (the text ones only with `font`, a font file's bytes), named as
  /// `rive-bench fixtures --named` writes them.
  public static func catalog(font: [UInt8]?) -> [(name: String, data: Data)] {
    var files: [(String, Data)] = [
      ("layout-row", flow(.row)), ("layout-column", flow(.column)),
      ("layout-gap-points", gapPoints()), ("layout-gap-percent-row", gapPercent(.row)),
      ("layout-gap-percent-column", gapPercent(.column)), ("layout-wrap-gaps", wrapGaps()),
      ("layout-box-model", boxModel()),
      ("layout-fill-row", fill(.row)), ("layout-fill-column", fill(.column)),
      ("layout-hug-rectangle", hugRectangle()), ("layout-min-max", minMax()),
      ("layout-absolute", absolute()), ("layout-display-none", displayNone()),
      ("layout-rtl", rtl()), ("layout-background-clip", backgroundClip()),
      ("layout-grid-points", gridPoints()), ("layout-grid-fr", gridFr()),
      ("layout-grid-spans", gridPlacement(spans: true)),
      ("layout-grid-negative", gridPlacement(spans: false)),
      ("layout-stack-center", stack(.center)), ("layout-stack-bottom-right", stack(.bottomRight)),
      ("layout-nested", nested()), ("layout-participant-shape", participantShape()),
      ("layout-participant-curve", participantCurve()),
      ("layout-animation", animation(seconds: 0.2)),
      ("layout-animation-slow", animation(seconds: 1)),
      ("layout-animation-inherited", inheritedAnimation()),
      ("layout-grid-justify-stretch", gridJustify(items: nil)),
      ("layout-grid-justify-center", gridJustify(items: .center)),
      ("layout-percent-size", percentSize()), ("layout-images", images()),
      ("layout-bound-width", boundWidth()), ("layout-fit", fit()),
      ("layout-constraint-origin", constraintOnLayout()),
      ("layout-negative-sizes", negativeSizes()), ("layout-deep", deep(levels: 1_000)),
      ("layout-grid-10000-tracks", gridTracks(columns: 10_000)),
    ]
    for alignment in Alignment.allCases {
      files.append(("layout-align-row-\(alignment)", self.alignment(alignment, .row)))
      files.append(("layout-align-column-\(alignment)", self.alignment(alignment, .column)))
    }
    if let font {
      files.append(("layout-hug-text", hugText(font: font)))
      files.append(("layout-participant-text", participantText(font: font)))
      files.append(("layout-hug-cycle", hugCycle(font: font)))
    }
    return files
  }
}
