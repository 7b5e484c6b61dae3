/// The retained frame of one artboard instance: the renderer paths and paints its draws refer
/// to, kept from frame to frame and refreshed only where a frame changed them, as the official
/// runtime keeps its render paths and paints alive and rebuilds what its dirt names.
///
/// A path slot mirrors one of the instance's paint paths (by generation: the slot takes the
/// path again only when its geometry changed since it was last taken); a paint slot mirrors one
/// of its fill or stroke states (compared field by field). Display lists refer to slots, not to
/// copies. A slot takes a path by sharing its storage (copy-on-write), not by copying it: the
/// instance rebuilds a changed path in a second buffer of its own (the one the slot gave back),
/// so neither side copies or allocates.
///
/// A retained frame is changed only while the instance that draws it is its only owner
/// besides the list being drawn (the core's `ArtboardInstance` copies it first otherwise), so
/// a display list that refers to it sees the frame it was drawn with: it is a value in effect,
/// and `@unchecked Sendable` on that rule. For the same reason its storage needs no dynamic
/// exclusivity checks (`@exclusivity(unchecked)`: they cost more than the draw itself).
public final class RetainedPaths: @unchecked Sendable {
  /// The paint paths as last taken, by paint-path slot (empty until first drawn).
  @exclusivity(unchecked) @usableFromInline var paths: [RawPath] = []
  /// The paint-path generation each slot was taken at (0: never).
  @exclusivity(unchecked) @usableFromInline var generations: [UInt32] = []
  /// The draw (``drawStamp``) in which each path slot was last handed out.
  @exclusivity(unchecked) @usableFromInline var pathStamps: [UInt32] = []
  /// The paints, by paint slot.
  @exclusivity(unchecked) @usableFromInline var paints: [RenderPaint] = []
  /// The paint-state generation each paint slot was last compared at (0: never).
  @exclusivity(unchecked) @usableFromInline var paintGenerations: [UInt32] = []
  /// The draw in which each paint slot was last handed out.
  @exclusivity(unchecked) @usableFromInline var paintStamps: [UInt32] = []
  /// Counts draws of the owning instance; stamps of an earlier draw are stale.
  @exclusivity(unchecked) @usableFromInline var drawStamp: UInt32 = 1
  /// How many changed paths the slots took since the instance was created (tests and
  /// `rive-bench` read it: a steady frame takes none).
  @exclusivity(unchecked) @usableFromInline package var pathUpdates = 0

  @usableFromInline
  package init() {}

  /// A copy to draw the next frame into while a list still refers to this one.
  package func copy() -> RetainedPaths {
    let copy = RetainedPaths()
    copy.paths = paths
    copy.generations = generations
    copy.pathStamps = pathStamps
    copy.paints = paints
    copy.paintGenerations = paintGenerations
    copy.paintStamps = paintStamps
    copy.drawStamp = drawStamp
    copy.pathUpdates = pathUpdates
    return copy
  }

  /// Makes room for `pathCount` path slots and `paintCount` paint slots.
  @usableFromInline
  package func reserve(pathCount: Int, paintCount: Int) {
    if paths.count < pathCount {
      let missing = pathCount - paths.count
      paths.append(contentsOf: repeatElement(RawPath(), count: missing))
      generations.append(contentsOf: repeatElement(0, count: missing))
      pathStamps.append(contentsOf: repeatElement(0, count: missing))
    }
    if paints.count < paintCount {
      let missing = paintCount - paints.count
      let blank = RenderPaint(style: .fill, color: nil)
      paints.append(contentsOf: repeatElement(blank, count: missing))
      paintStamps.append(contentsOf: repeatElement(0, count: missing))
      paintGenerations.append(contentsOf: repeatElement(0, count: missing))
    }
  }

  // MARK: - The drawing instance's calls
  //
  // The core's draw walk reaches the slots only through these, and they are inlined into it:
  // an access to the storage compiled in another module is checked for exclusivity at run
  // time (`@exclusivity(unchecked)` applies to the accesses compiled here), which costs more
  // than the draw.

  /// Starts a draw: a new stamp, and room for `pathCount` path slots and `paintCount` paint
  /// slots.
  @inlinable @inline(__always)
  package func beginDraw(pathCount: Int, paintCount: Int) {
    drawStamp &+= 1
    if drawStamp == 0 { drawStamp = 1 }
    if paths.count < pathCount || paints.count < paintCount {
      reserve(pathCount: pathCount, paintCount: paintCount)
    }
  }

  /// Whether path slot `path` and paint slot `paint` exist (a negative paint: a clip).
  @inlinable @inline(__always)
  package func hasSlots(path: Int, paint: Int) -> Bool {
    path < paths.count && paint < paints.count
  }

