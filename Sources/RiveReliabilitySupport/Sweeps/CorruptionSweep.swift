import Foundation
import RiveCore
import RiveFormat

/// Seeded corruptions of a file — bit flips, deleted chunks, duplicated chunks — each read at
/// full depth; used by the tests (sampled) and `rive-bench corrupt` (complete).
public enum CorruptionSweep {
  /// What a sweep saw.
  public struct Outcome: Sendable {
    /// How many corrupted variants were read.
    public var reads = 0
    /// How many still read successfully.
    public var successes = 0
    /// Failures by error code.
    public var failures: [String: Int] = [:]
    /// The slowest single read, in seconds.
    public var slowestRead: Double = 0
    /// Which variant that was (its seed, kind and place), to find it again.
    public var slowestLabel = ""
    /// Frames advanced over the variants that imported (when playing).
    public var framesPlayed = 0
    /// Variants whose read took longer than the bound, with their seed and kind.
    public var overTime: [String] = []
  }

  /// Reads `flips` single-bit-flip variants and `chunkEdits` chunk deletions and duplications.
  ///
  /// - Parameters:
  ///   - data: The original file.
  ///   - seed: The seed of the variants.
  ///   - flips: How many bit-flip variants.
  ///   - chunkEdits: How many deletion and how many duplication variants.
  ///   - timeBound: The longest a read may take, in seconds.
  ///   - playsFrames: Whether each variant that imports is also instantiated, advanced 60
  ///     frames per artboard and state machine and drawn (`FuzzHarness.play`), within the same
  ///     time bound.
  /// - Returns: The counts, the slowest read and any read over the bound.
  public static func run(
    _ data: Data, seed: UInt64, flips: Int, chunkEdits: Int, timeBound: Double = 2,
    playsFrames: Bool = false
  ) -> Outcome {
    var outcome = Outcome()
    guard !data.isEmpty else { return outcome }
    var generator = SeededGenerator(seed: seed)
    let bytes = [UInt8](data)
    func read(_ variant: [UInt8], label: String) {
      let start = DispatchTime.now().uptimeNanoseconds
      let report = RiveImportReport.read(Data(variant))
      if playsFrames, report.error == nil {
        outcome.framesPlayed += FuzzHarness.play(Data(variant)).frames
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      outcome.reads += 1
      if seconds > outcome.slowestRead {
        outcome.slowestRead = seconds
        outcome.slowestLabel = label
      }
      if seconds > timeBound { outcome.overTime.append("\(label): \(seconds) s") }
      if let error = report.error {
        outcome.failures[error.code.description, default: 0] += 1
      } else {
        outcome.successes += 1
      }
    }
    for index in 0..<flips {
      var variant = bytes
      let position = Int.random(in: 0..<variant.count, using: &generator)
      variant[position] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
      read(variant, label: "seed \(seed) flip \(index) at \(position)")
    }
    for index in 0..<chunkEdits {
      let start = Int.random(in: 0..<bytes.count, using: &generator)
      let length = Int.random(in: 1...max(1, min(64, bytes.count - start)), using: &generator)
      var deleted = bytes
      deleted.removeSubrange(start..<(start + length))
      read(deleted, label: "seed \(seed) delete \(index) \(start)+\(length)")
      var duplicated = bytes
      duplicated.insert(contentsOf: bytes[start..<(start + length)], at: start)
      read(duplicated, label: "seed \(seed) duplicate \(index) \(start)+\(length)")
    }
    return outcome
  }
}
