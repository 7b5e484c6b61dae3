import Foundation
import RiveLayout

/// `rive-bench layout-diff`: seeded random layout trees (flexbox and grid, every style the
/// solver supports) laid out by `RiveLayout` and by a Yoga driver (Rive's Yoga fork built as
/// a JSON Lines program, outside this project), compared node by node.
enum LayoutDiff {
  static let help = """
    USAGE: rive-bench layout-diff --driver PATH [--seed S] [--count N] [--tolerance T]
                                  [--failures FILE] [--cases FILE] [--grid-percent P]
                                  [--verbose]

    Generates N (default 1000) random trees from seeds S, S+1, … (default 1), lays each out
    with RiveLayout and with the driver (a program reading the shared layout JSON format on
    stdin, one tree per line, and printing {"name", "layout"} lines; see
    scripts/layout-conformance/README.md for the format), and reports every node whose left,
    top, width or height differ by more than T (default 0.0001, relative for values above 1).
    The driver may also come from the RIVE_YOGA_DRIVER environment variable. --failures
    writes the failing trees, one JSON line each, for replaying with the driver; --cases
    writes every generated tree. --grid-percent makes P% of the containers grids in every
    tree (by default each tree picks 5, 20 or 50).
    Exit status: 0 when every tree matches, 1 otherwise, 2 on bad arguments.
    """

