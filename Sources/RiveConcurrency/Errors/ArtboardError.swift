import Foundation

/// Why an artboard request failed.
public enum ArtboardError: LocalizedError, Equatable, Sendable {
  /// The artboard cannot answer (for example it has no default view model).
  case invalidArtboard(String)
  /// No such state machine, or no editor-designated default one.
  case invalidStateMachine(String)
  /// The task was cancelled.
  case cancelled

  public var errorDescription: String? {
    switch self {
    case .invalidArtboard(let message): "Artboard error: \(message)"
    case .invalidStateMachine(let message): "State machine not found: \(message)"
    case .cancelled: "Operation was cancelled."
    }
  }
}
