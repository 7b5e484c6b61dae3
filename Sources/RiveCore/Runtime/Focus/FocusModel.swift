@_spi(RiveFormatInternals) import RiveFormat

/// An artboard's focus tree as the official runtime builds it: a focus data component stands
/// for its parent container, and the tree follows the scene depth first — a container's focus
/// data is the parent of the focus data found under it, and a nested artboard's tree hangs
/// under the focus data in effect where it is hosted.
struct FocusModel: Sendable {
  /// A child of a focus node.
  enum Child: Sendable, Equatable {
    /// A focus data component of this artboard.
    case data(Int)
    /// The top-level focus nodes of nested artboard `index` (in ``ArtboardModel/nestedHosts``).
    case nested(Int)
  }

  /// The children of each focus data component, by component id, in tree order.
  let children: [Int: [Child]]
  /// The children at the top of the artboard (under whatever node hosts it).
  let topLevel: [Child]
  /// The focus data each focus data component hangs under, or -1 for the top of the artboard.
  let parents: [Int: Int]
  /// The focus data each nested artboard hangs under, or -1, by nested artboard index.
  let hostParents: [Int: Int]
  /// The first focus data child of each component that has one.
  let focusDataOf: [Int: Int]

  init(types: borrowing [UInt16], children: borrowing IndexLists, nestedHostIndex: [Int: Int]) {
    var focusDataOf: [Int: Int] = [:]
    // (Lists are walked by position, not sliced: a slice retains the lists' buffer. Most
    // artboards have no focus data, and then none is looked for.)
    if types.contains(UInt16(TypeKey.focusData)) {
      for parent in 0..<children.count {
        for position in children.positions(parent) {
          let child = Int(children.value(at: position))
          if UInt32(types[child]) == TypeKey.focusData {
            focusDataOf[parent] = child
            break
          }
        }
      }
    }
    var tree: [Int: [Child]] = [:]
    var top: [Child] = []
    var parents: [Int: Int] = [:]
    var hostParents: [Int: Int] = [:]
    func add(_ child: Child, under node: Int) {
      if node < 0 { top.append(child) } else { tree[node, default: []].append(child) }
    }
    // Depth first in scene order, with an explicit stack (files can nest deeply).
    var stack: [(component: Int, node: Int)] =
      focusDataOf.isEmpty && nestedHostIndex.isEmpty || types.isEmpty ? [] : [(0, -1)]
    // What each component holds, by id, for the walk (it visits every component).
    var hostAt: [Int32] = []
    var dataAt: [Int32] = []
    if !stack.isEmpty {
      // A component is pushed once, when its parent is visited: room for all of them at once.
      stack.reserveCapacity(types.count + 1)
      hostAt = [Int32](filling: -1, count: types.count)
      dataAt = [Int32](filling: -1, count: types.count)
      for (component, host) in nestedHostIndex where component >= 0 && component < types.count {
        hostAt[component] = Int32(host)
      }
      for (component, data) in focusDataOf where component < types.count {
        dataAt[component] = Int32(data)
      }
    }
    var visits = 0
    while let (component, node) = stack.popLast(), visits < types.count * 2 + 1 {
      visits += 1
      guard component >= 0, component < types.count else { continue }
      let host = Int(hostAt[component])
      if host >= 0 {
        hostParents[host] = node
        add(.nested(host), under: node)
      }
      var inner = node
      let data = Int(dataAt[component])
      if data >= 0 {
        parents[data] = node
        add(.data(data), under: node)
        inner = data
      }
      for position in children.positions(component).reversed() {
        let child = Int(children.value(at: position))
        if UInt32(types[child]) != TypeKey.focusData { stack.append((child, inner)) }
      }
    }
    self.children = tree
    self.topLevel = top
    self.parents = parents
    self.hostParents = hostParents
    self.focusDataOf = focusDataOf
  }
}

extension StateMachineModel {
  /// Whether any state, transition or listener of the machine has a focus action (only then can
  /// it queue focus requests).
  var hasFocusActions: Bool {
    func focuses(_ actions: [ListenerAction]) -> Bool {
      actions.contains {
        switch $0.kind {
        case .focusTarget, .focusClear: return true
        default: return false
        }
      }
    }
    return listeners.contains { focuses($0.actions) }
      || layers.contains { layer in
        layer.states.contains { state in
          focuses(state.listenerActions)
            || state.transitions.contains { focuses($0.listenerActions) }
        }
      }
  }
}
