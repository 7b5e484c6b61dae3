@_spi(RiveFormatInternals) import RiveFormat

/// Scroll bars: a scroll bar constraint sits on a thumb (its parent layout) inside a track (the
/// thumb's parent layout) and follows a scroll constraint: it moves the thumb along the track's
/// inner length as far as the scroll is scrolled and, with auto size, sizes the thumb to the
/// share of the content the viewport shows (shortened where elastic physics overscrolls), as
/// the official runtime's `ScrollBarConstraint` does.
extension ArtboardInstance {
  /// Whether object `k` is a scroll bar constraint.
  func isScrollBar(_ k: Int) -> Bool {
    k >= 0 && k < model.types.count && model.types[k] == UInt16(TypeKey.scrollBarConstraint)
  }

  /// The scroll constraint scroll bar `k` follows (nil when it names no working one).
  func scrollBarScroll(_ k: Int) -> Int? {
    let id = Int(uint(k, Slot.scrollBarConstraintScrollConstraintId))
    guard id < model.types.count, isScrollConstraint(id) else { return nil }
    return id
  }

  /// The thumb (the bar's parent layout) and the track (the thumb's parent layout).
  func scrollBarParts(_ k: Int) -> (thumb: Int, track: Int)? {
    let thumb = Int(model.parents[k])
    guard thumb >= 0, model.isA(thumb, TypeKey.layoutComponent) else { return nil }
    let track = Int(model.parents[thumb])
    guard track >= 0, model.isA(track, TypeKey.layoutComponent) else { return nil }
    return (thumb, track)
  }

  /// The scroll bars that follow scroll constraint `k`.
  func scrollBars(following k: Int) -> [Int] {
    model.types.indices.filter { isScrollBar($0) && scrollBarScroll($0) == k }
  }

  /// The track's inner size: its box less its padding.
  func scrollBarTrackInner(_ track: Int) -> (width: Float, height: Float) {
    let box = scrollBox(track)
    let padding = scrollPadding(track)
    return (
      box.width - padding.left - padding.width, box.height - padding.top - padding.height
    )
  }

  /// The thumb's length along x (`horizontal`) or y: with auto size, the track's inner length
  /// times the share of the content the viewport shows; else the thumb's laid-out length.
  func scrollBarThumbLength(_ k: Int, scroll s: Int, horizontal: Bool) -> Float {
    guard let parts = scrollBarParts(k) else { return 0 }
    guard bool(k, Slot.scrollBarConstraintAutoSize) else {
      let box = scrollBox(parts.thumb)
      return horizontal ? box.width : box.height
    }
    let inner = scrollBarTrackInner(parts.track)
    let content = horizontal ? scrollContentWidth(s) : scrollContentHeight(s)
    let viewport = horizontal ? scrollViewportWidth(s) : scrollViewportHeight(s)
    let ratio = content == 0 ? 1 : Swift.min(1, viewport / content)
    return (horizontal ? inner.width : inner.height) * ratio
  }

  /// Where the thumb goes along one axis and how long it is there: the scroll's share of its
  /// range times the track's free length, the thumb shortened by what runs past either end.
  func scrollBarPlace(_ k: Int, scroll s: Int, horizontal: Bool) -> (
    offset: Float, length: Float
  )? {
    guard let parts = scrollBarParts(k) else { return nil }
    let inner = scrollBarTrackInner(parts.track)
    var length = scrollBarThumbLength(k, scroll: s, horizontal: horizontal)
    let free = (horizontal ? inner.width : inner.height) - length
    let maxOffset = horizontal ? scrollMaxOffsetX(s) : scrollMaxOffsetY(s)
    let offset = horizontal ? scrollClampedOffsetX(s) : scrollClampedOffsetY(s)
    var place = maxOffset == 0 ? 0 : offset / maxOffset * free
    // An unbounded range (an infinite scroll) or a hostile size places nothing.
    guard place.isFinite, length.isFinite else { return nil }
    if place < 0 {
      length += place
      place = 0
    } else if place > free {
      length -= place - free
      if !bool(k, Slot.scrollBarConstraintAutoSize) { place = free }
    }
    return (place, length)
  }