  static func run(arguments: [String]) -> Int32 {
    let options: BenchmarkOptions
    switch BenchmarkOptions.parse(
      arguments,
      values: [
        "--driver", "--seed", "--count", "--tolerance", "--failures", "--cases", "--grid-percent",
      ],
      help: help)
    {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    guard
      let driver = options.string("--driver")
        ?? ProcessInfo.processInfo.environment["RIVE_YOGA_DRIVER"]
    else {
      FileHandle.standardError.write(Data("layout-diff needs --driver PATH\n".utf8))
      return 2
    }
    let firstSeed = UInt64(options.string("--seed", default: "1")) ?? 1
    let count = options.int("--count", default: 1000)
    let tolerance = Float(options.string("--tolerance", default: "0.0001")) ?? 0.0001
    let verbose = options.has("--verbose")
    let gridPercent = options.string("--grid-percent").flatMap { Int($0) }

    var mismatchedCases = 0
    var mismatchedNodes = 0
    var driverErrors = 0
    var yogaAsserts = 0
    var nodeCount = 0
    var failingLines: [String] = []
    var allLines: [String] = []
    var maxDifference: Float = 0
    // Batches keep memory flat however many trees are asked for.
    let batchSize = 250
    var batchStart = 0
    while batchStart < count {
      var cases: [(name: String, tree: GeneratedCase)] = []
      for offset in batchStart..<min(count, batchStart + batchSize) {
        let seed = firstSeed &+ UInt64(offset)
        var generator = LayoutTreeGenerator(seed: seed)
        generator.fixedGridPercent = gridPercent
        cases.append(("seed-\(seed)", generator.makeCase()))
      }
      batchStart += batchSize
      let lines = cases.map { $0.tree.jsonLine(name: $0.name) }
      if options.string("--cases") != nil { allLines += lines }
      let outputs: [String?]
      do {
        outputs = try runDriver(driver, input: lines)
      } catch {
        FileHandle.standardError.write(Data("driver failed: \(error)\n".utf8))
        return 2
      }
      for (index, entry) in cases.enumerated() {
        nodeCount += entry.tree.nodeCount
        guard let output = outputs[index] else {
          // Yoga itself aborts on this tree; RiveLayout must merely not trap.
          yogaAsserts += 1
          var solved = entry.tree
          _ = solved.solve()
          if verbose { print("\(entry.name): Yoga aborts (failed assertion)") }
          continue
        }
        let answer =
          (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any] ?? [:]
        if let error = answer["error"] as? String, error.contains("terminated") {
          // A driver that catches Yoga's abort reports it as an error line.
          yogaAsserts += 1
          var solved = entry.tree
          _ = solved.solve()
          if verbose { print("\(entry.name): Yoga aborts: \(error)") }
          continue
        }
        guard let layout = answer["layout"] else {
          driverErrors += 1
          if verbose { print("\(entry.name): driver error: \(output)") }
          continue
        }
        var solved = entry.tree
        let actual = solved.solve()
        var problems: [String] = []
        compare(
          actual, layout, tolerance: tolerance, path: "root", problems: &problems,
          maxDifference: &maxDifference)
        if !problems.isEmpty {
          mismatchedCases += 1
          mismatchedNodes += problems.count
          failingLines.append(lines[index])
          if verbose || mismatchedCases <= 20 {
            print("\(entry.name): \(problems.prefix(6).joined(separator: "; "))")
          }
        }
      }
    }
    if let path = options.string("--cases") {
      _ = FileManager.default.createFile(
        atPath: path, contents: Data(allLines.map { $0 + "\n" }.joined().utf8))
    }
    if let path = options.string("--failures") {
      let text = failingLines.joined(separator: "\n") + (failingLines.isEmpty ? "" : "\n")
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    print(
      "layout-diff: \(count) trees (seeds \(firstSeed)…\(firstSeed &+ UInt64(count - 1))), "
        + "\(nodeCount) nodes; \(mismatchedCases) trees "
        + "differ (\(mismatchedNodes) values), \(driverErrors) driver errors, \(yogaAsserts) "
        + "trees on which Yoga aborts; largest "
        + "difference \(maxDifference)")
    return mismatchedCases == 0 && driverErrors == 0 ? 0 : 1
  }

  /// Sends the lines to the driver and collects one output line per input line. Yoga
  /// terminates the process on a failed internal assertion (for example a NaN available size
  /// with a measure mode other than undefined); the tree that did it gets nil and the driver
  /// is restarted after it.
  static func runDriver(_ path: String, input: [String]) throws -> [String?] {
    var results: [String?] = []
    var start = 0
    while start < input.count {
      let answered = try runDriverOnce(path, input: Array(input[start...]))
      results += answered.map { Optional($0) }
      start += answered.count
      if start < input.count {
        results.append(nil)
        start += 1
      }
    }
    return results
  }

  static func runDriverOnce(_ path: String, input: [String]) throws -> [String] {
    // A driver that aborts closes its input: writing on must fail, not kill this process.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = Thread {
      let handle = stdin.fileHandleForWriting
      for line in input {
        do { try handle.write(contentsOf: Data((line + "\n").utf8)) } catch { break }
      }
      try? handle.close()
    }
    writer.start()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func compare(
    _ actual: GeneratedBox, _ expected: Any, tolerance: Float, path: String,
    problems: inout [String], maxDifference: inout Float
  ) {
    guard let dict = expected as? [String: Any] else {
      problems.append("\(path): no box")
      return
    }
    func number(_ key: String) -> Float {
      (dict[key] as? NSNumber)?.floatValue ?? .nan
    }
    let fields: [(String, Float, Float)] = [
      ("left", actual.left, number("left")), ("top", actual.top, number("top")),
      ("width", actual.width, number("width")), ("height", actual.height, number("height")),
    ]
    for (name, a, e) in fields {
      if a.isNaN || e.isNaN || a.isInfinite || e.isInfinite {
        // The driver prints non-finite values as null (read back as NaN).
        let same = (!a.isFinite && !e.isFinite)
        if !same { problems.append("\(path).\(name) \(a) vs yoga \(e)") }
        continue
      }
      let difference = abs(a - e)
      let allowed = tolerance * max(1, abs(e))
      maxDifference = max(maxDifference, difference)
      if difference > allowed { problems.append("\(path).\(name) \(a) vs yoga \(e)") }
    }
    let children = dict["children"] as? [Any] ?? []
    guard children.count == actual.children.count else {
      problems.append("\(path): \(actual.children.count) children vs \(children.count)")
      return
    }
    for (index, child) in actual.children.enumerated() {
      compare(
        child, children[index], tolerance: tolerance, path: "\(path)/\(index)",
        problems: &problems, maxDifference: &maxDifference)
    }
  }
}

/// A computed box and its children's.
struct GeneratedBox {
  var left: Float
  var top: Float
  var width: Float
  var height: Float
  var children: [GeneratedBox]
}

/// A generated tree, its space and direction, with its JSON form.
struct GeneratedCase {
  struct Node {
    var style: LayoutStyle
    var styleJSON: [(String, String)]
    var children: [Node]
    var measure: (width: Float, height: Float)?
  }

  var width: Float?
  var height: Float?
  var direction: LayoutDirection
  var root: Node

  var nodeCount: Int {
    func count(_ node: Node) -> Int { 1 + node.children.reduce(0) { $0 + count($1) } }
    return count(root)
  }

  func jsonLine(name: String) -> String {
    func node(_ n: Node) -> String {
      let style = "{" + n.styleJSON.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
      let children = "[" + n.children.map(node).joined(separator: ", ") + "]"
      let measure =
        n.measure.map {
          "{\"width\": \(jsonNumber($0.width)), \"height\": \(jsonNumber($0.height))}"
        }
        ?? "null"
      return "{\"style\": \(style), \"children\": \(children), \"measure\": \(measure)}"
    }
    let direction: String
    switch self.direction {
    case .ltr: direction = "ltr"
    case .rtl: direction = "rtl"
    case .inherit: direction = "inherit"
    }
    return "{\"name\": \"\(name)\", \"width\": \(width.map(jsonNumber) ?? "null"), "
      + "\"height\": \(height.map(jsonNumber) ?? "null"), \"direction\": \"\(direction)\", "
      + "\"root\": \(node(root))}"
  }

  /// The tree in RiveLayout: every node made in the order the JSON lists them, measured
  /// leaves with a ``FixedMeasurer``.
  func build() -> (tree: LayoutTree, root: LayoutNodeID, measurer: FixedMeasurer) {
    var tree = LayoutTree()
    var sizes: [LayoutNodeID: (Float, Float)] = [:]
    func build(_ node: Node) -> LayoutNodeID {
      let id = tree.makeNode(style: node.style)
      if let size = node.measure {
        tree.setHasMeasure(true, for: id)
        sizes[id] = size
      }
      tree.setChildren(node.children.map(build), of: id)
      return id
    }
    let root = build(self.root)
    return (tree, root, FixedMeasurer(sizes: sizes))
  }

  /// Lays the tree out with RiveLayout.
  mutating func solve() -> GeneratedBox {
    var (tree, root, measurer) = build()
    tree.calculateLayout(
      root: root, availableWidth: width ?? .nan, availableHeight: height ?? .nan,
      direction: direction, measurer: &measurer)
    return Self.box(root, in: tree)
  }

  /// The solved boxes under `id`.
  static func box(_ id: LayoutNodeID, in tree: LayoutTree) -> GeneratedBox {
    let layout = tree.layout(of: id)
    return GeneratedBox(
      left: layout.left, top: layout.top, width: layout.width, height: layout.height,
      children: tree.children(of: id).map { box($0, in: tree) })
  }
}

/// The format's measure function: the natural size unconstrained, clamped at most, the space
/// exactly.
struct FixedMeasurer: LayoutMeasurer {
  var sizes: [LayoutNodeID: (Float, Float)]

  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float) {
    guard let size = sizes[node] else { return (0, 0) }
    func resolve(_ natural: Float, _ space: Float, _ mode: MeasureMode) -> Float {
      switch mode {
      case .undefined: return natural
      case .atMost: return min(natural, space)
      case .exactly: return space
      }
    }
    return (resolve(size.0, width, widthMode), resolve(size.1, height, heightMode))
  }
}

/// A number as JSON: integers plainly, others with enough digits to read back exactly.
func jsonNumber(_ value: Float) -> String {
  if value == value.rounded() && abs(value) < 1e7 { return String(Int(value)) }
  return String(format: "%.9g", Double(value))
}

/// Seeded random layout trees covering every style the solver supports.
struct LayoutTreeGenerator {
  var state: UInt64
  /// Whether percentage margins may be generated: only under a definite root width, and
  /// rarely, since a percentage margin of an undefined width (which hugging containers have
  /// while they are measured) makes Yoga abort (a NaN size with an exact measure mode fails one
  /// of its assertions).
  var percentMargins = true
  /// Per-tree shape: how deep it goes, how wide it is, how often a container is a grid.
  var maximumDepth = 4
  var maximumChildren = 4
  var gridPercent = 20
  /// A grid share for every tree instead of a random one per tree.
  var fixedGridPercent: Int?

