import Foundation
import RiveCore
import RiveReference
import RiveTestSupport
import Testing

/// Every silver scenario played with the package's runtime and compared with the official
/// runtime's silver, op by op (``DrawTolerance/standard``).
///
/// A silver must match when its file holds nothing the package does not run yet — no Luau
/// scripts, no layout components, no scroll constraints, decided from the file by
/// ``SilverFileTraits`` — and its scenario can be played (the scenario names what the test
/// needed that the corpus lacks). The others are played too and reported as known misses, with
/// counts by category; when layout or scripting lands, the rule widens by itself.
@Suite("Silvers: the official runtime's recorded frames", SharedCorpus.requirement)
struct SilverConformanceTests {
  static let silverDirectory = SharedCorpus.projectRoot.appendingPathComponent(
    "../shared/reference/silvers"
  ).standardizedFileURL
  static let corpora = [
    SharedCorpus.directory,
    SharedCorpus.projectRoot.appendingPathComponent("../shared/corpus-extra").standardizedFileURL,
  ]

  /// Runtime defects found by the silvers, by silver, with where they are written down. Each
  /// is checked to still miss, so a fix has to take it off this list.
  static let knownDefects: [String: String] = [:]

  /// Plays every scenario (spread over the cores, away from the cooperative threads).
  static func outcomes() async throws -> [SilverOutcome] {
    let scenarios = try SilverScenario.scenarios(
      json: Data(contentsOf: SilverScenarioTests.scenarioFile))
    let results = await OffPool.results(for: scenarios.map(\.silver)) { name in
      guard let scenario = scenarios.first(where: { $0.silver == name }) else {
        throw SilverPlayError(step: nil, message: "no scenario")
      }
      return SilverCheck.run(
        scenario, silverURL: silverDirectory.appendingPathComponent(name + ".sriv"),
        corpora: corpora)
    }
    return try scenarios.map { try results[$0.silver, default: .failure(CorpusAbsent())].get() }
  }

  @Test("every silver of a file the package runs fully matches; the rest are reported")
  func silversMatch() async throws {
    let start = Date()
    let outcomes = try await Self.outcomes()
    var misses: [SilverMissCategory: [String]] = [:]
    for outcome in outcomes {
      let required = outcome.traits?.isFullyRun == true && outcome.playError == nil
      if let reason = Self.knownDefects[outcome.silver] {
        withKnownIssue(Comment(rawValue: reason)) {
          #expect(outcome.matched, "\(outcome.silver): \(outcome.reason)")
        }
      } else if required {
        #expect(outcome.matched, "\(outcome.silver) (\(outcome.file)): \(outcome.reason)")
      }
      if let category = outcome.category { misses[category, default: []].append(outcome.silver) }
    }
    let matched = outcomes.filter(\.matched).count
    let counts = SilverMissCategory.allCases.compactMap { category in
      misses[category].map { "\(category.rawValue) \($0.count)" }
    }
    print(
      "silvers: \(matched) / \(outcomes.count) matched; known misses: "
        + counts.joined(separator: ", ")
        + String(format: " (%.1f s)", Date().timeIntervalSince(start)))
    // Every silver of INDEX.tsv has a scenario, and every one decoded.
    #expect(outcomes.count == 205)
    #expect(outcomes.allSatisfy { $0.expectedFrames > 0 || $0.playError != nil })
  }

  @Test("every silver decodes, with the frame size its test set")
  func everySilverDecodes() async throws {
    let names = try SilverScenario.scenarios(
      json: Data(contentsOf: SilverScenarioTests.scenarioFile)
    ).map(\.silver)
    let results = await OffPool.results(for: names) { name in
      try SilverStream.decode(
        contentsOf: Self.silverDirectory.appendingPathComponent(name + ".sriv")
      )
      .frames.count
    }
    for name in names {
      let frames = try results[name, default: .failure(CorpusAbsent())].get()
      #expect(frames > 0, "\(name)")
    }
  }
}
