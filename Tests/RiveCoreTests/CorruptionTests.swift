import Foundation
import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Seeded bit flips and chunk edits of corpus files: every variant reads or fails with a typed
/// error, within a time bound. The complete sweep (1,000 flips per file, every file) is
/// `swift run -c release rive-bench corrupt`.
@Suite("Corruption", SharedCorpus.requirement)
struct CorruptionTests {
  /// Every sample file's sweep, run once over `OffPool`'s threads.
  static let outcomes = Task {
    await OffPool.results(for: Corpus.sample) { name in
      let data = try Corpus.data(name)
      return CorruptionSweep.run(data, seed: UInt64(data.count), flips: 120, chunkEdits: 20)
    }
  }

  @Test(
    "bit flips, deletions and duplications give a document or a typed error",
    arguments: Corpus.sample)
  func sampled(_ name: String) async throws {
    let outcome = try #require(await Self.outcomes.value[name]).get()
    #expect(outcome.reads == 160)
    #expect(outcome.overTime.isEmpty, "\(outcome.overTime)")
    #expect(outcome.successes + outcome.failures.values.reduce(0, +) == outcome.reads)
  }

  @Test("the seeded generator is reproducible")
  func reproducible() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    let a = (0..<5).map { _ in first.next() }
    let b = (0..<5).map { _ in second.next() }
    #expect(a == b)
    #expect(Set(a).count == 5)
  }
}
