import Foundation
import Testing

/// The shared test corpus: real media files kept outside the repository.
///
/// The folder is `../shared/corpus` relative to the repository root, which is found from
/// this source file's path (three folders up from `Tests/RiveCoreTests/Decoding`). Suites
/// that need it use `.enabled(if: MediaCorpus.isAvailable, …)` so that they are reported as
/// skipped, never silently passed, when the folder is absent.
enum MediaCorpus {
  /// The corpus folder.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Decoding
    .deletingLastPathComponent()  // RiveCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository root
    .appendingPathComponent("../shared/corpus")
    .standardizedFileURL

  /// Whether the corpus folder exists.
  static var isAvailable: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The message shown when corpus-based suites are skipped.
  static let absentMessage: Comment = "the media corpus ../shared/corpus is absent; skipped"

  /// Loose images of the corpus that decode.
  static let images = [
    "1.webp", "1x1_jpg.jpg", "1x1_png.png", "eve-317.png", "walle-370.png", "open_source.jpg",
    "placeholder.png",
  ]

  /// Loose images whose headers claim more pixels than the default budget.
  static let oversizedImages = ["bad.jpg", "bad.png"]

  /// Loose fonts of the corpus.
  static let fonts = ["OpenSans-Italic.ttf", "TwemojiMozilla.subset.ttf"]

  /// The path of a corpus file.
  static func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// The bytes of a corpus file, or `nil` if it cannot be read.
  static func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
  }
}
