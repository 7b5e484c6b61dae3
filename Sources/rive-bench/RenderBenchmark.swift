import Foundation
import RiveCore
import RiveRaster
import RiveRasterTestSupport

/// Times the rasteriser on every reference draw stream of the corpus.
///
/// For each stream with a drawable artboard: frame 30's display list is rasterised into a
/// 512×512 canvas with `contain` fit (background transparent), including the conversion to
/// straight RGBA; the stream's images are decoded and prepared once beforehand, outside the
/// timing. One thread, so the figures are for one core. Printed: the median time per file,
/// the spread, the slowest files and the frames per second of the median file.
///
/// This is the floor of the engine's own rendering (Cairo drawing the reference stream
/// directly); the engine-versus-floor overhead is measured once the engine builds display
/// lists of its own.
enum RenderBenchmark {
  static let help = """
    USAGE: rive-bench render [--streams DIR] [--corpus DIR] [--size N] [--frame N]
                             [--rounds N] [--output DIR] [--verbose]

      --streams DIR  Reference draw streams (default ../shared/reference/draw).
      --corpus DIR   The .riv files, for their images (default ../shared/corpus).
      --size N       The square canvas (default 512).
      --frame N      The recorded frame (default 30).
      --rounds N     Renders per file; the median counts (default 7).
      --output DIR   Also write each frame as DIR/<file>.png (outside the timing).
      --verbose      One line per file.
    """

  static func run(arguments: [String]) -> Int32 {
    var streams = "../shared/reference/draw"
    var corpus = "../shared/corpus"
    var size = 512
    var frame = 30
    var rounds = 7
    var verbose = false
    var output: String?
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
    var results: [(name: String, milliseconds: Double, operations: Int)] = []
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
      var times: [Double] = []
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
      results.append((name, median, list.operations.count))
      if verbose {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        print(
          "\(padded) \(String(format: "%6d", list.operations.count)) ops \(Timing.format(median, digits: 3)) ms"
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
    print("slowest:")
    for result in results.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(5) {
      print(
        "  \(result.name): \(Timing.format(result.milliseconds, digits: 2)) ms, \(result.operations) ops"
      )
    }
    return failures == 0 ? 0 : 1
  }
}
