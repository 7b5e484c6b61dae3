import Foundation
import Testing

/// The shared corpus of real `.riv` files and media, read from `../shared/corpus` beside the
/// project root. Corpus tests are disabled with a message when the folder is absent.
enum Corpus {
  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let directory = projectRoot.appendingPathComponent("../shared/corpus").standardizedFileURL

  static let isAvailable = FileManager.default.fileExists(atPath: directory.path)
  static let absentMessage: Comment = "../shared/corpus is absent: corpus tests are skipped"

  /// The corpus folder as a bundle, the way a Linux program passes `Bundle.module`.
  static var bundle: Bundle {
    get throws { try #require(Bundle(path: directory.path)) }
  }

  /// The `.riv` file names, sorted.
  static let rivFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".riv") }.sorted()
  }()

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}
