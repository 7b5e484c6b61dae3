import Foundation
import Testing

/// Runs the built `rive-assets` binary, as a user would, and captures what it prints.
enum ToolRunner {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let corpus = projectRoot.appendingPathComponent("../shared/corpus").standardizedFileURL
  static let corpusIsAvailable = FileManager.default.fileExists(atPath: corpus.path)
  static let expected = projectRoot.appendingPathComponent("../shared/reference/expected")
    .standardizedFileURL

  /// The binary beside the test bundle (same build configuration and scratch path).
  static var executable: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent("rive-assets")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return projectRoot.appendingPathComponent(".build/debug/rive-assets")
  }

  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes before waiting, so a large output cannot block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-assets-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
