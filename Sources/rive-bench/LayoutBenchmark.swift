import CRiveAllocationCounter
import Foundation
import RiveCore
import RiveLayout

/// `rive-bench layout`: the layout solver and steady layout frames next to the official
/// runtime built with layout on, both measured in the same run, round by round.
///
/// A *layout file* is a corpus file whose default artboard, played with text and layout on,
/// lays out more than the artboard itself (its tree holds a layout component, a layout
/// participant or a hosted artboard's layout). Trees are counted in nodes after frame 0.
///
/// (a) A full solve of the largest layout tree of the corpus: the tree the runtime built for
///     the file, written in the layout case format (every measured node measuring its
///     unconstrained size) and solved by RiveLayout here and by Yoga in a timing driver; a
///     full solve marks every leaf dirty (so every node on its way to the root) and lays out
///     from the root.
/// (b) The same for seeded random trees of 1,000 nodes (`layout-diff`'s generator, every
///     style the solver supports, no percentage margins).
/// (c) A steady frame of the median layout file (by node count): one advance of 1/60 s and
///     one draw into a discarding renderer with text and layout on, next to the official
///     runtime's `--bench-frame`; and for every layout file, the layout passes and heap
///     allocations of its steady frames and (one round) its frame time next to the runtime's.
enum LayoutBenchmark {
  static let help = """
    USAGE: rive-bench layout [--corpus DIR] [--yoga PATH] [--reference BIN] [--rounds N]
                             [--solves N] [--frames N] [--seed S] [--trees N] [--nodes N]
                             [--grid-percent P] [--verbose]

      --corpus DIR      corpus folder (default ../shared/corpus)
      --yoga PATH       a Yoga timing driver: reads layout cases (the `layout-diff` format)
                        on stdin and, with `--bench N`, prints one JSON line per case with
                        `median_us` (N full solves after 20 untimed); also RIVE_YOGA_BENCH
      --reference BIN   the official runtime built with text and layout on, taking
                        `--bench-frame FILE.riv N` and printing `median_us <value>`; also
                        RIVE_LAYOUT_REFERENCE
      --rounds N        rounds, each timing this package then the other side; each side's
                        figure is its best round (default 3)
      --solves N        timed full solves per round (default 300)
      --frames N        timed frames per round (default 300)
      --seed S          the first seed of the random trees (default 1)
      --trees N         how many random trees, seeds S, S+1, … (default 3)
      --nodes N         nodes per random tree (default 1000)
      --grid-percent P  share of grid containers in the random trees (default 10)
      --verbose         one line per layout file (nodes, frame time, ratio, passes and
                        allocations per frame)

    Without --yoga or --reference (or when a program fails) only this package is timed,
    and the output says so. Build in release mode.
    """

  /// A corpus file that lays out more than its artboard.
  struct LayoutFile {
    var name: String
    var path: String
    var nodes: Int
  }

