import RiveLayout
import Testing

// Hand-worked grid cases, with the arithmetic of the CSS grid track sizing algorithm as the
// fork implements it (Yoga defaults still apply: align-content flex-start, so rows do not
// stretch unless they are fr tracks).

func grid(_ configure: (inout LayoutStyle) -> Void) -> LayoutStyle {
  s {
    $0.display = .grid
    configure(&$0)
  }
}

@Suite struct GridTrackTests {
  @Test func fixedAndFlexibleTracksWithGaps() {
    // Columns: 300 - 100 - 2 gaps of 10 = 180 for 3fr: 60 and 120. Rows: 200 - 50 - 10 = 140.
    // Four items fill the cells in row-major order.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.points(100), .fr(1), .fr(2)]
          $0.gridTemplateRows = [.points(50), .fr(1)]
          $0.gap.all = .points(10)
        }, n(), n(), n(), n()),
      width: 300, height: 200,
      b(0, 0, 300, 200, b(0, 0, 100, 50), b(110, 0, 60, 50), b(180, 0, 120, 50), b(0, 60, 100, 140))
    )
  }

  @Test func percentTracks() {
    // 25% and 75% of 200.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.percent(25), .percent(75)]
          $0.gridTemplateRows = [.points(10)]
        },
        n(), n()),
      width: 200, height: 10, b(0, 0, 200, 10, b(0, 0, 50, 10), b(50, 0, 150, 10)))
  }

  @Test func minmaxGrowsToItsMaximumBeforeFrTakesTheRest() {
    // minmax(50, 100) starts at 50 and grows to its 100 limit; 1fr then gets 300 - 100.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.minmax(.points(50), .points(100)), .fr(1)]
          $0.gridTemplateRows = [.fr(1)]
        }, n(), n()),
      width: 300, height: 100, b(0, 0, 300, 100, b(0, 0, 100, 100), b(100, 0, 200, 100)))
  }

  @Test func autoTracksFitTheirContent() {
    // Unsized container: column 1 is max(40, 30), column 2 is 60; rows 20 and 30.
    expectLayout(
      n(
        grid { $0.gridTemplateColumns = [.auto, .auto] },
        n(s { $0.dimensions = .init(width: .points(40), height: .points(10)) }),
        n(s { $0.dimensions = .init(width: .points(60), height: .points(20)) }),
        n(s { $0.dimensions = .init(width: .points(30), height: .points(30)) })),
      b(0, 0, 100, 50, b(0, 0, 40, 10), b(40, 0, 60, 20), b(0, 20, 30, 30)))
  }

  @Test func implicitRowsGrowTheContainer() {
    // One 100 column; implicit auto rows of 30 and 50 make the grid 80 high.
    expectLayout(
      n(
        grid { $0.gridTemplateColumns = [.points(100)] },
        n(s { $0.dimensions.height = .points(30) }), n(s { $0.dimensions.height = .points(50) })),
      b(0, 0, 100, 80, b(0, 0, 100, 30), b(0, 30, 100, 50)))
  }

  @Test func paddingInsetsTheTracks() {
    // Inner 180 x 80 after padding 10: two 90 columns.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.fr(1), .fr(1)]
          $0.gridTemplateRows = [.fr(1)]
          $0.padding[.all] = .points(10)
        }, n(), n()),
      width: 200, height: 100, b(0, 0, 200, 100, b(10, 10, 90, 80), b(100, 10, 90, 80)))
  }
}

@Suite struct GridPlacementTests {
  @Test func explicitLinesSpansAndNegativeLines() {
    // B: column -2 of 4 lines is line 3 (third column), row 2: left 100, top 40.
    // A: column 2 spanning 2 (columns 2 and 3), auto row: the first row, free there.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.points(50), .points(50), .points(50)]
          $0.gridTemplateRows = [.points(40), .points(40)]
        },
        n(
          s {
            $0.gridColumnStart = .line(2)
            $0.gridColumnEnd = .span(2)
          }),
        n(
          s {
            $0.gridColumnStart = .line(-2)
            $0.gridRowStart = .line(2)
          })),
      width: 150, height: 80, b(0, 0, 150, 80, b(50, 0, 100, 40), b(100, 40, 50, 40)))
  }

  @Test func linesBeforeTheExplicitGridAddImplicitTracks() {
    // Column -5 of 3 lines is line -1: two implicit auto columns open before the explicit
    // ones. A takes the first (its 10 width); B is auto-placed in the next (empty, 0 wide).
    // Columns 10, 0, 50, 50; one auto row of 10.
    expectLayout(
      n(
        grid { $0.gridTemplateColumns = [.points(50), .points(50)] },
        n(
          s {
            $0.gridColumnStart = .line(-5)
            $0.dimensions = .init(width: .points(10), height: .points(10))
          }), n()),
      b(0, 0, 110, 10, b(0, 0, 10, 10), b(10, 0, 0, 10)))
  }

  @Test func autoPlacementSkipsOccupiedCells() {
    // The first item is pinned to cell (2, 1); auto items fill (1,1), (3,1), then (1,2).
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.points(10), .points(10), .points(10)]
          $0.gridAutoRows = [.points(10)]
        },
        n(
          s {
            $0.gridColumnStart = .line(2)
            $0.gridRowStart = .line(1)
          }), n(), n(), n()),
      width: 30, height: 20,
      b(0, 0, 30, 20, b(10, 0, 10, 10), b(0, 0, 10, 10), b(20, 0, 10, 10), b(0, 10, 10, 10)))
  }
}

