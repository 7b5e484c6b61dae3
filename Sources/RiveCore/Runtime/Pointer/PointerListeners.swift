import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Listener types as the file stores them (`listenerTypeValue`).
enum ListenerType {
  static let enter: UInt32 = 0
  static let exit: UInt32 = 1
  static let down: UInt32 = 2
  static let up: UInt32 = 3
  static let move: UInt32 = 4
  static let click: UInt32 = 6
  static let dragStart: UInt32 = 9
  static let dragEnd: UInt32 = 10
  static let drag: UInt32 = 12

  /// The types that hit-test a pointer against the listener's target.
  static let pointerTypes: [UInt32] = [
    enter, exit, down, up, move, click, dragStart, dragEnd, drag,
  ]
}

extension StateMachineModel.Listener {
  /// Whether the listener reacts to pointers over its target.
  var hasPointerListeners: Bool { ListenerType.pointerTypes.contains { listens(to: $0) } }
}

extension StateMachineModel {
  /// The shapes the pointer listeners of `machines` hit-test against: a shape target itself,
  /// or every shape under a container target (down to layouts, which are tested by their
  /// bounds). These shapes always build their paths, even while invisible.
  static func pointerTargetShapes(
    _ machines: [StateMachineModel], types: [UInt16], children: IndexLists
  ) -> Set<Int> {
    var shapes = Set<Int>()
    for machine in machines {
      for listener in machine.listeners where listener.hasPointerListeners {
        let target = listener.targetID
        guard target >= 0, target < types.count, types[target] != 0,
          !TypeTable.shared.isA(types[target], UInt16(TypeKey.layoutComponent))
        else { continue }
        PointerTargets.visit(target, types: types, children: children) { kind, id in
          if kind == .shape { shapes.insert(id) }
        }
      }
    }
    return shapes
  }
}

/// How listener targets resolve into hit components.
enum PointerTargets {
  enum Kind { case shape, layout, textRun }

  /// Visits the hit components a pointer listener's target makes, as the official runtime adds
  /// them: a shape, a layout component, a text value run, or else each child of a container
  /// (recursively).
  static func visit(
    _ root: Int, types: [UInt16], children: IndexLists, _ body: (Kind, Int) -> Void
  ) {
    var stack = [root]
    var visited = 0
    while let id = stack.popLast(), visited <= types.count {
      visited += 1
      guard id >= 0, id < types.count, types[id] != 0 else { continue }
      let type = types[id]
      if TypeTable.shared.isA(type, UInt16(TypeKey.shape)) {
        body(.shape, id)
      } else if TypeTable.shared.isA(type, UInt16(TypeKey.layoutComponent)) {
        body(.layout, id)
      } else if UInt32(type) == TypeKey.textValueRun {
        body(.textRun, id)
      } else if TypeTable.shared.isA(type, UInt16(TypeKey.containerComponent)) {
        // Depth first, children in order: push in reverse.
        stack.append(contentsOf: children.ints(id).reversed())
      }
    }
  }
}

/// The phase of a click gesture for one pointer.
enum ClickPhase: Sendable {
  case out, down, clicked, disabled
}

/// One pointer's state within a listener group.
struct PointerRecord: Sendable {
  var id: Int
  var isHovered = false
  var wasHovered = false
  var phase = ClickPhase.out
  var previousPosition = Vec2.zero
}

/// One pointer listener and the pointers it is tracking.
struct ListenerGroupState: Sendable {
  /// The listener's index in its machine.
  let listener: Int
  /// Whether hit components can skip this group unless a down or up needs it (it has no
  /// enter, exit, move or drag listener).
  let canEarlyOut: Bool
  let needsDown: Bool
  let needsUp: Bool
  var isConsumed = false
  /// A drag listener of the group dragged since the last press (the runtime's group
  /// `m_hasDragged`): its release ends the drag.
  var hasDragged = false
  var pointers: [PointerRecord] = []

  init(listener: Int, model: StateMachineModel.Listener) {
    self.listener = listener
    canEarlyOut =
      !(model.listens(to: ListenerType.enter) || model.listens(to: ListenerType.exit)
      || model.listens(to: ListenerType.move) || model.listens(to: ListenerType.drag))
    needsDown =
      model.listens(to: ListenerType.down) || model.listens(to: ListenerType.click)
      || model.listens(to: ListenerType.drag)
    needsUp =
      model.listens(to: ListenerType.up) || model.listens(to: ListenerType.click)
      || model.listens(to: ListenerType.drag)
  }

  /// The record of pointer `id`, made when first seen.
  mutating func record(_ id: Int) -> Int {
    if let index = pointers.firstIndex(where: { $0.id == id }) { return index }
    // A bounded number of distinct pointers; the oldest is forgotten beyond it.
    if pointers.count >= PointerState.maximumPointers { pointers.removeFirst() }
    pointers.append(PointerRecord(id: id))
    return pointers.count - 1
  }

  /// Starts an event: the hover of the last event becomes the previous hover.
  mutating func reset(_ id: Int) {
    let index = record(id)
    if pointers[index].phase != .disabled {
      isConsumed = false
      pointers[index].wasHovered = pointers[index].isHovered
      pointers[index].isHovered = false
    }
    if pointers[index].phase == .clicked { pointers[index].phase = .out }
  }

  /// Forgets pointer `id` (after it left).
  mutating func release(_ id: Int) {
    pointers.removeAll { $0.id == id }
  }

