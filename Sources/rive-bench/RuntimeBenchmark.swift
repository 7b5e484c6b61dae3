import CRiveAllocationCounter
import Foundation
import RiveCore
import RiveFormat

/// `rive-bench runtime`: the runtime against the official runtime's own figures.
///
/// (a) Building the object graph (`RuntimeFile`) per corpus file, best of N, next to the
/// reference `import_best_us`. (b) One frame (advance and apply 1/60 s) of the default
/// artboard driven as the reference drove it: its default state machine, else state machine 0,
/// else animation 0, with the default view-model instance bound; one advance by 0, 60 untimed
/// frames, then 600 frames timed one by one;
/// the median next to the reference `advance_us`, with heap allocations per frame in that
/// steady state. (c) Heap bytes to make the artboard instance and its driver, and after the
/// first frame (instances share authored values until they change one), next to the
/// reference `instance_bytes`.
enum RuntimeBenchmark {
  static let help = """
    USAGE: rive-bench runtime [--corpus DIR] [--anchors FILE] [--rounds N] [--verbose]
                              [--reference COMMAND] [--repeat N]

      --corpus DIR         corpus folder (default ../shared/corpus)
      --anchors FILE       the reference's per-file figures, tab-separated with the columns
                           file, import_best_us, advance_us, draw_us, instance_bytes
                           (default ../shared/reference/perf-anchors-o2.tsv). For ratios that
                           mean something, measure the reference in the same session and pass
                           its file here, or name the command that measures it (--reference).
      --rounds N           single builds for the best-of graph time (default 7; freeing not
                           counted)
      --reference COMMAND  a shell command that measures the reference and writes FILE (the
                           --anchors file); run before each round, so the reference and this
                           runtime take turns on the machine
      --repeat N           rounds (default 1): each file's figures, and the reference's, are
                           the best over the rounds, so a slow spell of a shared machine in one
                           round does not decide a ratio
      --frames N           timed frames per file (default 600, as the reference; more to
                           profile one file's frame)
      --verbose            one line per file
    """

  struct Anchor {
    var importMicroseconds: Double?
    var advanceMicroseconds: Double?
    var drawMicroseconds: Double?
    var instanceBytes: Double?

