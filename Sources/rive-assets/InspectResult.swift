import RiveCore

/// What `inspect` made of one file: the text or JSON report and the error, if any.
struct InspectResult: Sendable {
  /// The text report.
  var text: String?
  /// The JSON report.
  var json: JSONValue?
  /// The error line for stderr, naming the file and the byte offset.
  var error: String?
}
