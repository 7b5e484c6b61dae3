import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// What a pointer event hit.
public enum PointerHitResult: Sendable, Equatable {
  /// No listener target was under the pointer.
  case none
  /// A listener target was under the pointer; targets below it may also have been hit.
  case hit
  /// An opaque target was under the pointer: nothing below it was hit.
  case hitOpaque
}

/// The kind of a pointer event.
public enum PointerEventKind: Sendable, Equatable, CaseIterable {
  case down, move, up, exit

  var listenerType: UInt32 {
    switch self {
    case .down: return ListenerType.down
    case .move: return ListenerType.move
    case .up: return ListenerType.up
    case .exit: return ListenerType.exit
    }
  }
}

extension StateMachineInstance {
  // MARK: - Pointer events

  /// A pointer went down at (`x`, `y`) in artboard space.
  ///
  /// Listeners whose target is under the pointer run their actions now (inputs change, events
  /// are reported, view-model values are set); the state changes they cause happen on the next
  /// ``advanceAndApply(_:artboard:)``, which reports them as any advance does. Points that are
  /// not finite hit nothing.
  ///
  /// - Parameters:
  ///   - x: the horizontal position in artboard space.
  ///   - y: the vertical position in artboard space.
  ///   - pointer: which pointer (for several fingers); 0 for a mouse.
  ///   - artboard: the artboard instance this machine drives.
  /// - Returns: whether a listener target was hit.
  @discardableResult
  public mutating func pointerDown(
    x: Float, y: Float, pointer: Int = 0, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    pointerEvent(.down, x: x, y: y, pointer: pointer, artboard: &artboard)
  }

  /// The pointer moved to (`x`, `y`) in artboard space (enter, exit and move listeners).
  @discardableResult
  public mutating func pointerMove(
    x: Float, y: Float, pointer: Int = 0, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    pointerEvent(.move, x: x, y: y, pointer: pointer, artboard: &artboard)
  }

  /// The pointer went up at (`x`, `y`) in artboard space (up and click listeners).
  @discardableResult
  public mutating func pointerUp(
    x: Float, y: Float, pointer: Int = 0, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    pointerEvent(.up, x: x, y: y, pointer: pointer, artboard: &artboard)
  }

  /// The pointer left the artboard at (`x`, `y`): every target it hovered reports an exit,
  /// and the pointer is forgotten.
  @discardableResult
  public mutating func pointerExit(
    x: Float, y: Float, pointer: Int = 0, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    pointerEvent(.exit, x: x, y: y, pointer: pointer, artboard: &artboard)
  }

  /// Runs a pointer event of `kind` at (`x`, `y`) in artboard space.
  @discardableResult
  public mutating func pointerEvent(
    _ kind: PointerEventKind, x: Float, y: Float, pointer: Int = 0,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    checkBindStore(&artboard)
    let point = contentPoint(Vec2(x, y), artboard: artboard)
    // Scroll viewports take drags before listeners run (their offsets move what is hit).
    artboard.routeScrollPointer(kind, at: point)
    return updateListeners(
      at: point, type: kind.listenerType, pointer: pointer, artboard: &artboard)
  }

  /// Whether a listener target (or a nested artboard's) lies under (`x`, `y`), without running
  /// anything.
  public mutating func hitTest(x: Float, y: Float, artboard: inout ArtboardInstance) -> Bool {
    hitTestContent(contentPoint(Vec2(x, y), artboard: artboard), artboard: &artboard)
  }

  /// Whether the machine has listeners that react to pointers.
  public var hasPointerListeners: Bool { machine.listeners.contains { $0.hasPointerListeners } }

  // MARK: - Processing

  /// Artboard space to content space: the framed origin and the artboard's own rotation and
  /// scale undone.
  private func contentPoint(_ point: Vec2, artboard: ArtboardInstance) -> Vec2 {
    var p = point
    if artboard.geometry.frameOrigin {
      let size = artboard.artboardLayoutSize()
      p.x -= artboard.float(0, Slot.artboardOriginX) * size.width
      p.y -= artboard.float(0, Slot.artboardOriginY) * size.height
    }
    let rotation = artboard.float(0, Slot.transformComponentRotation)
    let scaleX = artboard.float(0, Slot.transformComponentScaleX)
    let scaleY = artboard.float(0, Slot.transformComponentScaleY)
    if rotation != 0 || scaleX != 1 || scaleY != 1 {
      var m = Transform2D.rotation(rotation)
      m.scaleByValues(scaleX, scaleY)
      if let inverse = m.inverted() { p = inverse.map(p) }
    }
    return p
  }

