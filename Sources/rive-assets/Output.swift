import Foundation

/// Writes to standard output and standard error.
enum Output {
  /// Writes `text` and a newline to standard output.
  ///
  /// - Parameter text: The text to write.
  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Writes `text` and a newline to standard error.
  ///
  /// - Parameter text: The text to write.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Reports a usage mistake with the command's help and returns the usage exit code.
  ///
  /// - Parameters:
  ///   - message: What was wrong.
  ///   - help: The command's help text.
  /// - Returns: ``ExitCode/usage``.
  static func usageError(_ message: String, help: String) -> Int32 {
    error("error: \(message)\n\n\(help)")
    return ExitCode.usage
  }
}
