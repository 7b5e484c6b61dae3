import Foundation
import RiveCore
import RiveFormat
import RiveFrames
import RiveRasterTestSupport

/// Times the package's rendering of a frame against Cairo drawing the reference stream.
///
/// For each stream with a drawable artboard, two renders of frame 30 into a 512×512 canvas
/// with `contain` fit (background transparent), including the conversion to straight RGBA,
/// taken in alternating rounds in the same run:
/// - the engine: the corpus file played by `FramePlayer` to the frame (outside the
///   timing), then, timed, its display list drawn from the artboard and rasterised;
/// - the floor: the reference stream's display list rasterised directly.
/// Images are decoded and prepared once beforehand, outside the timing. One thread, so the
/// figures are for one core. Printed: the median time per file of each, the ratio of the
/// medians (the engine's overhead over the floor; target ≤ 1.2×), the spread, the slowest
/// files and the frames per second of the median file.
enum RenderBenchmark {
  static let help = """
    USAGE: rive-bench render [--streams DIR] [--corpus DIR] [--size N] [--frame N]
                             [--rounds N] [--output DIR] [--verbose] [--profile N]

      --streams DIR  Reference draw streams (default ../shared/reference/draw).
      --corpus DIR   The .riv files, for their images (default ../shared/corpus).
      --size N       The square canvas (default 512).
      --frame N      The recorded frame (default 30).
      --rounds N     Renders per file; the median counts (default 7).
      --output DIR   Also write each frame as DIR/<file>.png (outside the timing).
      --verbose      One line per file.
      --profile N    For the N files slowest per operation: where their time goes, by kind
                     of operation (fills and strokes with gradients, feathers, the clockwise
                     rule, under clips; clips; images), each operation timed as it is drawn.
    """

