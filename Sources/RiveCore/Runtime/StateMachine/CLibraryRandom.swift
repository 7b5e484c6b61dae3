@_spi(RiveFormatInternals) import RiveFormat

/// The C library's `rand()` (the additive feedback generator of glibc's `random_r`), so that
/// draws seeded like the official runtime's deterministic mode give the same sequence.
struct CLibraryRandom: Sendable {
  private var state: [UInt32]
  private var front = 3
  private var rear = 0

  /// The largest value ``next()`` returns.
  static let maximum: UInt32 = 2_147_483_647

  init(seed: UInt32) {
    var words = [UInt32](filling: 0, count: 31)
    var word = Int64(seed == 0 ? 1 : seed)
    words[0] = UInt32(truncatingIfNeeded: word)
    for index in 1..<31 {
      // 16807 × word mod (2³¹ − 1), without overflowing 31 bits.
      let high = word / 127_773
      let low = word % 127_773
      word = 16_807 * low - 2_836 * high
      if word < 0 { word += 2_147_483_647 }
      words[index] = UInt32(truncatingIfNeeded: word)
    }
    state = words
    for _ in 0..<310 { _ = next() }
  }

  /// The next value, 0…2³¹−1.
  mutating func next() -> UInt32 {
    state[front] = state[front] &+ state[rear]
    let result = (state[front] >> 1) & 0x7FFF_FFFF
    front = front == 30 ? 0 : front + 1
    rear = rear == 30 ? 0 : rear + 1
    return result
  }

  /// The next value divided by the maximum, in 32-bit float arithmetic (0 while
  /// ``RandomDraws/testBuild`` is set).
  mutating func nextFloat() -> Float {
    if RandomDraws.testBuild { return 0 }
    return Float(next()) / Float(CLibraryRandom.maximum)
  }
}

/// Where the runtime's random draws (random transitions, formula converters) come from while
/// a scope runs.
package enum RandomDraws {
  /// Whether every draw is 0, as in the official runtime's test build (`TESTING`), whose random
  /// provider hands out the values a test queued and 0 when none is queued: the build its
  /// silvers were recorded with. Off (the default), draws come from the C library's generator,
  /// as in a shipping runtime.
  @TaskLocal package static var testBuild = false
}
