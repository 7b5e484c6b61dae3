import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Seeded random text in a variable font, to check glyph outlines and advances at axis
/// values against the official runtime: one to three styles, each at random values of a
/// random subset of the font's axes (anywhere in their ranges, the ends included) and a
/// random size, spacing and stroke, over runs of words with accented, composed and
/// punctuation glyphs.
public enum RandomTextFixture {
  /// Words the runs draw from: plain letters, accented ones (composite glyphs in most
  /// fonts), digits, punctuation and ligature candidates.
  static let words = [
    "Hamburg", "Ångström", "façade", "Œuvre", "Zürich", "fi", "ffl", "0123", "4567.89", "“Quoted”",
    "naïve", "ÉÈÊË", "ŷĉĝ", "Wave", "AVAT", "jump,", "g@q!", "Ñandú", "(½)", "Æsir", "ĦĲŁ",
  ]

  /// The file of seed `seed` with `font` (a variable font) embedded.
  ///
  /// - Throws: `TextFontError` when `font` is not a font HarfBuzz reads.
  public static func data(seed: UInt64, font: [UInt8]) throws -> Data {
    var random = SplitMix(seed: seed)
    func unit() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
    func pick(_ count: Int) -> Int { random.pick(count) }
    let axes = try TextFont(bytes: font).axes
    var styles: [TextFixture.Style] = []
    for _ in 0..<(1 + pick(3)) {
      var values: [(tag: String, value: Float)] = []
      for axis in axes where pick(4) != 0 {
        // A third of the values at an end or the default, the rest anywhere between.
        let value: Float
        switch pick(6) {
        case 0: value = axis.minimum
        case 1: value = axis.maximum
        default: value = axis.minimum + (axis.maximum - axis.minimum) * unit()
        }
        values.append((tag: tagName(axis.tag), value: value))
      }
      var style = TextFixture.Style(
        fontSize: [7, 12, 24, 41.5, 96, 180][pick(6)], letterSpacing: pick(3) == 0 ? 2.5 : 0,
        axes: values)
      if pick(4) == 0 { style.stroke = (thickness: 1.5, color: 0xFF20_40C0) }
      styles.append(style)
    }
    var runs: [TextFixture.Run] = []
    for _ in 0..<(1 + pick(4)) {
      let count = 1 + pick(3)
      let text = (0..<count).map { _ in words[pick(words.count)] }.joined(separator: " ")
      runs.append(TextFixture.Run(text + " ", style: pick(styles.count)))
    }
    var fixture = TextFixture(fonts: [font], styles: styles, runs: runs)
    fixture.artboardWidth = 800
    fixture.artboardHeight = 600
    return fixture.data
  }

  /// Joiners between the words of a changed text: spaces, no-break spaces, word joiners,
  /// zero-width spaces, hyphens, nothing, and new lines.
  static let joiners = [" ", "\u{00A0}", "\u{2060}", "\u{200B}", "-", "", "\n", " \u{2060}"]

  /// The file of seed `seed`: text in `font` (any font) in a box of random sizing, overflow,
  /// alignment and wrapping whose run's text an animation (the file's first) changes at frame
  /// 1, 29 or 30 to more words, joined by one of ``joiners``, than the box holds.
  ///
  /// - Throws: `TextFontError` when `font` is not a font HarfBuzz reads.
  public static func overflowChangeData(seed: UInt64, font: [UInt8]) throws -> Data {
    try overflowChange(seed: seed, font: font, scripted: false).data
  }

  /// A text whose box its new text overflows, and when the text changes.
  public struct OverflowChange: Sendable {
    /// The file.
    public var data: Data
    /// The frame at which the text changes.
    public var frame: Int
    /// The text before the change and the text after it.
    public var short: String
    public var long: String
    /// The text run's name (``scriptedRunName`` in a scripted file, empty in an animated one).
    public var runName: String

    /// The input script that makes the change in a scripted file: the run's text set at
    /// ``frame`` (drawn from the frame after it).
    public var script: Data {
      get throws {
        let event: [String: Any] = ["frame": frame, "textRun": runName, "text": long]
        return try JSONSerialization.data(withJSONObject: [event], options: [.sortedKeys])
      }
    }
  }

  /// The run name of the scripted overflow files.
  public static let scriptedRunName = "Words"

  /// ``overflowChangeData(seed:font:)``, or with `scripted` the same file without the
  /// animation — its run named ``scriptedRunName`` for an input script to change (the same
  /// seed draws the same box, texts and frame either way).
  ///
  /// - Throws: `TextFontError` when `font` is not a font HarfBuzz reads.
  public static func overflowChange(seed: UInt64, font: [UInt8], scripted: Bool) throws
    -> OverflowChange
  {
    _ = try TextFont(bytes: font)
    var random = SplitMix(seed: seed)
    func pick(_ count: Int) -> Int { random.pick(count) }
    let (short, long) = changedTexts(&random)
    var style = TextFixture.Style(
      fontSize: [9, 14, 24, 37][pick(4)], lineHeight: pick(3) == 0 ? 30 : -1,
      letterSpacing: pick(4) == 0 ? 1.5 : 0)
    style.fill = 0xFF10_2030
    var properties = boxProperties(
      &random, sizings: [2, 2, 1, 0], widths: [40, 90, 150, 260], heights: [12, 30, 64, 120])
    properties += [
      (PropertyKey.textParagraphSpacing, .float(pick(3) == 0 ? 6 : 0)),
      (PropertyKey.nodeX, .float(100)), (PropertyKey.nodeY, .float(80)),
    ]
    let runName = scripted ? scriptedRunName : ""
    var fixture = TextFixture(
      fonts: [font], styles: [style], runs: [TextFixture.Run(short, name: runName)],
      properties: properties)
    let frame = [1, 29, 30][pick(3)]
    if !scripted {
      fixture.textKeys = [
        (run: 0, frames: [(frame: 0, text: short), (frame: UInt32(frame), text: long)])
      ]
    }
    return OverflowChange(
      data: fixture.data, frame: frame, short: short, long: long, runName: runName)
  }