  /// Whether path slot `slot` was last taken at `generation`.
  @inlinable @inline(__always)
  package func pathIsCurrent(_ slot: Int, generation: UInt32) -> Bool {
    generations[slot] == generation
  }

  /// The generation path slot `slot` was last taken at (0: never).
  @inlinable
  package func pathGeneration(_ slot: Int) -> UInt32 { generations[slot] }

  /// Whether path slot `slot` was handed out in this draw (its contents must not change).
  @inlinable @inline(__always)
  package func pathIsHandedOut(_ slot: Int) -> Bool { pathStamps[slot] == drawStamp }

  /// Puts `raw` into path slot `slot`, at `generation`, sharing its storage; the slot lets go
  /// of the path it held (so the instance's spare buffer is its own again).
  @inlinable @inline(__always)
  package func takePath(_ slot: Int, generation: UInt32, from raw: RawPath) {
    paths[slot] = raw
    generations[slot] = generation
    pathUpdates &+= 1
  }

  /// Whether path slot `slot` holds `raw`'s storage itself (it took the path without a copy).
  package func sharesStorage(path slot: Int, with raw: RawPath) -> Bool {
    guard slot >= 0, slot < paths.count else { return false }
    let held = paths[slot].points.withUnsafeBufferPointer { $0.baseAddress }
    return held != nil && held == raw.points.withUnsafeBufferPointer { $0.baseAddress }
  }

  /// Whether paint slot `slot` was last compared at `generation`.
  @inlinable @inline(__always)
  package func paintIsCurrent(_ slot: Int, generation: UInt32) -> Bool {
    paintGenerations[slot] == generation
  }

  /// The paint in slot `slot`.
  @inlinable @inline(__always)
  package func paint(at slot: Int) -> RenderPaint { paints[slot] }

  /// `body` on the paint in slot `slot`, read where it is (not copied); nil when there is no
  /// such slot.
  @inlinable @inline(__always)
  package func withPaint<Result>(at slot: Int, _ body: (UnsafePointer<RenderPaint>) -> Result)
    -> Result?
  {
    paints.withUnsafeBufferPointer { paints in
      guard slot >= 0, slot < paints.count, let base = paints.baseAddress else { return nil }
      return body(base + slot)
    }
  }

  /// Whether paint slot `slot` was handed out in this draw (its paint must not change).
  @inlinable @inline(__always)
  package func paintIsHandedOut(_ slot: Int) -> Bool { paintStamps[slot] == drawStamp }

  /// Puts `paint` into paint slot `slot`.
  @inlinable @inline(__always)
  package func setPaint(_ slot: Int, _ paint: RenderPaint) { paints[slot] = paint }

  /// Records that paint slot `slot` was compared at `generation`.
  @inlinable @inline(__always)
  package func setPaintGeneration(_ slot: Int, _ generation: UInt32) {
    paintGenerations[slot] = generation
  }

  /// Marks path slot `path`, and paint slot `paint` unless it is negative, as handed out in
  /// this draw.
  @inlinable @inline(__always)
  package func stamp(path: Int, paint: Int) {
    pathStamps[path] = drawStamp
    if paint >= 0 { paintStamps[paint] = drawStamp }
  }

  /// The renderer path of slot `slot` with fill rule `rule`.
  @inlinable
  package func renderPath(_ slot: Int, rule: FillRule) -> RenderPath {
    RenderPath(fillRule: rule, raw: paths[slot])
  }
}

/// A retained path clipped to, or drawn with a retained paint: what an artboard hands a
/// renderer in place of a ``DrawOperation/clipPath(_:)`` or ``DrawOperation/drawPath(_:_:)``.
public struct RetainedDraw: Sendable {
  @usableFromInline let frame: RetainedPaths
  @usableFromInline let path: Int32
  @usableFromInline let rule: FillRule
  /// The paint slot, or -1 for a clip.
  @usableFromInline let paint: Int32

  /// A reference to path slot `path` of `frame`, drawn with paint slot `paint` (or clipped to,
  /// when `paint` is negative).
  @inlinable @inline(__always)
  package init(frame: RetainedPaths, path: Int32, rule: FillRule, paint: Int32) {
    self.frame = frame
    self.path = path
    self.rule = rule
    self.paint = paint
  }

  /// The operation this stands for.
  @inlinable
  public var operation: DrawOperation {
    let path = frame.renderPath(Int(path), rule: rule)
    return paint < 0 ? .clipPath(path) : .drawPath(path, frame.paints[Int(paint)])
  }
}