  init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

  /// A length in tenths of a point, or a percentage in tenths.
  mutating func number(_ maximum: Int) -> Float { Float(int(0...(maximum * 2))) / 2 }

  mutating func makeCase() -> GeneratedCase {
    let width: Float? = chance(80) ? number(400) : nil
    percentMargins = width != nil
    maximumDepth = int(2...6)
    maximumChildren = int(2...6)
    gridPercent = pick([5, 20, 20, 50])
    if let fixed = fixedGridPercent { gridPercent = fixed }
    let height: Float? = chance(70) ? number(400) : nil
    let direction = pick([LayoutDirection.ltr, .ltr, .rtl, .inherit])
    let root = makeNode(depth: 0, parentIsGrid: false)
    return GeneratedCase(width: width, height: height, direction: direction, root: root)
  }

  mutating func makeNode(depth: Int, parentIsGrid: Bool) -> GeneratedCase.Node {
    let (style, json, isGrid) = makeStyle(depth: depth, parentIsGrid: parentIsGrid)
    var children: [GeneratedCase.Node] = []
    var measure: (Float, Float)?
    let childCount =
      depth >= maximumDepth ? 0 : int(0...(depth == 0 ? maximumChildren + 2 : maximumChildren))
    if childCount == 0 && chance(45) {
      measure = (number(150), number(80))
    } else {
      for _ in 0..<childCount {
        children.append(makeNode(depth: depth + 1, parentIsGrid: isGrid))
      }
    }
    return GeneratedCase.Node(style: style, styleJSON: json, children: children, measure: measure)
  }

