import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// What a scroll constraint keeps between frames: its physics, whether a drag holds it, and
/// the drag's last pointer position.
struct ScrollState: Sendable, Equatable {
  var physics: ScrollPhysics?
  /// A pointer is down on the viewport (the runtime's `m_isDragging`).
  var isDragging = false
  /// The id of the pointer that pressed the viewport (a press of another one elsewhere
  /// leaves the drag held).
  var dragPointer = 0
  /// The pointer moved past the threshold: the drag scrolls (the proxy's `m_isDragging`).
  var hasPassedThreshold = false
  var lastPosition: (x: Float, y: Float) = (0, 0)
  /// The offset at the last new frame (a drag that holds still clears its speed).
  var lastFrameOffset: (x: Float, y: Float) = (0, 0)
  /// Percent or index writes the layout could not place yet.
  var pendingX: ScrollIntent?
  var pendingY: ScrollIntent?
  /// Scroll bars whose thumb a pointer holds, with the pointer's last position (the
  /// runtime's `m_isScrollBarDragging` while there is one).
  var thumbDrags: [ThumbDrag] = []

  /// The viewport drag scrolled (the runtime's drag group `m_hasScrolled`): its release ends
  /// a drag the listeners below were kept out of.
  var hasScrolled = false

  /// A pointer holding scroll bar `bar`'s thumb.
  struct ThumbDrag: Sendable, Equatable {
    var bar: Int
    var lastX: Float
    var lastY: Float
    /// The thumb moved since the press (a drag began).
    var hasDragged = false
  }

  /// Whether a pointer holds the viewport or a scroll bar's thumb.
  var isHeld: Bool { isDragging || !thumbDrags.isEmpty }

  static func == (a: ScrollState, b: ScrollState) -> Bool {
    a.physics == b.physics && a.isDragging == b.isDragging
      && a.hasPassedThreshold == b.hasPassedThreshold && a.lastPosition == b.lastPosition
      && a.lastFrameOffset == b.lastFrameOffset && a.pendingX == b.pendingX
      && a.pendingY == b.pendingY && a.thumbDrags == b.thumbDrags && a.hasScrolled == b.hasScrolled
      && a.dragPointer == b.dragPointer
  }
}

extension ArtboardInstance {
  /// The scroll constraints of this artboard (those with a layout parent and grandparent).
  var scrollConstraints: [Int] {
    geometryModel.kinds.indices.filter {
      geometryModel.kinds[$0] == .otherConstraint && isScrollConstraint($0)
    }
  }

  /// The physics a scroll uses, made from the file's physics object (none: drags move the
  /// offset straight, clamped).
  func makeScrollPhysics(_ k: Int) -> ScrollPhysics? {
    guard let kind = model.scrollPhysicsKind(uint(k, Slot.scrollConstraintPhysicsId)) else {
      return nil
    }
    return ScrollPhysics(kind: kind)
  }

  /// The scroll's physics while it decides the clamp (see ``ScrollPhysics/isEnabled``).
  func runningScrollPhysics(_ k: Int) -> ScrollPhysics? {
    guard let physics = scrollStates[k]?.physics, physics.isEnabled else { return nil }
    return physics
  }

  /// Writes a scroll offset as the runtime's setter does (moving the content when it changes).
  mutating func setScrollOffset(_ k: Int, x: Float, y: Float) {
    if float(k, Slot.scrollConstraintScrollOffsetX) != x {
      setFloat(
        k, offset: Slot.scrollConstraintScrollOffsetX,
        key: PropertyKey.scrollConstraintScrollOffsetX,
        x)
    }
    if float(k, Slot.scrollConstraintScrollOffsetY) != y {
      setFloat(
        k, offset: Slot.scrollConstraintScrollOffsetY,
        key: PropertyKey.scrollConstraintScrollOffsetY,
        y)
    }
  }

  // MARK: - Drags

  /// A pointer went down on the scroll's viewport at `position` (artboard space).
  mutating func scrollDragStarted(_ k: Int, at position: (x: Float, y: Float)) {
    guard bool(k, Slot.scrollConstraintInteractive) else { return }
    var state = scrollStates[k] ?? ScrollState(physics: makeScrollPhysics(k))
    state.hasPassedThreshold = false
    state.hasScrolled = false
    state.isDragging = true
    state.pendingX = nil
    state.pendingY = nil
    state.lastFrameOffset = (
      float(k, Slot.scrollConstraintScrollOffsetX), float(k, Slot.scrollConstraintScrollOffsetY)
    )
    state.physics?.prepare(direction: scrollDirection(k))
    state.lastPosition = position
    scrollStates[k] = state
  }

