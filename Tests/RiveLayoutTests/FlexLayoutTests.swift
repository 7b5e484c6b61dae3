import RiveLayout
import Testing

// Hand-worked flexbox cases. Each comment gives the arithmetic from the flexbox rules as Yoga
// 2.0.1 applies them (Yoga's defaults: column direction, no shrink, align-items stretch,
// align-content flex-start, no automatic minimum size).

@Suite struct FlexDirectionTests {
  @Test func columnStacksTopDownAndStretchesWidth() {
    // Heights 20 and 30 stack from the top; width stretches to the 100 of the container.
    expectLayout(
      n(
        s {
          $0.dimensions.width = .points(100)
          $0.dimensions.height = .points(100)
        },
        n(s { $0.dimensions.height = .points(20) }), n(s { $0.dimensions.height = .points(30) })),
      b(0, 0, 100, 100, b(0, 0, 100, 20), b(0, 20, 100, 30)))
  }

  @Test func columnReverseStacksFromTheBottom() {
    // 100 - 20 = 80, then 80 - 30 = 50.
    expectLayout(
      n(
        s {
          $0.flexDirection = .columnReverse
          $0.dimensions = .init(width: .points(100), height: .points(100))
        }, n(s { $0.dimensions.height = .points(20) }), n(s { $0.dimensions.height = .points(30) })),
      b(0, 0, 100, 100, b(0, 80, 100, 20), b(0, 50, 100, 30)))
  }

  @Test func rowAndRowReverse() {
    let children = [
      n(s { $0.dimensions.width = .points(20) }), n(s { $0.dimensions.width = .points(30) }),
    ]
    var row = n(
      s {
        $0.flexDirection = .row
        $0.dimensions = .init(width: .points(100), height: .points(40))
      })
    row.children = children
    // Row: 0 and 20; heights stretch to 40.
    expectLayout(row, b(0, 0, 100, 40, b(0, 0, 20, 40), b(20, 0, 30, 40)))
    row.style.flexDirection = .rowReverse
    // Row-reverse: 100 - 20 = 80, 80 - 30 = 50.
    expectLayout(row, b(0, 0, 100, 40, b(80, 0, 20, 40), b(50, 0, 30, 40)))
  }

  @Test func rightToLeftReversesRowsAndStartEdges() {
    // RTL row: the first child ends at the right edge (200 - 50 = 150); the second has a start
    // margin of 10, which is its right margin in RTL: 150 - 10 - 30 = 110.
    expectLayout(
      n(
        s { $0.flexDirection = .row },
        n(s { $0.dimensions.width = .points(50) }),
        n(
          s {
            $0.dimensions.width = .points(30)
            $0.margin[.start] = .points(10)
          })),
      width: 200, height: 100, direction: .rtl,
      b(0, 0, 200, 100, b(150, 0, 50, 100), b(110, 0, 30, 100)))
  }

  @Test func directionIsInheritedAndOverridable() {
    // The inner rows inherit RTL (child at 100 - 10 = 90) unless they say LTR (child at 0).
    let inner = { (direction: LayoutDirection) in
      n(
        s {
          $0.flexDirection = .row
          $0.direction = direction
          $0.dimensions.height = .points(10)
        },
        n(s { $0.dimensions.width = .points(10) }))
    }
    expectLayout(
      n(
        s {
          $0.direction = .rtl
          $0.dimensions.width = .points(100)
        }, inner(.inherit), inner(.ltr)),
      b(0, 0, 100, 20, b(0, 0, 100, 10, b(90, 0, 10, 10)), b(0, 10, 100, 10, b(0, 0, 10, 10))))
  }
}

@Suite struct JustifyAndAlignTests {
  func row(_ justify: Justify) -> CaseNode {
    n(
      s {
        $0.flexDirection = .row
        $0.justifyContent = justify
        $0.dimensions = .init(width: .points(100), height: .points(50))
      }, n(s { $0.dimensions.width = .points(20) }), n(s { $0.dimensions.width = .points(30) }))
  }

