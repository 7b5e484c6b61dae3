import RiveLayout
import Testing

/// Yoga's caching semantics: what a second pass does, what dirtying does, `hasNewLayout`.
@Suite struct CacheTests {
  /// A row with a measured leaf, a nested column and a grid; sizes from `leafWidth`.
  struct Fixture {
    var tree = LayoutTree()
    var root: LayoutNodeID
    var leaf: LayoutNodeID
    var inner: LayoutNodeID
    var measurer = Resizable(width: 40)

    init() {
      root = tree.makeNode(
        style: s {
          $0.flexDirection = .row
          $0.padding[.all] = .points(4)
        })
      leaf = tree.makeNode()
      tree.setHasMeasure(true, for: leaf)
      inner = tree.makeNode(style: s { $0.flexGrow = 1 })
      let gridNode = tree.makeNode(
        style: s {
          $0.display = .grid
          $0.gridTemplateColumns = [.fr(1), .auto]
        })
      let cells = (0..<3).map { _ in tree.makeNode(style: s { $0.dimensions.height = .points(10) })
      }
      tree.setChildren(cells, of: gridNode)
      tree.setChildren([gridNode], of: inner)
      tree.setChildren([leaf, inner], of: root)
    }

    mutating func layout(width: Float = 300) {
      tree.calculateLayout(
        root: root, availableWidth: width, availableHeight: .nan, direction: .ltr,
        measurer: &measurer)
    }
  }

  struct Resizable: LayoutMeasurer {
    var width: Float
    var calls = 0
    mutating func measure(
      _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
      heightMode: MeasureMode
    ) -> (width: Float, height: Float) {
      calls += 1
      return (self.width, 12)
    }
  }

  @Test func aSecondPassOnAnUnchangedTreeVisitsOnlyTheRoot() {
    var fixture = Fixture()
    fixture.layout()
    let first = fixture.tree.statistics
    #expect(first.layouts > 0)
    #expect(first.measureCallbacks > 0)
    fixture.layout()
    let second = fixture.tree.statistics
    // The root's layout comes from its cache: one visit, nothing computed, nothing measured,
    // no scratch buffer grown (so nothing allocated).
    #expect(second.visits == 1)
    #expect(second.cachedLayouts == 1)
    #expect(second.layouts == 0 && second.measures == 0 && second.measureCallbacks == 0)
    #expect(second.scratchGrowths == 0)
  }

  @Test func aSecondLayoutOfTheSameShapeGrowsNoScratch() {
    var fixture = Fixture()
    fixture.layout()
    // A different width forces real work through the same code paths.
    fixture.layout(width: 250)
    #expect(fixture.tree.statistics.layouts > 0)
    #expect(fixture.tree.statistics.scratchGrowths == 0)
  }

  @Test func markDirtyMakesTheMeasurerAskedAgain() {
    var fixture = Fixture()
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.leaf).width == 40)
    // The measured content changes; without a dirty mark the cache still answers.
    fixture.measurer.width = 70
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.leaf).width == 40)
    fixture.tree.markDirty(fixture.leaf)
    #expect(fixture.tree.isDirty(fixture.leaf) && fixture.tree.isDirty(fixture.root))
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.leaf).width == 70)
    // The grower takes what is left: 300 - padding 8 - 70.
    #expect(fixture.tree.layout(of: fixture.inner).width == 222)
    #expect(!fixture.tree.isDirty(fixture.leaf))
  }

  @Test func onlyADifferentStyleDirties() {
    var fixture = Fixture()
    fixture.layout()
    let style = fixture.tree.style(of: fixture.inner)
    fixture.tree.setStyle(style, of: fixture.inner)
    #expect(!fixture.tree.isDirty(fixture.inner))
    var changed = style
    changed.margin[.left] = .points(3)
    fixture.tree.setStyle(changed, of: fixture.inner)
    #expect(fixture.tree.isDirty(fixture.inner) && fixture.tree.isDirty(fixture.root))
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.inner).left == 4 + 40 + 3)
  }

  @Test func hasNewLayoutIsSetByLayoutAndClearedByTheCaller() {
    var fixture = Fixture()
    #expect(fixture.tree.hasNewLayout(fixture.leaf))
    fixture.layout()
    fixture.tree.clearNewLayout(fixture.leaf)
    fixture.tree.clearNewLayout(fixture.root)
    fixture.layout()
    // The cached pass touches only the root.
    #expect(fixture.tree.hasNewLayout(fixture.root))
    #expect(!fixture.tree.hasNewLayout(fixture.leaf))
    fixture.tree.markDirty(fixture.leaf)
    fixture.layout()
    #expect(fixture.tree.hasNewLayout(fixture.leaf))
  }

  @Test func newNodesStartDirtySoMarkingTheirDescendantsDoesNotPropagate() {
    // As Yoga nodes given their style: a dirty node stops the propagation, so marking a
    // child dirty before the first layout leaves a laid-out parent clean.
    var tree = LayoutTree()
    let parent = tree.makeNode()
    tree.calculateLayout(root: parent, availableWidth: 10, availableHeight: 10)
    #expect(!tree.isDirty(parent))
    let child = tree.makeNode(style: s { $0.dimensions.width = .points(10) })
    #expect(tree.isDirty(child))
    tree.markDirty(child)
    #expect(!tree.isDirty(parent))
  }

  @Test func structureChangesRelayout() {
    var fixture = Fixture()
    fixture.layout()
    let extra = fixture.tree.makeNode(style: s { $0.dimensions.width = .points(10) })
    let inserted = fixture.tree.insertChild(extra, into: fixture.root, at: 0)
    #expect(inserted)
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.leaf).left == 14)
    let removed = fixture.tree.removeChild(extra, from: fixture.root)
    #expect(removed)
    fixture.layout()
    #expect(fixture.tree.layout(of: fixture.leaf).left == 4)
    #expect(fixture.tree.parent(of: extra) == nil)
  }
}
