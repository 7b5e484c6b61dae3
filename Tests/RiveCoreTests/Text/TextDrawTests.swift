import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Text shaped with HarfBuzz and drawn as the runtime draws it, in files made by the
/// package's writer (``TextFixture``) with DejaVu fonts found through fontconfig.
@Suite("Text drawing")
struct TextDrawTests {
  /// The first artboard's instance after one advance, and the file's fonts.
  static func played(_ fixture: TextFixture) throws -> (ArtboardInstance, TextFonts) {
    let file = try fixture.file()
    let artboard = try #require(file.artboards.first)
    var instance = artboard.instance()
    _ = instance.advance(0)
    return (instance, TextFonts(document: file.document))
  }

  static func glyphs(_ fixture: TextFixture) throws -> [TextGlyphPlacement] {
    var (instance, fonts) = try played(fixture)
    return instance.textGlyphs(ofText: TextFixture.textID, fonts: fonts)
  }

  static func drawPaths(_ list: DisplayList) -> [(RenderPath, RenderPaint)] {
    list.operations.compactMap {
      if case .drawPath(let path, let paint) = $0 { return (path, paint) }
      return nil
    }
  }

  @Test("a file's embedded font loads; bytes that are no font throw a typed error")
  func fontsLoad() throws {
    let font = try TextFont(bytes: try TextTestFonts.sans())
    #expect(font.lineMetrics.ascent < 0 && font.lineMetrics.descent > 0)
    #expect(font.hasGlyph(for: "A") && !font.hasGlyph(for: "\u{E000}"))
    let empty = #expect(throws: TextFontError.self) { try TextFont(bytes: Data()) }
    #expect(empty?.reason == .empty)
    let garbage = #expect(throws: TextFontError.self) {
      try TextFont(bytes: Data(repeating: 7, count: 64))
    }
    #expect(garbage?.reason == .notAFont)
  }

  @Test("glyph outlines are cubics in font-size units, y down")
  func outlines() throws {
    let font = try TextFont(bytes: try TextTestFonts.sans())
    let o = try #require(TextTestFonts.shape("o", bytes: try TextTestFonts.sans(), size: 1).first)
    let commands = font.pathCommands(forGlyph: o.glyph)
    #expect(commands.contains { if case .cubic = $0 { return true } else { return false } })
    var ys: [Float] = []
    for command in commands {
      if case .move(_, let y) = command { ys.append(y) }
      if case .line(_, let y) = command { ys.append(y) }
      if case .cubic(_, _, _, _, _, let y) = command { ys.append(y) }
    }
    // An 'o' sits on the baseline and rises above it (negative y), within one em.
    #expect((ys.min() ?? 0) < -0.4 && (ys.min() ?? 0) > -1)
    #expect((ys.max() ?? 1) > -0.05 && (ys.max() ?? 1) < 0.05)
  }

  @Test("glyph positions match HarfBuzz's own shaping of the string")
  func positionsMatchHarfBuzz() throws {
    let bytes = try TextTestFonts.sans()
    let text = "Hello, AVAWAY World"
    let fixture = TextFixture(
      fonts: [bytes], styles: [.init(fontSize: 32)], runs: [.init(text)])
    let placed = try Self.glyphs(fixture)
    let expected = TextTestFonts.shape(text, bytes: bytes, size: 32)
    #expect(placed.map(\.glyph) == expected.map(\.glyph))
    #expect(placed.count == expected.count)
    for (glyph, reference) in zip(placed, expected) {
      #expect(abs(glyph.x - reference.x) < 1e-3)
      #expect(abs(glyph.advance - reference.advance) < 1e-3)
    }
    // Kerning (GPOS) moves the V closer to the A than their plain advances would.
    let font = try TextFont(bytes: bytes)
    #expect(font.lineMetrics.ascent < 0)
    // The first line's baseline is the font's ascent below the top.
    #expect(abs((placed.first?.baseline ?? 0) + font.lineMetrics.ascent * 32) < 1e-3)
  }

  @Test("letter spacing is added after every glyph")
  func letterSpacing() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], styles: [.init(fontSize: 20, letterSpacing: 5)], runs: [.init("abcd")])
    let placed = try Self.glyphs(fixture)
    let expected = TextTestFonts.shape("abcd", bytes: bytes, size: 20, letterSpacing: 5)
    #expect(placed.count == 4)
    for (glyph, reference) in zip(placed, expected) { #expect(abs(glyph.x - reference.x) < 1e-3) }
  }

  @Test("alignment places each line in the box", arguments: [(0, 0.0), (1, 1.0), (2, 0.5)])
  func alignment(align: UInt64, fraction: Float) throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], runs: [.init("Hi")],
      properties: [
        (PropertyKey.textAlignValue, .uint(align)), (PropertyKey.textSizingValue, .uint(2)),
        (PropertyKey.textWidth, .float(300)), (PropertyKey.textHeight, .float(100)),
      ])
    let placed = try Self.glyphs(fixture)
    let lineWidth = TextTestFonts.shape("Hi", bytes: bytes, size: 24).reduce(0) { $0 + $1.advance }
    #expect(abs((placed.first?.x ?? -1) - (300 - lineWidth) * fraction) < 1e-3)
  }

  @Test("wrapping breaks at word boundaries in a fixed width; no-wrap keeps one line")
  func wrapping() throws {
    let bytes = try TextTestFonts.sans()
    func lines(wrap: UInt64) throws -> [[TextGlyphPlacement]] {
      let fixture = TextFixture(
        fonts: [bytes], runs: [.init("one two three four five")],
        properties: [
          (PropertyKey.textSizingValue, .uint(1)), (PropertyKey.textWidth, .float(90)),
          (PropertyKey.textWrapValue, .uint(wrap)),
        ])
      let placed = try Self.glyphs(fixture)
      return Dictionary(grouping: placed, by: \.line).sorted { $0.key < $1.key }.map(\.value)
    }
    let wrapped = try lines(wrap: 0)
    #expect(wrapped.count > 1)
    // Every line starts at x 0 (left aligned), fits the width, and lines go down.
    for line in wrapped {
      #expect(abs((line.first?.x ?? -1)) < 1e-4)
      let visible = line.filter { $0.advance > 0 }
      #expect((visible.last.map { $0.x } ?? 0) <= 90)
    }
    let baselines = wrapped.map { $0.first?.baseline ?? 0 }
    #expect(baselines == baselines.sorted() && Set(baselines).count == baselines.count)
    #expect(try lines(wrap: 1).count == 1)
  }

  @Test("a line feed starts a new paragraph, paragraph spacing adds to its top")
  func paragraphs() throws {
    let bytes = try TextTestFonts.sans()
    func secondBaseline(spacing: Float) throws -> Float {
      let fixture = TextFixture(
        fonts: [bytes], runs: [.init("first\nsecond")],
        properties: [(PropertyKey.textParagraphSpacing, .float(spacing))])
      let placed = try Self.glyphs(fixture)
      return try #require(placed.last?.baseline)
    }
    #expect(abs(try secondBaseline(spacing: 10) - secondBaseline(spacing: 0) - 10) < 1e-3)
  }

  @Test("a custom line height spaces the lines by it")
  func lineHeight() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], styles: [.init(fontSize: 20, lineHeight: 50)], runs: [.init("a\nb\nc")])
    let placed = try Self.glyphs(fixture).filter { $0.advance > 0 }
    let baselines = placed.map(\.baseline)
    #expect(baselines.count == 3)
    #expect(abs(baselines[2] - baselines[1] - 50) < 1e-3)
  }

  @Test("clipped overflow clips to the box; hidden overflow drops the lines below it")
  func overflow() throws {
    let bytes = try TextTestFonts.sans()
    func drawn(_ overflow: UInt64) throws -> (DisplayList, [TextGlyphPlacement]) {
      let fixture = TextFixture(
        fonts: [bytes], runs: [.init("line one\nline two\nline three\nline four")],
        properties: [
          (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(200)),
          (PropertyKey.textHeight, .float(40)), (PropertyKey.textOverflowValue, .uint(overflow)),
        ])
      var (instance, fonts) = try Self.played(fixture)
      return (instance.draw(text: fonts), instance.textGlyphs(ofText: 1, fonts: fonts))
    }
    let (visibleList, visible) = try drawn(0)
    let (clippedList, clipped) = try drawn(2)
    let (_, hidden) = try drawn(1)
    func clipCount(_ list: DisplayList) -> Int {
      list.operations.filter { if case .clipPath = $0 { true } else { false } }.count
    }
    // The artboard clips both; only clipped text adds its own clip.
    #expect(clipCount(clippedList) == clipCount(visibleList) + 1)
    // The text's clip path winds clockwise, with the clockwise fill rule (the runtime's
    // default for a shape paint path).
    let textClip = clippedList.operations.compactMap { operation -> RenderPath? in
      if case .clipPath(let path) = operation { return path }
      return nil
    }.last
    #expect(textClip?.fillRule == .clockwise)
    // Lines about 28 high in a 40 high box: visible draws all four, clipped the two that
    // start inside the box, hidden only the one that ends inside it.
    #expect(Set(visible.map(\.line)).count == 4)
    #expect(Set(clipped.map(\.line)).count == 2)
    #expect(Set(hidden.map(\.line)).count == 1)
  }

  @Test("ellipsis overflow cuts the last fitting line and ends it with dots")
  func ellipsis() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], runs: [.init("a long line of words that cannot fit")],
      properties: [
        (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(120)),
        (PropertyKey.textHeight, .float(30)), (PropertyKey.textOverflowValue, .uint(3)),
        (PropertyKey.textWrapValue, .uint(1)),
      ])
    let placed = try Self.glyphs(fixture)
    let dot = try #require(TextTestFonts.shape(".", bytes: bytes, size: 24).first?.glyph)
    #expect(placed.suffix(3).map(\.glyph) == [dot, dot, dot])
    let end = (placed.last?.x ?? 0) + (placed.last?.advance ?? 0)
    #expect(end <= 120 + 1e-3)
    #expect(placed.count < 36)
  }

  @Test("fit overflow scales the box down to fit")
  func fit() throws {
    let bytes = try TextTestFonts.sans()
    let fixture = TextFixture(
      fonts: [bytes], runs: [.init("much too wide for the box")],
      properties: [
        (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(60)),
        (PropertyKey.textHeight, .float(100)), (PropertyKey.textOverflowValue, .uint(4)),
        (PropertyKey.textWrapValue, .uint(1)),
      ])
    var (instance, fonts) = try Self.played(fixture)
    let list = instance.draw(text: fonts)
    let scales: [Float] = list.operations.compactMap {
      if case .transform(let m) = $0, m.xx < 1, m.xx > 0 { return m.xx }
      return nil
    }
    #expect(!scales.isEmpty)
  }

  @Test("auto width sizes the box to the text; origin moves it")
  func sizingAndOrigin() throws {
    let bytes = try TextTestFonts.sans()
    func firstTransform(originX: Float) throws -> Transform2D {
      let fixture = TextFixture(
        fonts: [bytes], runs: [.init("Box")],
        properties: [(PropertyKey.textOriginX, .float(originX))])
      var (instance, fonts) = try Self.played(fixture)
      // The transform the text's style path is drawn with (the last before its draw).
      var last = Transform2D.identity
      for op in instance.draw(text: fonts).operations {
        if case .transform(let m) = op { last = m }
        if case .drawPath = op { break }
      }
      return last
    }
    let width = TextTestFonts.shape("Box", bytes: bytes, size: 24).reduce(0) { $0 + $1.advance }
    let left = try firstTransform(originX: 0)
    let centred = try firstTransform(originX: 0.5)
    #expect(abs(left.tx - centred.tx - width / 2) < 1e-3)
  }

  @Test("vertical trim to the cap height and the baseline leaves a box as tall as a capital")
  func verticalTrim() throws {
    let bytes = try TextTestFonts.sans()
    func boxHeight(trim: UInt64) throws -> Float {
      // Origin at the bottom: the box's placement moves it up by its height.
      let fixture = TextFixture(
        fonts: [bytes], styles: [.init(fontSize: 40)], runs: [.init("Hx")],
        properties: [
          (PropertyKey.textOriginY, .float(1)), (PropertyKey.textVerticalTrimValue, .uint(trim)),
        ])
      var (instance, fonts) = try Self.played(fixture)
      var last = Transform2D.identity
      for op in instance.draw(text: fonts).operations {
        if case .transform(let m) = op { last = m }
        if case .drawPath = op { break }
      }
      return -last.ty
    }
    let font = try TextFont(bytes: bytes)
    let untrimmed = try boxHeight(trim: 0)
    #expect(abs(untrimmed - (font.lineMetrics.descent - font.lineMetrics.ascent) * 40) < 1e-3)
    let trimmed = try boxHeight(trim: 1 | 1 << 8)
    #expect(abs(trimmed - TextTestFonts.capHeight(bytes: bytes, size: 40)) < 1e-3)
  }

  @Test("each style draws once with its fill and stroke, in order of first use")
  func stylesAndPaints() throws {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(
      fonts: [bytes],
      styles: [
        .init(fill: 0xFF00_00FF, stroke: (2, 0xFFFF_0000)), .init(fontSize: 30, fill: 0xFF00_FF00),
      ],
      runs: [.init("green", style: 1), .init(" blue", style: 0), .init(" again", style: 1)])
    fixture.artboardWidth = 500
    var (instance, fonts) = try Self.played(fixture)
    let paths = Self.drawPaths(instance.draw(text: fonts))
    #expect(paths.map(\.1.color) == [0xFF00_FF00, 0xFF00_00FF, 0xFFFF_0000])
    #expect(paths.map(\.1.style) == [.fill, .fill, .stroke])
    #expect(paths.allSatisfy { $0.0.fillRule == .clockwise })
    // With text off (nil fonts), nothing is drawn.
    #expect(Self.drawPaths(instance.draw()).isEmpty)
  }

  @Test("an opacity modifier splits a style's glyphs into opacity buckets")
  func opacityModifier() throws {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(fonts: [bytes], runs: [.init("abcd")])
    var modifier = TextFixture.Modifier(flags: 1 << 5)
    modifier.opacity = 0.5
    modifier.rangeFrom = 0
    modifier.rangeTo = 0.5
    modifier.mode = 0
    fixture.modifiers = [modifier]
    var (instance, fonts) = try Self.played(fixture)
    let paths = Self.drawPaths(instance.draw(text: fonts))
    // The first half gets coverage 1 (opacity 0.5), the rest coverage 0 (opacity 0: not drawn).
    #expect(paths.count == 1)
    let color = try #require(paths.first?.1.color)
    let alpha = color >> 24
    #expect(alpha == 0x7F || alpha == 0x80)
  }

  @Test("a translation modifier moves the covered glyphs")
  func transformModifier() throws {
    let bytes = try TextTestFonts.sans()
    func bounds(_ modifiers: [TextFixture.Modifier]) throws -> (Float, Float) {
      var fixture = TextFixture(fonts: [bytes], runs: [.init("xx")])
      fixture.modifiers = modifiers
      var (instance, fonts) = try Self.played(fixture)
      let path = try #require(Self.drawPaths(instance.draw(text: fonts)).first?.0)
      var ys: [Float] = []
      path.forEachCommand {
        if case .move(_, let y) = $0 { ys.append(y) }
        if case .line(_, let y) = $0 { ys.append(y) }
      }
      return (ys.min() ?? 0, ys.max() ?? 0)
    }
    var modifier = TextFixture.Modifier(flags: 1 << 2)
    modifier.y = 10
    let plain = try bounds([])
    let moved = try bounds([modifier])
    #expect(abs(moved.0 - plain.0 - 10) < 1e-3 && abs(moved.1 - plain.1 - 10) < 1e-3)
  }

  @Test("a missing character is shaped with the first fallback font that has it")
  func fallback() throws {
    let math = try TextTestFonts.bytes(family: "DejaVu Math TeX Gyre")
    let sans = try TextTestFonts.sans()
    let primary = try TextFont(bytes: math)
    let fallback = try TextFont(bytes: sans)
    try #require(!primary.hasGlyph(for: "Ж") && fallback.hasGlyph(for: "Ж"))
    let fixture = TextFixture(fonts: [math], runs: [.init("AЖA")])
    var (instance, fonts) = try Self.played(fixture)
    let without = instance.textGlyphs(ofText: 1, fonts: fonts)
    #expect(without.map(\.glyph).contains(0))
    fonts.fallbacks = [fallback]
    let with = instance.textGlyphs(ofText: 1, fonts: fonts)
    #expect(!with.map(\.glyph).contains(0))
    let zhe = try #require(TextTestFonts.shape("Ж", bytes: sans, size: 24).first?.glyph)
    #expect(with.map(\.glyph)[1] == zhe)
  }

  @Test("swapping an asset's font changes the display list")
  func fontSwap() throws {
    let sans = try TextTestFonts.sans()
    let serif = try TextTestFonts.bytes(family: "DejaVu Serif")
    var (instance, fonts) = try Self.played(TextFixture(fonts: [sans], runs: [.init("Swap")]))
    let before = instance.draw(text: fonts)
    // Drawing again without a change gives the same list (from the cache).
    #expect(instance.draw(text: fonts) == before)
    fonts.setFont(try TextFont(bytes: serif), forAsset: 0)
    let after = instance.draw(text: fonts)
    #expect(after != before)
    #expect(!Self.drawPaths(after).isEmpty)
  }

  @Test("text in a nested artboard draws through its host, placed by it")
  func nestedText() throws {
    let sans = try TextTestFonts.sans()
    func glyphPath(_ nestedAt: (x: Float, y: Float)?) throws -> (RenderPath, [Transform2D]) {
      var fixture = TextFixture(fonts: [sans], runs: [.init("Nested")])
      fixture.nestedAt = nestedAt
      var (instance, fonts) = try Self.played(fixture)
      let list = instance.draw(text: fonts)
      let transforms: [Transform2D] = list.operations.compactMap {
        if case .transform(let m) = $0 { return m } else { return nil }
      }
      return (try #require(Self.drawPaths(list).first?.0), transforms)
    }
    let (direct, _) = try glyphPath(nil)
    let (nested, transforms) = try glyphPath((50, 40))
    // The same glyphs, drawn under the host's transform.
    #expect(nested == direct)
    #expect(transforms.contains { $0.tx == 50 && $0.ty == 40 })
  }

  @Test("unchanged text is not shaped or built again on later frames")
  func steadyFramesReuseTheLayout() throws {
    let sans = try TextTestFonts.sans()
    var (instance, fonts) = try Self.played(
      TextFixture(fonts: [sans], runs: [.init("steady", name: "run")]))
    let first = instance.draw(text: fonts)
    #expect(instance.textWork == (1, 1))
    for _ in 0..<5 {
      _ = instance.advance(1 / 60)
      #expect(instance.draw(text: fonts) == first)
    }
    #expect(instance.textWork == (1, 1))
    _ = instance.setTextRunValue(named: "run", to: "changed")
    _ = instance.advance(0)
    #expect(instance.draw(text: fonts) != first)
    #expect(instance.textWork == (2, 2))
  }

  @Test("a steady text is laid out again when what it is made from changes, not when it moves")
  func layoutInputs() throws {
    let sans = try TextTestFonts.sans()
    let serif = try TextFont(bytes: TextTestFonts.bytes(family: "DejaVu Serif"))
    var (instance, fonts) = try Self.played(TextFixture(fonts: [sans], runs: [.init("inputs")]))
    func id(of type: UInt32) throws -> Int {
      try #require((0..<instance.objectCount).first { instance.typeKey(of: $0) == UInt16(type) })
    }
    let text = try id(of: TypeKey.text)
    let style = try id(of: TypeKey.textStylePaint)
    var last = instance.draw(text: fonts)
    func frame() -> (layouts: Int, changed: Bool) {
      _ = instance.advance(1 / 60)
      let list = instance.draw(text: fonts)
      defer { last = list }
      return (instance.textWork.layouts, list != last)
    }
    #expect(frame() == (1, false))
    // Moved: drawn elsewhere, not laid out again.
    instance.setFloat(text, offset: Slot.nodeX, key: PropertyKey.nodeX, 30)
    #expect(frame() == (1, true))
    // A style's size, a swapped font and other fallbacks each lay it out again.
    instance.setFloat(
      style, offset: Slot.textStyleFontSize, key: PropertyKey.textStyleFontSize, 40)
    #expect(frame() == (2, true))
    let asset = Int(instance.uint(style, Slot.textStyleFontAssetId))
    fonts.setFont(serif, forAsset: asset)
    #expect(frame() == (3, true))
    fonts.fallbacks = [try TextFont(bytes: sans)]
    #expect(frame().layouts == 4)
    #expect(frame() == (4, false))
  }

  @Test("a modifier's glyph paths are built again only when one of its values changes")
  func steadyModifiers() throws {
    let sans = try TextTestFonts.sans()
    var fixture = TextFixture(fonts: [sans], runs: [.init("fading")])
    var modifier = TextFixture.Modifier(flags: 1 << 5)
    modifier.opacity = 0.5
    fixture.modifiers = [modifier]
    var (instance, fonts) = try Self.played(fixture)
    let first = instance.draw(text: fonts)
    for _ in 0..<3 {
      _ = instance.advance(1 / 60)
      #expect(instance.draw(text: fonts) == first)
    }
    #expect(instance.textWork == (1, 1))
    // As an animation would: the group's opacity changes, and the paths follow.
    let group = try #require(
      (0..<instance.objectCount).first {
        instance.typeKey(of: $0) == UInt16(TypeKey.textModifierGroup)
      })
    let changed = instance.setFloat(
      group, offset: Slot.textModifierGroupOpacity, key: PropertyKey.textModifierGroupOpacity,
      0.25)
    #expect(changed)
    _ = instance.advance(0)
    #expect(instance.draw(text: fonts) != first)
    #expect(instance.textWork == (1, 2))
  }

  @Test("a run's new text (as data binding or setTextRunValue writes it) draws next frame")
  func runTextChanges() throws {
    let sans = try TextTestFonts.sans()
    var (instance, fonts) = try Self.played(
      TextFixture(fonts: [sans], runs: [.init("one", name: "title")]))
    let before = instance.textGlyphs(ofText: 1, fonts: fonts).count
    let found = instance.setTextRunValue(named: "title", to: "three")
    #expect(found)
    _ = instance.advance(0)
    #expect(instance.textGlyphs(ofText: 1, fonts: fonts).count == before + 2)
  }

  @Test("right-to-left text is reordered visually (bidi)")
  func bidi() throws {
    let sans = try TextTestFonts.sans()
    let hebrew = "\u{05D0}\u{05D1}"
    try #require(try TextFont(bytes: sans).hasGlyph(for: "\u{05D0}"))
    let placed = try Self.glyphs(TextFixture(fonts: [sans], runs: [.init(hebrew)]))
    let expected = TextTestFonts.shape(hebrew, bytes: sans, size: 24)
    // HarfBuzz gives right-to-left glyphs in visual order, as they are drawn left to right.
    #expect(placed.map(\.glyph) == expected.map(\.glyph))
  }
}
