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

  /// The next value divided by the maximum, in 32-bit float arithmetic (while
  /// ``RandomDraws/testBuild`` is set, that provider's next value instead).
  mutating func nextFloat() -> Float {
    if let provider = RandomDraws.testBuild { return provider.next() }
    return Float(next()) / Float(CLibraryRandom.maximum)
  }
}

/// Where the runtime's random draws (random transitions, formula converters) come from while
/// a scope runs.
package enum RandomDraws {
  /// The official runtime's test-build random provider, when set: draws come from it (see
  /// ``TestBuildRandom``) instead of the C library's generator (the default, as in a shipping
  /// runtime).
  @TaskLocal package static var testBuild: TestBuildRandom?
}

/// The random provider of the official runtime's test build (`TESTING`), the build its silvers
/// were recorded with: each draw takes the oldest value a test queued, and is 0 when none is
/// queued.
package final class TestBuildRandom: Sendable {
  private let queue = Locked<[Float]>([])

  package init() {}

  /// Queues `value` for a later draw.
  package func enqueue(_ value: Float) { queue.withLock { $0.append(value) } }

  /// The next draw.
  package func next() -> Float { queue.withLock { $0.isEmpty ? 0 : $0.removeFirst() } }
}
