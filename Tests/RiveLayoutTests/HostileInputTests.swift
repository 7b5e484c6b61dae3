import RiveLayout
import Testing

/// Hostile input: values no editor writes, sizes no device has, trees no designer draws. Every
/// case must finish quickly with a defined result and never trap.
@Suite struct HostileInputTests {
  @Test func storedValuesReadBackAsYogaStoresThem() {
    // Yoga keeps lengths in a 32-bit encoding: NaN points read back as 1.5 percent (3 of 200),
    // infinity is clamped to the largest storable point value, and 1e-20 becomes 0.
    let root = n(
      s {
        $0.flexDirection = .row
        $0.alignItems = .flexStart
      },
      n(s { $0.dimensions = .init(width: .points(.nan), height: .points(1e-20)) }),
      n(s { $0.dimensions = .init(width: .points(.infinity), height: .points(10)) }),
      n(s { $0.dimensions = .init(width: .points(-50), height: .percent(.nan)) }))
    let boxes = solve(root, width: 200, height: 100)
    #expect(boxes.children[0].width == 3)
    #expect(boxes.children[0].height == 0)
    #expect(boxes.children[1].width == 36_893_485_948_395_847_680)
    // A negative width is no width: the item is sized by content (0); NaN percent is 1.5% of
    // the 100 height.
    #expect(boxes.children[2].width == 0)
    #expect(boxes.children[2].height == 1.5)
  }

  @Test func nonFiniteAndNegativeValuesEverywhere() {
    let values: [Float] = [.nan, .infinity, -.infinity, -1e30, 1e30, -5, 0]
    var generator = SplitMix(seed: 11)
    func anyLength() -> LayoutLength {
      let value = values[Int(generator.next() % UInt64(values.count))]
      switch generator.next() % 4 {
      case 0: return .points(value)
      case 1: return .percent(value)
      case 2: return .auto
      default: return .undefined
      }
    }
    for round in 0..<40 {
      var tree = LayoutTree()
      var ids: [LayoutNodeID] = []
      for index in 0..<12 {
        var style = LayoutStyle()
        style.display = [Display.flex, .grid, .flex][index % 3]
        style.flexDirection = FlexDirection(rawValue: UInt8(generator.next() % 4)) ?? .row
        style.flexWrap = FlexWrap(rawValue: UInt8(generator.next() % 3)) ?? .wrap
        style.positionType = PositionType(rawValue: UInt8(generator.next() % 3)) ?? .absolute
        style.dimensions = .init(width: anyLength(), height: anyLength())
        style.minDimensions = .init(width: anyLength(), height: anyLength())
        style.maxDimensions = .init(width: anyLength(), height: anyLength())
        style.flexBasis = anyLength()
        style.flexGrow = values[Int(generator.next() % UInt64(values.count))]
        style.flexShrink = values[Int(generator.next() % UInt64(values.count))]
        style.aspectRatio = values[Int(generator.next() % UInt64(values.count))]
        for edge in Edge.allCases {
          style.margin[edge] = anyLength()
          style.padding[edge] = anyLength()
          style.border[edge] = anyLength()
          style.position[edge] = anyLength()
        }
        style.gap = GapValues(column: anyLength(), row: anyLength(), all: anyLength())
        let breadths: [GridTrackSize.Breadth] = [
          .points(values[round % values.count]), .percent(.nan), .fr(.infinity), .fr(-1), .auto,
        ]
        style.gridTemplateColumns = (0..<3).map { _ in
          GridTrackSize(
            min: breadths[Int(generator.next() % 5)], max: breadths[Int(generator.next() % 5)])
        }
        style.gridTemplateRows = [.fr(.nan), .minmax(.points(.infinity), .auto)]
        // Out-of-range lines and spans (clamped; `gridsWithHugeTrackCountsSpansAndLines`
        // checks where they land).
        if index == 4 && round % 10 == 0 {
          style.gridColumnStart = .line(Int(Int32.min))
          style.gridRowEnd = .span(Int.max)
        } else {
          style.gridColumnStart = .line(Int(generator.next() % 7) - 3)
          style.gridRowEnd = .span(Int(generator.next() % 5) - 1)
        }
        ids.append(tree.makeNode(style: style))
      }
      for index in 1..<ids.count {
        let appended = tree.appendChild(ids[index], to: ids[(index - 1) / 3])
        #expect(appended)
      }
      tree.setHasMeasure(true, for: ids[ids.count - 1])
      var measurer = HostileMeasurer()
      tree.calculateLayout(
        root: ids[0], availableWidth: values[round % values.count],
        availableHeight: values[(round + 3) % values.count],
        direction: round % 2 == 0 ? .rtl : .ltr, measurer: &measurer)
      #expect(tree.statistics.layouts > 0)
    }
  }

