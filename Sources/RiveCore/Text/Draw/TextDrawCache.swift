import RiveFormat

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
    /// Whether the entry has been brought up to date once, at which inputs version
    /// (``TextDrawCache/inputVersion``) and with which font for each style (in style order):
    /// nothing the layout is made from has changed while these still hold.
    var isPrepared = false
    var inputVersion: UInt64 = 0
    var styleFonts: [ObjectIdentifier?] = []
    /// Whether a run of the text was set from outside an update since the last one: the text
    /// then draws as it was laid out before (the runtime draws its last update's shapes), and
    /// the next update lays it out again.
    var heldForDraw = false
  }

  /// The entries of the texts that have been laid out or drawn, each at its slot (empty while
  /// taken out).
  private var entries: [OutOfLine<Entry>] = []
  /// By component id: the slot of the component's entry, or -1 (made when first needed).
  private var slots: [Int32] = []

  /// Takes text `c`'s entry out in its box (a new one the first time): the caller works on
  /// it through ``OutOfLine/withValue(_:)`` and hands it back with ``put(_:for:)``. Only the
  /// box moves: an entry holds the text's layout and glyph paths, and moving it out and back
  /// copied several hundred bytes twice a frame.
  mutating func take(_ c: Int, componentCount: Int) -> OutOfLine<Entry> {
    if slots.count < componentCount {
      slots += [Int32](repeating: -1, count: componentCount - slots.count)
    }
    var box = OutOfLine<Entry>()
    if c >= 0, c < slots.count {
      if slots[c] < 0 {
        slots[c] = Int32(entries.count)
        entries.append(OutOfLine())
      }
      swap(&box, &entries[Int(slots[c])])
    }
    if !box.hasValue { box.value = Entry() }
    return box
  }

  /// Puts back text `c`'s entry taken with ``take(_:componentCount:)``.
  mutating func put(_ box: consuming OutOfLine<Entry>, for c: Int) {
    guard c >= 0, c < slots.count, slots[c] >= 0 else { return }
    entries[Int(slots[c])] = consume box
  }

  /// The boxes of the glyphs of text `c`'s value run `run` (its index among the text's value
  /// runs) in its layout: each glyph's advance wide and its line's height, as the runtime's
  /// text gives a run that is a hit target (`TextValueRun::addHitRect`); and the layout's
  /// box transform. Nil when the text has not been laid out.
  func glyphBoxes(_ c: Int, run: Int) -> (boxes: [RectangleUnion.Rect], transform: Transform2D)? {
    guard c >= 0, c < slots.count, slots[c] >= 0,
      let layout = entries[Int(slots[c])].value?.layout
    else { return nil }
    var boxes: [RectangleUnion.Rect] = []
    for glyph in layout.glyphs where glyph.run == run {
      boxes.append(
        RectangleUnion.Rect(
          minX: glyph.x, minY: glyph.lineTop, maxX: glyph.x + glyph.advance,
          maxY: glyph.lineBottom))
    }
    return (boxes, layout.transform)
  }

  /// The bounds of text `c`'s layout, when it has been laid out.
  func layoutBounds(_ c: Int) -> (minX: Float, minY: Float, maxX: Float, maxY: Float)? {
    c >= 0 && c < slots.count && slots[c] >= 0 ? entries[Int(slots[c])].value?.layout.bounds : nil
  }
  /// The fonts text is laid out with in each update pass (see
  /// `ArtboardInstance.measureText(with:)`), nil to lay it out only when drawn.
  var layoutFonts: TextFonts?
  /// The text components, listed once when first needed.
  var textIDs: [Int]?
  /// How many layouts (shaping and line breaking) were made, and how many times glyph paths
  /// were built: a frame whose text did not change adds to neither.
  var layoutsMade = 0
  var pathBuilds = 0
  /// By component id: whether the component is a text or something a text holds (runs,
  /// styles with their axes and features, modifiers), whose changes can change a layout;
  /// empty until a text is first prepared.
  var inputFlags: [Bool] = []
  /// Counts the changes of those components (see `ArtboardInstance.noteTextInputChange`).
  var inputVersion: UInt64 = 0
  /// Fonts made at a style's axis and feature values, by style id (with the base font and
  /// the values they were made from).
  var variants: [Int: (base: ObjectIdentifier, key: [Float], font: TextFont)] = [:]
}
