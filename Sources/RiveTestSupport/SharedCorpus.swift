import Foundation
import Testing

/// The one locator of the shared corpus: real editor files and media in `../shared/corpus`, and
/// the official runtime's reference reports in `../shared/reference/expected`, both beside the
/// project root and never copied into the repository.
///
/// Suites that read the corpus carry ``requirement``. Without the folder they are skipped with a
/// message saying so, which is what a developer without the corpus gets. When
/// `RIVE_REQUIRE_CORPUS=1` is set (`.ci/run` sets it) they run instead and fail, and
/// `CorpusPresenceTests` fails by itself, so CI never passes on skipped corpus tests.
public enum SharedCorpus {
  /// The project root (three folders above this file: `Sources/RiveTestSupport/`).
  public static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpus`.
  public static let directory = projectRoot.appendingPathComponent("../shared/corpus")
    .standardizedFileURL

  /// `../shared/reference/expected`: one reference report (`NAME.riv.json`) per corpus file.
  public static let expectedDirectory = projectRoot.appendingPathComponent(
    "../shared/reference/expected"
  ).standardizedFileURL

  /// Whether the corpus folder exists.
  public static let isAvailable: Bool = {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }()

  /// Whether a missing corpus is a failure (`RIVE_REQUIRE_CORPUS=1`, set by `.ci/run`).
  public static let isRequired = ProcessInfo.processInfo.environment["RIVE_REQUIRE_CORPUS"] == "1"

  /// What a skipped suite says.
  public static let absentMessage: Comment =
    "../shared/corpus is absent: corpus tests are skipped (set RIVE_REQUIRE_CORPUS=1 to fail instead)"

  /// The trait of every suite that reads the corpus: enabled when the corpus is there or
  /// required, skipped with ``absentMessage`` otherwise.
  public static var requirement: ConditionTrait {
    .enabled(if: isAvailable || isRequired, absentMessage)
  }

  /// The `.riv` file names of the corpus, sorted (empty without the corpus).
  public static let rivFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".riv") }.sorted()
  }()

  /// The second part of the shared corpus (`../shared/corpus-extra`).
  public static let extraDirectory = projectRoot.appendingPathComponent("../shared/corpus-extra")

  /// The `.riv` file names of the extra corpus, sorted (empty without it).
  public static let extraRivFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: extraDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".riv") }.sorted()
  }()

  /// The URL of a file of the corpus or, when the corpus has none of that name, of the extra
  /// corpus.
  public static func anyURL(_ name: String) -> URL {
    rivFiles.contains(name) || !extraRivFiles.contains(name)
      ? url(name) : extraDirectory.appendingPathComponent(name)
  }

  /// The URL of a corpus file.
  public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  /// The path of a corpus file.
  public static func path(_ name: String) -> String { url(name).path }

  /// The bytes of a corpus file.
  ///
  /// - Throws: The error of `Data(contentsOf:)` (for example when the corpus is absent).
  public static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

  /// The bytes of a corpus file, or `nil` if it cannot be read.
  public static func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
  }

  /// The corpus folder as a bundle, the way a Linux program passes `Bundle.module`: `.local(name,
  /// bundle)` and `RiveFile(resource:in:)` find `name.riv` in it.
  ///
  /// - Throws: ``CorpusAbsent`` when the folder is missing.
  public static var bundle: Bundle {
    get throws(CorpusAbsent) {
      guard let bundle = Bundle(path: directory.path) else { throw CorpusAbsent() }
      return bundle
    }
  }

  /// The reference report of a corpus file, parsed.
  ///
  /// - Throws: The errors of reading or parsing `NAME.json`.
  public static func expected(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: expectedDirectory.appendingPathComponent(name + ".json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
