import CRiveAllocationCounter
import Foundation
import RiveCore
import RiveFormat

/// `rive-bench draw`: building the display list of one frame, next to the official runtime's
/// draw time (`draw_us` of the performance anchors).
///
/// Set-up as the reference measured it: a fresh artboard instance and driver, one advance by 0,
/// then 200 times: the draw (timed), then an advance of 1/60 s (not timed). The draw builds
/// the frame's display list into a list that is reused from frame to frame; the same frames,
/// played again on a second instance, are drawn into a renderer that discards every operation
/// (what the reference timed). Heap allocations are counted during the list draws only, after
/// 20 warm-up frames.
enum DrawBenchmark {
  static let help = """
    USAGE: rive-bench draw [--corpus DIR] [--anchors FILE] [--frames N] [--verbose]
                           [--reference COMMAND] [--repeat N]

      --corpus DIR    corpus folder (default ../shared/corpus)
      --anchors FILE  the reference's per-file figures, tab-separated with the columns
                      file, import_best_us, advance_us, draw_us, instance_bytes
                      (default ../shared/reference/perf-anchors-o2.tsv). For ratios that
                      mean something, measure the reference in the same session and pass
                      its file here.
      --frames N      timed draws per file (default 200, as the reference)
      --verbose       one line per file
      --reference COMMAND
                      a shell command that measures the reference and writes the --anchors
                      file; run before each round, so both sides are timed in turns
      --repeat N      rounds (default 1): the best of each file's times, on both sides, count
                      (times of a tenth of a microsecond on a shared machine move by a tenth
                      between runs; the reference's too)
    """

  /// A renderer that drops every operation (the reference timed a no-op renderer).
  struct DiscardingRenderer: DrawRenderer {
    var count = 0
    mutating func draw(_ operation: DrawOperation) { count &+= 1 }
    /// Takes a retained path as the reference's no-op renderer takes a render path: by
    /// reference, untouched.
    mutating func draw(retained reference: RetainedDraw) { count &+= 1 }
  }

  struct Measurement {
    var listMicroseconds: Double
    var discardMicroseconds: Double
    var allocationsPerDraw: Double
    var operations: Int
  }