  /// The pointer moved while down: past the threshold the content follows it. True when it
  /// scrolled.
  mutating func scrollDragMoved(
    _ k: Int, to position: (x: Float, y: Float), time: Float, stamped: Bool = false
  ) -> Bool {
    guard bool(k, Slot.scrollConstraintInteractive), var state = scrollStates[k],
      state.isDragging
    else { return false }
    let delta = (x: position.x - state.lastPosition.x, y: position.y - state.lastPosition.y)
    guard delta.x.isFinite, delta.y.isFinite else { return false }
    if !state.hasPassedThreshold {
      let threshold = float(k, Slot.scrollConstraintThreshold)
      let moved: Float
      switch scrollDirection(k) {
      case 0: moved = abs(delta.x)
      case 1: moved = abs(delta.y)
      case 2: moved = (delta.x * delta.x + delta.y * delta.y).squareRoot()
      default: return false
      }
      guard moved > threshold else { return false }
      state.hasPassedThreshold = true
    }
    let multiplier = float(k, Slot.scrollConstraintDragMultiplier)
    let scaled = (x: delta.x * multiplier, y: delta.y * multiplier)
    var x = float(k, Slot.scrollConstraintScrollOffsetX) + scaled.x
    var y = float(k, Slot.scrollConstraintScrollOffsetY) + scaled.y
    if state.physics != nil {
      state.physics?.accumulate(scaled, time: time, stamped: stamped)
    } else if !scrollIsInfinite(k) {
      // Without physics nothing pulls an overscroll back: it is clamped as it happens.
      let maxX = scrollMaxOffsetX(k)
      let maxY = scrollMaxOffsetY(k)
      x = maxX > 0 ? 0 : Float.minimum(Float.maximum(maxX, x), 0)
      y = maxY > 0 ? 0 : Float.minimum(Float.maximum(maxY, y), 0)
    }
    state.lastPosition = position
    scrollStates[k] = state
    setScrollOffset(k, x: x, y: y)
    return true
  }

  /// The pointer went up (or the drag was cancelled): the physics carries the scroll on.
  mutating func scrollDragEnded(_ k: Int) {
    guard bool(k, Slot.scrollConstraintInteractive), var state = scrollStates[k] else { return }
    state.isDragging = false
    if state.physics != nil {
      let column = scrollMainAxisIsColumn(k)
      state.physics?.run(
        rangeMin: (scrollMaxOffsetX(k), scrollMaxOffsetY(k)),
        rangeMax: (scrollMinOffsetX(k), scrollMinOffsetY(k)),
        value: (
          float(k, Slot.scrollConstraintScrollOffsetX),
          float(k, Slot.scrollConstraintScrollOffsetY)
        ),
        snapPoints: bool(k, Slot.scrollConstraintSnap) ? scrollSnapPoints(k) : [],
        contentSize: column ? scrollContentHeight(k) : scrollContentWidth(k),
        viewportSize: column ? scrollViewportHeight(k) : scrollViewportWidth(k))
    }
    scrollStates[k] = state
    needsUpdate = true
  }

  /// The leading corners of the scroll's items (in the content), where snapping stops.
  func scrollSnapPoints(_ k: Int) -> [(x: Float, y: Float)] {
    var points: [(x: Float, y: Float)] = []
    let horizontal = scrollsHorizontally(k)
    let vertical = scrollsVertically(k)
    for bounds in scrollItemBounds(k) {
      if (horizontal && bounds.width <= 0) || (vertical && bounds.height <= 0) { continue }
      points.append((bounds.left, bounds.top))
    }
    return points
  }

  /// Every item's bounds in the content: a list's items one by one, other children whole.
  func scrollItemBounds(_ k: Int) -> [LayoutBox] {
    var result: [LayoutBox] = []
    for child in scrollChildren(k) {
      if let list = componentListIndex(child) {
        if scrollVirtualizes(k) {
          let sizes = virtualItemSizes(list)
          let gap = virtualListGap(child)
          let row = layoutMainAxisIsRow(Int(model.parents[child]))
          var running: Float = 0
          for size in sizes {
            result.append(
              LayoutBox(
                left: row ? running : 0, top: row ? 0 : running, width: size.width,
                height: size.height))
            running += (row ? size.width : size.height) + gap
          }
        } else {
          for item in componentLists[list].items {
            guard let artboard = item.artboard else {
              result.append(.zero)
              continue
            }
            result.append(artboard.layout.isOn ? artboard.layout.items[0].box : .zero)
          }
        }
      } else {
        result.append(scrollBox(child))
      }
    }
    return result
  }