  @Test func justifyContentDistributesFreeSpace() {
    // Free space 100 - 50 = 50.
    expectLayout(row(.flexStart), b(0, 0, 100, 50, b(0, 0, 20, 50), b(20, 0, 30, 50)))
    // center: 25 before.
    expectLayout(row(.center), b(0, 0, 100, 50, b(25, 0, 20, 50), b(45, 0, 30, 50)))
    // flex-end: 50 before.
    expectLayout(row(.flexEnd), b(0, 0, 100, 50, b(50, 0, 20, 50), b(70, 0, 30, 50)))
    // space-between: all 50 between.
    expectLayout(row(.spaceBetween), b(0, 0, 100, 50, b(0, 0, 20, 50), b(70, 0, 30, 50)))
    // space-around: 50 / 2 = 25 per item, half of it (12.5) at each end.
    expectLayout(row(.spaceAround), b(0, 0, 100, 50, b(12.5, 0, 20, 50), b(57.5, 0, 30, 50)))
    // space-evenly: 50 / 3 at each of the three gaps.
    expectLayout(
      row(.spaceEvenly),
      b(0, 0, 100, 50, b(50 / 3, 0, 20, 50), b(50 / 3 + 20 + 50 / 3, 0, 30, 50)))
  }

  @Test func theForksStartAndEndAreFlexStartInFlexLayout() {
    // Yoga 2.0.1's justification switch knows only the six CSS flex values; the fork's
    // appended start/end/stretch/auto leave the items at the start.
    for justify in [Justify.start, .end, .stretch, .auto] {
      expectLayout(row(justify), b(0, 0, 100, 50, b(0, 0, 20, 50), b(20, 0, 30, 50)))
    }
  }

  func aligned(_ align: Align) -> CaseNode {
    n(
      s {
        $0.flexDirection = .row
        $0.alignItems = align
        $0.dimensions = .init(width: .points(100), height: .points(50))
      }, n(s { $0.dimensions = .init(width: .points(20), height: .points(10)) }),
      n(s { $0.dimensions.width = .points(20) }))
  }

  @Test func alignItemsInTheCrossAxis() {
    // The first child is 10 high, the second has no height (its content is 0 high).
    expectLayout(aligned(.flexStart), b(0, 0, 100, 50, b(0, 0, 20, 10), b(20, 0, 20, 0)))
    // center: (50 - 10) / 2 = 20, (50 - 0) / 2 = 25.
    expectLayout(aligned(.center), b(0, 0, 100, 50, b(0, 20, 20, 10), b(20, 25, 20, 0)))
    // flex-end: 40 and 50.
    expectLayout(aligned(.flexEnd), b(0, 0, 100, 50, b(0, 40, 20, 10), b(20, 50, 20, 0)))
    // stretch: the child without a height takes the line's 50.
    expectLayout(aligned(.stretch), b(0, 0, 100, 50, b(0, 0, 20, 10), b(20, 0, 20, 50)))
    // The fork's start and end reach the final "else" of Yoga 2.0.1's cross-axis step,
    // which is flex-end's.
    expectLayout(aligned(.start), b(0, 0, 100, 50, b(0, 40, 20, 10), b(20, 50, 20, 0)))
  }

