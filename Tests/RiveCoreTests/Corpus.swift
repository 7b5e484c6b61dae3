import Foundation
import RiveCore
import Testing

/// The shared corpus of real `.riv` files and the official runtime's reference reports.
///
/// Tests read them from `../shared/corpus` and `../shared/reference/expected` beside the project
/// root. When the folder is absent, corpus-based tests are disabled with a message saying so.
enum Corpus {
  static let projectRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let directory = projectRoot.appendingPathComponent("../shared/corpus").standardizedFileURL
  static let expectedDirectory = projectRoot.appendingPathComponent("../shared/reference/expected")
    .standardizedFileURL

  static let isAvailable = FileManager.default.fileExists(atPath: directory.path)
  static let absentMessage: Comment = "../shared/corpus is absent: corpus tests are skipped"

  /// The `.riv` file names of the corpus, sorted.
  static let rivFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".riv") }.sorted()
  }()

  /// A sample of files for the slower sweeps: the small and odd ones plus files with assets.
  static let sample: [String] = [
    "junk.riv", "rive_ui_invalid.riv", "sample6.riv", "noartboard.riv", "empty.riv",
    "hosted_image_file.riv",
    "hosted_assets.riv", "embedded_assets.riv", "in_band_asset.riv", "audio_test.riv",
    "referenced_image_asset.riv", "solar-system.riv", "data_binding_image_test.riv",
    "library_with_text_and_image.riv", "inventory_demo_test_v2.riv", "state_machine_triggers.riv",
  ].filter(rivFiles.contains)

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

  /// The reference report of a corpus file, parsed.
  static func expected(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: expectedDirectory.appendingPathComponent(name + ".json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
