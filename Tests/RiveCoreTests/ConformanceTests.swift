import Foundation
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// The reader against the official runtime's reference reports, file by file and field by field.
@Suite(
  "Conformance with the official runtime", SharedCorpus.requirement)
struct ConformanceTests {
  /// Reference fields the reader does not produce, each with its reason. Nothing else is skipped.
  static let ignoredFields: [String: String] = [
    "source": "where the corpus file came from upstream; not a property of the file",
    "runtime": "the version of the runtime that made the reference",
    "import_us": "a timing; compared by the benchmark (rive-bench parse), not by a test",
    "stderr": "the C++ runtime's log lines; this reader reports typed errors instead",
    "stderr_line_count": "as stderr",
  ]

  /// Differences kept on purpose, by file: none. (Kept as a list so any future one is named.)
  static let knownDifferences: [String: String] = [:]

  @Test("the corpus holds all 305 files")
  func corpusIsComplete() {
    #expect(Corpus.rivFiles.count == 305)
  }

  @Test("reader report equals the reference", arguments: Corpus.rivFiles)
  func matchesReference(_ name: String) async throws {
    // On `OffPool`: the whole corpus is read here, away from the cooperative threads.
    let differences = try await OffPool.run { () throws -> [String] in
      let data = try Corpus.data(name)
      let report = RiveImportReport.read(data)
      let produced = report.jsonValue(fileName: name, data: data).serialized()
      guard
        let ours = try JSONSerialization.jsonObject(with: Data(produced.utf8)) as? [String: Any]
      else { return ["\(name): the report is not a JSON object"] }
      var expected = try Corpus.expected(name)
      for field in Self.ignoredFields.keys { expected.removeValue(forKey: field) }
      var differences: [String] = []
      JSONComparison.compare(ours, expected, path: name, into: &differences)
      return differences
    }
    if let reason = Self.knownDifferences[name] {
      withKnownIssue(Comment(rawValue: reason)) { #expect(differences.isEmpty) }
    } else {
      #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }
  }

  @Test("the three invalid files fail as the official runtime does")
  func invalidFiles() throws {
    for name in ["junk.riv", "rive_ui_invalid.riv"] {
      let error = #expect(throws: RiveError.self) { try RiveDocument(data: Corpus.data(name)) }
      #expect(error?.code == .notRiveFile)
      #expect(error?.byteOffset == 0)
      #expect(error?.code.importResult == .malformed)
    }
    let error = #expect(throws: RiveError.self) {
      try RiveDocument(data: Corpus.data("sample6.riv"))
    }
    #expect(error?.code == .unsupportedVersion)
    #expect(error?.message.contains("6.3") == true)
    #expect(error?.message.contains("7") == true)
  }

  @Test("solar-system.riv is rejected for its blend mode; the asset listing still reads it")
  func solarSystem() throws {
    let data = try Corpus.data("solar-system.riv")
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: data) }
    #expect(error?.code == .invalidObject)
    #expect(error?.message.contains("blend mode") == true)
    let assetsOnly = try RiveDocument(data: data, depth: .assets)
    #expect(assetsOnly.header.fileID == 70526)
  }

  @Test("upstream's documented asset names")
  func documentedNames() throws {
    let hosted = try RiveDocument(data: Corpus.data("hosted_assets.riv"))
    #expect(hosted.assets.map(\.uniqueName) == ["image-49934", "Inter-45562"])
    #expect(hosted.assets[0].cdnUUIDString == "eadb7ed8-6d71-4b6c-bbc2-f0f5e9c5dd92")
    #expect(hosted.assets[0].cdnBaseURL == "https://public.uat.rive.app/cdn/uuid")
    #expect(hosted.assets.map(\.storage) == [.hosted, .hosted])
    let embedded = try RiveDocument(data: Corpus.data("embedded_assets.riv"))
    #expect(embedded.assets.map(\.uniqueFilename) == ["1x1-49935.png", "Inter-45562.ttf"])
    #expect(embedded.assets.map { $0.contents?.count } == [308, 3348])
    let walle = try RiveDocument(data: Corpus.data("out_of_band_walle.riv"))
    #expect(
      walle.assets.contains { $0.uniqueFilename == "walle-370.png" && $0.storage == .referenced })
    let referenced = try RiveDocument(data: Corpus.data("referenced_image_asset.riv"))
    #expect(referenced.assets.first?.width == 320)
    #expect(referenced.assets.first?.height == 240)
  }

  @Test("embedded contents are views into the file's bytes")
  func contentsAreSlices() throws {
    let data = try Corpus.data("in_band_asset.riv")
    let document = try RiveDocument(data: data)
    let contents = try #require(document.assets.first?.contents)
    #expect(contents.count == 308)
    #expect(contents.data == data.subdata(in: contents.range))
    #expect(Array(contents.data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }
}

/// Field-by-field comparison of parsed JSON, with floats compared at 9 significant digits.
enum JSONComparison {
  static func compare(
    _ ours: Any?, _ expected: Any?, path: String, into differences: inout [String]
  ) {
    switch (ours, expected) {
    case (let a as [String: Any], let b as [String: Any]):
      for key in b.keys.sorted() {
        guard a[key] != nil else {
          differences.append("\(path).\(key): missing")
          continue
        }
        compare(a[key], b[key], path: "\(path).\(key)", into: &differences)
      }
    case (let a as [Any], let b as [Any]):
      if a.count != b.count { differences.append("\(path): \(a.count) items, expected \(b.count)") }
      for (index, (x, y)) in zip(a, b).enumerated() {
        compare(x, y, path: "\(path)[\(index)]", into: &differences)
      }
    case (let a as String, let b as String):
      if a != b { differences.append("\(path): \"\(a)\", expected \"\(b)\"") }
    case (let a as Bool, let b as Bool):
      if a != b { differences.append("\(path): \(a), expected \(b)") }
    case (let a as NSNumber, let b as NSNumber):
      let left = String(format: "%.9g", a.doubleValue)
      let right = String(format: "%.9g", b.doubleValue)
      if left != right { differences.append("\(path): \(left), expected \(right)") }
    case (is NSNull, is NSNull), (nil, nil):
      break
    default:
      differences.append(
        "\(path): \(String(describing: ours)), expected \(String(describing: expected))")
    }
  }
}
