import Foundation
import RiveCore

/// A command-line usage mistake.
struct UsageError: Error {
  /// What was wrong, for example `option --out needs a value`.
  var message: String

  /// Creates an error with a message.
  ///
  /// - Parameter message: What was wrong.
  init(_ message: String) { self.message = message }
}

extension InputScript {
  /// Reads the script a `--script` option names: the one way every command reads it.
  ///
  /// - Parameter path: The option's value.
  /// - Throws: `UsageError` `--script: ` and the `InputScriptError` (the file, the event and
  ///   what is wrong).
  init(scriptOption path: String) throws(UsageError) {
    do throws(InputScriptError) {
      try self.init(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw UsageError("--script: \(error)")
    }
  }
}
