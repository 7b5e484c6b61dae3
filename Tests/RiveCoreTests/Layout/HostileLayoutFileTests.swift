import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Layout files past what the editor makes, written by the package's writer and played through
/// the runtime with layout and text on (the path of `rive-assets render` and both APIs'
/// frames): negative lengths, a thousand levels of nesting and more than the solver's maximum,
/// ten thousand grid tracks, a measure that goes round through a wrapping text, ten thousand
/// nodes, and seeded random styles full of NaN, infinities and huge values. None may trap or
/// hang; where the runtime defines a result, it is checked. The first four files are in
/// ``LayoutFixture/catalog(font:)`` and were also played by the official runtime built with
/// layout (draw streams at frames 0 and 30 and traces): they agree.
@Suite("Hostile layout files")
struct HostileLayoutFileTests {
  typealias Box = (x: Float, y: Float, width: Float, height: Float)

  /// What playing a file did.
  struct Played {
    var frames: [LayoutFrame]
    var operations: Int
    var solves: [Int]
  }

  /// Plays `data`'s first artboard `frames` frames with layout and text on, drawing each; the
  /// layout frames after the last, and the solve count after each frame.
  static func play(_ data: Data, frames: Int = 3, resizeTo size: (Float, Float)? = nil) throws
    -> Played
  {
    let file = try RuntimeFile(data: data)
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    let fonts = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    player.measureText(with: fonts)
    player.solveLayout(true)
    player.setLayoutImages(images)
    if let size { player.resizeArtboard(width: size.0, height: size.1) }
    var operations = 0
    var solves: [Int] = []
    for _ in 0..<frames {
      player.advance()
      operations += player.draw(images: images, text: fonts).operations.count
      solves.append(player.withArtboard { $0.layout.solveCount })
    }
    let laidOut = player.withArtboard { $0.layoutFrames }
    return Played(frames: laidOut, operations: operations, solves: solves)
  }

  static func boxes(_ played: Played) -> [String: LayoutFrame] {
    Dictionary(played.frames.map { ($0.name, $0) }) { first, _ in first }
  }

