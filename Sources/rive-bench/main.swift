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
    truncate [CORPUS]
             Read every prefix of every corpus file (the complete truncation sweep);
             every read must succeed or give a typed error.

  Build in release mode; debug timings mean nothing.
  """
switch arguments.first {
case "parse":
  exit(ParseBenchmark.run(arguments: Array(arguments.dropFirst())))
case "decode":
  exit(DecodeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "concurrency":
  exit(ConcurrencyBenchmark.run(arguments: Array(arguments.dropFirst())))
case "truncate":
  exit(TruncationSweepSuite.run(arguments: Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(arguments.first == nil || arguments.first == "--help" ? 0 : 2)
}
