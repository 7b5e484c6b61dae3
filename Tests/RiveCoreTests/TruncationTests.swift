import Foundation
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Every prefix of a sample of corpus files reads or fails with a typed error, quickly.
///
/// The complete sweep over all 305 files runs in `scripts/truncation-sweep.sh`.
@Suite("Truncation", SharedCorpus.requirement)
struct TruncationTests {
  @Test("every prefix gives a document or a typed error", arguments: Corpus.sample)
  func everyPrefix(_ name: String) throws {
    let data = try Corpus.data(name)
    let outcome = TruncationSweep.run(data, stride: max(1, data.count / 1500))
    #expect(outcome.prefixes > 0)
    #expect(outcome.unexpected.isEmpty, "\(outcome.unexpected.prefix(5))")
  }

  @Test("a file cut inside its header is never accepted")
  func headerPrefixes() throws {
    let data = try Corpus.data("hosted_image_file.riv")
    for length in 0..<33 {
      #expect(throws: RiveError.self) { try RiveDocument(data: data.prefix(length)) }
    }
  }
}
