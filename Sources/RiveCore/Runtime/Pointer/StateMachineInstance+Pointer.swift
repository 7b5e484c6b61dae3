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
  ///
  /// `timeStamp` (seconds) times the event for scroll physics: a drag's speed is the distance
  /// between two moves over the difference of their time stamps, as the official runtime's
  /// deterministic mode times them (its tests pass 0 unless they give one: no speed, no
  /// fling). Without one, the artboard's advanced time stands in (see README, Pointer input).
  @discardableResult
  public mutating func pointerEvent(
    _ kind: PointerEventKind, x: Float, y: Float, pointer: Int = 0, timeStamp: Float? = nil,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    checkBindStore(&artboard)
    let point = contentPoint(Vec2(x, y), artboard: artboard)
    return routedPointerEvent(
      kind, at: point, pointer: pointer, time: timeStamp, artboard: &artboard)
  }

  /// A pointer event at `point` in this machine's artboard space, as the machine takes it
  /// (at the root, and forwarded into nested artboards and list items): scroll viewports and
  /// scroll bars take drags before listeners run (their offsets move what is hit); a drag
  /// that begins to scroll here takes the pointer from the nested artboards and list items
  /// below (``dragStart(at:disable:pointer:artboard:)``) until it ends, so releasing it
  /// clicks nothing in the scrolled content.
  mutating func routedPointerEvent(
    _ kind: PointerEventKind, at point: Vec2, pointer id: Int, time: Float?,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    // Forwarded into nested artboards and list items with the event.
    pointer.eventTime = time
    if kind == .down {
      // A press starts a drag only on viewports and scroll bars no opaque target above them
      // took (the runtime hit-tests them with the listeners, top down); starting one changes
      // nothing the listeners see.
      let result = updateListeners(
        at: point, type: kind.listenerType, pointer: id, artboard: &artboard)
      let blocked = opaqueHitDrawPosition(artboard: artboard)
      let drawOrder = artboard.geometry.drawOrder
      let drag = artboard.routeScrollPointer(
        .down, at: point, time: time ?? artboard.scrollClock, stamped: time != nil, pointer: id,
        admits: { layout in
          guard let blocked else { return true }
          return (drawOrder.firstIndex(of: .proxy(Int32(layout))) ?? -1) > blocked
        })
      // A press away from a viewport whose drag had scrolled ends that drag.
      if drag.ended { dragEnd(at: point, pointer: id, artboard: &artboard) }
      return result
    }
    let drag = artboard.routeScrollPointer(
      kind, at: point, time: time ?? artboard.scrollClock, stamped: time != nil)
    if drag.began { dragStart(at: point, disable: false, pointer: id, artboard: &artboard) }
    let result = updateListeners(
      at: point, type: kind.listenerType, pointer: id, artboard: &artboard)
    if drag.ended { dragEnd(at: point, pointer: id, artboard: &artboard) }
    return result
  }

  /// The draw position of the component the last event hit opaquely (nil: none was; -1: one
  /// outside the draw order, which hides nothing drawn).
  private func opaqueHitDrawPosition(artboard: ArtboardInstance) -> Int? {
    guard let index = pointer.opaqueHit, index < pointer.components.count else { return nil }
    let item: DrawItem
    switch pointer.components[index].target {
    case .layout(let layout): item = .proxy(Int32(layout))
    case .shape(let id), .nested(let id), .list(let id), .textRun(_, let id):
      item = .drawable(Int32(id))
    }
    return artboard.drawPosition(of: item) ?? -1
  }

  /// A drag began to scroll (the runtime's drag start): with `disable`, this machine's
  /// listener groups stop taking pointer `id` until the drag ends; drag-start listeners run,
  /// and the nested artboards and list items under this machine's targets take the drag start
  /// with their groups disabled.
  mutating func dragStart(
    at point: Vec2, disable: Bool, pointer id: Int, artboard: inout ArtboardInstance
  ) {
    preparePointers(artboard: artboard)
    if disable {
      for group in pointer.groups.indices { pointer.groups[group].disable(id) }
    }
    _ = updateListeners(at: point, type: ListenerType.dragStart, pointer: id, artboard: &artboard)
  }

  /// The drag ended: the groups take pointer `id` again, drag-end listeners run (here and
  /// below), then the pointer counts as moved to `point` (hovers are found again).
  mutating func dragEnd(at point: Vec2, pointer id: Int, artboard: inout ArtboardInstance) {
    preparePointers(artboard: artboard)
    for group in pointer.groups.indices { pointer.groups[group].enable(id) }
    _ = updateListeners(at: point, type: ListenerType.dragEnd, pointer: id, artboard: &artboard)
    _ = updateListeners(at: point, type: ListenerType.move, pointer: id, artboard: &artboard)
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
    case .nested, .list: return false
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
      } else if case .list(let c) = target {
        if hitTestList(c, at: point, artboard: &artboard) { return true }
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
      switch component.target {
      case .nested, .list: continue
      default: break
      }
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
    pointer.opaqueHit = nil
    for index in order {
      let result = process(
        index, at: point, type: type, canHit: !hitOpaque, pointer: id, artboard: &artboard)
      if result != .none {
        hitSomething = true
        if result == .hitOpaque, !hitOpaque {
          hitOpaque = true
          pointer.opaqueHit = index
        }
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
    if case .list(let c) = component.target {
      return forwardToList(
        c, at: point, type: type, canHit: canHit, pointer: id, artboard: &artboard)
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
    case .list(let c): drawable = c
    }
    return artboard.isTargetOpaque(drawable) ? .hitOpaque : .hit
  }

  /// One listener group's reaction to the event: hover changes (enter, exit), the click
  /// gesture, the event's own type, drags.
  private mutating func processGroup(
    _ group: Int, at point: Vec2, type: UInt32, canHit: Bool, pointer id: Int,
    artboard: inout ArtboardInstance
  ) {
    var record = pointer.groups[group].record(id)
    var state = pointer.groups[group].pointers[record]
    if !canHit, state.isHovered { state.isHovered = false }
    let isHovered = canHit ? state.isHovered : false
    let hoverChanged = state.wasHovered != isHovered
    if hoverChanged, isHovered { state.previousPosition = point }
    let previousPhase = state.phase
    if isHovered {
      if type == ListenerType.down {
        state.phase = .down
      } else if type == ListenerType.up, state.phase == .down {
        state.phase = .clicked
      }
    } else if type == ListenerType.down || type == ListenerType.up {
      state.phase = .out
    }
    if previousPhase == .down, state.phase == .clicked || state.phase == .out,
      pointer.groups[group].hasDragged
    {
      // A drag of this listener ended: the listeners below take the pointer again. The
      // runtime runs this (and the drag start below) inside the event, on the same group
      // data: the state is handed back for it and read again after.
      pointer.groups[group].hasDragged = false
      pointer.groups[group].pointers[record] = state
      dragEnd(at: point, pointer: id, artboard: &artboard)
      record = pointer.groups[group].record(id)
      state = pointer.groups[group].pointers[record]
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
      if !pointer.groups[group].hasDragged {
        // A drag listener's first drag takes the pointer from the nested artboards and list
        // items below (the runtime's drag start), as a drag that scrolls does.
        pointer.groups[group].hasDragged = true
        pointer.groups[group].pointers[record] = state
        dragStart(at: point, disable: false, pointer: id, artboard: &artboard)
        record = pointer.groups[group].record(id)
        state = pointer.groups[group].pointers[record]
      }
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

  /// Runs a pointer listener's actions: align targets move their node to the pointer (at
  /// `point`, having been at `previous`), the rest as any listener's actions.
  private mutating func performPointerActions(
    _ actions: [StateMachineModel.ListenerAction], at point: Vec2, previous: Vec2,
    artboard: inout ArtboardInstance
  ) {
    for action in actions {
      if case .alignTarget(let target, let preserveOffset) = action.kind {
        artboard.alignTarget(target, to: point, previous: previous, preserveOffset: preserveOffset)
      } else {
        perform([action], artboard: &artboard)
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
    let eventTime = pointer.eventTime
    withNestedMachines(host: host, point: point, artboard: &artboard) {
      machine, nestedArtboard, local in
      result = Self.forwarded(
        type, at: local, canHit: canHit, pointer: id, time: eventTime, machine: &machine,
        artboard: &nestedArtboard)
    }
    return result
  }

  /// An event forwarded into a nested artboard's or a list item's machine at `local`: a
  /// pointer event as that machine takes it, or a drag start or end (which disables and
  /// enables its groups); a target an opaque one above hides gets an exit instead.
  private static func forwarded(
    _ type: UInt32, at local: Vec2, canHit: Bool, pointer id: Int, time: Float?,
    machine: inout StateMachineInstance, artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    let kind: PointerEventKind?
    switch type {
    case ListenerType.down: kind = .down
    case ListenerType.up: kind = .up
    case ListenerType.move: kind = .move
    case ListenerType.exit: kind = .exit
    default: kind = nil
    }
    guard canHit else {
      if kind != nil {
        _ = machine.routedPointerEvent(
          .exit, at: local, pointer: id, time: time, artboard: &artboard)
      }
      return .none
    }
    if let kind {
      return machine.routedPointerEvent(
        kind, at: local, pointer: id, time: time, artboard: &artboard)
    }
    if type == ListenerType.dragStart {
      machine.dragStart(at: local, disable: true, pointer: id, artboard: &artboard)
    } else if type == ListenerType.dragEnd {
      machine.dragEnd(at: local, pointer: id, artboard: &artboard)
    }
    return .none
  }

  // MARK: - Artboard lists

  /// Forwards the event into the machines of list `c`'s items, topmost first, each at the
  /// point in its artboard's space, as the runtime's list does: an item hit opaquely hides
  /// the items below it.
  private mutating func forwardToList(
    _ c: Int, at point: Vec2, type: UInt32, canHit: Bool, pointer id: Int,
    artboard: inout ArtboardInstance
  ) -> PointerHitResult {
    guard !artboard.isCollapsed(c), let list = artboard.componentListIndex(c) else {
      return .none
    }
    var result = PointerHitResult.none
    var running = canHit
    let eventTime = pointer.eventTime
    // An item's hits must also be admitted by what clips the list here (and above).
    let admits = artboard.ancestorsAdmit(point, from: c, model: artboard.geometryModel)
    for (item, toItem) in artboard.listItemPlacements(list) {
      let local = toItem.map(point)
      var itemResult = PointerHitResult.none
      artboard.withListItem(list, item) { itemArtboard, machine in
        itemArtboard.pointerHostAdmits = admits
        itemResult =
          machine?.inPlace {
            Self.forwarded(
              type, at: local, canHit: running, pointer: id, time: eventTime, machine: &$0,
              artboard: &itemArtboard)
          } ?? .none
        itemArtboard.pointerHostAdmits = true
      }
      if (result == .none && itemResult != .none) || (result == .hit && itemResult == .hitOpaque) {
        result = itemResult
      }
      if result == .hitOpaque { running = false }
    }
    return result
  }

  /// Whether a listener target of one of list `c`'s items lies under `point`.
  private func hitTestList(_ c: Int, at point: Vec2, artboard: inout ArtboardInstance) -> Bool {
    guard !artboard.isCollapsed(c), let list = artboard.componentListIndex(c) else {
      return false
    }
    var hit = false
    let admits = artboard.ancestorsAdmit(point, from: c, model: artboard.geometryModel)
    for (item, toItem) in artboard.listItemPlacements(list) where !hit {
      let local = toItem.map(point)
      artboard.withListItem(list, item) { itemArtboard, machine in
        itemArtboard.pointerHostAdmits = admits
        if machine?.inPlace({ $0.hitTestContent(local, artboard: &itemArtboard) }) == true {
          hit = true
        }
        itemArtboard.pointerHostAdmits = true
      }
    }
    return hit
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
    swap(&artboard.storeBox, &nestedArtboard.storeBox)
    for position in artboard.nested[index].animations.indices {
      // Moved out (a bitwise swap) and worked on in place, then put back.
      var machine: StateMachineInstance?
      swap(&machine, &artboard.nested[index].animations[position].machine)
      machine?.inPlace { body(&$0, &nestedArtboard, local) }
      swap(&machine, &artboard.nested[index].animations[position].machine)
    }
    swap(&artboard.storeBox, &nestedArtboard.storeBox)
    nestedArtboard.pointerHostAdmits = true
    artboard.nested[index].artboard = nestedArtboard
  }
}
