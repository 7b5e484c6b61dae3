import Foundation
import RiveCore
import RiveFormat
import RiveLegacy

/// Collects ``RiveLogger`` messages for the whole test run (tests run in parallel, so each test
/// looks for messages naming its own file or asset).
enum LogCapture {
  private static let entries = Locked<[RiveLogger.Entry]>([])
  private static let installation: Void = {
    RiveLogger.minimumLevel = .debug
    RiveLogger.handler = { entry in entries.withLock { $0.append(entry) } }
  }()

  /// Installs the collecting handler (idempotent).
  static func install() { installation }

  /// The messages containing every one of `fragments`.
  static func messages(containing fragments: String...) -> [String] {
    entries.withLock { entries in
      entries.map(\.message).filter { message in fragments.allSatisfy(message.contains) }
    }
  }
}
