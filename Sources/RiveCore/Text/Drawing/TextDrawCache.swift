@_spi(RiveFormatInternals) import RiveFormat

/// What an artboard instance keeps between frames for its text: per text component, the
/// inputs its layout was made from, the layout, and the glyph paths of each style. A frame
/// whose text did not change reuses all of it (nothing is shaped, laid out or built again).
struct TextDrawCache: Sendable {
  struct Entry: Sendable {
    var runs: [TextRunInput] = []
    var properties = TextLayoutProperties()
    var fallbacks: [ObjectIdentifier] = []
    var layout = TextLayout()
    /// For text with variation modifiers, its layout before the variations (the ranges'
    /// coverage is found in it), and the modifier values both were made with; whether the
    /// text has such modifiers (found once).
    var coverageLayout: TextLayout?
    var shapeModifierValues: [UInt32] = []
    var varies: Bool?
    /// Styles (indices among the text's styles) in the order they first draw, each with its
    /// paths by modifier opacity (ascending).
    var styles: [(style: Int, buckets: [(opacity: Float, path: RawPath)])] = []
    var pathsAreBuilt = false
    /// The modifier values the paths were built with.
    var modifierValues: [UInt32] = []
    /// Each style background's outline (by style index, with the corner radius it was made
    /// with), made from the layout's glyph boxes.
    var backgrounds: [(style: Int, radius: Float, path: RawPath)] = []
    var backgroundsAreBuilt = false
    /// All glyphs of a style in one path (by style index), kept for styles with an inner
    /// feather.
    var wholePaths: [Int: RawPath] = [:]
    /// The text's styles (object ids, child order).
    var styleIDs: [Int] = []
    /// Scratch run inputs reused when checking for changes.
    var scratch: [TextRunInput] = []
  }

  /// By text component id.
  var entries: [Int: Entry] = [:]
  /// The fonts text is laid out with in each update pass (see
  /// `ArtboardInstance.measureText(with:)`), nil to lay it out only when drawn.
  var layoutFonts: TextFonts?
  /// The text components, listed once when first needed.
  var textIDs: [Int]?
  /// How many layouts (shaping and line breaking) were made, and how many times glyph paths
  /// were built: a frame whose text did not change adds to neither.
  var layoutsMade = 0
  var pathBuilds = 0
  /// Fonts made at a style's axis and feature values, by style id (with the base font and
  /// the values they were made from).
  var variants: [Int: (base: ObjectIdentifier, key: [Float], font: TextFont)] = [:]
}
