import Foundation
import RiveCore
import RiveReference
import RiveTestSupport
import Testing

/// Every silver scenario played with the package's runtime — text laid out with the file's
/// fonts and layout solved, as the official runtime built with text and layout played them —
/// and compared with the official runtime's silver, op by op (``DrawTolerance/standard``).
///
/// A silver must match when its file holds no Luau scripts (decided from the file by
/// ``SilverFileTraits``) and its scenario can be played (the scenario names what the test
/// needed that the corpus lacks): files with layout components and scroll constraints
/// included. The silvers of such files that still miss are listed below with their causes
/// (scroll constraints not applied yet, layout or text defects, other runtime defects), each
/// checked to still miss, so a fix has to take it off its list.
@Suite("Silvers: the official runtime's recorded frames", SharedCorpus.requirement)
struct SilverConformanceTests {
  static let silverDirectory = SharedCorpus.projectRoot.appendingPathComponent(
    "../shared/reference/silvers"
  ).standardizedFileURL
  static let corpora = [
    SharedCorpus.directory,
    SharedCorpus.projectRoot.appendingPathComponent("../shared/corpus-extra").standardizedFileURL,
  ]

  /// Silvers of files the package runs fully that still miss, by silver, with the cause as far
  /// as it is known (runtime features not built yet, differences DIFFERENCES.md lists, defects
  /// under investigation). Each is checked to still miss, so a fix has to take it off the list.
  static let knownDefects: [String: String] = [
    "unbound_stateful_component":
      "DIFFERENCES.md runtime #3: a stateful component of an unbound host binds nothing"
  ]

  /// Silvers of files with scroll constraints that still miss: what scrolling still does
  /// otherwise than the runtime there, as far as it is known (an artboard the scenario plays,
  /// its own or one it nests or lists, holds the scroll constraint named in each reason).
  static let scrollPending: [String: String] = [:]

  /// Silvers of files with layout components (and no scripts or scroll constraints) that still
  /// miss: layout or text defects, with what is known of each.
  static let layoutDefects: [String: String] = [
    "stateful_list_props":
      "its test is commented out at the reference commit (component_test.cpp: list items get "
      + "no stateful instances of their own): from frame 6 the silver's second item still "
      + "shows \"Beta\" after its label is set to \"Beta!\", which this runtime shows (5.75 "
      + "units wider)"
  ]

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

  @Test("every playable silver of a file without scripts matches unless listed; the rest reported")
  func silversMatch() async throws {
    let start = Date()
    let outcomes = try await Self.outcomes()
    var misses: [SilverMissCategory: [String]] = [:]
    for outcome in outcomes {
      let required = outcome.traits?.isRunWithoutScripts == true && outcome.playError == nil
      let known =
        Self.knownDefects[outcome.silver] ?? Self.scrollPending[outcome.silver]
        ?? Self.layoutDefects[outcome.silver]
      if let reason = known {
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
