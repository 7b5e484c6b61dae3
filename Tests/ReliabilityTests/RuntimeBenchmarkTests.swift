import Foundation
import RiveTestSupport
import Testing

/// `rive-bench runtime` measuring the reference itself, round by round.
@Suite("Runtime benchmark rounds")
struct RuntimeBenchmarkTests {
  @Test("the reference command runs before each round, and each reference timing is its best")
  func interleavedRounds() async throws {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let anchors = directory.appendingPathComponent("anchors.tsv").path
    let counter = directory.appendingPathComponent("runs").path
    // The first round's reference imports in 0.002 µs and advances in 0.001 µs, the second the
    // other way round: the best of each is 0.001 µs, one from each round.
    let command = """
      n=$(cat '\(counter)' 2>/dev/null | wc -l); echo run >> '\(counter)'
      if [ "$n" -eq 0 ]; then i=0.002; a=0.001; else i=0.001; a=0.002; fi
      printf 'file\\timport_best_us\\tadvance_us\\tdraw_us\\tinstance_bytes\\none.riv\\t%s\\t%s\\t-\\t1000\\n' \
        "$i" "$a" > '\(anchors)'
      """
    let result = try await BuiltProgram.run(
      executable,
      arguments: [
        "runtime", "--corpus", directory.appendingPathComponent("corpus").path, "--anchors",
        anchors, "--rounds", "1", "--repeat", "2", "--reference", command,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let runs = try String(contentsOfFile: counter, encoding: .utf8).split(separator: "\n")
    #expect(runs.count == 2)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    func number(after label: String) -> Double? {
      lines.first { $0.contains(label) }
        .flatMap { $0.components(separatedBy: label).last?.split(separator: " ").first }
        .flatMap { Double($0) }
    }
    let graph = try #require(number(after: "(a) graph build, median µs:"))
    let importRatio = try #require(number(after: "median ratio to import_best_us:"))
    let frame = try #require(number(after: "(b) one frame, median µs:"))
    let advanceRatio = try #require(number(after: "median ratio to advance_us:"))
    // A ratio is this runtime's time over the reference's, so time / ratio is the reference's
    // time the ratio used (within the printed figures' rounding).
    #expect(abs(graph / importRatio - 0.001) < 0.0002, "\(result.standardOutput)")
    #expect(abs(frame / advanceRatio - 0.001) < 0.0002, "\(result.standardOutput)")
    #expect(
      result.standardOutput.contains(
        "best of 2 rounds per file, the reference measured before each round"))
  }

  @Test("a reference command that fails stops the benchmark with its command named")
  func failingReference() async throws {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltProgram.run(
      executable,
      arguments: [
        "runtime", "--corpus", directory.appendingPathComponent("corpus").path, "--anchors",
        directory.appendingPathComponent("anchors.tsv").path, "--reference", "exit 3",
      ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("the reference command failed: exit 3"))
    #expect(!result.standardOutput.contains("median ratio"))
  }

  /// A new directory holding `corpus/one.riv` (a generated file with a state machine).
  static func scratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-bench-rounds-\(UUID().uuidString)")
    let corpus = directory.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try Generated.file().write(to: corpus.appendingPathComponent("one.riv"))
    return directory
  }
}
