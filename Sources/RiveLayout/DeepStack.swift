/// Running a caller's own walks of a layout tree on a stack that fits them.
///
/// The solver lays deep trees out on a thread of its own whose stack is sized for the tree's
/// depth. Code that walks the same tree recursively (a runtime taking the solved boxes back
/// into its components, say) can run on such a stack too.
extension LayoutTree {
  /// The number of levels under `root` (1 for a leaf; 0 for a node the tree does not hold),
  /// cached until the tree's structure changes.
  public mutating func depth(under root: LayoutNodeID) -> Int {
    guard let slot = slotOf(root) else { return 0 }
    return treeDepth(slot)
  }

  /// Runs `body`, on the calling thread when `depth` levels fit its stack
  /// (``inlineDepth`` or fewer), else on a new thread whose stack fits `depth` levels (at most
  /// ``maximumDepth``) of a recursion about as deep per level as the solver's, waiting for it.
  /// If no thread can be made, `body` runs on the calling thread.
  public static func withStack(forDepth depth: Int, _ body: () -> Void) {
    if !runOnDeepStackIfNeeded(treeDepth: depth, body) { body() }
  }

  /// The levels of nesting ``withStack(forDepth:_:)`` runs on the calling thread.
  public static var inlineDepth: Int { inlineDepthLimit }
}