  /// Applies scroll bar `k` to its thumb `c` (run after `c`'s world transform is composed):
  /// the thumb moves in the track's frame, blended by the bar's strength, and an auto-sized
  /// thumb takes its length for the next layout pass.
  mutating func constrainScrollBar(_ k: Int, _ c: Int, model g: GeometryModel) {
    guard let s = scrollBarScroll(k), let parts = scrollBarParts(k), parts.thumb == c else {
      return
    }
    let direction = uint(k, Slot.draggableConstraintDirectionValue)
    let autoSize = bool(k, Slot.scrollBarConstraintAutoSize)
    var x: Float = 0
    var y: Float = 0
    var forced = forcedLayoutSize(c)
    if direction == 0 || direction == 2, let place = scrollBarPlace(k, scroll: s, horizontal: true)
    {
      x = place.offset
      if autoSize { forced.width = place.length }
    }
    if direction == 1 || direction == 2, let place = scrollBarPlace(k, scroll: s, horizontal: false)
    {
      y = place.offset
      if autoSize { forced.height = place.length }
    }
    if autoSize { setForcedLayoutSize(c, forced) }
    moveInParentSpace(c, x: x, y: y, constraint: k, model: g)
  }

  /// The size layout component `c` is forced to (NaN where it is not).
  func forcedLayoutSize(_ c: Int) -> (width: Float, height: Float) {
    guard let item = model.layout.item(of: c), let size = layout.forcedSizes[item] else {
      return (.nan, .nan)
    }
    return size
  }

  /// Forces layout component `c`'s size (NaN: its own): its node's style takes it when the
  /// layout is solved again, before the update ends, as a forced size in the runtime does.
  mutating func setForcedLayoutSize(_ c: Int, _ size: (width: Float, height: Float)) {
    guard layout.isOn, let item = model.layout.item(of: c) else { return }
    let old = forcedLayoutSize(c)
    // NaN stands for "not forced": equal to itself here.
    func same(_ a: Float, _ b: Float) -> Bool { a == b || (a.isNaN && b.isNaN) }
    if same(old.width, size.width) && same(old.height, size.height) { return }
    layout.forcedSizes[item] = size
    layout.forcedSizeChanged = true
    markLayoutNodeDirty(item)
  }

  // MARK: - Pointer input

  /// A press at `point` (artboard space): on the thumb it starts a thumb drag, on the track
  /// the scroll jumps to where the track was pressed (a press on the thumb is on the track
  /// too and does both, as the runtime's thumb and track drag targets both take it).
  mutating func scrollBarPressed(
    _ k: Int, at point: Vec2, time: Float, stamped: Bool = false,
    admits: (Int) -> Bool = { _ in true }
  ) {
    guard let s = scrollBarScroll(k), let parts = scrollBarParts(k) else { return }
    if admits(parts.thumb), layoutBoxContains(parts.thumb, point) {
      var state = scrollStates[s] ?? ScrollState(physics: makeScrollPhysics(s))
      state.thumbDrags.removeAll { $0.bar == k }
      state.thumbDrags.append(ScrollState.ThumbDrag(bar: k, lastX: point.x, lastY: point.y))
      state.physics?.accumulate((0, 0), time: time, stamped: stamped)
      scrollStates[s] = state
    }
    if admits(parts.track), layoutBoxContains(parts.track, point) {
      scrollBarTrackPressed(k, scroll: s, track: parts.track, at: point)
    }
  }

  /// The scroll jumps to the share of its range that the press's place along the track's
  /// inner length (from its leading padding) is of the track's free length.
  private mutating func scrollBarTrackPressed(_ k: Int, scroll s: Int, track: Int, at point: Vec2) {
    guard let inverse = geometry.worldTransforms[track].inverted() else { return }
    let local = inverse.map(point)
    let padding = scrollPadding(track)
    let inner = scrollBarTrackInner(track)
    let direction = uint(k, Slot.draggableConstraintDirectionValue)
    var x = float(s, Slot.scrollConstraintScrollOffsetX)
    var y = float(s, Slot.scrollConstraintScrollOffsetY)
    if direction == 0 || direction == 2 {
      let range = inner.width - scrollBarThumbLength(k, scroll: s, horizontal: true)
      let maxOffset = scrollMaxOffsetX(s)
      x = Self.runtimeClamp((local.x - padding.left) / range * maxOffset, maxOffset, 0)
      setScrollOffset(s, x: x, y: y)
    }
    if direction == 1 || direction == 2 {
      let range = inner.height - scrollBarThumbLength(k, scroll: s, horizontal: false)
      let maxOffset = scrollMaxOffsetY(s)
      y = Self.runtimeClamp((local.y - padding.top) / range * maxOffset, maxOffset, 0)
      setScrollOffset(s, x: x, y: y)
    }
  }

