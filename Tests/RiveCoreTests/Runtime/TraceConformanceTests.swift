import Foundation
import RiveFormat
import RiveReference
import RiveTestSupport
import Testing

@testable import RiveCore

/// The runtime against the official runtime's traces: every state-machine and animation
/// scenario of every corpus file that imports.
@Suite("Trace conformance", Corpus.requirement)
struct TraceConformanceTests {
  static let referenceDirectory = Corpus.projectRoot.appendingPathComponent(
    "../shared/reference/runtime"
  ).standardizedFileURL

  /// Files whose traces still differ, with the reason. Nothing else is excluded.
  static let knownDifferences: [String: String] = [:]

  /// Corpus files that have a reference trace of an imported file.
  static let tracedFiles: [String] = Corpus.rivFiles.filter { name in
    let url = referenceDirectory.appendingPathComponent(name + ".json")
    guard let data = try? Data(contentsOf: url),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object["import_result"] as? String == "success" && object["scenarios"] != nil
  }

  /// The differences between a file's trace and its reference.
  static func differences(_ name: String) throws -> [String] {
    let referenceData = try Data(
      contentsOf: referenceDirectory.appendingPathComponent(name + ".json"))
    guard let reference = try JSONSerialization.jsonObject(with: referenceData) as? [String: Any]
    else { return ["the reference is not a JSON object"] }
    let file = try RuntimeFile(data: Corpus.data(name))
    let produced = TraceRecorder(file: file).trace(fileName: name).serialized()
    guard let ours = try JSONSerialization.jsonObject(with: Data(produced.utf8)) as? [String: Any]
    else { return ["the trace is not a JSON object"] }
    return TraceComparison.differences(reference: reference, produced: ours)
  }

  /// Every file's differences, computed once over `OffPool`'s threads (minutes of evaluation
  /// never hold the cooperative threads other suites' downloads resume on, and both cores work
  /// while the runner takes one case at a time); the per-file test and the count read it.
  static let allDifferences = Task {
    await OffPool.results(for: tracedFiles) { try differences($0) }
  }

  @Test("trace equals the reference", arguments: tracedFiles)
  func matchesReference(_ name: String) async throws {
    let differences = try #require(await Self.allDifferences.value[name]).get()
    if let reason = Self.knownDifferences[name] {
      withKnownIssue(Comment(rawValue: reason)) { #expect(differences.isEmpty) }
    } else {
      #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
    }
  }
}
