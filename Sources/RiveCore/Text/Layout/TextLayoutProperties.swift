import RiveFormat

/// The properties of a text component that shaping and layout read.
struct TextLayoutProperties: Sendable, Equatable {
  enum Sizing: UInt32, Sendable {
    case autoWidth = 0
    case autoHeight = 1
    case fixed = 2
  }

  enum Overflow: UInt32, Sendable {
    case visible = 0
    case hidden = 1
    case clipped = 2
    case ellipsis = 3
    case fit = 4
    case fitFontSize = 5
  }

  enum VerticalAlignment: UInt32, Sendable {
    case top = 0
    case bottom = 1
    case middle = 2
  }

  var align: TextAlignment = .left
  var sizing: Sizing = .autoWidth
  var overflow: Overflow = .visible
  var width: Float = 0
  var height: Float = 0
  var originX: Float = 0
  var originY: Float = 0
  var paragraphSpacing: Float = 0
  /// Whether the text's origin is the first line's baseline (else the box top).
  var originIsBaseline = false
  var wraps = true
  var verticalAlign: VerticalAlignment = .top
  var fitFromBaseline = true
  /// Vertical trim: the top edge (0 none, 1 cap height, 2 x-height) and the bottom edge
  /// (0 none, 1 the baseline, 2 the font's descent) the box is trimmed to.
  var trimTop: UInt32 = 0
  var trimBottom: UInt32 = 0
  /// Whether the text's parent is a layout component other than the artboard: auto-width
  /// text then still breaks and aligns its lines in its width, as the runtime does.
  var parentIsLayout = false

  /// The width and height a layout gives the text's box (nil where no layout controls it).
  var layoutWidth: Float?
  var layoutHeight: Float?

  /// Overflow treats the box as fixed: fixed sizing, or a width a layout controls.
  var overflowAsFixed: Bool { sizing == .fixed || layoutWidth != nil }
}

/// One run of a text component as layout reads it: its string (as scalars) and its style.
struct TextRunInput: Sendable, Equatable {
  var text: String
  /// Index of the run's style among the text's styles, or -1 for none.
  var style: Int
  var font: TextFont?
  var fontSize: Float
  var lineHeight: Float
  var letterSpacing: Float
  /// The index of the value run this stretch is part of, when a run is set in several fonts
  /// (variation modifiers split it); -1 when the input is a whole run (its own index).
  var source = -1

  static func == (lhs: TextRunInput, rhs: TextRunInput) -> Bool {
    lhs.text == rhs.text && lhs.style == rhs.style && lhs.font === rhs.font
      && lhs.fontSize == rhs.fontSize && lhs.lineHeight == rhs.lineHeight
      && lhs.letterSpacing == rhs.letterSpacing && lhs.source == rhs.source
  }
}
