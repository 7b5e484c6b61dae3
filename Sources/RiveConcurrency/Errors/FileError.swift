import Foundation

/// Why a file could not be loaded or queried.
///
/// Messages carry the core's context: a parse failure includes the reader's error with its byte
/// offset, for example `Failed to load file: truncated: … (at byte 31)`.
public enum FileError: LocalizedError, Equatable, Sendable {
  /// A `.local` source names no `.riv` resource in the bundle; the payload is the bare name.
  case missingFile(String)
  /// Declared for source compatibility; not thrown.
  case invalidData(String)
  /// A source gave no bytes: an empty `.data`, an empty body, a transport failure or a non-2xx
  /// HTTP status of a `.url` source.
  case missingData(String)
  /// The bytes are not a valid Rive file, or a `.local` resource could not be read.
  case invalidFile(String)
  /// No such artboard (or the file has none).
  case invalidArtboard(String)
  /// No view model with this name.
  case invalidViewModel(String)
  /// The requested view model instance cannot be created.
  case invalidViewModelInstance(String)
  /// The task was cancelled.
  case cancelled

  public var errorDescription: String? {
    switch self {
    case .missingFile(let message): "File not found: \(message)"
    case .invalidData(let message): "Invalid file data: \(message)"
    case .missingData(let message): "No data available: \(message)"
    case .invalidFile(let message): "Failed to load file: \(message)"
    case .invalidArtboard(let message): "Artboard not found: \(message)"
    case .invalidViewModel(let message): "View model not found: \(message)"
    case .invalidViewModelInstance(let message): "View model instance not found: \(message)"
    case .cancelled: "Operation was cancelled."
    }
  }
}