  @Test func alignSelfOverridesAlignItems() {
    // Item 1 centres itself: (50 - 10) / 2 = 20; item 2 keeps the container's flex-end.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.alignItems = .flexEnd
          $0.dimensions = .init(width: .points(100), height: .points(50))
        },
        n(
          s {
            $0.alignSelf = .center
            $0.dimensions = .init(width: .points(20), height: .points(10))
          }),
        n(s { $0.dimensions = .init(width: .points(20), height: .points(10)) })),
      b(0, 0, 100, 50, b(0, 20, 20, 10), b(20, 40, 20, 10)))
  }

  @Test func baselineAlignment() {
    // Without baseline functions a leaf's baseline is its height: 20 and 40. The line's
    // ascent is 40, so the first child moves down by 40 - 20.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.alignItems = .baseline
          $0.dimensions = .init(width: .points(100), height: .points(100))
        },
        n(s { $0.dimensions = .init(width: .points(20), height: .points(20)) }),
        n(s { $0.dimensions = .init(width: .points(20), height: .points(40)) })),
      b(0, 0, 100, 100, b(0, 20, 20, 20), b(20, 0, 20, 40)))
  }

  @Test func baselineComesFromTheMeasurer() {
    struct Baselines: LayoutMeasurer {
      mutating func measure(
        _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
        heightMode: MeasureMode
      ) -> (width: Float, height: Float) { (10, 30) }
      mutating func baseline(_ node: LayoutNodeID, width: Float, height: Float) -> Float? {
        node.index == 1 ? 5 : nil
      }
    }
    var tree = LayoutTree()
    let root = tree.makeNode(
      style: s {
        $0.flexDirection = .row
        $0.alignItems = .baseline
      })
    let a = tree.makeNode()
    let c = tree.makeNode(
      style: s { $0.dimensions = .init(width: .points(10), height: .points(20)) })
    tree.setHasMeasure(true, for: a)
    tree.setChildren([a, c], of: root)
    var measurer = Baselines()
    tree.calculateLayout(
      root: root, availableWidth: 100, availableHeight: 100, direction: .ltr, measurer: &measurer)
    // Baselines 5 (measured leaf) and 20 (a leaf's height): ascent 20, so the leaf sits at
    // 20 - 5 = 15 and the line is max(15 + 30, 20) = 45 high... of a container fixed at 100.
    #expect(tree.layout(of: a).top == 15)
    #expect(tree.layout(of: c).top == 0)
  }
}

@Suite struct SpacingTests {
  @Test func gapsBetweenItemsOnly() {
    // 20, gap 10, 20, gap 10, 20.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.gap.column = .points(10)
        },
        n(s { $0.dimensions.width = .points(20) }), n(s { $0.dimensions.width = .points(20) }),
        n(s { $0.dimensions.width = .points(20) })),
      width: 100, height: 10,
      b(0, 0, 100, 10, b(0, 0, 20, 10), b(30, 0, 20, 10), b(60, 0, 20, 10)))
  }

  @Test func percentGapOfTheRootResolvesAgainstTheOwnerWidth() {
    // Yoga places items with the gap resolved against the owner width (200): 10% is 20.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.gap.all = .percent(10)
        },
        n(s { $0.dimensions.width = .points(20) }), n(s { $0.dimensions.width = .points(20) }),
        n(s { $0.dimensions.width = .points(20) })),
      width: 200, height: 100,
      b(0, 0, 200, 100, b(0, 0, 20, 100), b(40, 0, 20, 100), b(80, 0, 20, 100)))
  }

  @Test func hiddenChildrenTakeNoGap() {
    // The fork's fix: a display-none child between two items adds no second gap.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.gap.column = .points(10)
        },
        n(s { $0.dimensions.width = .points(20) }),
        n(
          s {
            $0.display = .none
            $0.dimensions.width = .points(50)
          }),
        n(s { $0.dimensions.width = .points(20) })),
      width: 100, height: 10,
      b(0, 0, 100, 10, b(0, 0, 20, 10), b(0, 0, 0, 0), b(30, 0, 20, 10)))
  }

  @Test func paddingBorderAndMargin() {
    // Content starts at padding 10 + border 5 + margin 3 = 18; width 100 - 2 * (10 + 5 + 3).
    expectLayout(
      n(
        s {
          $0.dimensions = .init(width: .points(100), height: .points(100))
          $0.padding[.all] = .points(10)
          $0.border[.all] = .points(5)
        },
        n(
          s {
            $0.dimensions.height = .points(20)
            $0.margin[.all] = .points(3)
          })),
      b(0, 0, 100, 100, b(18, 18, 64, 20)))
  }

  @Test func percentPaddingAndMarginResolveAgainstTheWidth() {
    // 10% of the containing width 200 on every side, vertical ones included: 20.
    expectLayout(
      n(
        s { $0.dimensions = .init(width: .points(200), height: .points(100)) },
        n(
          s {
            $0.margin[.top] = .percent(10)
            $0.padding[.left] = .percent(10)
          },
          n(s { $0.dimensions.height = .points(5) }))),
      b(0, 0, 200, 100, b(0, 20, 200, 5, b(20, 0, 180, 5))))
  }

  @Test func autoMarginsAbsorbFreeSpace() {
    // Main axis: a left auto margin pushes the item to 100 - 20; both auto margins centre it.
    // Cross axis: top and bottom auto margins centre the 10-high item: (50 - 10) / 2.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(50))
        },
        n(
          s {
            $0.dimensions = .init(width: .points(20), height: .points(10))
            $0.margin[.left] = .auto
          })),
      b(0, 0, 100, 50, b(80, 0, 20, 10)))
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(50))
        },
        n(
          s {
            $0.dimensions = .init(width: .points(20), height: .points(10))
            $0.margin[.left] = .auto
            $0.margin[.right] = .auto
            $0.margin[.top] = .auto
            $0.margin[.bottom] = .auto
          })),
      b(0, 0, 100, 50, b(40, 20, 20, 10)))
  }

  @Test func anAllAutoMarginIsNotAnAutoMarginInFlexLayout() {
    // Yoga 2.0.1 looks for auto margins on the start/end and physical edges only, so
    // `margin: auto` given as `all` resolves to 0 and moves nothing.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(50))
        },
        n(
          s {
            $0.dimensions = .init(width: .points(20), height: .points(10))
            $0.margin[.all] = .auto
          })),
      b(0, 0, 100, 50, b(0, 0, 20, 10)))
  }
}

