import Foundation

/// Finds and runs programs built beside the test bundle (the command-line tool, the benchmark,
/// the migration examples), capturing what they print, as a user running them would see it.
public enum BuiltProgram {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  /// The program named `name` beside the running test bundle (same configuration and scratch
  /// path), if it was built.
  public static func locate(_ name: String) -> URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return candidates.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `executable` and waits for it, reading both pipes before waiting so a large output
  /// cannot block the child.
  ///
  /// - Throws: The error of `Process.run()` when the program cannot start.
  public static func run(
    _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
    in directory: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