  /// Stops taking pointer `id` (a drag above began to scroll): consumed until enabled again.
  mutating func disable(_ id: Int) {
    let index = record(id)
    pointers[index].phase = .disabled
    isConsumed = true
  }

  /// Takes pointer `id` again (the drag ended).
  mutating func enable(_ id: Int) {
    let index = record(id)
    pointers[index].phase = .out
  }
}

/// What a hit component tests.
enum HitTargetKind: Sendable, Hashable {
  /// A shape, tested by its paths.
  case shape(Int)
  /// A layout component or the artboard, tested by its bounds.
  case layout(Int)
  /// A nested artboard host; pointers are forwarded to its state machines.
  case nested(Int)
  /// A text value run, tested by its glyphs' boxes; drawn (and ordered) as its text.
  case textRun(run: Int, text: Int)
  /// An artboard list; pointers are forwarded to its items' state machines.
  case list(Int)
}

/// A hit target and the listener groups it triggers.
struct HitComponentState: Sendable {
  let target: HitTargetKind
  var groups: [Int] = []
  var isOpaque = false
  var canEarlyOut = true
  var hasDownListener = false
  var hasUpListener = false
  var isHovered = false

  /// The component id the draw order knows it by (a layout by its proxy).
  var componentID: Int {
    switch target {
    case .shape(let id), .layout(let id), .nested(let id), .textRun(_, let id), .list(let id):
      return id
    }
  }
}

/// A state machine instance's pointer state: its listener groups and hit components, made on
/// the first pointer event.
struct PointerState: Sendable {
  /// How many distinct pointers each group tracks at once.
  static let maximumPointers = 16

  var isPrepared = false
  /// The time stamp of the event being processed (nil: the artboard's advanced time), handed
  /// to the nested artboards and list items it is forwarded to.
  var eventTime: Float?
  /// The first component (top down) the last event hit opaquely, if any: what lies below it
  /// in the draw order was not hit.
  var opaqueHit: Int?
  var groups: [ListenerGroupState] = []
  var components: [HitComponentState] = []
  /// The components in hit order (top of the draw order first).
  var order: [Int] = []
  var orderedFor: [DrawItem] = []

  /// Makes the groups and hit components of `machine` on `artboard`.
  mutating func prepare(machine: StateMachineModel, artboard: ArtboardInstance) {
    isPrepared = true
    let model = artboard.model
    var lookup: [HitTargetKind: Int] = [:]
    for (index, listener) in machine.listeners.enumerated() where listener.hasPointerListeners {
      let group = groups.count
      groups.append(ListenerGroupState(listener: index, model: listener))
      let target = listener.targetID
      guard target >= 0, target < model.types.count, model.types[target] != 0 else { continue }
      func add(_ kind: HitTargetKind, drawable: Int) {
        let component: Int
        if let existing = lookup[kind] {
          component = existing
        } else {
          component = components.count
          lookup[kind] = component
          var state = HitComponentState(target: kind)
          if artboard.isTargetOpaque(drawable) { state.canEarlyOut = false }
          components.append(state)
        }
        let listenerGroup = groups[group]
        if !listenerGroup.canEarlyOut {
          components[component].canEarlyOut = false
        } else {
          if listenerGroup.needsDown { components[component].hasDownListener = true }
          if listenerGroup.needsUp { components[component].hasUpListener = true }
        }
        components[component].groups.append(group)
      }
      if model.isA(target, TypeKey.layoutComponent) {
        add(.layout(target), drawable: target)
        continue
      }
      PointerTargets.visit(target, types: model.types, children: model.children) { kind, id in
        switch kind {
        case .shape: add(.shape(id), drawable: id)
        case .layout: add(.layout(id), drawable: id)
        case .textRun:
          let text = model.parents[id]
          add(.textRun(run: id, text: text), drawable: text)
        }
      }
    }
    for host in model.nestedHosts {
      components.append(HitComponentState(target: .nested(host.id)))
    }
    for id in model.types.indices where model.types[id] == UInt16(TypeKey.artboardComponentList) {
      components.append(HitComponentState(target: .list(id)))
    }
    order = Array(components.indices)
  }

  /// Puts the components in hit order for `drawOrder` (back to front): the runtime's
  /// selection by swapping, top of the draw order first; components not in the draw order
  /// stay after them.
  mutating func sort(drawOrder: [DrawItem]) {
    guard drawOrder != orderedFor || order.count != components.count else { return }
    orderedFor = drawOrder
    order = Array(components.indices)
    var sorted = 0
    for item in drawOrder.reversed() {
      guard sorted < order.count else { break }
      let id: Int
      switch item {
      case .drawable(let drawable): id = Int(drawable)
      case .proxy(let layout): id = Int(layout)
      case .clipStart, .clipEnd: continue
      }
      for i in sorted..<order.count {
        let component = components[order[i]]
        let matches: Bool
        switch (component.target, item) {
        case (.layout(let layout), .proxy): matches = layout == id
        case (.shape(let shape), .drawable): matches = shape == id
        case (.nested(let host), .drawable): matches = host == id
        case (.list(let list), .drawable): matches = list == id
        case (.textRun(_, let text), .drawable): matches = text == id
        default: matches = false
        }
        if matches {
          if i != sorted { order.swapAt(sorted, i) }
          sorted += 1
        }
      }
    }
  }
}