  static func run(arguments: [String]) -> Int32 {
    let options: BenchmarkOptions
    switch BenchmarkOptions.parse(
      arguments, values: ["--corpus", "--anchors", "--frames", "--reference", "--repeat"],
      help: help)
    {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    let corpus = options.string("--corpus", default: "../shared/corpus")
    let anchorsPath = options.string(
      "--anchors", default: "../shared/reference/perf-anchors-o2.tsv")
    let frames = options.int("--frames", default: 200)
    let verbose = options.has("--verbose")
    let referenceCommand = options.string("--reference")
    let repeats = options.int("--repeat", default: 1)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .riv files in \(corpus)\n".utf8))
      return 1
    }
    // Each round: the reference measured (when a command is given), then every file; the
    // best of each side's times counts.
    var anchors: [String: RuntimeBenchmark.Anchor] = [:]
    var measured: [String: Measurement] = [:]
    for round in 0..<repeats {
      if let referenceCommand {
        guard
          RuntimeBenchmark.measureReference(
            referenceCommand, anchorsPath: anchorsPath, into: &anchors)
        else { return 1 }
      }
      for name in names {
        guard let data = FileManager.default.contents(atPath: corpus + "/" + name),
          let file = try? RuntimeFile(data: data), let artboard = file.artboards.first
        else { continue }
        let images = DrawImages(document: file.document)
        var measurement = measure(artboard, file: file, images: images, frames: frames)
        if let previous = measured[name] {
          measurement.listMicroseconds = min(
            measurement.listMicroseconds, previous.listMicroseconds)
          measurement.discardMicroseconds = min(
            measurement.discardMicroseconds, previous.discardMicroseconds)
          measurement.allocationsPerDraw = previous.allocationsPerDraw
        }
        measured[name] = measurement
      }
      if repeats > 1 {
        FileHandle.standardError.write(Data("round \(round + 1) of \(repeats) done\n".utf8))
      }
    }
    if referenceCommand == nil { anchors = RuntimeBenchmark.loadAnchors(anchorsPath) }
    if verbose {
      print(
        "file                                          ops   list µs  discard µs  ref µs   ratio  allocs/draw"
      )
    }
    var listTimes: [Double] = []
    var discardTimes: [Double] = []
    var ratios: [Double] = []
    var discardRatios: [Double] = []
    var allocations: [Double] = []
    var totalList = 0.0
    var totalReference = 0.0
    for name in names {
      guard let measurement = measured[name] else { continue }
      listTimes.append(measurement.listMicroseconds)
      discardTimes.append(measurement.discardMicroseconds)
      allocations.append(measurement.allocationsPerDraw)
      let reference = anchors[name]?.drawMicroseconds
      if let reference, reference > 0 {
        ratios.append(measurement.listMicroseconds / reference)
        discardRatios.append(measurement.discardMicroseconds / reference)
        totalList += measurement.listMicroseconds
        totalReference += reference
      }
      if verbose {
        let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
        let ratio = reference.map { Timing.format(measurement.listMicroseconds / $0) } ?? "-"
        print(
          "\(padded) \(String(format: "%5d", measurement.operations)) "
            + "\(String(format: "%9.2f", measurement.listMicroseconds)) "
            + "\(String(format: "%11.2f", measurement.discardMicroseconds)) "
            + "\(reference.map { String(format: "%7.2f", $0) } ?? "      -") "
            + "\(ratio.padding(toLength: 7, withPad: " ", startingAt: 0)) "
            + String(format: "%12.1f", measurement.allocationsPerDraw))
      }
    }
    print("")
    print("files drawn: \(listTimes.count) of \(names.count)")
    print(
      "display list, median µs per frame:   \(Timing.format(Timing.median(listTimes), digits: 3))"
    )
    print(
      "    median ratio to draw_us:          \(Timing.format(Timing.median(ratios), digits: 3))  (target ≤ 1.0)"
    )
    print(
      "    total over files with a reference: \(Timing.format(totalList, digits: 1)) µs vs \(Timing.format(totalReference, digits: 1)) µs"
    )
    print(
      "discarding renderer, median µs:      \(Timing.format(Timing.median(discardTimes), digits: 3))"
    )
    print(
      "    median ratio to draw_us:          \(Timing.format(Timing.median(discardRatios), digits: 3))"
    )
    print(
      "allocations per draw, steady state:  median \(Timing.format(Timing.median(allocations), digits: 1)), "
        + "max \(Timing.format(allocations.max() ?? 0, digits: 1)), "
        + "files with none \(allocations.filter { $0 == 0 }.count) of \(allocations.count)"
    )
    RuntimeBenchmark.printRounds(repeats, measuredReference: referenceCommand != nil)
    return 0
  }

  static func measure(
    _ artboard: ArtboardModel, file: RuntimeFile, images: DrawImages, frames: Int
  ) -> Measurement {
    // The list draws and the discarding draws play the file twice, each on an instance of its
    // own: drawn by turns into one instance, each draw found the retained frame still held by
    // the other's output and copied it first, which neither a list nor a renderer alone does.
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.advance()
    var list = DisplayList()
    var listTimes: [Double] = []
    listTimes.reserveCapacity(frames)
    var allocationCount: UInt64 = 0
    var counted = 0
    for frame in 0..<frames {
      list.removeAll(keepingCapacity: true)
      let counting = frame >= 20
      if counting { CRiveAllocationCounter_start() }
      let start = Timing.now()
      player.draw(into: &list, images: images)
      let end = Timing.now()
      if counting {
        allocationCount += CRiveAllocationCounter_stop().allocations
        counted += 1
      }
      listTimes.append(Double(end - start) / 1000)
      player.advance()
    }
    var discardPlayer = ArtboardPlayback(artboard: artboard, file: file)
    discardPlayer.advance()
    var discard = DiscardingRenderer()
    var discardTimes: [Double] = []
    discardTimes.reserveCapacity(frames)
    for _ in 0..<frames {
      let discardStart = Timing.now()
      discardPlayer.draw(into: &discard, images: images)
      discardTimes.append(Double(Timing.now() - discardStart) / 1000)
      discardPlayer.advance()
    }
    return Measurement(
      listMicroseconds: Timing.median(listTimes), discardMicroseconds: Timing.median(discardTimes),
      allocationsPerDraw: counted > 0 ? Double(allocationCount) / Double(counted) : 0,
      operations: list.count)
  }
}
