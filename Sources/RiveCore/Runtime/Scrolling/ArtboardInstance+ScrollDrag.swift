@_spi(RiveFormatInternals) import RiveFormat

/// What a scroll constraint keeps between frames: its physics, whether a drag holds it, and
/// the drag's last pointer position.
struct ScrollState: Sendable, Equatable {
  var physics: ScrollPhysics?
  /// A pointer is down on the viewport (the runtime's `m_isDragging`).
  var isDragging = false
  /// The pointer moved past the threshold: the drag scrolls (the proxy's `m_isDragging`).
  var hasPassedThreshold = false
  var lastPosition: (x: Float, y: Float) = (0, 0)
  /// The offset at the last new frame (a drag that holds still clears its speed).
  var lastFrameOffset: (x: Float, y: Float) = (0, 0)

  static func == (a: ScrollState, b: ScrollState) -> Bool {
    a.physics == b.physics && a.isDragging == b.isDragging
      && a.hasPassedThreshold == b.hasPassedThreshold && a.lastPosition == b.lastPosition
      && a.lastFrameOffset == b.lastFrameOffset
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
    state.isDragging = true
    state.lastFrameOffset = (
      float(k, Slot.scrollConstraintScrollOffsetX), float(k, Slot.scrollConstraintScrollOffsetY)
    )
    state.physics?.prepare(direction: scrollDirection(k))
    state.lastPosition = position
    scrollStates[k] = state
  }

  /// The pointer moved while down: past the threshold the content follows it. True when it
  /// scrolled.
  mutating func scrollDragMoved(_ k: Int, to position: (x: Float, y: Float), time: Float) -> Bool {
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
      state.physics?.accumulate(scaled, time: time)
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
        if state.isDragging && offset == state.lastFrameOffset { state.physics?.clearVelocity() }
        state.lastFrameOffset = offset
      }
      scrollStates[k] = state
      if state.physics?.isEnabled == true || state.isDragging { keepGoing = true }
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
