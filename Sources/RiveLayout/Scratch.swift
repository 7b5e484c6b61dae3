// Scratch storage the solver reuses from one layout to the next. Grid layouts nest (an item can
// itself be a grid measured while its container sizes tracks), so the grid arenas are stacks:
// a grid layout takes the space above the current top and gives it back when it returns.

/// A grid track sizing function (the fork's `StyleSizeLength`).
struct TrackFunction {
  static let undefined: UInt8 = 0
  static let auto: UInt8 = 1
  static let points: UInt8 = 2
  static let percent: UInt8 = 3
  static let stretch: UInt8 = 4

  var unit: UInt8
  var value: Float

  init(unit: UInt8, value: Float) {
    self.unit = unit
    self.value = value
  }

  init(_ breadth: GridTrackSize.Breadth) {
    switch breadth {
    case .points(let v): self.init(unit: TrackFunction.points, value: v)
    case .percent(let v): self.init(unit: TrackFunction.percent, value: v)
    case .fr(let v): self.init(unit: TrackFunction.stretch, value: v)
    case .auto: self.init(unit: TrackFunction.auto, value: 0)
    }
  }

  @_transparent var isAuto: Bool { unit == TrackFunction.auto }
  @_transparent var isPercent: Bool { unit == TrackFunction.percent }
  @_transparent var isStretch: Bool { unit == TrackFunction.stretch }
  @_transparent var isDefined: Bool { unit != TrackFunction.undefined }

  /// The number, for points, percentages and fr; NaN otherwise.
  @_transparent var number: Float {
    unit == TrackFunction.points || unit == TrackFunction.percent || unit == TrackFunction.stretch
      ? value : .nan
  }

  @_transparent func resolve(_ reference: Float) -> Float {
    if unit == TrackFunction.points { return value }
    if unit == TrackFunction.percent { return reference.isNaN ? .nan : value * reference * 0.01 }
    return .nan
  }

  @_transparent func isFixed(_ reference: Float) -> Bool {
    isDefined && !resolve(reference).isNaN
  }

  /// `auto`, or a percentage of an indefinite size (which behaves as `auto`).
  @_transparent func isAutoSizing(_ reference: Float) -> Bool {
    isAuto || (isPercent && reference.isNaN)
  }
}

/// One track of a grid being laid out.
struct GridTrackState {
  var minFunction: TrackFunction
  var maxFunction: TrackFunction
  var baseSize: Float = 0
  var growthLimit: Float = 0
  var infinitelyGrowable = false
  var plannedIncrease: Float = 0
  var itemIncurredIncrease: Float = 0
  var frozen = false
  /// Whether the track is in the set a distribution step is planning for.
  var planned = false
  /// Whether `find the size of an fr` treats the track as inflexible.
  var inflexible = false

  init(_ size: GridTrackSize) {
    minFunction = TrackFunction(size.min)
    maxFunction = TrackFunction(size.max)
  }
}

/// One placed grid item; track indices start at 0 at the first (possibly implicit) track.
struct GridItemState {
  var columnStart: Int
  var columnEnd: Int
  var rowStart: Int
  var rowEnd: Int
  var node: Int32
  var crossesIntrinsicRow = false
  var crossesIntrinsicColumn = false
  var crossesFlexibleRow = false
  var crossesFlexibleColumn = false

  init(columnStart: Int, columnEnd: Int, rowStart: Int, rowEnd: Int, node: Int32) {
    self.columnStart = columnStart
    self.columnEnd = columnEnd
    self.rowStart = rowStart
    self.rowEnd = rowEnd
    self.node = node
  }

  @_transparent func start(_ isWidth: Bool) -> Int { isWidth ? columnStart : rowStart }
  @_transparent func end(_ isWidth: Bool) -> Int { isWidth ? columnEnd : rowEnd }
  @_transparent func crossesIntrinsic(_ isWidth: Bool) -> Bool {
    isWidth ? crossesIntrinsicColumn : crossesIntrinsicRow
  }
  @_transparent func crossesFlexible(_ isWidth: Bool) -> Bool {
    isWidth ? crossesFlexibleColumn : crossesFlexibleRow
  }
}

/// An item's size contribution waiting to be distributed over the tracks it spans
/// (`tracks` is a range of the `indices` arena).
struct SpanContribution {
  var item: Int
  var kind: UInt8
  var tracksStart: Int
  var tracksCount: Int
  var size: Float
}

/// A placed area during auto-placement, before the grid is re-based at its first track.
struct PlacedArea {
  var columnStart: Int
  var columnEnd: Int
  var rowStart: Int
  var rowEnd: Int
  var node: Int32
}

/// An occupied column interval of one row (a singly linked list per row).
struct OccupiedInterval {
  var start: Int
  var end: Int
  var next: Int32
}

struct GridScratch {
  var nodeStack: [Int32] = []
  var floatStack: [Float] = []
  var tracks: [GridTrackState] = []
  var items: [GridItemState] = []
  var floats: [Float] = []
  var indices: [Int] = []
  var contributions: [SpanContribution] = []
  var areas: [PlacedArea] = []
  var rowHeads: [Int32] = []
  var intervals: [OccupiedInterval] = []
  var rowColumnCursor: [(row: Int, column: Int)] = []
  var placed: [Bool] = []
  /// Children whose placement the grid's span budget dropped (see `gridSpanBudget`).
  var reduced: [Bool] = []
  /// Steps the overlap checks of the current solve's grid placements have taken (see
  /// `placementWorkLimit`).
  var placementWork = 0
  /// How many times an append found a buffer full.
  var growths = 0

  @_transparent mutating func note<T>(_ array: [T]) {
    if array.count == array.capacity { growths += 1 }
  }

  mutating func pushNodeStack(_ node: Int) -> Int {
    let base = nodeStack.count
    pushNode(node)
    return base
  }

  @_transparent mutating func pushNode(_ node: Int) {
    note(nodeStack)
    nodeStack.append(Int32(node))
  }

  @_transparent mutating func popNodeStack(above base: Int) -> Int? {
    if nodeStack.count <= base { return nil }
    return Int(nodeStack.removeLast())
  }

  @_transparent mutating func pushFloat(_ value: Float) {
    note(floatStack)
    floatStack.append(value)
  }

  @_transparent mutating func popFloat() -> Float { floatStack.removeLast() }

  @_transparent mutating func appendTrack(_ track: GridTrackState) {
    note(tracks)
    tracks.append(track)
  }

  @_transparent mutating func appendItem(_ item: GridItemState) {
    note(items)
    items.append(item)
  }

  @_transparent mutating func appendFloat(_ value: Float) {
    note(floats)
    floats.append(value)
  }

  @_transparent mutating func appendIndex(_ value: Int) {
    note(indices)
    indices.append(value)
  }

  @_transparent mutating func appendContribution(_ value: SpanContribution) {
    note(contributions)
    contributions.append(value)
  }

  @_transparent mutating func appendArea(_ value: PlacedArea) {
    note(areas)
    areas.append(value)
  }

  /// Truncates an arena back to a frame's base, keeping its capacity.
  @_transparent static func truncate<T>(_ array: inout [T], to count: Int) {
    if array.count > count { array.removeLast(array.count - count) }
  }
}