  private mutating func preparePointers(artboard: ArtboardInstance) {
    if !pointer.isPrepared { pointer.prepare(machine: machine, artboard: artboard) }
    pointer.sort(drawOrder: artboard.geometry.drawOrder)
  }

  private func hitTest(_ target: HitTargetKind, at point: Vec2, artboard: ArtboardInstance)
    -> Bool
  {
    switch target {
    case .shape(let shape): return artboard.hitTestShape(shape, at: point)
    case .layout(let layout): return artboard.hitTestLayout(layout, at: point)
    case .textRun(let run, _): return artboard.hitTestTextRun(run, at: point)
    case .nested: return false
    }
  }

  mutating func hitTestContent(_ point: Vec2, artboard: inout ArtboardInstance) -> Bool {
    preparePointers(artboard: artboard)
    for index in pointer.order {
      let target = pointer.components[index].target
      if case .nested(let host) = target {
        var hit = false
        withNestedMachines(host: host, point: point, artboard: &artboard) {
          machine, nestedArtboard, local in
          if !hit, machine.hitTestContent(local, artboard: &nestedArtboard) { hit = true }
        }
        if hit { return true }
      } else if hitTest(target, at: point, artboard: artboard) {
        return true
      }
    }
    return false
  }

  /// The official runtime's listener update: reset every group for this pointer, let each
  /// target mark the groups it hovers, then process targets from the top of the draw order
  /// down until an opaque one is hit.
  mutating func updateListeners(
    at point: Vec2, type: UInt32, pointer id: Int, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    preparePointers(artboard: artboard)
    for index in pointer.groups.indices { pointer.groups[index].reset(id) }
    let order = pointer.order
    for index in order {
      let component = pointer.components[index]
      if case .nested = component.target { continue }
      if skips(component, type: type) { continue }
      let hovered =
        type != ListenerType.exit && hitTest(component.target, at: point, artboard: artboard)
      pointer.components[index].isHovered = hovered
      if hovered {
        for group in component.groups {
          let record = pointer.groups[group].record(id)
          pointer.groups[group].pointers[record].isHovered = true
        }
      }
    }
    var hitSomething = false
    var hitOpaque = false
    for index in order {
      let result = process(
        index, at: point, type: type, canHit: !hitOpaque, pointer: id, artboard: &artboard)
      if result != .none {
        hitSomething = true
        if result == .hitOpaque { hitOpaque = true }
      }
    }
    if type == ListenerType.exit {
      for index in pointer.groups.indices { pointer.groups[index].release(id) }
    }
    performViewModelChanges(artboard: &artboard)
    return hitSomething ? (hitOpaque ? .hitOpaque : .hit) : .none
  }

  /// Whether a component without enter, exit, move or drag listeners can skip this event.
  private func skips(_ component: HitComponentState, type: UInt32) -> Bool {
    component.canEarlyOut
      && (type != ListenerType.down || !component.hasDownListener)
      && (type != ListenerType.up || !component.hasUpListener)
  }

  private mutating func process(
    _ index: Int, at point: Vec2, type: UInt32, canHit: Bool, pointer id: Int,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    let component = pointer.components[index]
    if case .nested(let host) = component.target {
      return forward(
        host: host, at: point, type: type, canHit: canHit, pointer: id, artboard: &artboard)
    }
    if skips(component, type: type) { return .none }
    for group in component.groups where !pointer.groups[group].isConsumed {
      processGroup(group, at: point, type: type, canHit: canHit, pointer: id, artboard: &artboard)
    }
    guard component.isHovered, canHit else { return .none }
    let drawable: Int
    switch component.target {
    case .shape(let shape): drawable = shape
    case .layout(let layout): drawable = layout
    case .nested(let host): drawable = host
    case .textRun(_, let text): drawable = text
    }
    return artboard.isTargetOpaque(drawable) ? .hitOpaque : .hit
  }

