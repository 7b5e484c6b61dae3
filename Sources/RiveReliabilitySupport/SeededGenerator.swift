/// A small, fast, seeded pseudo-random generator (SplitMix64), so every run of a sweep, a stress
/// test or a hostile-input test is reproducible: print the seed, and the run can be repeated.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
