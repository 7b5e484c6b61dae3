/// A length in a layout style: a number of points, a percentage of a reference length,
/// `auto`, or undefined (Yoga's `YGValue`).
///
/// Two lengths are equal when their units are equal and, for points and percentages, their
/// values are equal (every NaN equals every other NaN, and `-0` equals `0`), so styles can be
/// compared to decide whether a node needs a new layout.
public struct LayoutLength: Hashable, Sendable {
  /// The number of points or the percentage; ignored for `undefined` and `auto`.
  public var value: Float
  /// What `value` means.
  public var unit: Unit

  /// The unit of a ``LayoutLength``, with Yoga's `YGUnit` raw values.
  public enum Unit: UInt8, Sendable {
    case undefined = 0
    case point = 1
    case percent = 2
    case auto = 3
  }

  /// Creates a length from a value and a unit.
  public init(value: Float, unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// No length (Yoga's `YGValueUndefined`).
  public static let undefined = LayoutLength(value: .nan, unit: .undefined)
  /// The `auto` keyword (Yoga's `YGValueAuto`).
  public static let auto = LayoutLength(value: .nan, unit: .auto)
  /// A length in points.
  public static func points(_ value: Float) -> LayoutLength {
    LayoutLength(value: value, unit: .point)
  }
  /// A percentage of the reference length (`50` is half of it).
  public static func percent(_ value: Float) -> LayoutLength {
    LayoutLength(value: value, unit: .percent)
  }

  public static func == (lhs: LayoutLength, rhs: LayoutLength) -> Bool {
    guard lhs.unit == rhs.unit else { return false }
    switch lhs.unit {
    case .undefined, .auto: return true
    case .point, .percent:
      return lhs.value == rhs.value || (lhs.value.isNaN && rhs.value.isNaN)
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(unit)
    switch unit {
    case .undefined, .auto: break
    case .point, .percent:
      hasher.combine(canonicalBits(value))
    }
  }
}

/// The bit pattern of a float with every NaN and both zeros folded together, for hashing.
func canonicalBits(_ value: Float) -> UInt32 {
  if value.isNaN { return 0x7FC0_0000 }
  if value == 0 { return 0 }
  return value.bitPattern
}

/// The main axis of a flex container (Yoga's `YGFlexDirection`).
public enum FlexDirection: UInt8, Sendable {
  case column = 0
  case columnReverse = 1
  case row = 2
  case rowReverse = 3
}

/// Distribution along the main axis, and a grid item's inline self-alignment (Yoga's `YGJustify`
/// with the fork's appended cases).
public enum Justify: UInt8, Sendable {
  case flexStart = 0
  case center = 1
  case flexEnd = 2
  case spaceBetween = 3
  case spaceAround = 4
  case spaceEvenly = 5
  case auto = 6
  case stretch = 7
  case start = 8
  case end = 9
}

/// Cross-axis and block-axis alignment (Yoga's `YGAlign` with the fork's appended cases).
public enum Align: UInt8, Sendable {
  case auto = 0
  case flexStart = 1
  case center = 2
  case flexEnd = 3
  case stretch = 4
  case baseline = 5
  case spaceBetween = 6
  case spaceAround = 7
  case start = 8
  case end = 9
  case spaceEvenly = 10
}

/// Whether flex items wrap onto several lines (Yoga's `YGWrap`).
public enum FlexWrap: UInt8, Sendable {
  case noWrap = 0
  case wrap = 1
  case wrapReverse = 2
}

/// How a node is positioned (Yoga's `YGPositionType`). Yoga 2.0.1 treats `static` as
/// `relative` in flex layout: insets still apply.
public enum PositionType: UInt8, Sendable {
  case `static` = 0
  case relative = 1
  case absolute = 2
}

/// The layout a node's children get, or none at all (Yoga's `YGDisplay`).
public enum Display: UInt8, Sendable {
  case flex = 0
  case none = 1
  case grid = 2
}

/// Inline direction (Yoga's `YGDirection`).
public enum LayoutDirection: UInt8, Sendable {
  case inherit = 0
  case ltr = 1
  case rtl = 2
}

/// Overflow behaviour; it changes the measure modes a container gives its children
/// (Yoga's `YGOverflow`).
public enum Overflow: UInt8, Sendable {
  case visible = 0
  case hidden = 1
  case scroll = 2
}

/// How a measured size relates to the size offered (Yoga's `YGMeasureMode`).
public enum MeasureMode: UInt8, Sendable {
  /// No constraint: report the content's natural size (the offered size is NaN).
  case undefined = 0
  /// The node will be exactly the offered size.
  case exactly = 1
  /// The node may be at most the offered size.
  case atMost = 2
}

/// An edge of a style's margin, position (inset), padding or border (Yoga's `YGEdge`).
public enum Edge: Int, Sendable, CaseIterable {
  case left = 0
  case top = 1
  case right = 2
  case bottom = 3
  /// Left in left-to-right, right in right-to-left; wins over `left`/`right`.
  case start = 4
  /// Right in left-to-right, left in right-to-left; wins over `left`/`right`.
  case end = 5
  /// Left and right, when neither (nor start/end) is set.
  case horizontal = 6
  /// Top and bottom, when neither is set.
  case vertical = 7
  /// Every edge not set otherwise.
  case all = 8
}

/// A length per ``Edge``; unset edges are ``LayoutLength/undefined``.
public struct EdgeValues: Hashable, Sendable {
  var storage:
    (
      LayoutLength, LayoutLength, LayoutLength, LayoutLength, LayoutLength, LayoutLength,
      LayoutLength, LayoutLength, LayoutLength
    )

  /// Every edge undefined.
  public init() {
    let u = LayoutLength.undefined
    storage = (u, u, u, u, u, u, u, u, u)
  }

  /// The length of one edge.
  public subscript(edge: Edge) -> LayoutLength {
    get {
      switch edge {
      case .left: return storage.0
      case .top: return storage.1
      case .right: return storage.2
      case .bottom: return storage.3
      case .start: return storage.4
      case .end: return storage.5
      case .horizontal: return storage.6
      case .vertical: return storage.7
      case .all: return storage.8
      }
    }
    set {
      switch edge {
      case .left: storage.0 = newValue
      case .top: storage.1 = newValue
      case .right: storage.2 = newValue
      case .bottom: storage.3 = newValue
      case .start: storage.4 = newValue
      case .end: storage.5 = newValue
      case .horizontal: storage.6 = newValue
      case .vertical: storage.7 = newValue
      case .all: storage.8 = newValue
      }
    }
  }

  public static func == (lhs: EdgeValues, rhs: EdgeValues) -> Bool {
    let a = lhs.storage
    let b = rhs.storage
    return a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3 && a.4 == b.4 && a.5 == b.5
      && a.6 == b.6 && a.7 == b.7 && a.8 == b.8
  }

  public func hash(into hasher: inout Hasher) {
    for edge in Edge.allCases { hasher.combine(self[edge]) }
  }
}

/// The gaps between rows and columns (Yoga's gutters). `all` applies where `column` or `row`
/// is undefined.
public struct GapValues: Hashable, Sendable {
  /// The gap between columns (along a row).
  public var column: LayoutLength
  /// The gap between rows (along a column).
  public var row: LayoutLength
  /// Both gaps, where the specific one is undefined.
  public var all: LayoutLength

  /// Creates gaps; all undefined (zero gap) by default.
  public init(
    column: LayoutLength = .undefined, row: LayoutLength = .undefined,
    all: LayoutLength = .undefined
  ) {
    self.column = column
    self.row = row
    self.all = all
  }
}

/// A width and a height.
public struct LayoutDimensions: Hashable, Sendable {
  /// The horizontal length.
  public var width: LayoutLength
  /// The vertical length.
  public var height: LayoutLength

  /// Creates a pair of lengths.
  public init(width: LayoutLength, height: LayoutLength) {
    self.width = width
    self.height = height
  }
}

/// The size of one grid track: a minimum and a maximum breadth (CSS `minmax(min, max)`; a
/// plain size has equal breadths, `fr` has an `auto` minimum).
public struct GridTrackSize: Hashable, Sendable {
  /// One breadth of a track.
  public enum Breadth: Hashable, Sendable {
    /// A length in points.
    case points(Float)
    /// A percentage of the grid container's inner size in that axis.
    case percent(Float)
    /// A share of the free space (only meaningful as a maximum).
    case fr(Float)
    /// Sized by the content.
    case auto

    public static func == (lhs: Breadth, rhs: Breadth) -> Bool {
      switch (lhs, rhs) {
      case (.points(let a), .points(let b)), (.percent(let a), .percent(let b)),
        (.fr(let a), .fr(let b)):
        return a == b || (a.isNaN && b.isNaN)
      case (.auto, .auto): return true
      default: return false
      }
    }

    public func hash(into hasher: inout Hasher) {
      switch self {
      case .points(let v):
        hasher.combine(0)
        hasher.combine(canonicalBits(v))
      case .percent(let v):
        hasher.combine(1)
        hasher.combine(canonicalBits(v))
      case .fr(let v):
        hasher.combine(2)
        hasher.combine(canonicalBits(v))
      case .auto: hasher.combine(3)
      }
    }
  }

  /// The minimum track sizing function.
  public var min: Breadth
  /// The maximum track sizing function.
  public var max: Breadth

  /// Creates a track from its two breadths (CSS `minmax(min, max)`).
  public init(min: Breadth, max: Breadth) {
    self.min = min
    self.max = max
  }

  /// A fixed track of `value` points.
  public static func points(_ value: Float) -> GridTrackSize {
    GridTrackSize(min: .points(value), max: .points(value))
  }
  /// A track of `value` percent of the container.
  public static func percent(_ value: Float) -> GridTrackSize {
    GridTrackSize(min: .percent(value), max: .percent(value))
  }
  /// A flexible track (`1fr` is `fr(1)`), with an `auto` minimum as in CSS.
  public static func fr(_ value: Float) -> GridTrackSize {
    GridTrackSize(min: .auto, max: .fr(value))
  }
  /// A content-sized track.
  public static let auto = GridTrackSize(min: .auto, max: .auto)
  /// CSS `minmax(min, max)`.
  public static func minmax(_ min: Breadth, _ max: Breadth) -> GridTrackSize {
    GridTrackSize(min: min, max: max)
  }
}

/// A grid placement line (`grid-column-start` and its siblings).
public struct GridLine: Hashable, Sendable {
  /// What a placement says.
  public enum Kind: UInt8, Sendable {
    /// Automatic placement.
    case auto
    /// A line number: 1 is the first line, negative numbers count from the last explicit line.
    case line
    /// A span of `value` tracks.
    case span
  }

  /// What the placement says.
  public var kind: Kind
  /// The line number or the span (0 for `auto`).
  public var value: Int

  /// Creates a placement.
  public init(kind: Kind, value: Int) {
    self.kind = kind
    self.value = value
  }

  /// Automatic placement.
  public static let auto = GridLine(kind: .auto, value: 0)
  /// A line number (negative counts from the end of the explicit grid).
  public static func line(_ number: Int) -> GridLine { GridLine(kind: .line, value: number) }
  /// A span of `count` tracks.
  public static func span(_ count: Int) -> GridLine { GridLine(kind: .span, value: count) }
}