  /// One listener group's reaction to the event: hover changes (enter, exit), the click
  /// gesture, the event's own type, drags.
  private mutating func processGroup(
    _ group: Int, at point: Vec2, type: UInt32, canHit: Bool, pointer id: Int,
    artboard: inout ArtboardInstance
  ) {
    let record = pointer.groups[group].record(id)
    var state = pointer.groups[group].pointers[record]
    if !canHit, state.isHovered { state.isHovered = false }
    let isHovered = canHit ? state.isHovered : false
    let hoverChanged = state.wasHovered != isHovered
    if hoverChanged, isHovered { state.previousPosition = point }
    if isHovered {
      if type == ListenerType.down {
        state.phase = .down
      } else if type == ListenerType.up, state.phase == .down {
        state.phase = .clicked
      }
    } else if type == ListenerType.down || type == ListenerType.up {
      state.phase = .out
    }
    let listener = machine.listeners[pointer.groups[group].listener]
    var performs = false
    if hoverChanged {
      if isHovered, listener.listens(to: ListenerType.enter) {
        performs = true
      } else if !isHovered, listener.listens(to: ListenerType.exit) {
        performs = true
      }
    }
    if state.phase == .clicked, listener.listens(to: ListenerType.click) {
      performs = true
    } else if isHovered, listener.listens(to: type) {
      performs = true
    }
    if state.phase == .down, listener.listens(to: ListenerType.drag), type == ListenerType.move {
      performs = true
    }
    let previous = state.previousPosition
    state.previousPosition = point
    pointer.groups[group].pointers[record] = state
    if performs {
      performPointerActions(
        listener.actions, at: point, previous: previous, artboard: &artboard)
      needsAdvance = true
      pointer.groups[group].isConsumed = true
    }
  }

  /// Runs a pointer listener's actions: nested inputs are set on the nested machines, align
  /// targets move their node to the pointer (at `point`, having been at `previous`), the rest
  /// as any listener's actions.
  private mutating func performPointerActions(
    _ actions: [StateMachineModel.ListenerAction], at point: Vec2, previous: Vec2,
    artboard: inout ArtboardInstance
  ) {
    for action in actions {
      switch action.kind {
      case .alignTarget(let target, let preserveOffset):
        artboard.alignTarget(target, to: point, previous: previous, preserveOffset: preserveOffset)
      case .boolChange(_, let nested?, let value):
        let current: Bool
        if case .bool(let flag)? = artboard.nestedInputValue(nested) {
          current = flag
        } else {
          current = false
        }
        artboard.setNestedInput(nested, value: .bool(value == 2 ? !current : value == 1))
      case .numberChange(_, let nested?, let value):
        artboard.setNestedInput(nested, value: .number(value))
      case .triggerChange(_, let nested?):
        artboard.setNestedInput(nested, value: .trigger(fired: true, usedLayers: 0))
      default:
        perform([action])
      }
    }
  }

  // MARK: - Nested artboards

  /// Forwards the event into the state machines of the nested artboard hosted by `host`.
  private mutating func forward(
    host: Int, at point: Vec2, type: UInt32, canHit: Bool, pointer id: Int,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    var result = PointerHitResult.none
    withNestedMachines(host: host, point: point, artboard: &artboard) {
      machine, nestedArtboard, local in
      if canHit {
        switch type {
        case ListenerType.down, ListenerType.up, ListenerType.move, ListenerType.exit:
          result = machine.updateListeners(
            at: local, type: type, pointer: id, artboard: &nestedArtboard)
        default:
          break
        }
      } else {
        _ = machine.updateListeners(
          at: local, type: ListenerType.exit, pointer: id, artboard: &nestedArtboard)
      }
    }
    return result
  }

  /// Calls `body` with each state machine playing in the nested artboard of `host` and the
  /// point in that artboard's space; nothing when it is collapsed, paused or not invertible.
  private func withNestedMachines(
    host: Int, point: Vec2, artboard: inout ArtboardInstance,
    _ body: (inout StateMachineInstance, inout ArtboardInstance, Vec2) -> Void
  ) {
    guard let index = artboard.nestedIndex(forHost: host),
      !artboard.isCollapsed(host), !artboard.bool(host, Slot.nestedArtboardIsPaused),
      let inverse = artboard.geometry.worldTransforms[host].inverted(),
      var nestedArtboard = artboard.nested[index].artboard
    else { return }
    let local = inverse.map(point)
    // The nested artboard's hits must also be admitted by what clips it here (and above).
    nestedArtboard.pointerHostAdmits = artboard.ancestorsAdmit(
      point, from: host, model: artboard.geometryModel)
    artboard.nested[index].artboard = nil
    swap(&artboard.viewModelStore, &nestedArtboard.viewModelStore)
    for position in artboard.nested[index].animations.indices {
      // Moved out (a bitwise swap) and worked on in place, then put back.
      var machine: StateMachineInstance?
      swap(&machine, &artboard.nested[index].animations[position].machine)
      machine?.inPlace { body(&$0, &nestedArtboard, local) }
      swap(&machine, &artboard.nested[index].animations[position].machine)
    }
    swap(&artboard.viewModelStore, &nestedArtboard.viewModelStore)
    nestedArtboard.pointerHostAdmits = true
    artboard.nested[index].artboard = nestedArtboard
  }
}
