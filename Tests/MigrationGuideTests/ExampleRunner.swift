import Foundation
import RiveTestSupport

/// Runs a built migration example, as a user would with `swift run <Example>`.
enum ExampleRunner {
  typealias Result = BuiltProgram.Result

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
    if ProcessInfo.processInfo.environment["RIVE_SANITIZER"] == "address" {
      // Under scripts/sanitize.sh, an example's top-level async code still holds its values
      // when the program exits; LeakSanitizer reports those although the process is ending.
      // Leaks of the library code the examples call are checked in the test process itself.
      var environment = ProcessInfo.processInfo.environment
      environment["ASAN_OPTIONS"] =
        (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
      return try BuiltProgram.run(executable, arguments: arguments, environment: environment)
    }
    return try BuiltProgram.run(executable, arguments: arguments)
  }
}