  // MARK: - Advancing

  /// Advances every scroll's physics by `seconds`; true while one keeps moving or a drag
  /// holds one.
  mutating func advanceScrolls(_ seconds: Float, newFrame: Bool) -> Bool {
    guard !scrollStates.isEmpty else { return false }
    var keepGoing = false
    for k in scrollStates.keys.sorted() {
      guard var state = scrollStates[k], !isCollapsed(k), state.physics != nil else { continue }
      if state.physics?.isRunning == true, let offset = state.physics?.advance(seconds) {
        scrollStates[k] = state
        setScrollOffset(k, x: offset.x, y: offset.y)
        state = scrollStates[k] ?? state
      }
      let offset = (
        float(k, Slot.scrollConstraintScrollOffsetX), float(k, Slot.scrollConstraintScrollOffsetY)
      )
      if newFrame {
        if state.isHeld && offset == state.lastFrameOffset { state.physics?.clearVelocity() }
        state.lastFrameOffset = offset
      }
      scrollStates[k] = state
      if state.physics?.isEnabled == true || state.isHeld { keepGoing = true }
    }
    return keepGoing
  }
}

extension ArtboardModel {
  /// The kind of the file's scroll physics object `id` (nil when there is none).
  func scrollPhysicsKind(_ id: UInt32) -> ScrollPhysics.Kind? {
    guard Int(id) < scrollPhysics.count else { return nil }
    return scrollPhysics[Int(id)]
  }
}

extension ArtboardInstance {
  /// Whether `point` (artboard space) is inside layout component `c`'s box.
  func layoutBoxContains(_ c: Int, _ point: Vec2) -> Bool {
    guard !isCollapsed(c), let inverse = geometry.worldTransforms[c].inverted() else {
      return false
    }
    let local = inverse.map(point)
    let box = scrollBox(c)
    return local.x >= 0 && local.y >= 0 && local.x <= box.width && local.y <= box.height
  }

  /// Routes a pointer event (in artboard space) to the scroll bars and the scrolls
  /// (``scrollTargets``): a press on a viewport starts its drag (a press of the same pointer
  /// elsewhere ends a viewport's held drag), on a bar's thumb a thumb drag, on its track (the
  /// thumb is on it too) a jump to that place; a move drags every held viewport and thumb, a
  /// release or exit ends their drags. `time` times drags for the physics (the event's time
  /// stamp, `stamped`, or the advanced time); `pointer` is the event's pointer id; `admits` says which
  /// layouts (viewports, thumbs, tracks) a press may reach (an opaque listener target above
  /// one takes the press). Says whether a drag began to move (its first movement) or a drag
  /// that moved ended, as the runtime's drag groups start and end a drag for the listeners.
  @discardableResult
  mutating func routeScrollPointer(
    _ kind: PointerEventKind, at point: Vec2, time: Float, stamped: Bool = false, pointer: Int = 0,
    admits: (Int) -> Bool = { _ in true }
  ) -> ScrollDragChange {
    var change = ScrollDragChange()
    switch kind {
    case .down:
      guard point.x.isFinite, point.y.isFinite else { return change }
      for k in scrollTargets where !isCollapsed(k) {
        if isScrollBar(k) {
          scrollBarPressed(k, at: point, time: time, stamped: stamped, admits: admits)
        } else if let viewport = scrollViewport(k) {
          // The runtime's drag group: a press on the viewport starts a drag unless one is
          // held; a press anywhere else ends the one held (the group's pointer goes out).
          if admits(viewport), layoutBoxContains(viewport, point) {
            if scrollStates[k]?.isDragging != true {
              scrollDragStarted(k, at: (point.x, point.y))
              scrollStates[k]?.dragPointer = pointer
            }
          } else if scrollStates[k]?.isDragging == true, scrollStates[k]?.dragPointer == pointer {
            if scrollStates[k]?.hasScrolled == true { change.ended = true }
            scrollStates[k]?.hasScrolled = false
            scrollDragEnded(k)
          }
        }
      }
    case .move:
      guard point.x.isFinite, point.y.isFinite, !scrollStates.isEmpty else { return change }
      for k in scrollTargets {
        if isScrollBar(k) {
          if scrollBarThumbMoved(k, to: point, time: time, stamped: stamped) { change.began = true }
        } else if scrollStates[k]?.isDragging == true {
          if scrollDragMoved(k, to: (point.x, point.y), time: time, stamped: stamped),
            scrollStates[k]?.hasScrolled == false
          {
            scrollStates[k]?.hasScrolled = true
            change.began = true
          }
        }
      }
    case .up, .exit:
      guard !scrollStates.isEmpty else { return change }
      for k in scrollTargets {
        if isScrollBar(k) {
          if scrollBarThumbReleased(k) { change.ended = true }
        } else if scrollStates[k]?.isDragging == true {
          if scrollStates[k]?.hasScrolled == true { change.ended = true }
          scrollStates[k]?.hasScrolled = false
          scrollDragEnded(k)
        }
      }
    }
    return change
  }

