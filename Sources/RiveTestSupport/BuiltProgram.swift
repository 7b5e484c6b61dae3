import Foundation
import RiveCore
import RiveFormat

/// Finds and runs programs built beside the test bundle (the command-line tool, the benchmark,
/// the migration examples) and other tools (`swiftc`, ImageMagick), capturing what they print,
/// as a user running them would see it.
///
/// A run blocks a thread of its own, never one of the few threads of Swift's cooperative pool:
/// tests that wait for a subprocess must not starve the tests that need the pool meanwhile
/// (downloads, workers), which matters most under a sanitizer, where everything is slower.
public enum BuiltProgram {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output (and standard error, when merged).
    public var standardOutputData: Data
    /// Everything written to standard error, when not merged.
    public var standardErrorData: Data

    /// ``standardOutputData`` as UTF-8 text.
    public var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
    /// ``standardErrorData`` as UTF-8 text.
    public var standardError: String { String(decoding: standardErrorData, as: UTF8.self) }
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

  /// The program named `name` on `PATH`, if any.
  public static func onPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":")
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `executable` to its end on a thread of its own and returns what it printed.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; the test process's own when `nil`.
  ///   - directory: Its working directory; the test process's own when `nil`.
  ///   - mergingStandardError: Whether standard error goes to the same pipe as standard output
  ///     (then ``Result/standardError`` is empty), as a terminal would interleave them.
  /// - Returns: Its exit status and everything it printed.
  /// - Throws: The error of `Process.run()` when the program cannot start.
  public static func run(
    _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
    in directory: URL? = nil, mergingStandardError: Bool = false
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        continuation.resume(
          with: Swift.Result {
            try runBlocking(
              executable, arguments: arguments, environment: environment, in: directory,
              mergingStandardError: mergingStandardError)
          })
      }
      thread.name = "BuiltProgram \(executable.lastPathComponent)"
      thread.start()
    }
  }

  /// Runs `executable` and blocks the calling thread until it ends. Both pipes are drained
  /// while the program runs (standard error on a second thread), so a program that prints a
  /// lot on either cannot block on a full pipe.
  private static func runBlocking(
    _ executable: URL, arguments: [String], environment: [String: String]?, in directory: URL?,
    mergingStandardError: Bool
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = mergingStandardError ? output : Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorData = Locked(Data())
    let errorDrained = DispatchSemaphore(value: 0)
    if !mergingStandardError {
      Thread {
        let data = error.fileHandleForReading.readDataToEndOfFile()
        errorData.withLock { $0 = data }
        errorDrained.signal()
      }.start()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    if !mergingStandardError { errorDrained.wait() }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, standardOutputData: outputData,
      standardErrorData: errorData.withLock { $0 })
  }
}