  /// A random style, its JSON keys and values, and whether it is a grid container.
  mutating func makeStyle(
    depth: Int, parentIsGrid: Bool
  ) -> (LayoutStyle, [(String, String)], isGrid: Bool) {
    var style = LayoutStyle()
    var json: [(String, String)] = []
    func put(_ key: String, _ value: String) { json.append((key, value)) }

    let isGrid = chance(depth == 0 ? gridPercent + 15 : gridPercent)
    if isGrid {
      style.display = .grid
      put("display", "\"grid\"")
    } else if depth > 0 && chance(6) {
      style.display = .none
      put("display", "\"none\"")
    }
    if chance(50) {
      let values: [(FlexDirection, String)] = [
        (.column, "column"), (.columnReverse, "column-reverse"), (.row, "row"),
        (.rowReverse, "row-reverse"),
      ]
      let v = pick(values)
      style.flexDirection = v.0
      put("flexDirection", "\"\(v.1)\"")
    }
    let justifies: [(Justify, String)] = [
      (.flexStart, "flex-start"), (.center, "center"), (.flexEnd, "flex-end"),
      (.spaceBetween, "space-between"), (.spaceAround, "space-around"),
      (.spaceEvenly, "space-evenly"), (.start, "start"), (.end, "end"), (.stretch, "stretch"),
    ]
    let aligns: [(Align, String)] = [
      (.auto, "auto"), (.flexStart, "flex-start"), (.center, "center"), (.flexEnd, "flex-end"),
      (.stretch, "stretch"), (.baseline, "baseline"), (.spaceBetween, "space-between"),
      (.spaceAround, "space-around"), (.spaceEvenly, "space-evenly"), (.start, "start"),
      (.end, "end"),
    ]
    if chance(40) {
      let v = pick(justifies)
      style.justifyContent = v.0
      put("justifyContent", "\"\(v.1)\"")
    }
    if chance(35) {
      let v = pick(aligns)
      style.alignItems = v.0
      put("alignItems", "\"\(v.1)\"")
    }
    if chance(30) {
      let v = pick(aligns)
      style.alignSelf = v.0
      put("alignSelf", "\"\(v.1)\"")
    }
    if chance(30) {
      let v = pick(aligns)
      style.alignContent = v.0
      put("alignContent", "\"\(v.1)\"")
    }
    if chance(isGrid ? 40 : 10) {
      let v = pick(justifies + [(.auto, "auto")])
      style.justifyItems = v.0
      put("justifyItems", "\"\(v.1)\"")
    }
    if chance(parentIsGrid ? 40 : 10) {
      let v = pick(justifies + [(.auto, "auto")])
      style.justifySelf = v.0
      put("justifySelf", "\"\(v.1)\"")
    }
    if chance(35) {
      let v = pick([(FlexWrap.noWrap, "nowrap"), (.wrap, "wrap"), (.wrapReverse, "wrap-reverse")])
      style.flexWrap = v.0
      put("flexWrap", "\"\(v.1)\"")
    }
    if chance(depth == 0 ? 30 : 45) {
      let v = pick([
        (PositionType.static, "static"), (.relative, "relative"), (.relative, "relative"),
        (.absolute, "absolute"),
      ])
      style.positionType = v.0
      put("positionType", "\"\(v.1)\"")
    }
    if chance(15) {
      let v = pick([(LayoutDirection.inherit, "inherit"), (.ltr, "ltr"), (.rtl, "rtl")])
      style.direction = v.0
      put("direction", "\"\(v.1)\"")
    }
    if chance(15) {
      let v = pick([(Overflow.visible, "visible"), (.hidden, "hidden"), (.scroll, "scroll")])
      style.overflow = v.0
      put("overflow", "\"\(v.1)\"")
    }
    if chance(35) {
      let v = Float(int(0...6)) / 2
      style.flexGrow = v
      put("flexGrow", jsonNumber(v))
    }
    if chance(35) {
      let v = Float(int(0...6)) / 2
      style.flexShrink = v
      put("flexShrink", jsonNumber(v))
    }
    if chance(20) {
      let v = lengthValue(maximum: 200)
      style.flexBasis = v.0
      put("flexBasis", v.1)
    }
    if chance(55) {
      let v = lengthValue(maximum: 200)
      style.dimensions.width = v.0
      put("width", v.1)
    }
    if chance(50) {
      let v = lengthValue(maximum: 200)
      style.dimensions.height = v.0
      put("height", v.1)
    }
    for (key, keyPath) in [
      ("minWidth", \LayoutStyle.minDimensions.width), ("minHeight", \.minDimensions.height),
      ("maxWidth", \.maxDimensions.width), ("maxHeight", \.maxDimensions.height),
    ] where chance(12) {
      let v = lengthValue(maximum: 250)
      style[keyPath: keyPath] = v.0
      put(key, v.1)
    }
    if chance(12) {
      let v = pick([Float(0.5), 1, 1.5, 2, 0.75, 3])
      style.aspectRatio = v
      put("aspectRatio", jsonNumber(v))
    }
    let edgeNames: [(Edge, String)] = [
      (.left, "left"), (.top, "top"), (.right, "right"), (.bottom, "bottom"), (.start, "start"),
      (.end, "end"), (.horizontal, "horizontal"), (.vertical, "vertical"), (.all, "all"),
    ]
    for (key, keyPath, allowAuto, percent) in [
      ("margin", \LayoutStyle.margin, true, true), ("padding", \.padding, false, true),
      ("position", \.position, true, true), ("border", \.border, false, false),
    ] where chance(key == "position" ? 30 : 35) {
      var edges = EdgeValues()
      var parts: [String] = []
      var used = Set<Int>()
      for _ in 0..<int(1...3) {
        let edge = pick(edgeNames)
        if !used.insert(edge.0.rawValue).inserted { continue }
        let v: (LayoutLength, String)
        if allowAuto && chance(15) {
          v = (.auto, "\"auto\"")
        } else if percent && (key != "margin" || percentMargins)
          && chance(key == "margin" ? 6 : 25)
        {
          let p = number(30)
          v = (.percent(p), "\"\(jsonNumber(p))%\"")
        } else {
          let p = number(key == "position" ? 40 : 20)
          v = (.points(p), jsonNumber(p))
        }
        edges[edge.0] = v.0
        parts.append("\"\(edge.1)\": \(v.1)")
      }
      style[keyPath: keyPath] = edges
      put(key, "{" + parts.joined(separator: ", ") + "}")
    }
    if chance(30) {
      var parts: [String] = []
      for (name, keyPath) in [
        ("column", \GapValues.column), ("row", \.row), ("all", \.all),
      ] where chance(50) {
        let v: (LayoutLength, String)
        if chance(20) {
          let p = number(20)
          v = (.percent(p), "\"\(jsonNumber(p))%\"")
        } else {
          let p = number(20)
          v = (.points(p), jsonNumber(p))
        }
        style.gap[keyPath: keyPath] = v.0
        parts.append("\"\(name)\": \(v.1)")
      }
      if !parts.isEmpty { put("gap", "{" + parts.joined(separator: ", ") + "}") }
    }
    if isGrid {
      for (key, keyPath) in [
        ("gridTemplateColumns", \LayoutStyle.gridTemplateColumns),
        ("gridTemplateRows", \.gridTemplateRows), ("gridAutoColumns", \.gridAutoColumns),
        ("gridAutoRows", \.gridAutoRows),
      ] where chance(key.hasPrefix("gridTemplate") ? 75 : 25) {
        let count = int(1...(key.hasPrefix("gridTemplate") ? 4 : 2))
        var tracks: [GridTrackSize] = []
        var parts: [String] = []
        for _ in 0..<count {
          let track = trackValue()
          tracks.append(track.0)
          parts.append("\"\(track.1)\"")
        }
        style[keyPath: keyPath] = tracks
        put(key, "[" + parts.joined(separator: ", ") + "]")
      }
    }
    if parentIsGrid {
      for (key, keyPath) in [
        ("gridColumnStart", \LayoutStyle.gridColumnStart), ("gridColumnEnd", \.gridColumnEnd),
        ("gridRowStart", \.gridRowStart), ("gridRowEnd", \.gridRowEnd),
      ] where chance(30) {
        if chance(35) {
          let span = int(1...3)
          style[keyPath: keyPath] = .span(span)
          put(key, "\"span \(span)\"")
        } else {
          var line = int(-4...4)
          if line == 0 { line = 1 }
          style[keyPath: keyPath] = .line(line)
          put(key, String(line))
        }
      }
    }

    return (style, json, isGrid)
  }

