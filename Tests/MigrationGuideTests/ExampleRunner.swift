import Foundation
import RiveTestSupport

/// Runs a built migration example, as a user would with `swift run <Example>`.
enum ExampleRunner {
  typealias Result = BuiltProgram.Result

  /// The example's binary beside the test bundle (same configuration and scratch path).
  static func executable(_ name: String) -> URL? {
    if let built = BuiltProgram.locate(name) { return built }
    let fallback = GuideSlices.projectRoot.appendingPathComponent(".build/debug/\(name)")
    return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
  }

  static func run(_ executable: URL, arguments: [String] = []) async throws -> Result {
    if ProcessInfo.processInfo.environment["RIVE_SANITIZER"] == "address" {
      // Under scripts/sanitize.sh, an example's top-level async code still holds its values
      // when the program exits; LeakSanitizer reports those although the process is ending.
      // Leaks of the library code the examples call are checked in the test process itself.
      var environment = ProcessInfo.processInfo.environment
      environment["ASAN_OPTIONS"] =
        (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
      return try await BuiltProgram.run(executable, arguments: arguments, environment: environment)
    }
    return try await BuiltProgram.run(executable, arguments: arguments)
  }
}
