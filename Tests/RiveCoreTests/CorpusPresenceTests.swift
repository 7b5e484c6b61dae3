import RiveTestSupport
import Testing

/// CI's guard against a green run made of skipped corpus tests: when `RIVE_REQUIRE_CORPUS=1`
/// (set by `.ci/run`), a missing `../shared/corpus` fails here, whatever else was skipped.
@Suite("Corpus presence")
struct CorpusPresenceTests {
  @Test("the shared corpus is present when it is required")
  func presentWhenRequired() {
    if SharedCorpus.isRequired {
      #expect(
        SharedCorpus.isAvailable,
        "RIVE_REQUIRE_CORPUS=1 but \(SharedCorpus.directory.path) is absent")
      #expect(!SharedCorpus.rivFiles.isEmpty, "the shared corpus holds no .riv file")
    }
  }
}
