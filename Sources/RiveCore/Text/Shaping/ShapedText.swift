import RiveFormat

/// A styled stretch of text handed to shaping: its font, size, spacing and how many of the
/// text's scalars it covers.
struct StyledRun: Sendable {
  var font: TextFont
  var size: Float
  /// A custom line height, or a negative value for the font's own.
  var lineHeight: Float
  var letterSpacing: Float
  var scalarCount: Int
  /// Index of the text value run the stretch comes from (its style draws it).
  var styleIndex: Int
}

/// Glyphs shaped with one font, direction and script, in logical order.
struct GlyphRun: Sendable {
  var font: TextFont
  var size: Float
  var lineHeight: Float
  var letterSpacing: Float
  var styleIndex: Int
  /// Bidi level (odd is right to left).
  var level: UInt8
  var glyphs: [UInt32] = []
  /// For each glyph, the index of its first scalar in the whole text.
  var textIndices: [UInt32] = []
  var advances: [Float] = []
  /// Each glyph's x in the paragraph, plus one more entry: the run's right edge.
  var xpos: [Float] = []
  var offsets: [Vec2] = []
  /// Word start/end glyph indices in pairs; a forced break is a pair of equal indices.
  var breaks: [UInt32] = []
  /// The text indices of the run's word joiners (U+2060), in glyph order.
  var joiners: [UInt32] = []

  var isRightToLeft: Bool { level & 1 == 1 }
  var count: Int { glyphs.count }
}

/// A paragraph's runs (in logical order) and its base bidi level.
struct ShapedParagraph: Sendable {
  var runs: [GlyphRun]
  var level: UInt8
}
