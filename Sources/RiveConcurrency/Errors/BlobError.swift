import Foundation

/// Why a blob could not be decoded.
public enum BlobError: LocalizedError, Equatable, Sendable {
  /// The bytes did not decode; the message is the decoder's reason (format, expected and found)
  /// and the cause its `DecodingError`.
  case failedDecoding(ErrorContext)
  /// The task was cancelled while decoding.
  case cancelled

  public var errorDescription: String? {
    switch self {
    case .failedDecoding(let message): "Failed to decode blob: \(message)"
    case .cancelled: "Operation was cancelled."
    }
  }

  /// The error underneath, if any: the decoder's `DecodingError`.
  public var cause: (any Error)? {
    if case .failedDecoding(let context) = self { return context.cause }
    return nil
  }
}