  struct HostileMeasurer: LayoutMeasurer {
    var turn = 0
    mutating func measure(
      _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
      heightMode: MeasureMode
    ) -> (width: Float, height: Float) {
      turn += 1
      let answers: [Float] = [.nan, -.infinity, .infinity, -20, 1e38]
      return (answers[turn % answers.count], answers[(turn + 2) % answers.count])
    }
    mutating func baseline(_ node: LayoutNodeID, width: Float, height: Float) -> Float? { .nan }
  }

  @Test func measurerReturningNonsense() {
    // NaN and negative sizes leave the padding and border; infinity stays infinite.
    var tree = LayoutTree()
    let root = tree.makeNode(
      style: s {
        $0.flexDirection = .row
        $0.alignItems = .baseline
      })
    let leaves = (0..<5).map { _ in tree.makeNode(style: s { $0.padding[.all] = .points(2) }) }
    for leaf in leaves { tree.setHasMeasure(true, for: leaf) }
    tree.setChildren(leaves, of: root)
    var measurer = HostileMeasurer()
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      measurer: &measurer)
    let widths = leaves.map { tree.layout(of: $0).width }
    #expect(widths.contains(4))
    #expect(widths.contains(.infinity))
  }

  @Test func manyNodes() {
    // 100,001 nodes: a root with 1,000 rows of 99 fixed items.
    var tree = LayoutTree()
    tree.reserveCapacity(100_001)
    let root = tree.makeNode(style: s { $0.dimensions.width = .points(1000) })
    var rows: [LayoutNodeID] = []
    for _ in 0..<1_000 {
      let row = tree.makeNode(
        style: s {
          $0.flexDirection = .row
          $0.flexWrap = .wrap
        })
      let items = (0..<99).map { _ in
        tree.makeNode(style: s { $0.dimensions = .init(width: .points(20), height: .points(2)) })
      }
      tree.setChildren(items, of: row)
      rows.append(row)
    }
    tree.setChildren(rows, of: root)
    #expect(tree.nodeCount == 100_001)
    tree.calculateLayout(root: root, availableWidth: .nan, availableHeight: .nan)
    // 99 items of 20 in 1000: 50 per line, two lines of 2 per row.
    #expect(tree.layout(of: root).height == 4_000)
    #expect(tree.layout(of: rows[999]).top == 3_996)
  }

  @Test func tenThousandLevels() {
    // Every level has padding 1, the innermost is empty: each level adds 2.
    var tree = LayoutTree()
    let padded = s { $0.padding[.all] = .points(1) }
    // Built from the bottom up, so no ancestor walk is long.
    let last = tree.makeNode(style: padded)
    var root = last
    for _ in 1..<10_000 {
      let parent = tree.makeNode(style: padded)
      tree.setChildren([root], of: parent)
      root = parent
    }
    tree.calculateLayout(root: root, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.layout(of: root).width == 20_000)
    #expect(tree.layout(of: last).width == 2)
    #expect(tree.layout(of: last).left == 1)
  }

  @Test func deeperThanTheMaximumDepth() {
    // Levels past `maximumDepth` are not laid out: the node at that depth is a leaf (2 wide
    // from its padding) and the ones below get zero boxes.
    var tree = LayoutTree()
    let padded = s { $0.padding[.all] = .points(1) }
    var chain = [tree.makeNode(style: padded)]
    for _ in 1..<(LayoutTree.maximumDepth + 10) {
      let parent = tree.makeNode(style: padded)
      tree.setChildren([chain[chain.count - 1]], of: parent)
      chain.append(parent)
    }
    chain.reverse()
    let root = chain[0]
    tree.calculateLayout(root: root, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.layout(of: root).width == Float(2 * LayoutTree.maximumDepth))
    #expect(tree.layout(of: chain[LayoutTree.maximumDepth - 1]).width == 2)
    #expect(tree.layout(of: chain[LayoutTree.maximumDepth + 5]).width == 0)
  }

  @Test func nestedContentSizedGridsStopAtTheVisitLimit() {
    // Each level of content-sized grids measures its item several times: 200 levels would
    // take longer than the universe is old. The pass stops at its visit limit instead.
    var tree = LayoutTree()
    tree.visitLimit = 20_000
    let gridStyle = grid {
      $0.gridTemplateColumns = [.auto]
      $0.gridTemplateRows = [.auto]
    }
    var root = tree.makeNode(style: gridStyle)
    for _ in 1..<200 {
      let parent = tree.makeNode(style: gridStyle)
      tree.setChildren([root], of: parent)
      root = parent
    }
    tree.calculateLayout(root: root, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.statistics.exhaustedVisitLimit)
    #expect(tree.statistics.visits < 40_000)
  }

  @Test func cyclesAndBadIDsAreRefused() {
    var tree = LayoutTree()
    let a = tree.makeNode()
    let b = tree.makeNode()
    let c = tree.makeNode()
    let bUnderA = tree.setChildren([b], of: a)
    #expect(bUnderA)
    let cUnderB = tree.setChildren([c], of: b)
    #expect(cUnderB)
    // c's child cannot be a (its grandparent), b, or c itself.
    let aUnderC = tree.setChildren([a], of: c)
    #expect(!aUnderC)
    let cUnderItself = tree.insertChild(c, into: c, at: 0)
    #expect(!cUnderItself)
    #expect(throws: LayoutTreeError.cycle(parent: c, child: b)) {
      try tree.setChildrenChecked([b], of: c)
    }
    #expect(throws: LayoutTreeError.duplicateChild(c)) {
      try tree.setChildrenChecked([c, c], of: a)
    }
    let stranger = LayoutNodeID(index: 99)
    #expect(throws: LayoutTreeError.unknownNode(stranger)) {
      try tree.setChildrenChecked([stranger], of: a)
    }
    #expect(throws: LayoutTreeError.indexOutOfRange(5)) {
      try tree.insertChildChecked(tree.makeNode(), into: a, at: 5)
    }
    // Nothing changed.
    #expect(tree.children(of: a) == [b] && tree.children(of: c).isEmpty)
    // Removed IDs are unknown until reused.
    let removed = tree.removeNode(c)
    #expect(removed)
    #expect(!tree.contains(c))
    let removedAppended = tree.appendChild(c, to: a)
    #expect(!removedAppended)
    tree.calculateLayout(root: c, availableWidth: 10, availableHeight: 10)
    #expect(tree.children(of: b).isEmpty)
  }

  @Test func reparentingMovesTheChild() {
    var tree = LayoutTree()
    let a = tree.makeNode()
    let b = tree.makeNode()
    let c = tree.makeNode()
    let cUnderA = tree.setChildren([c], of: a)
    #expect(cUnderA)
    let cMovedUnderB = tree.setChildren([c], of: b)
    #expect(cMovedUnderB)
    #expect(tree.children(of: a).isEmpty)
    #expect(tree.parent(of: c) == b)
  }

  @Test func gridsWithHugeTrackCountsSpansAndLines() {
    // 10,000 explicit 1-point columns.
    var tree = LayoutTree()
    let wide = tree.makeNode(
      style: grid {
        $0.gridTemplateColumns = Array(repeating: .points(1), count: 10_000)
        $0.gridTemplateRows = [.auto]
      })
    tree.setChildren((0..<3).map { _ in tree.makeNode() }, of: wide)
    tree.calculateLayout(root: wide, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.layout(of: wide).width == 10_000)

    // Line 10,000,000 is clamped to line 10,000: column index 9,999 of 1-point auto columns.
    // A span of Int.max is clamped to 10,000; a line of -1e9 to -10,000 (9,999 implicit
    // columns before the explicit grid).
    var clamped = LayoutTree()
    let container = clamped.makeNode(
      style: grid {
        $0.gridAutoColumns = [.points(1)]
        $0.gridAutoRows = [.points(5)]
      })
    let far = clamped.makeNode(style: s { $0.gridColumnStart = .line(10_000_000) })
    let spanning = clamped.makeNode(
      style: s {
        $0.gridColumnEnd = .span(Int.max)
        $0.gridRowStart = .line(2)
      })
    let before = clamped.makeNode(
      style: s {
        $0.gridColumnStart = .line(-1_000_000_000)
        $0.gridRowStart = .line(3)
      })
    clamped.setChildren([far, spanning, before], of: container)
    clamped.calculateLayout(root: container, availableWidth: .nan, availableHeight: .nan)
    #expect(clamped.layout(of: before).left == 0)
    #expect(clamped.layout(of: far).left == 9_999 + 9_999)
    #expect(clamped.layout(of: spanning).width == 10_000)
  }

  @Test func manyItemsSpanningThousandsOfTracks() {
    // 1,000 items of 10,000 rows each would need 10 million rows and quadratic placement.
    // Past the grid's span budget (262,144 tracks) items become single automatic cells, and
    // the overlap checks stop after their step budget: the layout ends, quickly.
    var tree = LayoutTree()
    let container = tree.makeNode(
      style: grid {
        $0.gridTemplateColumns = [.points(10)]
        $0.gridAutoRows = [.points(1)]
      })
    let items = (0..<1_000).map { _ in tree.makeNode(style: s { $0.gridRowEnd = .span(10_000) }) }
    tree.setChildren(items, of: container)
    tree.calculateLayout(root: container, availableWidth: .nan, availableHeight: .nan)
    let height = tree.layout(of: container).height
    // The first item alone is 10,000 rows of 1 point; the budget keeps the grid far below
    // 10 million rows.
    #expect(height >= 10_000 && height < 1_000_000)
  }

  @Test func gridsShareOnePlacementBudgetPerSolve() {
    // Four content-sized grids of 1,000 items spanning 10,000 rows each, in a row that
    // measures them before laying them out: each placement alone would near the budget, and
    // a grid is placed again each time it is measured. The budget is the solve's (a fuzzed
    // tree of a few hundred nodes placed its grids for seconds while it was each placement's).
    var tree = LayoutTree()
    let root = tree.makeNode(style: s { $0.flexDirection = .row })
    var grids: [LayoutNodeID] = []
    for _ in 0..<4 {
      let container = tree.makeNode(
        style: grid {
          $0.gridTemplateColumns = [.points(10)]
          $0.gridAutoRows = [.points(1)]
        })
      let items = (0..<1_000).map { _ in
        tree.makeNode(style: s { $0.gridRowEnd = .span(10_000) })
      }
      tree.setChildren(items, of: container)
      grids.append(container)
    }
    tree.setChildren(grids, of: root)
    tree.calculateLayout(root: root, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.statistics.gridPlacementSteps <= (1 << 24) + 10_000)
    #expect(tree.statistics.gridPlacementSteps > 1 << 23)
    for container in grids {
      let height = tree.layout(of: container).height
      #expect(height >= 10_000 && height < 1_000_000)
    }
  }

  @Test func manyGridItems() {
    // 10,000 auto-placed items in 100 columns of 1: 100 rows of 2.
    var tree = LayoutTree()
    let container = tree.makeNode(
      style: grid {
        $0.gridTemplateColumns = Array(repeating: .points(1), count: 100)
        $0.gridAutoRows = [.points(2)]
      })
    tree.setChildren((0..<10_000).map { _ in tree.makeNode() }, of: container)
    tree.calculateLayout(root: container, availableWidth: .nan, availableHeight: .nan)
    #expect(tree.layout(of: container).height == 200)
  }
}
