import Foundation
import RiveTestSupport
import Testing

/// Runs the built `rive-assets` binary, as a user would, and captures what it prints.
enum ToolRunner {
  typealias Result = BuiltProgram.Result

  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let corpus = projectRoot.appendingPathComponent("../shared/corpus").standardizedFileURL
  static let corpusIsAvailable = FileManager.default.fileExists(atPath: corpus.path)
  static let expected = projectRoot.appendingPathComponent("../shared/reference/expected")
    .standardizedFileURL

  /// The binary beside the test bundle (same build configuration and scratch path).
  static var executable: URL {
    BuiltProgram.locate("rive-assets")
      ?? projectRoot.appendingPathComponent(".build/debug/rive-assets")
  }

  static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Result {
    try await BuiltProgram.run(executable, arguments: arguments, in: directory)
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-assets-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
