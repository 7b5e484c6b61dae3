import Foundation

/// Monotonic timing helpers shared by the benchmark suites.
enum Timing {
  /// Nanoseconds from a monotonic clock.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The best (smallest) time of `rounds` single calls of `make`, in microseconds, with what
  /// each call made freed outside its window: as the reference times its imports (the best of
  /// five, freeing not counted).
  static func bestSingleMicroseconds<Made>(rounds: Int, _ make: () -> Made) -> Double {
    var best = Double.infinity
    for _ in 0..<max(1, rounds) {
      let start = now()
      let made = make()
      let elapsed = now() - start
      best = min(best, Double(elapsed) / 1000)
      withExtendedLifetime(made) {}
    }
    return best
  }

  /// The best (smallest) time per call in microseconds, over `rounds` rounds of enough calls to
  /// last at least `minimumRoundNanoseconds`.
  static func bestMicroseconds(
    rounds: Int, minimumRoundNanoseconds: UInt64 = 2_000_000, _ body: () -> Void
  ) -> Double {
    // Calibrate the number of calls per round.
    var calls = 1
    while true {
      let start = now()
      for _ in 0..<calls { body() }
      let elapsed = now() - start
      if elapsed >= minimumRoundNanoseconds || calls >= 1 << 20 { break }
      calls *= 2
    }
    var best = Double.infinity
    for _ in 0..<rounds {
      let start = now()
      for _ in 0..<calls { body() }
      let elapsed = Double(now() - start) / 1000 / Double(calls)
      best = min(best, elapsed)
    }
    return best
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func format(_ value: Double, digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
  }
}
