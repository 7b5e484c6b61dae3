import RiveLayout

/// The layout fuzz target's harness, apart from the rest of the package so that fuzzing the
/// solver builds only the solver (`FuzzHarness.layout` in RiveReliabilitySupport forwards here
/// for the regression tests).
package enum LayoutFuzzHarness {
  /// What one input built and solved.
  package struct Outcome: Sendable, Equatable {
    /// Nodes made.
    package var nodes = 0
    /// Solves run (the tree is solved, changed and solved again).
    package var solves = 0
    /// The most grid placement steps one solve took.
    package var gridPlacementSteps = 0
  }

  /// Reads the bytes as a program that builds a layout tree: the node count, then per node
  /// its parent (any earlier node), its style (every field, each length from a table of
  /// hostile values — NaN, infinities, ±10³⁰, negatives — or scaled from the byte), grid
  /// tracks, placements and whether it is measured; then the available size and direction.
  /// Solves it, changes some styles and solves again. Returns normally for any input; bytes
  /// run out as zeros.
  @discardableResult
  package static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
    var reader = LayoutByteReader(bytes: bytes)
    var outcome = Outcome()
    var tree = LayoutTree()
    let count = 1 + Int(reader.byte()) % 64 + Int(reader.byte() & 0x3) * 64
    var nodes: [LayoutNodeID] = []
    nodes.reserveCapacity(count)
    for index in 0..<count {
      let node = tree.makeNode(style: reader.style())
      if reader.byte() & 0x7 == 0 { tree.setHasMeasure(true, for: node) }
      if index > 0 {
        let parent = nodes[Int(reader.byte()) % nodes.count]
        _ = tree.appendChild(node, to: parent)
      }
      nodes.append(node)
    }
    outcome.nodes = nodes.count
    var measurer = LayoutByteMeasurer(answers: (0..<8).map { _ in reader.length() })
    for _ in 0..<2 {
      guard let root = nodes.first else { break }
      let direction = LayoutDirection(rawValue: reader.byte() % 3) ?? .ltr
      tree.calculateLayout(
        root: root, availableWidth: reader.length(), availableHeight: reader.length(),
        direction: direction, measurer: &measurer)
      outcome.solves += 1
      outcome.gridPlacementSteps = max(
        outcome.gridPlacementSteps, tree.statistics.gridPlacementSteps)
      // Change a few styles (and a parent) between the solves, as bound values do.
      for _ in 0..<Int(reader.byte() % 4) {
        let node = nodes[Int(reader.byte()) % nodes.count]
        tree.setStyle(reader.style(), of: node)
      }
      if nodes.count > 2 {
        let child = nodes[1 + Int(reader.byte()) % (nodes.count - 1)]
        _ = tree.appendChild(child, to: nodes[Int(reader.byte()) % nodes.count])
      }
    }
    var checksum: Float = 0
    for node in nodes { checksum += tree.layout(of: node).width }
    precondition(checksum == checksum || checksum.isNaN)
    return outcome
  }
}

/// Reads a fuzz input a byte at a time (zeros once it runs out).
struct LayoutByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  /// Lengths no editor writes, and some it does.
  static let hostile: [Float] = [
    .nan, .infinity, -.infinity, 1e30, -1e30, 3e38, -5, 0, 1e-30, 0.5, 100, -100,
  ]

  mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A float: from the hostile table, or the byte scaled.
  mutating func length() -> Float {
    let b = byte()
    if b & 0x80 != 0 { return Self.hostile[Int(b & 0x7F) % Self.hostile.count] }
    return Float(b) * 4
  }

  mutating func unit() -> LayoutLength {
    switch byte() % 4 {
    case 0: .points(length())
    case 1: .percent(length())
    case 2: .auto
    default: .undefined
    }
  }

  mutating func optionalFloat() -> Float? { byte() & 1 == 0 ? nil : length() }

  mutating func breadth() -> GridTrackSize.Breadth {
    switch byte() % 4 {
    case 0: .points(length())
    case 1: .percent(length())
    case 2: .fr(length())
    default: .auto
    }
  }

  mutating func tracks() -> [GridTrackSize] {
    // Up to 127 tracks, or, rarely, 10,000 of one size.
    let b = byte()
    if b == 0xFF {
      let size = GridTrackSize(min: breadth(), max: breadth())
      return Array(repeating: size, count: 10_000)
    }
    return (0..<Int(b % 8)).map { _ in GridTrackSize(min: breadth(), max: breadth()) }
  }

  mutating func line() -> GridLine {
    let raw = Int(Int8(bitPattern: byte())) * (Int(byte()) + 1)
    switch byte() % 3 {
    case 0: return .auto
    case 1: return .line(raw)
    default: return GridLine(kind: .span, value: raw)
    }
  }

  mutating func style() -> LayoutStyle {
    var style = LayoutStyle()
    style.direction = LayoutDirection(rawValue: byte() % 3) ?? .ltr
    style.flexDirection = FlexDirection(rawValue: byte() % 4) ?? .row
    style.justifyContent = Justify(rawValue: byte() % 10) ?? .flexStart
    style.alignContent = Align(rawValue: byte() % 10) ?? .auto
    style.alignItems = Align(rawValue: byte() % 10) ?? .auto
    style.alignSelf = Align(rawValue: byte() % 10) ?? .auto
    style.justifyItems = Justify(rawValue: byte() % 10) ?? .stretch
    style.justifySelf = Justify(rawValue: byte() % 10) ?? .auto
    style.positionType = PositionType(rawValue: byte() % 3) ?? .relative
    style.flexWrap = FlexWrap(rawValue: byte() % 3) ?? .wrap
    style.overflow = Overflow(rawValue: byte() % 3) ?? .visible
    style.display = Display(rawValue: byte() % 3) ?? .flex
    style.flex = optionalFloat()
    style.flexGrow = optionalFloat()
    style.flexShrink = optionalFloat()
    style.flexBasis = unit()
    let edges = byte()
    for edge in Edge.allCases where edges & (1 << UInt8(edge.rawValue % 8)) != 0 {
      style.margin[edge] = unit()
      style.padding[edge] = unit()
      style.border[edge] = unit()
      style.position[edge] = unit()
    }
    style.gap = GapValues(column: unit(), row: unit(), all: unit())
    style.dimensions = LayoutDimensions(width: unit(), height: unit())
    if byte() & 1 != 0 {
      style.minDimensions = LayoutDimensions(width: unit(), height: unit())
      style.maxDimensions = LayoutDimensions(width: unit(), height: unit())
    }
    style.aspectRatio = optionalFloat()
    if style.display == .grid {
      style.gridTemplateColumns = tracks()
      style.gridTemplateRows = tracks()
      style.gridAutoColumns = tracks()
      style.gridAutoRows = tracks()
    }
    if byte() & 1 != 0 {
      style.gridColumnStart = line()
      style.gridColumnEnd = line()
      style.gridRowStart = line()
      style.gridRowEnd = line()
    }
    return style
  }
}

/// Answers measures with the values the input chose, in turn.
struct LayoutByteMeasurer: LayoutMeasurer {
  var answers: [Float]
  var turn = 0

  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float) {
    turn &+= 1
    guard !answers.isEmpty else { return (0, 0) }
    return (answers[turn % answers.count], answers[(turn + 3) % answers.count])
  }

  mutating func baseline(_ node: LayoutNodeID, width: Float, height: Float) -> Float? {
    answers.isEmpty ? nil : answers[turn % answers.count]
  }
}