  /// A short text and a long one (2 to 15 of ``words`` joined by one of ``joiners``).
  static func changedTexts(_ random: inout SplitMix) -> (short: String, long: String) {
    let joiner = joiners[random.pick(joiners.count)]
    let count = 2 + random.pick(14)
    let long = (0..<count).map { _ in words[random.pick(words.count)] }.joined(
      separator: joiner)
    let short = ["Hi", "", "One line", words[random.pick(words.count)]][random.pick(4)]
    return (short, long)
  }

  /// A text's box: sizing (one of `sizings`), overflow, alignment, vertical alignment, wrap,
  /// width and height (one of each list), drawn in that order.
  static func boxProperties(
    _ random: inout SplitMix, sizings: [UInt64], widths: [Float], heights: [Float]
  ) -> [(UInt16, RiveObjectWriter.Value)] {
    [
      (PropertyKey.textSizingValue, .uint(sizings[random.pick(sizings.count)])),
      (PropertyKey.textOverflowValue, .uint(UInt64(random.pick(5)))),
      (PropertyKey.textAlignValue, .uint(UInt64(random.pick(3)))),
      (PropertyKey.textVerticalAlignValue, .uint(UInt64(random.pick(3)))),
      (PropertyKey.textWrapValue, .uint(random.pick(4) == 0 ? 1 : 0)),
      (PropertyKey.textWidth, .float(widths[random.pick(widths.count)])),
      (PropertyKey.textHeight, .float(heights[random.pick(heights.count)])),
    ]
  }

  /// The file of seed `seed`: as ``overflowChangeData(seed:font:)``, the text in a layout —
  /// inside a child layout of the artboard's row or column that is fixed, hugs or fills, or
  /// as a participant of the artboard's layout itself — so that the layout measures it.
  ///
  /// - Throws: `TextFontError` when `font` is not a font HarfBuzz reads.
  public static func overflowChangeInLayoutData(seed: UInt64, font: [UInt8]) throws -> Data {
    try overflowChangeInLayout(seed: seed, font: font, scripted: false).data
  }

  /// ``overflowChangeInLayoutData(seed:font:)``, or with `scripted` the same file without the
  /// animation (as ``overflowChange(seed:font:scripted:)``).
  ///
  /// - Throws: `TextFontError` when `font` is not a font HarfBuzz reads.
  public static func overflowChangeInLayout(seed: UInt64, font: [UInt8], scripted: Bool) throws
    -> OverflowChange
  {
    _ = try TextFont(bytes: font)
    var random = SplitMix(seed: seed)
    func pick(_ count: Int) -> Int { random.pick(count) }
    let (short, long) = changedTexts(&random)
    let direction: LayoutFixture.FlexDirection = pick(2) == 0 ? .row : .column
    var fixture = RuntimeFixture(
      layoutWidth: 400, height: 300, style: LayoutFixture.Style(direction: direction)
    ) { writer in
      LayoutFixture.writeFont(font, into: &writer)
    }
    let scales: [LayoutFixture.Scale] = [.fixed, .hug, .fill]
    let host: Int
    let inParticipant = pick(3) == 0
    if inParticipant {
      host = 0
    } else {
      host = fixture.layout(
        "Box", width: [60, 120, 220][pick(3)], height: [20, 50, 140][pick(3)],
        style: LayoutFixture.Style(width: scales[pick(3)], height: scales[pick(3)]))
    }
    let fontSize: Float = [9, 14, 24, 37][pick(4)]
    let runName = scripted ? scriptedRunName : ""
    let text = fixture.text(
      short, parent: host, fontSize: fontSize, name: "Text", runName: runName,
      properties: boxProperties(
        &random, sizings: [2, 1, 0, 2], widths: [40, 90, 150], heights: [12, 30, 64]))
    if inParticipant {
      fixture.participant(
        host: text,
        style: LayoutFixture.ParticipantStyle(
          width: scales[pick(3)], height: scales[pick(3)], fixedWidth: 100, fixedHeight: 40))
    }
    let frame = [1, 29, 30][pick(3)]
    if !scripted {
      // The run is the text's fifth object (text, style, fill, colour, run).
      fixture.stringAnimation(
        name: "Texts",
        keys: [
          (
            object: text + 4, property: PropertyKey.textValueRunText,
            frames: [(frame: 0, value: short), (frame: UInt32(frame), value: long)]
          )
        ])
    }
    return OverflowChange(
      data: fixture.data, frame: frame, short: short, long: long, runName: runName)
  }

  /// The four characters of an OpenType tag.
  static func tagName(_ tag: UInt32) -> String {
    String(
      decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }, as: UTF8.self)
  }
}

extension SplitMix {
  /// A number from 0 to `count` − 1 (0 when `count` is below 1).
  mutating func pick(_ count: Int) -> Int { Int(next() % UInt64(max(1, count))) }
}
