import Foundation
import RiveCore
import RiveFormat
import RiveReliabilitySupport

/// The complete truncation sweep: every prefix of every corpus file, with a time bound per read;
/// every prefix that imports is also played 60 frames and drawn.
enum TruncationSweepSuite {
  static func run(arguments: [String]) -> Int32 {
    let corpus = arguments.first ?? "../shared/corpus"
    guard let names = CorpusFiles.rivNames(in: corpus) else { return 1 }
    var prefixes = 0
    var successes = 0
    var framesPlayed = 0
    var failuresByCode: [String: Int] = [:]
    var problems: [String] = []
    var slowest: (name: String, microseconds: Double) = ("", 0)
    let baseline = ResidentMemory.current()
    let start = Timing.now()
    for name in names {
      guard let data = FileManager.default.contents(atPath: corpus + "/" + name) else { continue }
      let fileStart = Timing.now()
      let outcome = TruncationSweep.run(data, playsFrames: true)
      let perRead = Double(Timing.now() - fileStart) / 1000 / Double(max(outcome.prefixes, 1))
      if perRead > slowest.microseconds { slowest = (name, perRead) }
      prefixes += outcome.prefixes
      successes += outcome.successes
      framesPlayed += outcome.framesPlayed
      for (code, count) in outcome.failures { failuresByCode[code, default: 0] += count }
      problems += outcome.unexpected.map { "\(name): \($0)" }
    }
    let seconds = Double(Timing.now() - start) / 1e9
    print(
      "files: \(names.count), prefixes read: \(prefixes), seconds: \(Timing.format(seconds, digits: 1))"
    )
    print("successful reads (cut between objects or at the end): \(successes)")
    print("frames advanced and drawn over the prefixes that read: \(framesPlayed)")
    CorpusFiles.printFailures(failuresByCode)
    let isWithinMemoryBound = CorpusFiles.reportPeakMemory(since: baseline)
    print("slowest mean read: \(slowest.name), \(Timing.format(slowest.microseconds)) µs")
    for problem in problems.prefix(20) { print("UNEXPECTED \(problem)") }
    print("sweep: \(prefixes - problems.count) passed, \(problems.count) failed")
    return problems.isEmpty && isWithinMemoryBound ? 0 : 1
  }
}