@Suite struct GridAlignmentTests {
  @Test func selfAlignmentInTheArea() {
    // Three 100 x 100 cells, 10 x 10 items:
    //   center / end: (100 - 10) / 2 = 45 across, 90 down;
    //   end / center: 100 + 90 across, 45 down;
    //   flex-end is not `end` for grid items in the fork: they stay at the start.
    let item = { (justify: Justify, align: Align) in
      n(
        s {
          $0.justifySelf = justify
          $0.alignSelf = align
          $0.dimensions = .init(width: .points(10), height: .points(10))
        })
    }
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.points(100), .points(100), .points(100)]
          $0.gridTemplateRows = [.points(100)]
        }, item(.center, .end), item(.end, .center), item(.flexEnd, .flexEnd)),
      width: 300, height: 100,
      b(0, 0, 300, 100, b(45, 90, 10, 10), b(190, 45, 10, 10), b(200, 0, 10, 10)))
  }

  @Test func justifyItemsAppliesToItemsWithoutJustifySelf() {
    // justify-items center: (100 - 20) / 2; an item without a width is no longer stretched,
    // so it is 0 wide at 50.
    expectLayout(
      n(
        grid {
          $0.justifyItems = .center
          $0.gridTemplateColumns = [.points(100)]
          $0.gridTemplateRows = [.points(30), .points(30)]
        }, n(s { $0.dimensions.width = .points(20) }), n()),
      width: 100, height: 60, b(0, 0, 100, 60, b(40, 0, 20, 30), b(50, 30, 0, 30)))
  }

  @Test func contentDistributionOfTracks() {
    let tracks = { (justify: Justify) in
      n(
        grid {
          $0.justifyContent = justify
          $0.alignContent = .end
          $0.gridTemplateColumns = [.points(50), .points(50)]
          $0.gridTemplateRows = [.points(40)]
        }, n(), n())
    }
    // Free 200 across, 60 down (align-content end puts the row at 60).
    expectLayout(
      tracks(.center), width: 300, height: 100,
      b(0, 0, 300, 100, b(100, 60, 50, 40), b(150, 60, 50, 40)))
    expectLayout(
      tracks(.spaceBetween), width: 300, height: 100,
      b(0, 0, 300, 100, b(0, 60, 50, 40), b(250, 60, 50, 40)))
    let third: Float = 200 / 3
    expectLayout(
      tracks(.spaceEvenly), width: 300, height: 100,
      b(0, 0, 300, 100, b(third, 60, 50, 40), b(third + 50 + third, 60, 50, 40)))
  }

  @Test func rightToLeftGridsStartAtTheRight() {
    // Column 1 (50) ends at the right edge: 200 - 50; column 2 (100) follows: 200 - 100 - 50.
    expectLayout(
      n(
        grid {
          $0.gridTemplateColumns = [.points(50), .points(100)]
          $0.gridTemplateRows = [.points(50)]
        },
        n(), n()),
      width: 200, height: 50, direction: .rtl,
      b(0, 0, 200, 50, b(150, 0, 50, 50), b(50, 0, 100, 50)))
  }

  @Test func absoluteChildrenOfTheRootGrid() {
    // The grid path places absolute children from margin and insets only (no border, unlike
    // the flex path): left 10, top 20 even with a border of 5.
    expectLayout(
      n(
        grid { $0.border[.all] = .points(5) },
        n(
          s {
            $0.positionType = .absolute
            $0.position[.left] = .points(10)
            $0.position[.top] = .points(20)
            $0.dimensions = .init(width: .points(30), height: .points(30))
          })),
      width: 200, height: 100, b(0, 0, 200, 100, b(10, 20, 30, 30)))
  }
}

@Suite struct GridAbsoluteTests {
  @Test func aStaticGridThatIsNotTheRootLeavesAbsoluteChildrenUnlaidOut() {
    // The fork lays absolute children out only when the grid forms their containing block:
    // positioned, or the root. Here the grid is static and nested, so the child keeps the
    // layout a new node has (no size, at 0, 0) — the oracle agrees.
    let absolute = n(
      s {
        $0.positionType = .absolute
        $0.position[.left] = .points(10)
        $0.dimensions = .init(width: .points(30), height: .points(30))
      })
    expectLayout(
      n(
        LayoutStyle(),
        n(grid { $0.dimensions = .init(width: .points(100), height: .points(100)) }, absolute)),
      width: 200, height: 100,
      b(0, 0, 200, 100, b(0, 0, 100, 100, b(0, 0, .nan, .nan))))
    // Positioned, the same grid places it at its inset.
    expectLayout(
      n(
        LayoutStyle(),
        n(
          grid {
            $0.positionType = .relative
            $0.dimensions = .init(width: .points(100), height: .points(100))
          }, absolute)),
      width: 200, height: 100,
      b(0, 0, 200, 100, b(0, 0, 100, 100, b(10, 0, 30, 30))))
  }
}

@Suite struct GridNestingTests {
  @Test func flexInsideGridInsideFlex() {
    // The grid is stretched to 200 and split in two 100 columns; each cell holds a row
    // container whose 30-high child gives the implicit row its height.
    let cell = n(
      s { $0.flexDirection = .row },
      n(s { $0.dimensions = .init(width: .points(10), height: .points(30)) }))
    expectLayout(
      n(
        s { $0.dimensions.width = .points(200) },
        n(grid { $0.gridTemplateColumns = [.fr(1), .fr(1)] }, cell, cell)),
      b(
        0, 0, 200, 30,
        b(0, 0, 200, 30, b(0, 0, 100, 30, b(0, 0, 10, 30)), b(100, 0, 100, 30, b(0, 0, 10, 30)))))
  }
}
