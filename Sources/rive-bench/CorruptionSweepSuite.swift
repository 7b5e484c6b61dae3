import Foundation
import RiveCore
import RiveReliabilitySupport

/// The complete corruption sweep: 1,000 seeded bit flips and 100 chunk deletions and
/// duplications for every corpus file; every variant that imports is also played 60 frames per
/// artboard and state machine and drawn.
enum CorruptionSweepSuite {
  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var flips = 1000
    var edits = 100
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--flips" where index + 1 < arguments.count:
        flips = max(0, Int(arguments[index + 1]) ?? flips)
        index += 1
      case "--edits" where index + 1 < arguments.count:
        edits = max(0, Int(arguments[index + 1]) ?? edits)
        index += 1
      case "--help", "-h":
        print(
          """
          USAGE: rive-bench corrupt [--flips N] [--edits N] [CORPUS_DIR]

            --flips N   seeded bit flips per file (default 1000)
            --edits N   seeded deletions and as many duplications per file (default 100)
            CORPUS_DIR  the folder of .riv files (default ../shared/corpus)
          """)
        return 0
      default:
        corpus = arguments[index]
      }
      index += 1
    }
    guard let names = CorpusFiles.rivNames(in: corpus) else { return 1 }
    var reads = 0
    var successes = 0
    var framesPlayed = 0
    var failures: [String: Int] = [:]
    var overTime: [String] = []
    var slowest = 0.0
    var slowestLabel = ""
    let baseline = ResidentMemory.current()
    let start = Timing.now()
    for (index, name) in names.enumerated() {
      guard let data = FileManager.default.contents(atPath: corpus + "/" + name) else { continue }
      let outcome = CorruptionSweep.run(
        data, seed: UInt64(index + 1), flips: flips, chunkEdits: edits, playsFrames: true)
      reads += outcome.reads
      successes += outcome.successes
      framesPlayed += outcome.framesPlayed
      if outcome.slowestRead > slowest {
        slowest = outcome.slowestRead
        slowestLabel = "\(name), \(outcome.slowestLabel)"
      }
      for (code, count) in outcome.failures { failures[code, default: 0] += count }
      overTime += outcome.overTime.map { "\(name): \($0)" }
    }
    let seconds = Double(Timing.now() - start) / 1e9
    print(
      "files: \(names.count), corrupted variants read: \(reads), seconds: \(Timing.format(seconds, digits: 1))"
    )
    print("still readable: \(successes)")
    print("frames advanced and drawn over the readable variants: \(framesPlayed)")
    CorpusFiles.printFailures(failures)
    let isWithinMemoryBound = CorpusFiles.reportPeakMemory(since: baseline)
    print("slowest read: \(Timing.format(slowest * 1000)) ms (bound 2000 ms): \(slowestLabel)")
    for problem in overTime.prefix(20) { print("OVER TIME \(problem)") }
    print("corruption: \(reads - overTime.count) passed, \(overTime.count) failed")
    return overTime.isEmpty && isWithinMemoryBound ? 0 : 1
  }
}