  static func run(arguments: [String]) -> Int32 {
    let options: BenchmarkOptions
    switch BenchmarkOptions.parse(
      arguments,
      values: [
        "--corpus", "--yoga", "--reference", "--rounds", "--solves", "--frames", "--seed",
        "--trees", "--nodes", "--grid-percent",
      ], help: help)
    {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    let environment = ProcessInfo.processInfo.environment
    let corpus = options.string("--corpus", default: "../shared/corpus")
    let yoga = usableProgram(options.string("--yoga") ?? environment["RIVE_YOGA_BENCH"])
    let reference = usableProgram(
      options.string("--reference") ?? environment["RIVE_LAYOUT_REFERENCE"])
    let rounds = options.int("--rounds", default: 3)
    let solves = options.int("--solves", default: 300)
    let frames = options.int("--frames", default: 300, minimum: 10)
    let firstSeed = UInt64(options.string("--seed", default: "1")) ?? 1
    let trees = options.int("--trees", default: 3)
    let nodes = options.int("--nodes", default: 1000)
    let gridPercent = options.int("--grid-percent", default: 10, minimum: 0)
    let verbose = options.has("--verbose")

    print("rive-bench layout: \(rounds) rounds, each side's best round")
    print(
      yoga.map { "Yoga timing driver: \($0)" }
        ?? "Yoga timing driver: not given (--yoga or RIVE_YOGA_BENCH); RiveLayout alone")
    print(
      reference.map { "official runtime: \($0)" }
        ?? "official runtime: not given (--reference or RIVE_LAYOUT_REFERENCE); this package alone"
    )

    let files = layoutFiles(in: corpus)
    if files.isEmpty { print("no layout file in \(corpus)") }

    // (a) The largest corpus tree.
    if let largest = files.max(by: { ($0.nodes, $1.name) < ($1.nodes, $0.name) }) {
      print("(a) largest corpus layout tree: \(largest.name), \(largest.nodes) nodes")
      if let tree = corpusCase(largest.path) {
        compareSolves(
          tree, name: largest.name, yoga: yoga, rounds: rounds, solves: solves, indent: "    ")
      } else {
        print("    its tree could not be written in the layout case format")
      }
    }

    // (b) Seeded random trees.
    print("(b) seeded random trees of \(nodes) nodes (\(gridPercent) % grids)")
    var ratios: [Double] = []
    for offset in 0..<trees {
      let seed = firstSeed &+ UInt64(offset)
      var generator = LayoutTreeGenerator(seed: seed)
      generator.maximumDepth = 6
      generator.maximumChildren = 8
      generator.fixedGridPercent = gridPercent
      let tree = generator.makeCase(nodeCount: nodes, width: 1000, height: 800)
      print("    seed \(seed):")
      if let ratio = compareSolves(
        tree, name: "seed-\(seed)", yoga: yoga, rounds: rounds, solves: solves,
        indent: "      ")
      {
        ratios.append(ratio)
      }
    }
    if ratios.count > 1 {
      print("    median ratio: \(Timing.format(Timing.median(ratios), digits: 3))")
    }

    // (c) Steady frames.
    guard !files.isEmpty else { return 0 }
    steadyFrames(
      files, reference: reference, rounds: rounds, frames: frames, verbose: verbose)
    return 0
  }

  // MARK: - Layout files

  /// A program path that exists and is executable, or nil.
  static func usableProgram(_ path: String?) -> String? {
    guard let path, FileManager.default.isExecutableFile(atPath: path) else { return nil }
    return path
  }

  /// A player of `file`'s default artboard with text and layout on, at frame 0.
  static func player(_ file: RuntimeFile, fonts: TextFonts, images: DrawImages)
    -> ArtboardPlayback?
  {
    guard let artboard = file.artboards.first else { return nil }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.measureText(with: fonts)
    player.solveLayout(true)
    player.setLayoutImages(images)
    player.advance()
    return player
  }

  /// The corpus's layout files, by name.
  static func layoutFiles(in corpus: String) -> [LayoutFile] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    var files: [LayoutFile] = []
    for name in names {
      let path = corpus + "/" + name
      guard let data = FileManager.default.contents(atPath: path),
        let file = try? RuntimeFile(data: data),
        let player = player(
          file, fonts: TextFonts(document: file.document),
          images: DrawImages(document: file.document))
      else { continue }
      let count = player.artboard.layoutNodeCount
      if count > 1 { files.append(LayoutFile(name: name, path: path, nodes: count)) }
    }
    return files
  }

  /// The tree a file's default artboard solves after frame 0, as a layout case.
  static func corpusCase(_ path: String) -> GeneratedCase? {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? RuntimeFile(data: data),
      var player = player(
        file, fonts: TextFonts(document: file.document),
        images: DrawImages(document: file.document)),
      let snapshot = player.withArtboard({ $0.layoutTreeSnapshot() })
    else { return nil }
    return LayoutCaseEncoding.generatedCase(snapshot)
  }

  // MARK: - Full solves

  /// Times full solves of `tree` here and in the Yoga driver, round by round, checks that
  /// both solve the same boxes, prints the figures and returns the ratio (nil without Yoga).
  @discardableResult
  static func compareSolves(
    _ tree: GeneratedCase, name: String, yoga: String?, rounds: Int, solves: Int,
    indent: String
  ) -> Double? {
    let line = tree.jsonLine(name: name)
    var ours = Double.infinity
    var theirs = Double.infinity
    var yogaError: String?
    for _ in 0..<rounds {
      ours = min(ours, fullSolveMicroseconds(tree, solves: solves))
      guard let yoga, yogaError == nil else { continue }
      switch yogaMedian(yoga, line: line, solves: solves) {
      case .success(let value): theirs = min(theirs, value)
      case .failure(let error): yogaError = error.message
      }
    }
    print("\(indent)RiveLayout full solve, median µs: \(Timing.format(ours))")
    guard let yoga else { return nil }
    if let yogaError {
      print("\(indent)Yoga: \(yogaError)")
      return nil
    }
    print("\(indent)Yoga full solve, median µs: \(Timing.format(theirs))")
    let ratio = ours / theirs
    print("\(indent)ratio: \(Timing.format(ratio, digits: 3))")
    print("\(indent)\(sameBoxes(tree, name: name, yoga: yoga))")
    return ratio
  }

