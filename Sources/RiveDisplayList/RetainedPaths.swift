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
  /// A path slot: the paint path as last taken, the generation it was taken at (0: never) and
  /// the draw (``drawStamp``) in which it was last handed out.
  @usableFromInline
  struct PathSlot {
    @usableFromInline var path: RawPath
    @usableFromInline var generation: UInt32
    @usableFromInline var stamp: UInt32

    @inlinable
    init() {
      path = RawPath()
      generation = 0
      stamp = 0
    }
  }

  /// A paint slot: the paint, the paint-state generation it was last compared at (0: never)
  /// and the draw in which it was last handed out.
  @usableFromInline
  struct PaintSlot {
    @usableFromInline var paint: RenderPaint
    @usableFromInline var generation: UInt32
    @usableFromInline var stamp: UInt32

    @inlinable
    init() {
      paint = RenderPaint(style: .fill, color: nil)
      generation = 0
      stamp = 0
    }
  }

  // The slots live in storage of the frame's own, one record per slot: a walk reads and
  // writes a slot's fields through one pointer, where an array per field checked each array
  // for a unique owner on every write (six checks a path drawn) and each index for its bounds.
  /// The path slots (``pathCount`` of them initialized).
  @exclusivity(unchecked) @usableFromInline var pathSlots: UnsafeMutablePointer<PathSlot>
  @exclusivity(unchecked) @usableFromInline var pathCount = 0
  /// The paint slots (``paintCount`` of them initialized).
  @exclusivity(unchecked) @usableFromInline var paintSlots: UnsafeMutablePointer<PaintSlot>
  @exclusivity(unchecked) @usableFromInline var paintCount = 0
  /// Counts draws of the owning instance; stamps of an earlier draw are stale.
  @exclusivity(unchecked) @usableFromInline var drawStamp: UInt32 = 1
  /// How many changed paths the slots took since the instance was created (tests and
  /// `rive-bench` read it: a steady frame takes none).
  @exclusivity(unchecked) @usableFromInline package var pathUpdates = 0

  @usableFromInline
  package init() {
    pathSlots = UnsafeMutablePointer.allocate(capacity: 0)
    paintSlots = UnsafeMutablePointer.allocate(capacity: 0)
  }

  deinit {
    pathSlots.deinitialize(count: pathCount)
    pathSlots.deallocate()
    paintSlots.deinitialize(count: paintCount)
    paintSlots.deallocate()
  }

  /// A copy to draw the next frame into while a list still refers to this one.
  package func copy() -> RetainedPaths {
    let copy = RetainedPaths()
    copy.pathSlots.deallocate()
    copy.pathSlots = UnsafeMutablePointer.allocate(capacity: pathCount)
    copy.pathSlots.initialize(from: pathSlots, count: pathCount)
    copy.pathCount = pathCount
    copy.paintSlots.deallocate()
    copy.paintSlots = UnsafeMutablePointer.allocate(capacity: paintCount)
    copy.paintSlots.initialize(from: paintSlots, count: paintCount)
    copy.paintCount = paintCount
    copy.drawStamp = drawStamp
    copy.pathUpdates = pathUpdates
    return copy
  }

  /// Makes room for `pathCount` path slots and `paintCount` paint slots.
  @usableFromInline
  package func reserve(pathCount wantedPaths: Int, paintCount wantedPaints: Int) {
    Self.grow(&pathSlots, count: &pathCount, to: wantedPaths, with: PathSlot())
    Self.grow(&paintSlots, count: &paintCount, to: wantedPaints, with: PaintSlot())
  }

  /// Moves `count` records of `slots` into storage for `wanted` (when that is more), the new
  /// ones `blank`.
  private static func grow<Slot>(
    _ slots: inout UnsafeMutablePointer<Slot>, count: inout Int, to wanted: Int, with blank: Slot
  ) {
    guard count < wanted else { return }
    let grown = UnsafeMutablePointer<Slot>.allocate(capacity: wanted)
    grown.moveInitialize(from: slots, count: count)
    (grown + count).initialize(repeating: blank, count: wanted - count)
    slots.deallocate()
    slots = grown
    count = wanted
  }

  // MARK: - The drawing instance's calls
  //
  // The core's draw walk reaches the slots only through these, and they are inlined into it.
  // Slot indices are checked once per path drawn (``hasSlots(path:paint:)``), before the
  // others are called with them.

  /// Starts a draw: a new stamp, and room for `pathCount` path slots and `paintCount` paint
  /// slots.
  @inlinable @inline(__always)
  package func beginDraw(pathCount wantedPaths: Int, paintCount wantedPaints: Int) {
    drawStamp &+= 1
    if drawStamp == 0 { drawStamp = 1 }
    if pathCount < wantedPaths || paintCount < wantedPaints {
      reserve(pathCount: wantedPaths, paintCount: wantedPaints)
    }
  }

  /// Whether path slot `path` and paint slot `paint` exist (a negative paint: a clip).
  @inlinable @inline(__always)
  package func hasSlots(path: Int, paint: Int) -> Bool {
    path >= 0 && path < pathCount && paint < paintCount
  }

  /// Whether path slot `slot` was last taken at `generation`.
  @inlinable @inline(__always)
  package func pathIsCurrent(_ slot: Int, generation: UInt32) -> Bool {
    pathSlots[slot].generation == generation
  }

  /// The generation path slot `slot` was last taken at (0: never; also for no such slot).
  @inlinable
  package func pathGeneration(_ slot: Int) -> UInt32 {
    slot >= 0 && slot < pathCount ? pathSlots[slot].generation : 0
  }

  /// Whether path slot `slot` was handed out in this draw (its contents must not change).
  @inlinable @inline(__always)
  package func pathIsHandedOut(_ slot: Int) -> Bool { pathSlots[slot].stamp == drawStamp }

  /// Puts `raw` into path slot `slot`, at `generation`, sharing its storage; the slot lets go
  /// of the path it held (so the instance's spare buffer is its own again).
  @inlinable @inline(__always)
  package func takePath(_ slot: Int, generation: UInt32, from raw: RawPath) {
    pathSlots[slot].path = raw
    pathSlots[slot].generation = generation
    pathUpdates &+= 1
  }

  /// Whether path slot `slot` holds `raw`'s storage itself (it took the path without a copy).
  package func sharesStorage(path slot: Int, with raw: RawPath) -> Bool {
    guard slot >= 0, slot < pathCount else { return false }
    let held = pathSlots[slot].path.points.withUnsafeBufferPointer { $0.baseAddress }
    return held != nil && held == raw.points.withUnsafeBufferPointer { $0.baseAddress }
  }

  /// Whether paint slot `slot` was last compared at `generation`.
  @inlinable @inline(__always)
  package func paintIsCurrent(_ slot: Int, generation: UInt32) -> Bool {
    paintSlots[slot].generation == generation
  }

  /// The paint in slot `slot` (a blank fill for no such slot).
  @inlinable
  package func paint(at slot: Int) -> RenderPaint {
    slot >= 0 && slot < paintCount ? paintSlots[slot].paint : RenderPaint(style: .fill, color: nil)
  }

  /// `body` on the paint in slot `slot`, read where it is (not copied); nil when there is no
  /// such slot.
  @inlinable @inline(__always)
  package func withPaint<Result>(at slot: Int, _ body: (UnsafePointer<RenderPaint>) -> Result)
    -> Result?
  {
    guard slot >= 0, slot < paintCount else { return nil }
    return withUnsafeMutablePointer(to: &paintSlots[slot].paint) { body(UnsafePointer($0)) }
  }

  /// Whether paint slot `slot` was handed out in this draw (its paint must not change).
  @inlinable @inline(__always)
  package func paintIsHandedOut(_ slot: Int) -> Bool { paintSlots[slot].stamp == drawStamp }

  /// Puts `paint` into paint slot `slot`.
  @inlinable @inline(__always)
  package func setPaint(_ slot: Int, _ paint: RenderPaint) { paintSlots[slot].paint = paint }

  /// Records that paint slot `slot` was compared at `generation`.
  @inlinable @inline(__always)
  package func setPaintGeneration(_ slot: Int, _ generation: UInt32) {
    paintSlots[slot].generation = generation
  }

  /// Marks path slot `path`, and paint slot `paint` unless it is negative, as handed out in
  /// this draw.
  @inlinable @inline(__always)
  package func stamp(path: Int, paint: Int) {
    pathSlots[path].stamp = drawStamp
    if paint >= 0 { paintSlots[paint].stamp = drawStamp }
  }

  /// The renderer path of slot `slot` with fill rule `rule` (an empty path for no such slot).
  @inlinable
  package func renderPath(_ slot: Int, rule: FillRule) -> RenderPath {
    let raw = slot >= 0 && slot < pathCount ? pathSlots[slot].path : RawPath()
    return RenderPath(fillRule: rule, raw: raw)
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
    return paint < 0 ? .clipPath(path) : .drawPath(path, frame.paint(at: Int(paint)))
  }
}
