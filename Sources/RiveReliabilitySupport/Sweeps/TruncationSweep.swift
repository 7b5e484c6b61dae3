import Foundation
import RiveCore
import RiveFormat

/// Reads every prefix of a file and classifies the outcome; used by the tests and the sweep
/// script to prove that a cut file never traps the reader.
public enum TruncationSweep {
  /// What a sweep saw.
  public struct Outcome: Sendable {
    /// How many prefixes were read.
    public var prefixes = 0
    /// How many read successfully (a file cut between objects can import).
    public var successes = 0
    /// How many failed, by error code.
    public var failures: [String: Int] = [:]
    /// Frames advanced over the prefixes that imported (when playing).
    public var framesPlayed = 0
    /// Prefix lengths whose outcome was not a success or a typed truncation-class error.
    public var unexpected: [String] = []
  }

  /// Reads `data` cut at `start`, `start` + `stride`, … bytes (and the whole file), at full
  /// depth; with `playsFrames`, every prefix that imports is also instantiated, advanced 60
  /// frames per artboard and state machine and drawn (`FuzzHarness.play`). Sweeps with the
  /// same stride and starts 0 to `stride` − 1 together read every prefix (shards of one sweep).
  public static func run(
    _ data: Data, stride: Int = 1, start: Int = 0, playsFrames: Bool = false
  ) -> Outcome {
    var outcome = Outcome()
    let full = RiveImportReport.read(data)
    var length = min(max(0, start), data.count)
    while length <= data.count {
      let report = RiveImportReport.read(data.prefix(length))
      outcome.prefixes += 1
      if let error = report.error {
        outcome.failures[error.code.description, default: 0] += 1
        let expectedCodes: [RiveError.Code] = [
          .notRiveFile, .truncated, .malformed, .invalidObject, .unsupportedVersion,
        ]
        if !expectedCodes.contains(error.code) {
          outcome.unexpected.append("\(length): \(error)")
        }
        if let offset = error.byteOffset, offset > length {
          outcome.unexpected.append("\(length): error offset \(offset) past the end")
        }
      } else {
        outcome.successes += 1
        if playsFrames { outcome.framesPlayed += FuzzHarness.play(data.prefix(length)).frames }
        if length == data.count, full.error != nil {
          outcome.unexpected.append("\(length): whole file read differently")
        }
      }
      if length == data.count { break }
      length = min(length + stride, data.count)
    }
    return outcome
  }
}