@Suite struct PositionTests {
  @Test func relativeAndStaticInsetsShiftTheBox() {
    // left 10 / top 5 move the box; a lone right inset moves it left by 10. Yoga 2.0.1 lays
    // `static` out as `relative`, insets included.
    expectLayout(
      n(
        s { $0.dimensions = .init(width: .points(100), height: .points(100)) },
        n(
          s {
            $0.dimensions = .init(width: .points(20), height: .points(20))
            $0.position[.left] = .points(10)
            $0.position[.top] = .points(5)
          }),
        n(
          s {
            $0.positionType = .relative
            $0.dimensions = .init(width: .points(20), height: .points(20))
            $0.position[.right] = .points(10)
          })),
      b(0, 0, 100, 100, b(10, 5, 20, 20), b(-10, 20, 20, 20)))
  }

  @Test func absoluteChildrenWithInsets() {
    // Right/bottom: 200 - 20 - border 2 - 10 = 168 and 100 - 20 - 2 - 5 = 73.
    // Left and right: width 200 - borders 4 - 10 - 20 = 166 at border 2 + 10.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.border[.all] = .points(2)
          $0.dimensions = .init(width: .points(200), height: .points(100))
        },
        n(
          s {
            $0.positionType = .absolute
            $0.position[.right] = .points(10)
            $0.position[.bottom] = .points(5)
            $0.dimensions = .init(width: .points(20), height: .points(20))
          }),
        n(
          s {
            $0.positionType = .absolute
            $0.position[.left] = .points(10)
            $0.position[.right] = .points(20)
            $0.position[.top] = .points(0)
            $0.dimensions.height = .points(10)
          })),
      b(0, 0, 200, 100, b(168, 73, 20, 20), b(12, 2, 166, 10)))
  }

  @Test func absoluteChildrenFollowJustifyAndAlignWithoutInsets() {
    // No insets: justify center and align-items flex-end place it: (100 - 20) / 2, 60 - 10.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.justifyContent = .center
          $0.alignItems = .flexEnd
          $0.dimensions = .init(width: .points(100), height: .points(60))
        },
        n(
          s {
            $0.positionType = .absolute
            $0.dimensions = .init(width: .points(20), height: .points(10))
          })),
      b(0, 0, 100, 60, b(40, 50, 20, 10)))
  }

  @Test func hiddenSubtreesGetZeroBoxes() {
    expectLayout(
      n(
        s { $0.dimensions = .init(width: .points(100), height: .points(100)) },
        n(
          s {
            $0.display = .none
            $0.dimensions.height = .points(30)
            $0.padding[.all] = .points(4)
          },
          n(s { $0.dimensions.height = .points(10) })),
        n(s { $0.dimensions.height = .points(20) })),
      b(0, 0, 100, 100, b(0, 0, 0, 0, b(0, 0, 0, 0)), b(0, 0, 100, 20)))
  }

  @Test func theRootIsPlacedByItsMarginAndInsets() {
    expectLayout(
      n(
        s {
          $0.margin[.left] = .points(7)
          $0.position[.top] = .points(3)
          $0.dimensions = .init(width: .points(10), height: .points(10))
        }),
      width: 100, height: 100, b(7, 3, 10, 10))
  }
}

