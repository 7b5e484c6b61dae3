import Foundation
import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Every prefix of a sample of corpus files reads or fails with a typed error, quickly.
///
/// The complete sweep over all 305 files runs in `scripts/truncation-sweep.sh`.
@Suite("Truncation", SharedCorpus.requirement)
struct TruncationTests {
  /// Every sample file's sweep, cut in `shards` interleaved parts (prefixes 0, 2·s, 4·s, … and
  /// s, 3·s, …) run over `OffPool`'s threads, so the largest file does not hold one core alone.
  static let shards = 2
  /// Prefixes per file: enough to cut inside every section of these files (every byte of the
  /// small ones); the sweep script takes every prefix of every file.
  static let prefixesPerFile = 600
  static let outcomes = Task {
    let jobs = Corpus.sample.flatMap { name in (0..<shards).map { "\(name)|\($0)" } }
    return await OffPool.results(for: jobs) { job in
      let parts = job.split(separator: "|")
      let data = try Corpus.data(String(parts[0]))
      let stride = max(1, data.count / prefixesPerFile)
      return TruncationSweep.run(
        data, stride: stride * shards, start: stride * (Int(parts[1]) ?? 0))
    }
  }

  @Test("every prefix gives a document or a typed error", arguments: Corpus.sample)
  func everyPrefix(_ name: String) async throws {
    let data = try Corpus.data(name)
    let all = await Self.outcomes.value
    let parts = try (0..<Self.shards).map { try #require(all["\(name)|\($0)"]).get() }
    let stride = max(1, data.count / Self.prefixesPerFile)
    // Every multiple of the stride below the length once, and the whole file once per shard.
    let expected = (data.count + stride - 1) / stride + Self.shards
    #expect(parts.map(\.prefixes).reduce(0, +) == expected)
    let unexpected = parts.flatMap(\.unexpected)
    #expect(unexpected.isEmpty, "\(unexpected.prefix(5))")
  }

  @Test("a file cut inside its header is never accepted")
  func headerPrefixes() throws {
    let data = try Corpus.data("hosted_image_file.riv")
    for length in 0..<33 {
      #expect(throws: RiveError.self) { try RiveDocument(data: data.prefix(length)) }
    }
  }
}
