@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// An instance's layout tree as a solver input on its own (for `rive-bench layout` and
/// differential runs): the tree with its styles, the root and the space the instance gives it,
/// and what each measured node measures with no constraint.
package struct LayoutTreeSnapshot: Sendable {
  /// A copy of the tree the instance solves (hosted artboards' nodes included).
  package var tree: LayoutTree
  /// The artboard's node.
  package var root: LayoutNodeID
  /// The width and height the instance offers the root (NaN when its style hugs).
  package var availableWidth: Float
  package var availableHeight: Float
  /// Each node under the root that has a measure function, with its unconstrained size.
  package var measured: [LayoutNodeID: (width: Float, height: Float)]
}

extension ArtboardInstance {
  /// How many layout passes this instance has run (0 while layout is not solved).
  package var layoutSolveCount: Int { layout.solveCount }

  /// How many nodes the tree this instance solves holds (0 while layout is not solved, or
  /// while a host solves its nodes).
  package var layoutNodeCount: Int { layout.isOn ? layout.tree.nodeCount : 0 }

  /// The tree this instance solves, as it stands, with every measured node's size measured
  /// once with no constraint; nil while layout is not solved or a host solves it.
  package mutating func layoutTreeSnapshot() -> LayoutTreeSnapshot? {
    guard layout.isOn, layout.updatesOwnLayout, let root = layout.items.first?.node else {
      return nil
    }
    let tree = layout.tree
    var measured: [LayoutNodeID: (width: Float, height: Float)] = [:]
    var stack = [root]
    var visited = 0
    while let node = stack.popLast(), visited <= tree.nodeCount {
      visited += 1
      let children = tree.children(of: node)
      if tree.hasMeasure(node) {
        measured[node] =
          measureLayoutNode(
            node, width: .nan, widthMode: .undefined, height: .nan, heightMode: .undefined)
          ?? (0, 0)
      }
      stack.append(contentsOf: children)
    }
    let style = layoutStyleObject(0)
    let hugs = style >= 0 && styleIsIntrinsicallySized(style)
    return LayoutTreeSnapshot(
      tree: tree, root: root,
      availableWidth: hugs ? .nan : float(0, Slot.layoutComponentWidth),
      availableHeight: hugs ? .nan : float(0, Slot.layoutComponentHeight), measured: measured)
  }
}