  /// The median of `solves` full solves (after 20 untimed): every leaf marked dirty, then a
  /// layout from the root, as the Yoga driver times them.
  static func fullSolveMicroseconds(_ tree: GeneratedCase, solves: Int) -> Double {
    var (layoutTree, root, measurer) = tree.build()
    var leaves: [LayoutNodeID] = []
    var stack = [root]
    while let node = stack.popLast() {
      let children = layoutTree.children(of: node)
      if children.isEmpty { leaves.append(node) }
      stack.append(contentsOf: children.reversed())
    }
    let width = tree.width ?? .nan
    let height = tree.height ?? .nan
    layoutTree.calculateLayout(
      root: root, availableWidth: width, availableHeight: height, direction: tree.direction,
      measurer: &measurer)
    var times: [Double] = []
    times.reserveCapacity(solves)
    for index in 0..<(solves + 20) {
      let start = Timing.now()
      for leaf in leaves { layoutTree.markDirty(leaf) }
      layoutTree.calculateLayout(
        root: root, availableWidth: width, availableHeight: height, direction: tree.direction,
        measurer: &measurer)
      let elapsed = Timing.now() - start
      if index >= 20 { times.append(Double(elapsed) / 1000) }
    }
    return Timing.median(times)
  }

  struct DriverError: Error {
    var message: String
  }

  /// The driver's median full solve of the case on `line`.
  static func yogaMedian(_ program: String, line: String, solves: Int) -> Result<
    Double, DriverError
  > {
    let output: [String]
    do {
      output = try runProgram(program, arguments: ["--bench", String(solves)], input: line)
    } catch {
      return .failure(DriverError(message: "the driver did not run: \(error)"))
    }
    guard let first = output.first,
      let answer = (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any]
    else { return .failure(DriverError(message: "the driver printed nothing")) }
    if let median = (answer["median_us"] as? NSNumber)?.doubleValue { return .success(median) }
    return .failure(DriverError(message: "\(answer["error"] ?? first)"))
  }