@Suite struct FlexibilityTests {
  @Test func growDistributesByFactor() {
    // Bases 20 + 20, free 60: 1/4 and 3/4 of it.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(10))
        },
        n(
          s {
            $0.flexBasis = .points(20)
            $0.flexGrow = 1
          }),
        n(
          s {
            $0.flexBasis = .points(20)
            $0.flexGrow = 3
          })),
      b(0, 0, 100, 10, b(0, 0, 35, 10), b(35, 0, 65, 10)))
  }

  @Test func shrinkWeighsByBasis() {
    // 80 + 60 overflow 100 by 40; shrink factors scale by basis: 40 * 80/140 and 40 * 60/140.
    let first: Float = 80 - 40 * 80 / 140
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(10))
        },
        n(
          s {
            $0.dimensions.width = .points(80)
            $0.flexShrink = 1
          }),
        n(
          s {
            $0.dimensions.width = .points(60)
            $0.flexShrink = 1
          })),
      b(0, 0, 100, 10, b(0, 0, first, 10), b(first, 0, 100 - first, 10)))
  }

  @Test func withoutShrinkItemsOverflow() {
    // Yoga's default shrink is 0.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(10))
        },
        n(s { $0.dimensions.width = .points(80) }), n(s { $0.dimensions.width = .points(60) })),
      b(0, 0, 100, 10, b(0, 0, 80, 10), b(80, 0, 60, 10)))
  }

  @Test func percentBasisAndMinMax() {
    // Basis 25% of 200 = 50; a grower capped at max 30; a 10-wide item raised to min 40.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(200), height: .points(10))
        },
        n(s { $0.flexBasis = .percent(25) }),
        n(
          s {
            $0.flexGrow = 1
            $0.maxDimensions.width = .points(30)
          }),
        n(
          s {
            $0.dimensions.width = .points(10)
            $0.minDimensions.width = .points(40)
          })),
      b(0, 0, 200, 10, b(0, 0, 50, 10), b(50, 0, 30, 10), b(80, 0, 40, 10)))
  }

  @Test func flexShorthand() {
    // flex: 1 is grow 1 with a 0 basis, so both take half of 100 whatever their widths.
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(10))
        },
        n(
          s {
            $0.flex = 1
            $0.dimensions.width = .points(70)
          }), n(s { $0.flex = 1 })),
      b(0, 0, 100, 10, b(0, 0, 50, 10), b(50, 0, 50, 10)))
  }

  @Test func aspectRatio() {
    // Stretched to 100 wide in a column, ratio 2 makes it 50 high; in a row, 40 high makes 80.
    expectLayout(
      n(
        s { $0.dimensions = .init(width: .points(100), height: .points(100)) },
        n(s { $0.aspectRatio = 2 })),
      b(0, 0, 100, 100, b(0, 0, 100, 50)))
    expectLayout(
      n(
        s {
          $0.flexDirection = .row
          $0.dimensions = .init(width: .points(100), height: .points(100))
        },
        n(
          s {
            $0.aspectRatio = 2
            $0.dimensions.height = .points(40)
            $0.alignSelf = .flexStart
          })),
      b(0, 0, 100, 100, b(0, 0, 80, 40)))
  }
}

@Suite struct WrapTests {
  func wrapping(_ wrap: FlexWrap, _ alignContent: Align) -> CaseNode {
    n(
      s {
        $0.flexDirection = .row
        $0.flexWrap = wrap
        $0.alignContent = alignContent
        $0.dimensions = .init(width: .points(100), height: .points(100))
      },
      n(s { $0.dimensions = .init(width: .points(60), height: .points(20)) }),
      n(s { $0.dimensions = .init(width: .points(60), height: .points(20)) }),
      n(s { $0.dimensions = .init(width: .points(60), height: .points(20)) }))
  }

