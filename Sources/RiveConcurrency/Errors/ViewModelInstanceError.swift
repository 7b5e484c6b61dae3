import Foundation

/// Why a view-model instance request failed.
public enum ViewModelInstanceError: LocalizedError, Sendable {
  /// The property has no value to read.
  case missingData
  /// The property at the path has another type: expected, then actual.
  case valueMismatch(String, String)
  /// An underlying error.
  case error(any Error & Sendable)
  /// The request failed; the message says why (for example no property at the path).
  case message(String)
  /// The task was cancelled.
  case cancelled

  public var errorDescription: String? {
    switch self {
    case .missingData: "No data available."
    case .valueMismatch(let expected, let actual):
      "Value type mismatch: expected \(expected), got \(actual)."
    case .error(let error): error.localizedDescription
    case .message(let message): message
    case .cancelled: "Operation was cancelled."
    }
  }
}
