// Per-node storage of the arena: tree links, flags, the compiled style and Yoga's layout state
// (results, the computed flex basis and the measurement cache).

/// One remembered layout or measurement (Yoga's `YGCachedMeasurement`).
struct CachedMeasurement {
  var availableWidth: Float = -1
  var availableHeight: Float = -1
  var widthMode: UInt8 = 0
  var heightMode: UInt8 = 0
  var computedWidth: Float = -1
  var computedHeight: Float = -1
}

/// How many measurements Yoga 2.0.1 keeps per node besides the last layout
/// (`YG_MAX_CACHED_RESULT_COUNT`).
let measurementCacheSize = 8

/// Yoga's `YGLayout`, less the measurement array (kept in one flat array of the tree).
struct NodeLayout {
  /// Left, top, right, bottom.
  var position: (Float, Float, Float, Float) = (0, 0, 0, 0)
  var width: Float = .nan
  var height: Float = .nan
  var margin: (Float, Float, Float, Float) = (0, 0, 0, 0)
  var border: (Float, Float, Float, Float) = (0, 0, 0, 0)
  var padding: (Float, Float, Float, Float) = (0, 0, 0, 0)
  var direction: UInt8 = 0
  var hadOverflow = false
  var computedFlexBasisGeneration: UInt32 = 0
  var computedFlexBasis: Float = .nan
  var generationCount: UInt32 = 0
  var lastOwnerDirection: UInt8 = 0
  var nextCachedMeasurementsIndex: Int = 0
  var measuredWidth: Float = .nan
  var measuredHeight: Float = .nan
  var cachedLayout = CachedMeasurement()

  @_transparent func positionAt(_ edge: Int) -> Float {
    switch edge {
    case 0: return position.0
    case 1: return position.1
    case 2: return position.2
    default: return position.3
    }
  }

  @_transparent mutating func setPosition(_ value: Float, _ edge: Int) {
    switch edge {
    case 0: position.0 = value
    case 1: position.1 = value
    case 2: position.2 = value
    default: position.3 = value
    }
  }

  @_transparent func measured(_ dimension: Int) -> Float {
    dimension == 0 ? measuredWidth : measuredHeight
  }

  @_transparent mutating func setMeasured(_ value: Float, _ dimension: Int) {
    if dimension == 0 { measuredWidth = value } else { measuredHeight = value }
  }
}

/// Sets one edge of a left/top/right/bottom tuple.
@_transparent
func setEdge(_ tuple: inout (Float, Float, Float, Float), _ edge: Int, _ value: Float) {
  switch edge {
  case 0: tuple.0 = value
  case 1: tuple.1 = value
  case 2: tuple.2 = value
  default: tuple.3 = value
  }
}

/// A node of the arena.
struct NodeRecord {
  static let none: Int32 = -1

  var parent: Int32 = NodeRecord.none
  /// Where the node's children start in the tree's flat child list (valid while the tree's
  /// structure is unchanged since the list was rebuilt).
  var childStart: Int32 = 0
  var childCount: Int32 = 0
  var lineIndex: UInt32 = 0
  var isAlive = true
  var isDirty = false
  var hasNewLayout = true
  var hasMeasure = false
  var style = CompiledStyle()
  /// Yoga's `resolvedDimensions_` (width, height): the max dimension where max equals min,
  /// else the dimension. Refreshed where Yoga refreshes it, so it can be stale as in Yoga.
  var resolvedWidth = Val.undefined
  var resolvedHeight = Val.undefined
  var layout = NodeLayout()

  @_transparent func resolvedDimension(_ dimension: Int) -> Val {
    dimension == 0 ? resolvedWidth : resolvedHeight
  }
}
