import Foundation

/// Runs a built migration example, as a user would with `swift run <Example>`.
enum ExampleRunner {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The example's binary beside the test bundle (same configuration and scratch path).
  static func executable(_ name: String) -> URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    let fallback = GuideSlices.projectRoot.appendingPathComponent(".build/debug/\(name)")
    return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
  }

  static func run(_ executable: URL, arguments: [String] = []) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
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
}
