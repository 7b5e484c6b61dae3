import RiveLayout
import Testing

/// A node for a hand-written case.
func n(_ style: LayoutStyle = LayoutStyle(), _ children: CaseNode...) -> CaseNode {
  CaseNode(style: style, children: children, measure: nil)
}

/// A leaf with a fixed-size measure function (see `FixedSizeMeasurer`).
func text(_ width: Float, _ height: Float, _ style: LayoutStyle = LayoutStyle()) -> CaseNode {
  CaseNode(style: style, children: [], measure: (width, height))
}

/// A style built by a closure.
func s(_ configure: (inout LayoutStyle) -> Void) -> LayoutStyle {
  var style = LayoutStyle()
  configure(&style)
  return style
}

/// An expected box.
func b(_ left: Float, _ top: Float, _ width: Float, _ height: Float, _ children: CaseBox...)
  -> CaseBox
{
  CaseBox(left: left, top: top, width: width, height: height, children: children)
}

/// Lays a hand-written tree out and returns its boxes.
func solve(
  _ root: CaseNode, width: Float = .nan, height: Float = .nan, direction: LayoutDirection = .ltr
) -> CaseBox {
  let layoutCase = LayoutCase(
    name: "hand", width: width, height: height, direction: direction, root: root, expected: nil)
  var built = BuiltCase(layoutCase)
  built.calculate(layoutCase)
  return built.box(built.root)
}

/// Expects the boxes of a hand-written case (values worked out by hand, so exact to 1e-4).
func expectLayout(
  _ root: CaseNode, width: Float = .nan, height: Float = .nan, direction: LayoutDirection = .ltr,
  _ expected: CaseBox, sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = solve(root, width: width, height: height, direction: direction)
  let problems = compareBoxes(actual, expected, tolerance: 1e-4)
  #expect(problems.isEmpty, "\(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
}

/// A small seeded generator (SplitMix64) for the seeded tests.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
