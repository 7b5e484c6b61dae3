import Foundation
import Testing

@testable import RiveCore

/// The display lists against the official runtime's draw streams: every corpus file that has
/// a reference stream with an artboard, at frames 0 and 30.
@Suite("Draw conformance", .enabled(if: Corpus.isAvailable, Corpus.absentMessage))
struct DrawConformanceTests {
  static let referenceDirectory = Corpus.projectRoot.appendingPathComponent(
    "../shared/reference/draw"
  ).standardizedFileURL

  /// Files whose streams still differ, with the reason. Nothing else is excluded.
  static let knownDifferences: [String: String] = [:]

  /// Corpus files with a reference stream of an imported file that has an artboard.
  static let drawnFiles: [String] = Corpus.rivFiles.filter { name in
    guard let object = reference(name) else { return false }
    return object["import_result"] as? String == "success" && object["frames"] != nil
  }

  static func reference(_ name: String) -> [String: Any]? {
    let url = referenceDirectory.appendingPathComponent(name + ".json")
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  /// The differences between the produced and the reference stream of `name`.
  static func differences(_ name: String) throws -> [String] {
    let reference = try #require(Self.reference(name))
    let frames = try #require(reference["frames"] as? [String: Any])
    let file = try RuntimeFile(data: Corpus.data(name))
    let lists = try #require(DrawRecorder(file: file).displayLists())
    var out: [String] = []
    if let driver = reference["driver"] as? String, let artboard = file.artboards.first,
      DrawRecorder.driver(for: artboard).description != driver
    {
      out.append("driver \(DrawRecorder.driver(for: artboard).description) vs \(driver)")
    }
    for (frame, list) in lists {
      let ops = try #require(frames[String(frame)] as? [Any])
      let expected = try DisplayList(jsonArray: ops)
      out += DrawComparison.differences(reference: expected, produced: list).map {
        "frame \(frame): " + $0
      }
    }
    return out
  }

  @Test("draw stream equals the reference", arguments: drawnFiles)
  func matchesReference(_ name: String) throws {
    let differences = try Self.differences(name)
    if let reason = Self.knownDifferences[name] {
      withKnownIssue(Comment(rawValue: reason)) { #expect(differences.isEmpty) }
    } else {
      #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
    }
  }
}
