import Foundation

/// `rive-bench`: release-mode benchmarks. Run with `swift run -c release rive-bench <suite>`.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  USAGE: rive-bench <suite> [options]

  SUITES:
    parse    Time asset listing and full structure reading per corpus file next to the
             official runtime's import time (import_us of the reference reports).
             Options: --corpus DIR (default ../shared/corpus), --expected DIR
             (default ../shared/reference/expected), --rounds N (default 7), --verbose.
    decode   Time image decoding next to a direct C call into the same library, for
             generated 4096×4096 JPEG and PNG and the corpus images (see `decode --help`).
    corrupt [CORPUS] [--flips N] [--edits N]
             1,000 (N) seeded bit flips and 100 (N) chunk deletions and duplications per
             corpus file; every read must succeed or give a typed error, and every variant
             that imports is played 60 frames and drawn, within 2 seconds.
             With --orders N: N seeded steps of each public API per file in random
             orders (bind, rebind, inputs, values, advance, reset, assets, artboards,
             pointers, renders); no order may trap.
    truncate [CORPUS]
             Read every prefix of every corpus file (the complete truncation sweep);
             every read must succeed or give a typed error.
    cli      Time `rive-assets inspect` and `check` over the whole corpus with one job and
             with one job per core: files per second and the speed-up (see `cli --help`).
    concurrency
             (a) 1,000 artboard + state machine instances from one cached File versus
             loading the file 1,000 times; (b) a batch of image decodes on one worker versus
             two workers (the speed-up).

    runtime  The runtime next to the official runtime's own figures: object-graph build per
             corpus file, one frame of the default artboard (µs and heap allocations), and
             heap bytes per artboard instance (see `runtime --help`).
    delivery Hosted assets through an AssetCache: a second launch from the disk cache versus
             the loopback server, merged concurrent loads, the `check --decode` speed-up on a
             generated bundle of 200 large images, resident memory on a 64 MiB budget (see
             `delivery --help`).
    draw     Display-list build of one frame per corpus file (µs, heap allocations per draw)
             next to the official runtime's draw time (see `draw --help`).
    text     Text: shaping, layout and glyph paths of a paragraph, a frame of the median
             corpus file that draws text, and the heap allocations text adds to a steady
             frame, next to the official runtime built with text on (see `text --help`).
    render   Rasterise frame 30 of every reference draw stream into 512×512 (contain fit):
             median ms per file and frames per second of the median file on one core
             (see `render --help`).

    record   Video export: frames per second of a 1080p MP4 of the median corpus file on one
             core and the encoder's share; a batch of 720p recordings with two jobs versus
             one (see `record --help`).
    fixtures --out DIR [--seed S] [--count N]
             Write N seeded random state-machine files (for differential runs).

    layout-diff --driver PATH [--seed S] [--count N]
             N (default 1,000) seeded random layout trees (flexbox and grid) laid out by
             RiveLayout and by a Yoga driver program (Rive's Yoga fork, built outside this
             project), compared node by node (see `layout-diff --help`).

    layout [--yoga PATH] [--reference BIN]
             Full solves of the largest corpus layout tree and of seeded 1,000-node trees
             next to Yoga (a timing driver built outside this project), and a steady frame
             of the median layout file next to the official runtime built with layout on;
             layout passes and allocations of every layout file's steady frames (see
             `layout --help`).
    layout-steady FILE.riv... [--warm-up N] [--frames N]
             Layout passes and heap allocations of steady frames of each file, text and
             layout on.

    leaks [--iterations N]
             Create and release files, workers, view models and images N times (default
             10,000) and print how much resident memory and the live heap grew.

    steady FILE.riv... [--warm-up N] [--frames N]
             Heap allocations and retained-path copies of drawing steady frames (a frame
             drawn again, frames played), text on.
    memory huge-length|many-assets|embedded-bomb|corruption-sweep [FILE]
             Run one hostile input of the limit tests (the sweep corrupts FILE) and print
             the heap bytes it requested and how much the live heap grew.
    scroll [--count N] [--frames N]
             A frame of a virtualized list of 10,000 (N) items next to a list of its 3
             realized items (goal within 1.2×), and the live heap per item (see
             `scroll --help`).
    silvers [--verbose] [NAME...]
             Play every silver scenario (Tests/RiveReferenceTests/Silvers/scenarios.json)
             with the package's runtime and compare with the official runtime's silvers
             (../shared/reference/silvers): matched / total, and each miss's category and
             first difference (see `silvers --help`).

  Build in release mode; debug timings mean nothing.
  """
switch arguments.first {
case "parse":
  exit(ParseBenchmark.run(arguments: Array(arguments.dropFirst())))
case "decode":
  exit(DecodeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "corrupt":
  exit(await CorruptionSweepSuite.run(arguments: Array(arguments.dropFirst())))
case "cli":
  exit(CLIBenchmark.run(arguments: Array(arguments.dropFirst())))
case "concurrency":
  exit(ConcurrencyBenchmark.run(arguments: Array(arguments.dropFirst())))
case "runtime":
  exit(RuntimeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "delivery":
  exit(DeliveryBenchmark.run(arguments: Array(arguments.dropFirst())))
case "delivery-fetch":
  exit(DeliveryBenchmark.fetch(arguments: Array(arguments.dropFirst())))
case "delivery-memory":
  exit(DeliveryBenchmark.memoryProbe(arguments: Array(arguments.dropFirst())))
case "draw":
  exit(DrawBenchmark.run(arguments: Array(arguments.dropFirst())))
case "text":
  exit(TextBenchmark.run(arguments: Array(arguments.dropFirst())))
case "leaks":
  exit(LeakSuite.run(arguments: Array(arguments.dropFirst())))
case "memory":
  exit(MemoryCheckSuite.run(arguments: Array(arguments.dropFirst())))
case "render":
  exit(RenderBenchmark.run(arguments: Array(arguments.dropFirst())))
case "scroll":
  exit(ScrollBenchmark.run(arguments: Array(arguments.dropFirst())))
case "fixtures":
  exit(FixtureWriter.run(arguments: Array(arguments.dropFirst())))
case "record":
  exit(RecordBenchmark.run(arguments: Array(arguments.dropFirst())))
case "layout-diff":
  exit(LayoutDiff.run(arguments: Array(arguments.dropFirst())))
case "layout":
  exit(LayoutBenchmark.run(arguments: Array(arguments.dropFirst())))
case "steady":
  exit(SteadyFrameCheck.run(arguments: Array(arguments.dropFirst())))
case "layout-steady":
  exit(LayoutBenchmark.steadyCheck(arguments: Array(arguments.dropFirst())))
case "truncate":
  exit(TruncationSweepSuite.run(arguments: Array(arguments.dropFirst())))
case "silvers":
  exit(SilverSuite.run(arguments: Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(arguments.first == nil || arguments.first == "--help" ? 0 : 2)
}