  /// Whether RiveLayout and the driver (run as a layout driver, without `--bench`) solve the
  /// case to the same boxes (within `layout-diff`'s default tolerance).
  static func sameBoxes(_ tree: GeneratedCase, name: String, yoga: String) -> String {
    let line = tree.jsonLine(name: name)
    guard let output = try? runProgram(yoga, arguments: [], input: line).first,
      let answer = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any],
      let layout = answer["layout"]
    else { return "boxes: the driver gave no layout to compare" }
    var solved = tree
    var problems: [String] = []
    var largest: Float = 0
    LayoutDiff.compare(
      solved.solve(), layout, tolerance: 0.0001, path: "root", problems: &problems,
      maxDifference: &largest)
    return problems.isEmpty
      ? "boxes: the same as Yoga's (\(tree.nodeCount) nodes, largest difference \(largest))"
      : "boxes: \(problems.count) values differ from Yoga's, first \(problems[0])"
  }

  /// Runs `program` with `input` (one line) on its standard input and returns its output
  /// lines.
  static func runProgram(_ program: String, arguments: [String], input: String) throws
    -> [String]
  {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = Thread {
      try? stdin.fileHandleForWriting.write(contentsOf: Data((input + "\n").utf8))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  // MARK: - Steady frames

  /// What a layout file's steady frames do.
  struct SteadyFrames {
    var micros: Double
    /// Layout passes per frame.
    var solves: Double
    /// Heap allocations per frame (advance and draw).
    var allocations: Double
  }

  /// `frames` timed frames of advance (1/60 s) + draw after frame 0, then `counted` frames
  /// counting layout passes and allocations.
  static func steadyFrame(_ path: String, frames: Int, counted: Int) -> SteadyFrames? {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? RuntimeFile(data: data)
    else { return nil }
    let fonts = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    guard var player = player(file, fonts: fonts, images: images) else { return nil }
    var discard = DrawBenchmark.DiscardingRenderer()
    var times: [Double] = []
    times.reserveCapacity(frames)
    for _ in 0..<frames {
      let start = Timing.now()
      player.advance()
      player.draw(into: &discard, images: images, text: fonts)
      times.append(Double(Timing.now() - start) / 1000)
    }
    let solvesBefore = player.artboard.layoutSolveCount
    CRiveAllocationCounter_start()
    for _ in 0..<counted {
      player.advance()
      player.draw(into: &discard, images: images, text: fonts)
    }
    let counts = CRiveAllocationCounter_stop()
    let solves = player.artboard.layoutSolveCount - solvesBefore
    return SteadyFrames(
      micros: Timing.median(times), solves: Double(solves) / Double(max(1, counted)),
      allocations: Double(counts.allocations) / Double(max(1, counted)))
  }

  static func steadyFrames(
    _ files: [LayoutFile], reference: String?, rounds: Int, frames: Int, verbose: Bool
  ) {
    let sorted = files.sorted { ($0.nodes, $0.name) < ($1.nodes, $1.name) }
    let median = sorted[sorted.count / 2]
    print(
      "(c) steady frame (advance 1/60 s + draw, text and layout on) of the median layout file "
        + "by node count (\(files.count) layout files): \(median.name), \(median.nodes) nodes")
    var ours = Double.infinity
    var theirs = Double.infinity
    var counted: SteadyFrames?
    var referenceFailed = false
    for _ in 0..<rounds {
      if let measured = steadyFrame(median.path, frames: frames, counted: 60) {
        ours = min(ours, measured.micros)
        counted = measured
      }
      guard let reference, !referenceFailed else { continue }
      if let value = TextBenchmark.referenceMedian(
        reference, ["--bench-frame", median.path, String(frames)])
      {
        theirs = min(theirs, value)
      } else {
        referenceFailed = true
      }
    }
    print("    this package, median µs: \(Timing.format(ours))")
    if reference != nil {
      if referenceFailed {
        print("    official runtime: its --bench-frame failed")
      } else {
        print("    official runtime, median µs: \(Timing.format(theirs))")
        print("    ratio: \(Timing.format(ours / theirs, digits: 3))")
      }
    }
    if let counted {
      print(
        "    per steady frame: \(Timing.format(counted.solves, digits: 2)) layout passes, "
          + "\(Timing.format(counted.allocations, digits: 1)) heap allocations")
    }

    // Every layout file's steady frames (one round each), beside the official runtime's.
    var quiet = 0
    var solving = 0
    var allocating = 0
    var fileRatios: [Double] = []
    for file in sorted {
      guard let measured = steadyFrame(file.path, frames: frames, counted: 60) else { continue }
      if measured.solves > 0 { solving += 1 }
      if measured.allocations > 0 { allocating += 1 }
      if measured.solves == 0 && measured.allocations == 0 { quiet += 1 }
      var ratio: Double?
      if let reference, !referenceFailed,
        let theirs = TextBenchmark.referenceMedian(
          reference, ["--bench-frame", file.path, String(frames)]),
        theirs > 0
      {
        ratio = measured.micros / theirs
        fileRatios.append(measured.micros / theirs)
      }
      if verbose {
        print(
          "    \(file.name.padding(toLength: 44, withPad: " ", startingAt: 0)) "
            + "\(String(format: "%4d", file.nodes)) nodes "
            + "\(String(format: "%9.2f", measured.micros)) µs "
            + (ratio.map { String(format: "%6.2f× ", $0) } ?? "")
            + "\(String(format: "%5.2f", measured.solves)) passes "
            + "\(String(format: "%7.1f", measured.allocations)) allocations per frame")
      }
    }
    print(
      "    layout files whose steady frames solve nothing and allocate nothing: \(quiet) of "
        + "\(files.count) (\(solving) solve again, \(allocating) allocate; the 60 frames after "
        + "frame \(frames))")
    if !fileRatios.isEmpty {
      let within = fileRatios.filter { $0 <= 1 }.count
      print(
        "    steady frame ratio over the \(fileRatios.count) layout files (one round each): "
          + "median \(Timing.format(Timing.median(fileRatios), digits: 3)), at most 1.0 for "
          + "\(within)")
    }
  }

  // MARK: - The steady-frame check

  static let steadyHelp = """
    USAGE: rive-bench layout-steady FILE.riv... [--warm-up N] [--frames N]

    Plays each file's default artboard with text and layout on (frame 0, then N warm-up
    frames of 1/60 s, default 60, each drawn), then counts the layout passes and heap
    allocations of the next frames (default 60, each an advance of 1/60 s and a draw into a
    discarding renderer) and prints `build: optimized` (or `debug`, which allocates where an
    optimized build does not), then one line per file: `FILE: passes P, allocations A, frames F`. Exit status 1 when a file does not load or
    heap counting is unavailable (under a sanitizer), 2 on bad arguments.
    """

  static func steadyCheck(arguments: [String]) -> Int32 {
    SteadyFrameCheck.countedFrames(
      arguments, command: "layout-steady", help: steadyHelp, defaults: (warmUp: 60, frames: 60)
    ) { path, warmUp, frames in
      steadyFrame(path, frames: warmUp, counted: frames).map { counted in
        "\(path): passes \(Int((counted.solves * Double(frames)).rounded())), allocations "
          + "\(Int((counted.allocations * Double(frames)).rounded())), frames \(frames)"
      }
    }
  }
}
