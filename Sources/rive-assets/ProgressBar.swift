import Foundation

/// A one-line progress bar on standard error, redrawn in place with a carriage return.
///
/// It is only made when there are more than ``threshold`` files, the output is not quiet and
/// standard error is a terminal, so pipes, logs and tests never see it.
struct ProgressBar: Sendable {
  /// The number of files above which a bar is drawn.
  static let threshold = 8

  /// The number of items.
  let total: Int
  /// What is being done, for example `inspect`.
  let label: String

  /// A bar for `total` items, or `nil` when none should be drawn.
  ///
  /// - Parameters:
  ///   - total: The number of items.
  ///   - label: What is being done.
  ///   - isQuiet: Whether the command is quiet.
  /// - Returns: The bar, or `nil` for few files, quiet output or a standard error that is not
  ///   a terminal.
  static func make(total: Int, label: String, isQuiet: Bool) -> ProgressBar? {
    guard total > threshold, !isQuiet, isatty(STDERR_FILENO) == 1 else { return nil }
    return ProgressBar(total: total, label: label)
  }

  /// Draws the bar for `completed` finished items.
  ///
  /// - Parameter completed: The number of finished items.
  func draw(completed: Int) {
    let width = 30
    let filled = total > 0 ? min(width, completed * width / total) : width
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    write("\r\(label) [\(bar)] \(completed)/\(total)")
  }

  /// Erases the bar so that other output can take the line.
  func clear() {
    write("\r\u{1B}[K")
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
