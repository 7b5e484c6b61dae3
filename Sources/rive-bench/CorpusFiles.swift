import Foundation
import RiveCore
import RiveFormat
import RiveReliabilitySupport

/// What the sweep suites share: the `.riv` files of a corpus folder and the lines of their reports.
enum CorpusFiles {
  /// The sorted `.riv` file names in `folder`, or nil (after saying so on stderr) when none.
  static func rivNames(in folder: String) -> [String]? {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .riv files in \(folder)\n".utf8))
      return nil
    }
    return names
  }

  /// Prints failure counts by error code, one line each, sorted by code.
  static func printFailures(_ failures: [String: Int]) {
    for (code, count) in failures.sorted(by: { $0.key < $1.key }) {
      print("typed errors, \(code): \(count)")
    }
  }

  /// Prints how far the peak resident size rose above `baseline` during a sweep, against
  /// ``ResidentMemory/sweepBound``.
  ///
  /// - Returns: Whether the rise stayed within the bound.
  static func reportPeakMemory(since baseline: Int, bound: Int = ResidentMemory.sweepBound)
    -> Bool
  {
    let growth = ResidentMemory.peak() - baseline
    let isWithinBound = growth < bound
    print(
      "peak resident memory: +\(max(growth, 0) >> 20) MiB over the start "
        + "(bound \(bound >> 20) MiB)\(isWithinBound ? "" : ": OVER")")
    return isWithinBound
  }
}
