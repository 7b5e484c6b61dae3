import Foundation
import RiveTestSupport
import Testing

/// Runs the built `rive-assets` binary, as a user would, and captures what it prints.
enum ToolRunner {
  typealias Result = BuiltProgram.Result

  static let projectRoot = SharedCorpus.projectRoot
  static let corpus = SharedCorpus.directory
  static let expected = SharedCorpus.expectedDirectory

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
