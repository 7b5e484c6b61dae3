import Foundation
import RiveCore
import RiveFormat

/// Times the reader on every corpus file against the official runtime's recorded import time.
///
/// For each file: the best-of-N in-process time to list assets (``ReadDepth/assets``) and to read
/// the full structure (``ReadDepth/structure``), from bytes already in memory (as the reference's
/// `import_us` excludes reading the file), and the ratio to `import_us`. Files the official
/// runtime rejects at the header (`import_us` 0) are left out of the ratios.
enum ParseBenchmark {
  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var expected = "../shared/reference/expected"
    var rounds = 7
    var verbose = false
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--corpus" where index + 1 < arguments.count:
        corpus = arguments[index + 1]
        index += 1
      case "--expected" where index + 1 < arguments.count:
        expected = arguments[index + 1]
        index += 1
      case "--rounds" where index + 1 < arguments.count:
        rounds = Int(arguments[index + 1]) ?? rounds
        index += 1
      case "--verbose":
        verbose = true
      default:
        FileHandle.standardError.write(Data("unknown option \(arguments[index])\n".utf8))
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
    var listRatios: [Double] = []
    var structureRatios: [Double] = []
    var listTimes: [Double] = []
    var structureTimes: [Double] = []
    var referenceTimes: [Double] = []
    print(
      "file                                              bytes   ref µs  list µs  ratio  full µs  ratio"
    )
    for name in names {
      guard let data = FileManager.default.contents(atPath: corpus + "/" + name) else { continue }
      let referenceMicroseconds = referenceImportTime(expected + "/" + name + ".json")
      let list = Timing.bestMicroseconds(rounds: rounds) {
        let report = RiveImportReport.read(data, depth: .assets)
        precondition(report.header != nil || report.error != nil)
      }
      let full = Timing.bestMicroseconds(rounds: rounds) {
        let report = RiveImportReport.read(data, depth: .structure)
        precondition(report.header != nil || report.error != nil)
      }
      listTimes.append(list)
      structureTimes.append(full)
      var listRatio = "    -"
      var fullRatio = "    -"
      if let reference = referenceMicroseconds, reference > 0 {
        referenceTimes.append(reference)
        listRatios.append(list / reference)
        structureRatios.append(full / reference)
        listRatio = Timing.format(list / reference)
        fullRatio = Timing.format(full / reference)
      }
      if verbose {
        let padded = name.padding(toLength: 48, withPad: " ", startingAt: 0)
        print(
          "\(padded) \(String(format: "%7d", data.count)) \(String(format: "%8.0f", referenceMicroseconds ?? 0)) "
            + "\(String(format: "%8.2f", list))  \(listRatio) \(String(format: "%8.2f", full))  \(fullRatio)"
        )
      }
    }
    print("")
    print("files: \(names.count) (ratios over \(listRatios.count) with a reference import time)")
    print("median reference import_us:  \(Timing.format(Timing.median(referenceTimes)))")
    print("median asset listing µs:      \(Timing.format(Timing.median(listTimes)))")
    print("median full structure µs:     \(Timing.format(Timing.median(structureTimes)))")
    print(
      "median ratio, asset listing:  \(Timing.format(Timing.median(listRatios), digits: 3))  (target ≤ 0.5)"
    )
    print(
      "median ratio, full structure: \(Timing.format(Timing.median(structureRatios), digits: 3))  (target ≤ 1.0)"
    )
    return 0
  }

  /// The `import_us` field of a reference report.
  static func referenceImportTime(_ path: String) -> Double? {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let value = object["import_us"] as? NSNumber
    else { return nil }
    return value.doubleValue
  }
}
