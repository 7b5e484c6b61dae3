import Foundation
import RiveFormat
import RiveReference
import RiveTestSupport
import Testing

@testable import RiveCore

/// The display lists against the official runtime's draw streams: every corpus file that has
/// a reference stream with an artboard, at frames 0 and 30.
@Suite("Draw conformance", Corpus.requirement)
struct DrawConformanceTests {
  static let referenceDirectory = Corpus.projectRoot.appendingPathComponent(
    "../shared/reference/draw"
  ).standardizedFileURL

  /// Files whose streams still differ, with the reason. Nothing else is excluded: these are
  /// compared too, and a file that starts matching fails until it is taken off the list.
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
    guard let reference = Self.reference(name),
      let frames = reference["frames"] as? [String: Any]
    else { return ["no reference frames"] }
    let file = try RuntimeFile(data: Corpus.data(name))
    guard let lists = DrawRecorder(file: file).displayLists() else { return ["nothing drawn"] }
    var out: [String] = []
    if let driver = reference["driver"] as? String, let artboard = file.artboards.first,
      ArtboardPlayback.Driver.default(for: artboard).description != driver
    {
      out.append(
        "driver \(ArtboardPlayback.Driver.default(for: artboard).description) vs \(driver)")
    }
    for (frame, list) in lists {
      guard let ops = frames[String(frame)] as? [Any] else {
        out.append("frame \(frame): not in the reference")
        continue
      }
      let expected = try DisplayList(jsonArray: ops)
      out += DrawComparison.differences(reference: expected, produced: list).map {
        "frame \(frame): " + $0
      }
    }
    return out
  }

  /// Every file's differences, computed once, one file at a time on `OffPool` (minutes of
  /// geometry never hold the cooperative threads other suites' downloads resume on); the
  /// per-file test and the count read it.
  static let allDifferences = Task {
    await OffPool.results(for: drawnFiles) { try differences($0) }
  }

  @Test("draw stream equals the reference", arguments: drawnFiles)
  func matchesReference(_ name: String) async throws {
    let differences = try #require(await Self.allDifferences.value[name]).get()
    if let reason = Self.knownDifferences[name] {
      withKnownIssue(Comment(rawValue: reason)) { #expect(differences.isEmpty) }
    } else {
      #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
    }
  }
}

extension DrawConformanceTests {
  @Test("count of files matching at both frames")
  func count() async throws {
    let all = await Self.allDifferences.value
    let matching = all.values.filter { (try? $0.get())?.isEmpty == true }.count
    print(
      "draw conformance: \(matching) of \(Self.drawnFiles.count) files match at frames 0 and 30; "
        + "\(Self.knownDifferences.count) known differences")
    #expect(matching + Self.knownDifferences.count == Self.drawnFiles.count)
  }
}
