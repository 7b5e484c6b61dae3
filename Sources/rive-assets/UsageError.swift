/// A command-line usage mistake.
struct UsageError: Error {
  /// What was wrong, for example `option --out needs a value`.
  var message: String

  /// Creates an error with a message.
  ///
  /// - Parameter message: What was wrong.
  init(_ message: String) { self.message = message }
}
