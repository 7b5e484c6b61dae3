import Foundation

/// Why a state-machine request failed.
public enum StateMachineError: LocalizedError, Equatable, Sendable {
  /// The request failed; the message says why (for example an unknown input name).
  case error(String)
  /// The task was cancelled.
  case cancelled

  public var errorDescription: String? {
    switch self {
    case .error(let message): message
    case .cancelled: "Operation was cancelled."
    }
  }
}
