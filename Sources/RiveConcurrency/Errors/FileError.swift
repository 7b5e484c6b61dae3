import Foundation

/// Why a file could not be loaded or queried.
///
/// Each case carries an ``ErrorContext``: the message upstream's string payload holds (it prints,
/// interpolates and compares as that string, and string literals still build it) and, as
/// swift-nio's errors do, the error underneath as ``ErrorContext/cause``: the reader's `RiveError`
/// for ``invalidFile(_:)``, the `AssetDownloadError` of a `.url` source for
/// ``missingData(_:)``, the file system's error for an unreadable resource.
///
/// Messages carry the core's context: a parse failure includes the reader's error with its byte
/// offset, for example `Failed to load file: truncated: … (at byte 31)`.
public enum FileError: LocalizedError, Equatable, Sendable {
  /// A `.local` source names no `.riv` resource in the bundle; the payload is the bare name.
  case missingFile(Context)
  /// Declared for source compatibility; not thrown.
  case invalidData(Context)
  /// A source gave no bytes: an empty `.data`, an empty body, a transport failure, a non-2xx
  /// HTTP status or a body over the size cap of a `.url` source (the cause is the download's
  /// `AssetDownloadError`).
  case missingData(Context)
  /// The bytes are not a valid Rive file (the cause is the reader's `RiveError`), or a `.local`
  /// resource could not be read.
  case invalidFile(Context)
  /// No such artboard (or the file has none).
  case invalidArtboard(Context)
  /// No view model with this name.
  case invalidViewModel(Context)
  /// The requested view model instance cannot be created.
  case invalidViewModelInstance(Context)
  /// The task was cancelled.
  case cancelled

  /// The message of a ``FileError`` and the error underneath it.
  public typealias Context = ErrorContext

  /// The context of the case (`nil` for ``cancelled``).
  public var context: Context? {
    switch self {
    case .missingFile(let context), .invalidData(let context), .missingData(let context),
      .invalidFile(let context), .invalidArtboard(let context), .invalidViewModel(let context),
      .invalidViewModelInstance(let context):
      context
    case .cancelled: nil
    }
  }

  /// The error underneath, if any (see ``ErrorContext/cause``).
  public var cause: (any Error)? { context?.cause }

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