    /// The lower of each timing of `self` and `other` (the instance bytes of `other`, which
    /// do not vary).
    func best(with other: Anchor) -> Anchor {
      func lower(_ first: Double?, _ second: Double?) -> Double? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
      }
      return Anchor(
        importMicroseconds: lower(importMicroseconds, other.importMicroseconds),
        advanceMicroseconds: lower(advanceMicroseconds, other.advanceMicroseconds),
        drawMicroseconds: lower(drawMicroseconds, other.drawMicroseconds),
        instanceBytes: other.instanceBytes ?? instanceBytes)
    }
  }

  /// One file's figures.
  struct Figures {
    var graphMicroseconds: Double
    var frameMicroseconds: Double
    var allocationsPerFrame: Double
    var createdBytes: Int
    var afterFirstFrameBytes: Int
  }

  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var anchorsPath = "../shared/reference/perf-anchors-o2.tsv"
    var rounds = 7
    var frames = 600
    var repeats = 1
    var referenceCommand: String?
    var verbose = false
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--corpus" where index + 1 < arguments.count:
        corpus = arguments[index + 1]
        index += 1
      case "--anchors" where index + 1 < arguments.count:
        anchorsPath = arguments[index + 1]
        index += 1
      case "--rounds" where index + 1 < arguments.count:
        rounds = Int(arguments[index + 1]) ?? rounds
        index += 1
      case "--frames" where index + 1 < arguments.count:
        frames = max(1, Int(arguments[index + 1]) ?? frames)
        index += 1
      case "--repeat" where index + 1 < arguments.count:
        repeats = max(1, Int(arguments[index + 1]) ?? repeats)
        index += 1
      case "--reference" where index + 1 < arguments.count:
        referenceCommand = arguments[index + 1]
        index += 1
      case "--verbose":
        verbose = true
      case "-h", "--help":
        print(help)
        return 0
      default:
        FileHandle.standardError.write(Data("unknown option \(arguments[index])\n\(help)\n".utf8))
        return 2
      }
      index += 1
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .riv files in \(corpus)\n".utf8))
      return 1
    }
    var anchors: [String: Anchor] = [:]
    var best: [String: Figures] = [:]
    for round in 0..<repeats {
      if let referenceCommand {
        guard measureReference(referenceCommand, anchorsPath: anchorsPath, into: &anchors)
        else { return 1 }
      }
      for name in names {
        guard let data = FileManager.default.contents(atPath: corpus + "/" + name) else { continue }
        guard
          var figures = measure(
            data, rounds: rounds, frames: frames, memory: best[name] == nil)
        else {
          continue
        }
        if let previous = best[name] {
          figures.graphMicroseconds = min(figures.graphMicroseconds, previous.graphMicroseconds)
          figures.frameMicroseconds = min(figures.frameMicroseconds, previous.frameMicroseconds)
          figures.allocationsPerFrame = previous.allocationsPerFrame
          figures.createdBytes = previous.createdBytes
          figures.afterFirstFrameBytes = previous.afterFirstFrameBytes
        }
        best[name] = figures
      }
      if repeats > 1 {
        FileHandle.standardError.write(Data("round \(round + 1) of \(repeats) done\n".utf8))
      }
    }
    if referenceCommand == nil { anchors = loadAnchors(anchorsPath) }
    report(names: names, figures: best, anchors: anchors, verbose: verbose)
    printRounds(repeats, measuredReference: referenceCommand != nil)
    return 0
  }

  /// Runs `command` (which measures the reference into `anchorsPath`) and keeps in `anchors`
  /// the best of each file's times so far; false, having said so, when the command fails.
  static func measureReference(
    _ command: String, anchorsPath: String, into anchors: inout [String: Anchor]
  ) -> Bool {
    guard runReference(command) else {
      FileHandle.standardError.write(Data("the reference command failed: \(command)\n".utf8))
      return false
    }
    for (name, anchor) in loadAnchors(anchorsPath) {
      anchors[name] = anchors[name].map { $0.best(with: anchor) } ?? anchor
    }
    return true
  }

  /// The closing line of a benchmark of several rounds or a measured reference.
  static func printRounds(_ repeats: Int, measuredReference: Bool) {
    guard repeats > 1 || measuredReference else { return }
    print(
      "(best of \(repeats) round\(repeats == 1 ? "" : "s") per file"
        + (measuredReference ? ", the reference measured before each round)" : ")"))
  }

  /// Runs `command` with the shell (its output to standard error, so it stays apart from the
  /// figures); whether it succeeded.
  static func runReference(_ command: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardOutput = FileHandle.standardError
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// One file's figures (nil when it does not build or has no artboard); the memory figures
  /// only when `memory` (they do not vary between rounds).
  static func measure(_ data: Data, rounds: Int, frames: Int, memory: Bool) -> Figures? {
    // Each build timed alone and freed after its window, as the reference's import time.
    let graph = Timing.bestSingleMicroseconds(rounds: rounds) { try? RuntimeFile(data: data) }
    guard let file = try? RuntimeFile(data: data), let artboard = file.artboards.first else {
      return nil
    }
    let frame = measureFrames(file, artboard, frames: frames)
    let bytes = memory ? measureInstanceMemory(file, artboard) : (created: 0, afterFirstFrame: 0)
    return Figures(
      graphMicroseconds: graph, frameMicroseconds: frame.medianMicroseconds,
      allocationsPerFrame: frame.allocationsPerFrame, createdBytes: bytes.created,
      afterFirstFrameBytes: bytes.afterFirstFrame)
  }

  /// Prints the per-file lines (with `verbose`) and the summary.
  static func report(
    names: [String], figures: [String: Figures], anchors: [String: Anchor], verbose: Bool
  ) {
    var importRatios: [Double] = []
    var advanceRatios: [Double] = []
    var memoryRatios: [Double] = []
    var importTimes: [Double] = []
    var advanceTimes: [(name: String, microseconds: Double)] = []
    var allocationsPerFrame: [Double] = []
    var instanceBytes: [Double] = []
    var advancedInstanceBytes: [Double] = []
    if verbose {
      print(
        "file                                          graph µs   ratio  frame µs   ratio  allocs/frame  instance B  after frame B  ratio"
      )
    }
    for name in names {
      guard let figure = figures[name] else { continue }
      let anchor = anchors[name]
      let graph = figure.graphMicroseconds
      let frame = figure.frameMicroseconds
      importTimes.append(graph)
      if let reference = anchor?.importMicroseconds, reference > 0 {
        importRatios.append(graph / reference)
      }
      advanceTimes.append((name, frame))
      allocationsPerFrame.append(figure.allocationsPerFrame)
      if let reference = anchor?.advanceMicroseconds, reference > 0 {
        advanceRatios.append(frame / reference)
      }
      instanceBytes.append(Double(figure.createdBytes))
      advancedInstanceBytes.append(Double(figure.afterFirstFrameBytes))
      if let reference = anchor?.instanceBytes, reference > 0 {
        memoryRatios.append(Double(figure.afterFirstFrameBytes) / reference)
      }
      if verbose {
        let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
        let importRatio = anchor?.importMicroseconds.map { Timing.format(graph / $0) } ?? "-"
        let frameRatio = anchor?.advanceMicroseconds.map { Timing.format(frame / $0) } ?? "-"
        let memoryRatio =
          anchor?.instanceBytes.map { Timing.format(Double(figure.afterFirstFrameBytes) / $0) }
          ?? "-"
        print(
          "\(padded) \(String(format: "%9.2f", graph)) \(importRatio.leftPad(7)) "
            + "\(String(format: "%9.3f", frame)) \(frameRatio.leftPad(7)) "
            + "\(String(format: "%13.1f", figure.allocationsPerFrame)) "
            + "\(String(format: "%11d", figure.createdBytes)) "
            + "\(String(format: "%14d", figure.afterFirstFrameBytes)) "
            + memoryRatio.leftPad(6))
      }
    }
    let medianFrame = Timing.median(advanceTimes.map(\.microseconds))
    let medianFile =
      advanceTimes.min { abs($0.microseconds - medianFrame) < abs($1.microseconds - medianFrame) }?
      .name ?? "-"
    print("")
    print("files: \(names.count); graphs built: \(importTimes.count)")
    print("(a) graph build, median µs:            \(Timing.format(Timing.median(importTimes)))")
    print(
      "    median ratio to import_best_us:     \(Timing.format(Timing.median(importRatios), digits: 3))  (target ≤ 1.0)"
    )
    print(
      "(b) one frame, median µs:              \(Timing.format(medianFrame, digits: 3))  (\(medianFile))"
    )
    print(
      "    median ratio to advance_us:         \(Timing.format(Timing.median(advanceRatios), digits: 3))  (target ≤ 1.0)"
    )
    print(
      "    100 instances of the median file:   \(Timing.format(medianFrame * 100, digits: 1)) µs per frame  (budget 16,667 µs at 60 fps)"
    )
    print(
      "    allocations per frame, steady state: median \(Timing.format(Timing.median(allocationsPerFrame), digits: 1)), "
        + "max \(Timing.format(allocationsPerFrame.max() ?? 0, digits: 1)), "
        + "files with none \(allocationsPerFrame.filter { $0 == 0 }.count) of \(allocationsPerFrame.count)"
    )
    print(
      "(c) instance bytes, median: made \(Timing.format(Timing.median(instanceBytes), digits: 0)), "
        + "after the first frame \(Timing.format(Timing.median(advancedInstanceBytes), digits: 0))"
    )
    print(
      "    median ratio to instance_bytes:     \(Timing.format(Timing.median(memoryRatios), digits: 3))"
    )
  }

  /// The driver the reference used for the default artboard, with the artboard's default
  /// view-model instance bound (to the artboard and its machine) as the reference binds it.
  ///
  /// The machine and the animation are held in optionals of their own and advanced through
  /// them, in place: an enum's payload would have to be copied out and back every frame, and
  /// that copy is the harness's cost, not the runtime's.
  struct Driver {
    var machine: StateMachineInstance?
    var animation: AnimationInstance?

    init(
      file: RuntimeFile, artboard: ArtboardModel, instance: inout ArtboardInstance,
      binds: Bool = true
    ) {
      let machines = artboard.stateMachineNames.count
      let index = artboard.defaultStateMachineIndex.flatMap { $0 < machines ? $0 : nil } ?? 0
      if machines > 0, var machine = StateMachineInstance(artboard: instance, index: index) {
        if binds { machine.bindDefaultViewModel(file: file, artboard: &instance) }
        self.machine = machine
      } else {
        animation = AnimationInstance(artboard: artboard, index: 0)
        if binds { instance.bindDefaultViewModel(file: file) }
      }
    }

    mutating func frame(_ seconds: Float, artboard: inout ArtboardInstance) -> Bool {
      if machine != nil {
        return machine?.advanceAndApply(seconds, artboard: &artboard) ?? false
      }
      if animation != nil {
        return animation?.advanceAndApply(seconds, artboard: &artboard) ?? false
      }
      return artboard.advance(seconds)
    }
  }

  static func measureFrames(_ file: RuntimeFile, _ artboard: ArtboardModel, frames: Int = 600)
    -> (
      medianMicroseconds: Double, allocationsPerFrame: Double
    )
  {
    var instance = artboard.instance()
    var driver = Driver(file: file, artboard: artboard, instance: &instance)
    _ = driver.frame(0, artboard: &instance)
    let step = ArtboardPlayback.frameStep
    for _ in 0..<60 { _ = driver.frame(step, artboard: &instance) }
    var times: [Double] = []
    times.reserveCapacity(frames)
    for _ in 0..<frames {
      let start = Timing.now()
      _ = driver.frame(step, artboard: &instance)
      times.append(Double(Timing.now() - start) / 1000)
    }
    CRiveAllocationCounter_start()
    for _ in 0..<100 { _ = driver.frame(step, artboard: &instance) }
    let counts = CRiveAllocationCounter_stop()
    return (Timing.median(times), Double(counts.allocations) / 100)
  }

  static func measureInstanceMemory(_ file: RuntimeFile, _ artboard: ArtboardModel) -> (
    created: Int, afterFirstFrame: Int
  ) {
    // As the reference counts: the instance and its driver, without view-model binding.
    CRiveAllocationCounter_start()
    var instance = artboard.instance()
    var driver = Driver(file: file, artboard: artboard, instance: &instance, binds: false)
    let created = CRiveAllocationCounter_stop()
    CRiveAllocationCounter_start()
    _ = driver.frame(0, artboard: &instance)
    _ = driver.frame(ArtboardPlayback.frameStep, artboard: &instance)
    let advanced = CRiveAllocationCounter_stop()
    withExtendedLifetime((instance, driver)) {}
    return (Int(created.bytes), Int(created.bytes + advanced.bytes))
  }

  static func loadAnchors(_ path: String) -> [String: Anchor] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
    var anchors: [String: Anchor] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count >= 5 else { continue }
      anchors[columns[0]] = Anchor(
        importMicroseconds: Double(columns[1]), advanceMicroseconds: Double(columns[2]),
        drawMicroseconds: Double(columns[3]), instanceBytes: Double(columns[4]))
    }
    return anchors
  }
}

extension String {
  fileprivate func leftPad(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