  /// The pointer moved while it holds the thumb: the thumb moves along the track as far as the
  /// pointer did, and the scroll follows it to the same share of its range (the physics
  /// notes the movement, as a viewport drag's). True on the drag's first movement.
  @discardableResult
  mutating func scrollBarThumbMoved(
    _ k: Int, to point: Vec2, time: Float, stamped: Bool = false
  ) -> Bool {
    guard let s = scrollBarScroll(k), let parts = scrollBarParts(k),
      let drag = scrollStates[s]?.thumbDrags.firstIndex(where: { $0.bar == k }),
      var state = scrollStates[s]
    else { return false }
    let began = !state.thumbDrags[drag].hasDragged
    state.thumbDrags[drag].hasDragged = true
    let delta = (
      x: point.x - state.thumbDrags[drag].lastX, y: point.y - state.thumbDrags[drag].lastY
    )
    state.thumbDrags[drag].lastX = point.x
    state.thumbDrags[drag].lastY = point.y
    scrollStates[s] = state
    let previous = (
      x: float(s, Slot.scrollConstraintScrollOffsetX),
      y: float(s, Slot.scrollConstraintScrollOffsetY)
    )
    let inner = scrollBarTrackInner(parts.track)
    let direction = uint(k, Slot.draggableConstraintDirectionValue)
    if direction == 0 || direction == 2 {
      let range = inner.width - scrollBarThumbLength(k, scroll: s, horizontal: true)
      let maxOffset = scrollMaxOffsetX(s)
      let thumb = float(s, Slot.scrollConstraintScrollOffsetX) / maxOffset * range + delta.x
      let x = Self.runtimeClamp(thumb / range * maxOffset, maxOffset, 0)
      setScrollOffset(s, x: x, y: float(s, Slot.scrollConstraintScrollOffsetY))
    }
    if direction == 1 || direction == 2 {
      let range = inner.height - scrollBarThumbLength(k, scroll: s, horizontal: false)
      let maxOffset = scrollMaxOffsetY(s)
      let thumb = float(s, Slot.scrollConstraintScrollOffsetY) / maxOffset * range + delta.y
      let y = Self.runtimeClamp(thumb / range * maxOffset, maxOffset, 0)
      setScrollOffset(s, x: float(s, Slot.scrollConstraintScrollOffsetX), y: y)
    }
    let moved = (
      x: float(s, Slot.scrollConstraintScrollOffsetX) - previous.x,
      y: float(s, Slot.scrollConstraintScrollOffsetY) - previous.y
    )
    scrollStates[s]?.physics?.accumulate(moved, time: time, stamped: stamped)
    return began
  }

  /// The pointer let go of the thumb: the drag ends and the scroll's speed is cleared (a
  /// thumb drag does not fling). True when the thumb had moved.
  @discardableResult
  mutating func scrollBarThumbReleased(_ k: Int) -> Bool {
    guard let s = scrollBarScroll(k), var state = scrollStates[s],
      let drag = state.thumbDrags.firstIndex(where: { $0.bar == k })
    else { return false }
    let dragged = state.thumbDrags[drag].hasDragged
    state.thumbDrags.removeAll { $0.bar == k }
    state.physics?.clearVelocity()
    scrollStates[s] = state
    return dragged
  }

  /// The runtime's clamp: `x` within `low…high`, `low` when `x` is NaN, `high` when
  /// `high < low`.
  static func runtimeClamp(_ x: Float, _ low: Float, _ high: Float) -> Float {
    Float.minimum(Float.maximum(low, x), high)
  }

  /// Every scroll bar places its thumb again (a new layout).
  mutating func placeAllScrollBars() {
    for bar in model.types.indices where isScrollBar(bar) {
      if let parts = scrollBarParts(bar) { markWorldTransformDirty(parts.thumb) }
    }
  }

  /// The scroll bars following scroll `k` place their thumbs again (its offset or sizes
  /// changed).
  mutating func scrollBarsNeedPlacing(_ k: Int) {
    for bar in scrollBars(following: k) {
      if let parts = scrollBarParts(bar) { markWorldTransformDirty(parts.thumb) }
    }
  }
}