  static func run(arguments: [String]) -> Int32 {
    var streams = "../shared/reference/draw"
    var corpus = "../shared/corpus"
    var size = 512
    var frame = 30
    var rounds = 7
    var verbose = false
    var output: String?
    var profiled = 0
    var index = 0
    while index < arguments.count {
      let hasValue = index + 1 < arguments.count
      switch arguments[index] {
      case "--streams" where hasValue: streams = arguments[index + 1]
      case "--corpus" where hasValue: corpus = arguments[index + 1]
      case "--size" where hasValue: size = Int(arguments[index + 1]) ?? size
      case "--frame" where hasValue: frame = Int(arguments[index + 1]) ?? frame
      case "--rounds" where hasValue: rounds = max(1, Int(arguments[index + 1]) ?? rounds)
      case "--output" where hasValue: output = arguments[index + 1]
      case "--profile" where hasValue: profiled = max(0, Int(arguments[index + 1]) ?? 0)
      case "--verbose": verbose = true
      case "--help", "-h":
        print(help)
        return 0
      default:
        FileHandle.standardError.write(Data("unknown option \(arguments[index])\n\(help)\n".utf8))
        return 2
      }
      index += arguments[index] == "--verbose" ? 1 : 2
    }
    let streamsURL = URL(fileURLWithPath: streams)
    let corpusURL = URL(fileURLWithPath: corpus)
    let names = ReferenceRendering.streamNames(in: streamsURL)
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .riv.json streams in \(streams)\n".utf8))
      return 1
    }
    var results: [(name: String, milliseconds: Double, engine: Double?, operations: Int)] = []
    var lists: [String: (list: DisplayList, artboard: FrameRect, images: RasterImages)] = [:]
    var failures = 0
    var skipped = 0
    for name in names {
      let loaded: (stream: ReferenceDrawStream, images: RasterImages)
      do {
        loaded = try ReferenceRendering.load(name, streams: streamsURL, corpus: corpusURL)
      } catch {
        print("\(name): cannot load: \(error)")
        failures += 1
        continue
      }
      let stream = loaded.stream
      guard stream.isDrawable, let list = stream.frames[frame] else {
        skipped += 1
        continue
      }
      let artboard = FrameRect(width: stream.width, height: stream.height)
      // The engine's side: the file played to the frame, its embedded images prepared.
      var engine: (player: FramePlayer, images: ArtboardImages)?
      if let data = try? Data(contentsOf: corpusURL.appendingPathComponent(stream.file)),
        var player = try? FramePlayer(data: data), (try? player.play(toFrame: frame)) != nil,
        let file = try? RuntimeFile(data: data),
        let images = try? ArtboardImages.embedded(in: file.document)
      {
        engine = (player, images)
      }
      var times: [Double] = []
      var engineTimes: [Double] = []
      var failed = false
      for round in 0..<rounds {
        let start = Timing.now()
        do {
          let rendered = try Rasterizer.render(
            list, artboard: artboard, width: size, height: size, fit: .contain,
            images: loaded.images)
          times.append(Double(Timing.now() - start) / 1_000_000)
          if round == 0, let output {
            let url = URL(fileURLWithPath: output).appendingPathComponent(
              stream.file + ".png")
            try rendered.pngData().write(to: url)
          }
          if var current = engine {
            let engineStart = Timing.now()
            let engineList = current.player.displayList(images: current.images.draw)
            _ = try Rasterizer.render(
              engineList, artboard: current.player.bounds, width: size, height: size,
              fit: .contain, images: current.images.raster)
            engineTimes.append(Double(Timing.now() - engineStart) / 1_000_000)
            engine = current
          }
        } catch {
          print("\(name): \(error)")
          failed = true
          break
        }
      }
      if failed {
        failures += 1
        continue
      }
      let median = Timing.median(times)
      let engineMedian = engineTimes.isEmpty ? nil : Timing.median(engineTimes)
      results.append((name, median, engineMedian, list.count))
      if profiled > 0 { lists[name] = (list, artboard, loaded.images) }
      if verbose {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        let engineText = engineMedian.map { Timing.format($0, digits: 3) + " ms engine" } ?? "-"
        print(
          "\(padded) \(String(format: "%6d", list.count)) ops \(Timing.format(median, digits: 3)) ms floor, \(engineText)"
        )
      }
    }
    guard !results.isEmpty else {
      print("nothing rendered")
      return 1
    }
    let medians = results.map(\.milliseconds)
    let sorted = medians.sorted()
    let median = Timing.median(medians)
    let percentile90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
    let total = medians.reduce(0, +)
    print("")
    print(
      "rasterised frame \(frame) of \(results.count) reference streams into \(size)×\(size) "
        + "(contain), \(rounds) rounds each, one thread; \(skipped) without a drawable artboard, "
        + "\(failures) failed")
    print(
      "median per file: \(Timing.format(median, digits: 3)) ms (\(Timing.format(1000 / median, digits: 0)) frames/s on one core)"
    )
    print(
      "mean \(Timing.format(total / Double(results.count), digits: 3)) ms, 90th percentile "
        + "\(Timing.format(percentile90, digits: 3)) ms, whole corpus \(Timing.format(total, digits: 1)) ms"
    )
    let paired = results.compactMap { result in result.engine.map { (result.milliseconds, $0) } }
    if !paired.isEmpty {
      let engineMedian = Timing.median(paired.map(\.1))
      let floorMedian = Timing.median(paired.map(\.0))
      let ratios = paired.map { $0.1 / max($0.0, 1e-9) }.sorted()
      print(
        "engine (display list drawn from the played artboard + rasterised), \(paired.count) "
          + "files: median \(Timing.format(engineMedian, digits: 3)) ms "
          + "(\(Timing.format(1000 / engineMedian, digits: 0)) frames/s on one core); floor on "
          + "the same files \(Timing.format(floorMedian, digits: 3)) ms; overhead "
          + "\(Timing.format(engineMedian / floorMedian, digits: 2))× (target ≤ 1.2×); per-file "
          + "ratio median \(Timing.format(Timing.median(ratios), digits: 2))×, 90th percentile "
          + "\(Timing.format(ratios[min(ratios.count - 1, Int(Double(ratios.count) * 0.9))], digits: 2))×"
      )
    }
    print("slowest:")
    for result in results.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(5) {
      print(
        "  \(result.name): \(Timing.format(result.milliseconds, digits: 2)) ms, \(result.operations) ops"
      )
    }
    if profiled > 0 {
      profile(results, lists: lists, count: profiled, size: size, rounds: rounds)
    }
    return failures == 0 ? 0 : 1
  }

  /// Prints the median time per operation and, for the `count` files slowest per operation,
  /// their ratio to it and where their time goes (the round with the median total).
  static func profile(
    _ results: [(name: String, milliseconds: Double, engine: Double?, operations: Int)],
    lists: [String: (list: DisplayList, artboard: FrameRect, images: RasterImages)],
    count: Int, size: Int, rounds: Int
  ) {
    let perOperation = results.filter { $0.operations > 0 }.map {
      (name: $0.name, milliseconds: $0.milliseconds / Double($0.operations))
    }
    guard !perOperation.isEmpty else { return }
    let median = Timing.median(perOperation.map(\.milliseconds))
    print("")
    print(
      "median time per operation: \(Timing.format(median * 1000, digits: 1)) µs; the files "
        + "slowest per operation:")
    for slow in perOperation.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(count) {
      guard let entry = lists[slow.name] else { continue }
      var profiles: [(total: Double, profile: RenderProfile)] = []
      for _ in 0..<rounds {
        let transform = FrameFit.contain.transform(
          alignment: .center, frame: FrameRect(width: Float(size), height: Float(size)),
          content: entry.artboard, scaleFactor: 1)
        guard
          let rasterizer = try? Rasterizer(
            width: size, height: size, transform: transform, images: entry.images)
        else { continue }
        var profile = RenderProfile()
        profile.replay(entry.list, into: rasterizer)
        profiles.append((profile.entries.values.reduce(0) { $0 + $1.milliseconds }, profile))
      }
      profiles.sort { $0.total < $1.total }
      guard let middle = profiles.isEmpty ? nil : profiles[profiles.count / 2] else { continue }
      print(
        "  \(slow.name): \(Timing.format(slow.milliseconds * 1000, digits: 1)) µs per operation "
          + "(\(Timing.format(slow.milliseconds / median, digits: 1))× the median), "
          + "\(Timing.format(middle.total, digits: 2)) ms a frame")
      for line in middle.profile.lines().prefix(6) { print("    " + line) }
      // The frame again without each costly feature it uses: what that feature costs.
      var without: [String] = []
      for feature in RenderProfile.Feature.allCases {
        let variant = RenderProfile.list(entry.list, without: feature)
        guard variant != entry.list else { continue }
        var times: [Double] = []
        for _ in 0..<rounds {
          let start = Timing.now()
          _ = try? Rasterizer.render(
            variant, artboard: entry.artboard, width: size, height: size, fit: .contain,
            images: entry.images)
          times.append(Double(Timing.now() - start) / 1_000_000)
        }
        without.append("\(feature.rawValue) \(Timing.format(Timing.median(times), digits: 2)) ms")
      }
      if !without.isEmpty { print("    the frame without: " + without.joined(separator: ", ")) }
    }
  }
}
