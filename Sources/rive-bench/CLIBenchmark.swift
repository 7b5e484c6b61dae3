import Foundation

/// `rive-bench cli`: wall time of `rive-assets inspect` and `check` over the whole corpus, run
/// as a user runs them (the built binary, one process per run), with one job and with one job
/// per core.
///
/// The binary is the `rive-assets` next to this executable; `rive-bench` depends on it in
/// `Package.swift`, so `swift run -c release rive-bench cli` builds both in release mode.
enum CLIBenchmark {
  static let usage = """
    USAGE: rive-bench cli [--corpus DIR] [--rounds N] [--binary PATH]

    Times `rive-assets inspect --quiet` and `rive-assets check --quiet --bundle CORPUS` over
    every .riv file of the corpus, with --jobs 1 and with --jobs <cores>; prints the median
    and best wall time of N rounds (default 5), files per second and the speed-up.
    """

  /// Runs the suite.
  ///
  /// - Parameter arguments: The arguments after `cli`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var rounds = 5
    var binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("rive-assets").path
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let value = index + 1 < arguments.count ? arguments[index + 1] : nil
      switch (argument, value) {
      case ("--corpus", let value?): corpus = value
      case ("--rounds", let value?): rounds = max(1, Int(value) ?? rounds)
      case ("--binary", let value?): binary = value
      default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return argument == "--help" ? 0 : 2
      }
      index += 2
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print("rive-assets not found at \(binary); build it or pass --binary PATH")
      return 1
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
    let files = names.filter { $0.hasSuffix(".riv") }.sorted().map { "\(corpus)/\($0)" }
    guard !files.isEmpty else {
      print("no .riv files in \(corpus)")
      return 1
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print(
      "rive-assets over \(files.count) .riv files of \(corpus), \(rounds) rounds, \(cores) cores")
    print("(wall time of the whole process, including start-up; the machine may be shared)")
    print("")
    let header = "command  jobs  median ms    best ms   files/s (median)  speed-up"
    print(header)
    print(String(repeating: "-", count: header.count))
    let commands: [(String, [String])] = [
      ("inspect", ["inspect", "--quiet"]),
      ("check", ["check", "--quiet", "--bundle", corpus]),
    ]
    for (name, prefix) in commands {
      var single = 0.0
      for jobs in Array(Set([1, cores])).sorted() {
        let times = (0..<rounds).map { _ in
          time(binary, prefix + ["--jobs", String(jobs)] + files)
        }
        let median = Timing.median(times)
        if jobs == 1 { single = median }
        let rate = Double(files.count) / (median / 1000)
        let speedUp = single / median
        print(
          name.padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(jobs).leftPadded(4) + "  " + Timing.format(median).leftPadded(9) + "  "
            + Timing.format(times.min() ?? median).leftPadded(9) + "  "
            + Timing.format(rate, digits: 0).leftPadded(16) + "  "
            + (Timing.format(speedUp) + "×").leftPadded(8))
      }
    }
    return 0
  }

  /// Runs the binary once with its output discarded; returns the wall time in milliseconds.
  private static func time(_ binary: String, _ arguments: [String]) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = Timing.now()
    do {
      try process.run()
    } catch {
      return .nan
    }
    process.waitUntilExit()
    return Double(Timing.now() - start) / 1_000_000
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