  /// The scroll bars, then the scroll constraints of this artboard, in the order the
  /// runtime's drag targets take a pointer event: topmost first (a bar's thumb and track
  /// draw above the viewport they sit in), so a thumb dragged inside its viewport moves the
  /// offset before the viewport's own drag adds to it.
  var scrollTargets: [Int] {
    let constraints = geometryModel.kinds.indices.filter {
      geometryModel.kinds[$0] == .otherConstraint
    }
    return constraints.filter { isScrollBar($0) }.reversed()
      + constraints.filter { isScrollConstraint($0) }
  }

  // MARK: - Values read by binds

  /// The scroll's computed properties as a bind to source reads them (nil for other keys).
  func scrollComputedValue(_ k: Int, key: UInt16) -> Float? {
    switch key {
    case PropertyKey.scrollConstraintComputedContentWidth: return scrollContentWidth(k)
    case PropertyKey.scrollConstraintComputedContentHeight: return scrollContentHeight(k)
    case PropertyKey.scrollConstraintVelocityX: return scrollStates[k]?.physics?.speed.x ?? 0
    case PropertyKey.scrollConstraintVelocityY: return scrollStates[k]?.physics?.speed.y ?? 0
    case PropertyKey.scrollConstraintScrollPercentX:
      if case .percent(let value)? = scrollStates[k]?.pendingX { return value }
      let maxOffset = scrollMaxOffsetX(k)
      guard maxOffset != 0 else { return 0 }
      let span = scrollIsInfinite(k) ? scrollContentWidth(k) : maxOffset
      return float(k, Slot.scrollConstraintScrollOffsetX) / span
    case PropertyKey.scrollConstraintScrollPercentY:
      if case .percent(let value)? = scrollStates[k]?.pendingY { return value }
      let maxOffset = scrollMaxOffsetY(k)
      guard maxOffset != 0 else { return 0 }
      let span = scrollIsInfinite(k) ? scrollContentHeight(k) : maxOffset
      return float(k, Slot.scrollConstraintScrollOffsetY) / span
    case PropertyKey.scrollConstraintScrollIndex:
      // A held index write reads back as written (the main axis's: x unless vertical).
      let held = scrollsHorizontally(k) ? scrollStates[k]?.pendingX : scrollStates[k]?.pendingY
      if case .index(let value)? = held { return value }
      return scrollIndex(k)
    default:
      return nil
    }
  }

  /// The item index the offset has reached, with the fraction of the way to the next item.
  func scrollIndex(_ k: Int) -> Float {
    let bounds = scrollItemBounds(k)
    guard !bounds.isEmpty else { return 0 }
    let gap = scrollGap(k)
    let position = (
      float(k, Slot.scrollConstraintScrollOffsetX), float(k, Slot.scrollConstraintScrollOffsetY)
    )
    if scrollsHorizontally(k) {
      for (i, box) in bounds.enumerated() {
        let step = box.width + gap.x
        if position.0 > -box.left - step {
          return step != 0 ? Float(i) + (-position.0 - box.left) / step : Float(i)
        }
      }
      return Float(bounds.count)
    }
    for (i, box) in bounds.enumerated() {
      let step = box.height + gap.y
      if position.1 > -box.top - step {
        return step != 0 ? Float(i) + (-position.1 - box.top) / step : Float(i)
      }
    }
    return Float(bounds.count)
  }

  // MARK: - Writes in percent and index