  /// A tree of exactly `nodeCount` nodes (at least 1) in a `width` × `height` space, left to
  /// right, with no percentage margins (on which Yoga may abort): each container takes 2 to
  /// ``maximumChildren`` children and shares its remaining nodes among them at random; a
  /// container at ``maximumDepth`` - 1 takes all that remain as leaves.
  mutating func makeCase(nodeCount: Int, width: Float, height: Float) -> GeneratedCase {
    percentMargins = false
    gridPercent = fixedGridPercent ?? gridPercent
    let root = makeNode(budget: Swift.max(1, nodeCount), depth: 0, parentIsGrid: false)
    return GeneratedCase(width: width, height: height, direction: .ltr, root: root)
  }

  mutating func makeNode(budget: Int, depth: Int, parentIsGrid: Bool) -> GeneratedCase.Node {
    let (style, json, isGrid) = makeStyle(depth: depth, parentIsGrid: parentIsGrid)
    let remaining = budget - 1
    guard remaining > 0 else {
      let measure = chance(45) ? (number(150), number(80)) : nil
      return GeneratedCase.Node(style: style, styleJSON: json, children: [], measure: measure)
    }
    let count =
      depth + 1 >= maximumDepth
      ? remaining : Swift.min(remaining, int(2...Swift.max(2, maximumChildren)))
    var shares = [Int](repeating: 1, count: count)
    for _ in 0..<(remaining - count) { shares[int(0...(count - 1))] += 1 }
    let children = shares.map {
      makeNode(budget: $0, depth: depth + 1, parentIsGrid: isGrid)
    }
    return GeneratedCase.Node(style: style, styleJSON: json, children: children, measure: nil)
  }

