/// The tool's exit codes.
enum ExitCode {
  /// Everything worked.
  static let success: Int32 = 0
  /// A file failed, an asset is missing or a check failed; the reason is on stderr.
  static let failure: Int32 = 1
  /// The command line was wrong; the usage is on stderr.
  static let usage: Int32 = 2
}