  /// A percent or index was written (by an animation or a bind): the offset goes there at
  /// once when the layout can say where that is, and keeps the request until it can.
  mutating func scrollIntentWritten(_ k: Int, key: UInt16) {
    guard isScrollConstraint(k) else { return }
    if scrollStates[k]?.isDragging == true { return }
    scrollStates[k]?.physics?.reset()
    var state = scrollStates[k] ?? ScrollState(physics: makeScrollPhysics(k))
    switch key {
    case PropertyKey.scrollConstraintScrollPercentX:
      state.pendingX = .percent(float(k, Slot.scrollConstraintScrollPercentX))
    case PropertyKey.scrollConstraintScrollPercentY:
      state.pendingY = .percent(float(k, Slot.scrollConstraintScrollPercentY))
    default:
      let index = float(k, Slot.scrollConstraintScrollIndex)
      if scrollsHorizontally(k) { state.pendingX = .index(index) }
      if scrollsVertically(k) { state.pendingY = .index(index) }
    }
    scrollStates[k] = state
    resolveScrollIntents(k)
  }

  /// Turns held percent and index writes into offsets where the layout now allows it.
  mutating func resolveScrollIntents(_ k: Int) {
    guard let state = scrollStates[k], state.pendingX != nil || state.pendingY != nil else {
      return
    }
    var x = float(k, Slot.scrollConstraintScrollOffsetX)
    var y = float(k, Slot.scrollConstraintScrollOffsetY)
    if let intent = state.pendingX, let offset = resolveIntent(k, intent, horizontal: true) {
      x = offset
      scrollStates[k]?.pendingX = nil
    }
    if let intent = state.pendingY, let offset = resolveIntent(k, intent, horizontal: false) {
      y = offset
      scrollStates[k]?.pendingY = nil
    }
    setScrollOffset(k, x: x, y: y)
  }

  private func resolveIntent(_ k: Int, _ intent: ScrollIntent, horizontal: Bool) -> Float? {
    let infinite = scrollIsInfinite(k)
    if case .index(let value) = intent, value.isNaN || (infinite && !value.isFinite) { return 0 }
    guard let viewport = scrollViewport(k) else { return nil }
    let box = scrollBox(viewport)
    guard horizontal ? box.width > 0 : box.height > 0 else { return nil }
    let maxOffset = horizontal ? scrollMaxOffsetX(k) : scrollMaxOffsetY(k)
    func clamped(_ value: Float) -> Float {
      infinite ? value : Float.minimum(Float.maximum(maxOffset, value), 0)
    }
    switch intent {
    case .percent(let value):
      let content = horizontal ? scrollContentWidth(k) : scrollContentHeight(k)
      guard content > 0 else { return nil }
      return clamped(value * (infinite ? content : maxOffset))
    case .index(let value):
      let bounds = scrollItemBounds(k)
      guard !bounds.isEmpty else { return nil }
      let count = Float(bounds.count)
      var index = value
      if infinite {
        index = fmodf(value, count)
        if index < 0 { index += count }
      } else {
        index = Swift.max(value, 0)
        if index >= count {
          let width = scrollContentWidth(k)
          let height = scrollContentHeight(k)
          guard width > 0 || height > 0 else { return nil }
          return clamped(horizontal ? -width : -height)
        }
      }
      let whole = Int(index.rounded(.down))
      let fraction = index - Float(whole)
      let gap = scrollGap(k)
      let collapsed = { (b: LayoutBox) in
        (self.scrollsHorizontally(k) && b.width <= 0)
          || (self.scrollsVertically(k) && b.height <= 0)
      }
      var target: LayoutBox?
      var step: Float = 0
      if !collapsed(bounds[whole]) {
        target = bounds[whole]
        step = fraction
      } else if let next = bounds[(whole + 1)...].first(where: { !collapsed($0) }) {
        target = next
      } else if let before = bounds[..<whole].last(where: { !collapsed($0) }) {
        target = before
      }
      guard let box = target else { return nil }
      let position =
        horizontal
        ? -box.left - (box.width + gap.x) * step : -box.top - (box.height + gap.y) * step
      return clamped(position)
    }
  }
}

/// A scroll write in another space than the offset, held until the layout can convert it.
enum ScrollIntent: Sendable, Equatable {
  case percent(Float)
  case index(Float)
}

/// What a pointer event did to the drags of an artboard's scrolls and scroll bars.
struct ScrollDragChange: Sendable {
  /// A drag moved its scroll for the first time.
  var began = false
  /// A drag that had moved its scroll ended.
  var ended = false
}