  @Test func itemsWrapOntoLines() {
    // Two 60-wide items do not fit in 100: three lines of 20.
    expectLayout(
      wrapping(.wrap, .flexStart),
      b(0, 0, 100, 100, b(0, 0, 60, 20), b(0, 20, 60, 20), b(0, 40, 60, 20)))
  }

  @Test func wrapReverseMirrorsTheLines() {
    // 100 - top - 20.
    expectLayout(
      wrapping(.wrapReverse, .flexStart),
      b(0, 0, 100, 100, b(0, 80, 60, 20), b(0, 60, 60, 20), b(0, 40, 60, 20)))
  }

  @Test func alignContentDistributesLines() {
    // Lines total 60 of 100: center starts at 20; space-between puts 20 between lines;
    // stretch adds 40/3 to each line.
    expectLayout(
      wrapping(.wrap, .center),
      b(0, 0, 100, 100, b(0, 20, 60, 20), b(0, 40, 60, 20), b(0, 60, 60, 20)))
    expectLayout(
      wrapping(.wrap, .spaceBetween),
      b(0, 0, 100, 100, b(0, 0, 60, 20), b(0, 40, 60, 20), b(0, 80, 60, 20)))
    let line: Float = 20 + Float(40) / 3
    expectLayout(
      wrapping(.wrap, .stretch),
      b(0, 0, 100, 100, b(0, 0, 60, 20), b(0, line, 60, 20), b(0, 2 * line, 60, 20)))
  }
}

@Suite struct MeasureTests {
  @Test func measuredLeafUnderAnAtMostWidth() {
    // 150 wide content in a 100-wide column: measured at most 100, then stretched to 100; the
    // height is measured at that width: 20 + padding 10.
    expectLayout(
      n(
        s { $0.dimensions.width = .points(100) }, text(150, 20, s { $0.padding[.all] = .points(5) })
      ),
      b(0, 0, 100, 30, b(0, 0, 100, 30)))
  }

  @Test func hugRootTakesTheContentSize() {
    // No available size: the measured leaf's natural 150 x 20.
    expectLayout(n(LayoutStyle(), text(150, 20)), b(0, 0, 150, 20, b(0, 0, 150, 20)))
  }

  @Test func overflowScrollLeavesTheMainAxisUnconstrained() {
    // Without scroll the basis is measured at most 100 high (100); with scroll the column's
    // main axis is unconstrained and the 300-high content keeps its height.
    let visible = n(
      s { $0.dimensions = .init(width: .points(100), height: .points(100)) }, text(50, 300))
    expectLayout(visible, b(0, 0, 100, 100, b(0, 0, 100, 100)))
    var scroll = visible
    scroll.style.overflow = .scroll
    expectLayout(scroll, b(0, 0, 100, 100, b(0, 0, 100, 300)))
  }

  @Test func measureModesReachTheMeasurer() {
    struct Recorder: LayoutMeasurer {
      var calls: [(Float, MeasureMode, Float, MeasureMode)] = []
      mutating func measure(
        _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
        heightMode: MeasureMode
      ) -> (width: Float, height: Float) {
        calls.append((width, widthMode, height, heightMode))
        return (40, 10)
      }
    }
    var tree = LayoutTree()
    let root = tree.makeNode(
      style: s {
        $0.flexDirection = .row
        $0.alignItems = .flexStart
      })
    let leaf = tree.makeNode(style: s { $0.padding[.left] = .points(6) })
    tree.setHasMeasure(true, for: leaf)
    tree.setChildren([leaf], of: root)
    var recorder = Recorder()
    tree.calculateLayout(
      root: root, availableWidth: 200, availableHeight: 50, direction: .ltr, measurer: &recorder)
    // The flex basis: width at most 200 - padding 6, height at most 50.
    #expect(recorder.calls.count >= 1)
    let first = recorder.calls[0]
    #expect(first.0 == 194 && first.1 == .atMost && first.2 == 50 && first.3 == .atMost)
    #expect(tree.layout(of: leaf).width == 46)
    #expect(tree.layout(of: leaf).height == 10)
  }
}