  static func expect(
    _ frame: LayoutFrame?, _ box: Box, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let frame else {
      Issue.record("no layout frame \(name)", sourceLocation: sourceLocation)
      return
    }
    let got = [frame.x, frame.y, frame.width, frame.height]
    let want = [box.x, box.y, box.width, box.height]
    #expect(
      zip(got, want).allSatisfy { abs($0 - $1) < 1e-3 }, "\(name): \(got) expected \(want)",
      sourceLocation: sourceLocation)
  }

  @Test("negative lengths: sizes and padding clamp to 0, gaps and margins stay negative")
  func negativeSizes() throws {
    // Yoga clamps a node's size to at least its padding and border (0 here) and a padding to
    // at least 0, but applies negative gaps and margins. In the row: A (−50 wide) is 0 wide;
    // the gap of −10 puts B at −10 (30 wide, its −10 height clamped to 0); the next gap puts
    // C's margin box at 10, so C is at 0 with its −10 margin, 40 wide (its −5 padding is 0);
    // D follows at 40 − 10 = 30, its −20 minimum no constraint.
    let boxes = Self.boxes(try Self.play(LayoutFixture.negativeSizes()))
    Self.expect(boxes["A"], (0, 0, 0, 20), "A")
    Self.expect(boxes["B"], (-10, 0, 30, 0), "B")
    Self.expect(boxes["C"], (0, 0, 40, 20), "C")
    Self.expect(boxes["D"], (30, 0, 10, 10), "D")
  }

  @Test("a thousand levels of nested hugging layouts")
  func thousandLevels() throws {
    // 999 padded hugging layouts around a 10 × 10 one: each level adds 2, so the content is
    // 2,008 square; along the artboard's 200-wide row the hugging A shrinks to the row's
    // width (a hugging axis may shrink), across it it keeps its content's height.
    let played = try Self.play(LayoutFixture.deep(levels: 1_000))
    #expect(played.frames.count == 1_001)
    let boxes = Self.boxes(played)
    Self.expect(boxes["A"], (0, 0, 200, 2_008), "A")
    Self.expect(boxes["Z"], (1, 1, 10, 10), "Z")
    #expect(played.frames.last?.depth == 1_000)
    #expect(played.operations > 0)
  }

  @Test("nesting deeper than the solver's maximum depth plays and draws")
  func deeperThanTheSolver() throws {
    let levels = LayoutTree.maximumDepth + 100
    let played = try Self.play(LayoutFixture.deep(levels: levels), frames: 2)
    // Levels past the maximum are neither laid out nor walked: the frames stop there.
    #expect(played.frames.count <= LayoutTree.maximumDepth + 2)
    #expect(played.frames.count > LayoutTree.maximumDepth / 2)
    #expect(played.operations > 0)
  }

  @Test("a grid of ten thousand one-point columns")
  func tenThousandTracks() throws {
    let boxes = Self.boxes(try Self.play(LayoutFixture.gridTracks(columns: 10_000)))
    Self.expect(boxes["A"], (0, 0, 10_000, 10), "A")
    // Auto-placed in the first three cells; fixed at 0 × 0, so not stretched.
    Self.expect(boxes["B"], (0, 0, 0, 0), "B")
    Self.expect(boxes["C"], (1, 0, 0, 0), "C")
    Self.expect(boxes["D"], (2, 0, 0, 0), "D")
  }

  @Test("a hugging layout whose text fills it settles")
  func hugCycle() throws {
    let played = try Self.play(LayoutFixture.hugCycle(font: try TextTestFonts.sans()), frames: 8)
    let boxes = Self.boxes(played)
    let a = try #require(boxes["A"])
    let text = try #require(boxes["Text"])
    // A hugs its widest content, the text on one line; the text fills A.
    #expect(a.width >= 60 && a.width < 200)
    #expect(text.width == a.width)
    #expect(a.height == 10 + text.height && text.height > 0)
    // After the text has been measured and laid out, no frame solves again.
    let settled = played.solves[3...]
    #expect(Set(settled).count == 1, "solves per frame: \(played.solves)")
  }

  @Test("ten thousand layouts in a wrapped row")
  func manyNodes() throws {
    // 2 × 2 layouts in a 200-wide wrapped row: 100 a line, 100 lines.
    let played = try Self.play(LayoutFixture.manyNodes(count: 10_000), frames: 2)
    #expect(played.frames.count == 10_002)
    let boxes = Self.boxes(played)
    Self.expect(boxes["A"], (0, 0, 200, 200), "A")
    Self.expect(boxes["0"], (0, 0, 2, 2), "0")
    Self.expect(boxes["101"], (2, 2, 2, 2), "101")
    Self.expect(boxes["9999"], (198, 198, 2, 2), "9999")
  }

  @Test("the layout fuzz harness reads 600 seeded random inputs and a few extreme ones")
  func fuzzHarness() {
    var random = SeededGenerator(seed: 47)
    var inputs: [[UInt8]] = [[], [0xFF], Array(repeating: 0xFF, count: 4_096)]
    inputs.append(Array(repeating: 0x80, count: 2_000))
    inputs.append((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 131) })
    for _ in 0..<600 {
      inputs.append((0..<Int.random(in: 0...1_024, using: &random)).map { _ in random.byte() })
    }
    for input in inputs {
      let outcome = input.withUnsafeBytes { FuzzHarness.layout($0) }
      // The node count is the input's first two bytes' (zeros once it runs out); every
      // input is solved twice.
      let first = Int(input.first ?? 0)
      let second = Int(input.count > 1 ? input[1] : 0)
      #expect(outcome.nodes == 1 + first % 64 + (second & 3) * 64)
      #expect(outcome.solves == 2)
    }
  }

  /// Lengths a hostile file can hold.
  static let hostileLengths: [Float] = [
    .nan, .infinity, -.infinity, -5, 0, 1e30, -1e30, 3e38, 1e-30, 7, 50, 120,
  ]

  /// A file of `count` layouts whose every style value is drawn from ``hostileLengths`` and
  /// the enumerations' full ranges (also past their ends), some grids with hostile tracks and
  /// placements, some texts.
  static func hostileFile(seed: UInt64, count: Int, font: [UInt8]) -> Data {
    var random = SeededGenerator(seed: seed)
    func length() -> Float { hostileLengths.randomElement(using: &random) ?? 0 }
    func unit() -> LayoutFixture.Unit {
      [.undefined, .points, .percent, .auto].randomElement(using: &random) ?? .points
    }
    func maybe(_ odds: Int = 3) -> Bool { Int.random(in: 0..<odds, using: &random) == 0 }
    func edges() -> LayoutFixture.Edges {
      LayoutFixture.Edges(
        left: maybe() ? LayoutFixture.Length(length(), unit()) : nil,
        top: maybe() ? LayoutFixture.Length(length(), unit()) : nil,
        right: maybe() ? LayoutFixture.Length(length(), unit()) : nil,
        bottom: maybe() ? LayoutFixture.Length(length(), unit()) : nil)
    }
    func style() -> LayoutFixture.Style {
      var style = LayoutFixture.Style(
        width: [.fixed, .fill, .hug].randomElement(using: &random),
        height: [.fixed, .fill, .hug].randomElement(using: &random),
        direction: LayoutFixture.FlexDirection.allCases.randomElement(using: &random),
        alignment: LayoutFixture.Alignment.allCases.randomElement(using: &random),
        layoutType: LayoutFixture.LayoutType.allCases.randomElement(using: &random))
      style.widthUnit = unit()
      style.heightUnit = unit()
      style.wrap = LayoutFixture.Wrap.allCases.randomElement(using: &random)
      if maybe() { style.gapHorizontal = LayoutFixture.Length(length(), unit()) }
      if maybe() { style.gapVertical = LayoutFixture.Length(length(), unit()) }
      style.padding = edges()
      style.margin = edges()
      style.border = edges()
      style.position = edges()
      style.positionType = LayoutFixture.PositionType.allCases.randomElement(using: &random)
      if maybe(6) { style.display = LayoutFixture.Display.none }
      style.direction = LayoutFixture.Direction.allCases.randomElement(using: &random)
      if maybe() { style.minWidth = LayoutFixture.Length(length(), unit()) }
      if maybe() { style.maxHeight = LayoutFixture.Length(length(), unit()) }
      if maybe() { style.flexBasis = LayoutFixture.Length(length(), unit()) }
      if maybe() { style.aspectRatio = length() }
      if maybe(4) { style.cornerRadii = LayoutFixture.CornerRadii(length()) }
      if maybe(4) {
        style.animation = LayoutFixture.Animation(
          interpolation: [.linear, .cubic, .elastic].randomElement(using: &random) ?? .linear,
          seconds: length())
      }
      // Enumerations past their ends, as a corrupted file would hold them.
      if maybe(5) {
        style.extra.append(
          (
            PropertyKey.layoutComponentStyleFlexDirectionValue,
            .uint(UInt64.random(in: 4...99, using: &random))
          ))
      }
      return style
    }
    var fixture = RuntimeFixture(layoutWidth: length(), height: length(), style: style()) {
      writer in
      LayoutFixture.writeFont(font, into: &writer)
    }
    var layouts = [0]
    for index in 0..<count {
      let parent = layouts.randomElement(using: &random) ?? 0
      let id = fixture.layout(
        "L\(index)", parent: parent, width: length(), height: length(), style: style(),
        clip: maybe(), fractionalWidth: maybe() ? length() : nil,
        fractionalHeight: maybe() ? length() : nil)
      fixture.fill(id, color: 0xFF20_8040)
      layouts.append(id)
      if maybe(5) {
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let list = LayoutFixture.TrackList.allCases.randomElement(using: &random) ?? .columns
          let size: LayoutFixture.TrackSize =
            switch Int.random(in: 0..<4, using: &random) {
            case 0: .auto
            case 1: .points(length())
            case 2: .percent(length())
            default: .fr(length())
            }
          fixture.gridTrack(layout: id, list, size, max: maybe() ? .fr(length()) : nil)
        }
      }
      if maybe(5) {
        fixture.placement(
          item: id, column: Int.random(in: -20_000...20_000, using: &random),
          row: Int.random(in: -3...3, using: &random),
          columnSpan: Int.random(in: -5...50_000, using: &random))
      }
      if maybe(6) {
        let text = fixture.text(
          "Hostile \(index) wraps", parent: id, fontSize: abs(length()).clamped(0, 200))
        if maybe() {
          fixture.participant(
            host: text,
            style: LayoutFixture.ParticipantStyle(
              width: [.fixed, .fill, .hug].randomElement(using: &random) ?? .hug,
              height: [.fixed, .fill, .hug].randomElement(using: &random) ?? .hug,
              fixedWidth: length(), fixedHeight: length()))
        }
      }
    }
    return fixture.data
  }

  @Test(
    "seeded random styles full of NaN, infinities and huge values play, draw and repeat",
    arguments: 0..<12 as Range<UInt64>)
  func hostileValues(_ seed: UInt64) throws {
    let data = Self.hostileFile(seed: 4_600 + seed, count: 40, font: try TextTestFonts.sans())
    let sizes: [(Float, Float)?] = [nil, (0, 0), (.nan, 50), (1e9, 1e9), (-20, 300)]
    let size = sizes[Int(seed) % sizes.count]
    let first = try Self.play(data, frames: 4, resizeTo: size)
    // Every layout is reported (the artboard and its 40, besides the text participants), and
    // a second play of the same file solves to the same boxes, bit for bit (NaN included).
    #expect(first.frames.filter { $0.kind != "participant" }.count == 41)
    let second = try Self.play(data, frames: 4, resizeTo: size)
    let bits = { (played: Played) in
      played.frames.map { [$0.x, $0.y, $0.width, $0.height].map(\.bitPattern) }
    }
    #expect(bits(first) == bits(second))
    #expect(first.operations == second.operations)
  }
}

extension SeededGenerator {
  fileprivate mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

extension Float {
  fileprivate func clamped(_ low: Float, _ high: Float) -> Float {
    Swift.min(Swift.max(self, low), high)
  }
}