  mutating func lengthValue(maximum: Int) -> (LayoutLength, String) {
    switch int(0...9) {
    case 0: return (.auto, "\"auto\"")
    case 1, 2:
      let p = number(100)
      return (.percent(p), "\"\(jsonNumber(p))%\"")
    default:
      let p = number(maximum)
      return (.points(p), jsonNumber(p))
    }
  }

  mutating func breadth(allowFr: Bool) -> (GridTrackSize.Breadth, String) {
    switch int(0...(allowFr ? 4 : 3)) {
    case 0: return (.auto, "auto")
    case 1:
      let p = number(50)
      return (.percent(p), "\(jsonNumber(p))%")
    case 2, 3:
      let p = number(120)
      return (.points(p), jsonNumber(p))
    default:
      let p = Float(int(1...6)) / 2
      return (.fr(p), "\(jsonNumber(p))fr")
    }
  }

  mutating func trackValue() -> (GridTrackSize, String) {
    if chance(20) {
      let low = breadth(allowFr: false)
      let high = breadth(allowFr: true)
      return (.minmax(low.0, high.0), "minmax(\(low.1),\(high.1))")
    }
    let b = breadth(allowFr: true)
    switch b.0 {
    case .auto: return (.auto, b.1)
    case .points(let v): return (.points(v), b.1)
    case .percent(let v): return (.percent(v), b.1)
    case .fr(let v): return (.fr(v), b.1)
    }
  }
}
