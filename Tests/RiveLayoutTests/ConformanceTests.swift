import Foundation
import RiveLayout
import Testing

/// The conformance fixtures: every JSON file under `Conformance/` (boxes a real browser
/// computed for trees where Yoga and CSS agree, written by `scripts/layout-conformance`, and a
/// few hand-worked ones), compared node by node within 1/32 point (Chromium's layout unit is
/// 1/64 px).
@Suite struct ConformanceTests {
  static let tolerance: Float = 1.0 / 32

  static func fixtureFiles() -> [URL] {
    guard
      let directory = Bundle.module.resourceURL?.appendingPathComponent(
        "Conformance", isDirectory: true),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }

  @Test func fixturesArePresent() {
    #expect(ConformanceTests.fixtureFiles().contains { $0.lastPathComponent == "solver-hand.json" })
  }

  @Test(arguments: ConformanceTests.fixtureFiles().map(\.lastPathComponent))
  func fixtureFile(_ name: String) throws {
    let url = try #require(ConformanceTests.fixtureFiles().first { $0.lastPathComponent == name })
    let cases = try CaseReader.cases(fromFile: try Data(contentsOf: url))
    #expect(!cases.isEmpty)
    var failures: [String] = []
    for layoutCase in cases {
      guard let expected = layoutCase.expected else {
        failures.append("\(layoutCase.name): no expected boxes")
        continue
      }
      var built = BuiltCase(layoutCase)
      built.calculate(layoutCase)
      let problems = compareBoxes(
        built.box(built.root), expected, tolerance: ConformanceTests.tolerance)
      failures += problems.map { "\(name) \(layoutCase.name) \($0)" }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) mismatches:\n\(failures.prefix(40).joined(separator: "\n"))")
  }
}
