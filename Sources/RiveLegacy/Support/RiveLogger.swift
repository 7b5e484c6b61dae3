import Foundation
import RiveCore
import RiveFormat

/// Where the legacy API reports what it cannot throw: assets that did not decode, downloads that
/// failed, a loader that claimed an asset without supplying it, state machines that are not run.
///
/// Messages go to ``handler``, which writes them to standard error until you replace it (for
/// example to collect them in tests or forward them to your logging system). The handler may be
/// called from any thread.
public enum RiveLogger {
  /// How serious a message is.
  public enum Level: Int, Sendable, Comparable, CustomStringConvertible {
    case debug
    case info
    case warning
    case error

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
      switch self {
      case .debug: "debug"
      case .info: "info"
      case .warning: "warning"
      case .error: "error"
      }
    }
  }

  /// One message.
  public struct Entry: Sendable, CustomStringConvertible {
    /// How serious it is.
    public var level: Level
    /// The area: `file`, `asset`, `cdn`, `player`, `dataBinding`.
    public var category: String
    /// The message, naming the file or asset concerned.
    public var message: String

    public var description: String { "[RiveLegacy] \(level) \(category): \(message)" }
  }

  /// Receives messages.
  public typealias Handler = @Sendable (Entry) -> Void

  private struct Configuration {
    var isEnabled = true
    var minimumLevel = Level.info
    var handler: Handler = RiveLogger.standardErrorHandler
  }

  private static let configuration = Locked(Configuration())

  /// Whether messages are delivered at all (default `true`).
  public static var isEnabled: Bool {
    get { configuration.withLock { $0.isEnabled } }
    set { configuration.withLock { $0.isEnabled = newValue } }
  }

  /// The least serious level delivered (default ``Level/info``).
  public static var minimumLevel: Level {
    get { configuration.withLock { $0.minimumLevel } }
    set { configuration.withLock { $0.minimumLevel = newValue } }
  }

  /// The receiver of messages (default: ``standardErrorHandler``).
  public static var handler: Handler {
    get { configuration.withLock { $0.handler } }
    set { configuration.withLock { $0.handler = newValue } }
  }

  /// Writes each message as one line to standard error.
  public static let standardErrorHandler: Handler = { entry in
    FileHandle.standardError.write(Data((entry.description + "\n").utf8))
  }

  /// Delivers a message to the handler when logging is enabled and the level is high enough.
  static func log(_ level: Level, _ category: String, _ message: String) {
    let handler: Handler? = configuration.withLock { configuration in
      guard configuration.isEnabled, level >= configuration.minimumLevel else { return nil }
      return configuration.handler
    }
    handler?(Entry(level: level, category: category, message: message))
  }
}
