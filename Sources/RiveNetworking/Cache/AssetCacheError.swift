import Foundation
import RiveCore

/// A fault of an ``AssetCache``'s disk store, naming the path (and the URL of the entry).
///
/// Only ``AssetCache/init(directory:maximumDiskSize:maximumMemorySize:defaultFreshness:isOffline:)``
/// throws it (``Reason/unusableDirectory``). While the cache runs, faults never fail a download:
/// a write that fails (a full disk, a directory made read-only) leaves the content served
/// from the network and is counted in ``AssetCache/Statistics/writeFailures``; a corrupt entry
/// is removed and fetched again (``AssetCache/Statistics/corruptEntries``), or, offline, is the
/// cause of an ``AssetDownloadError/Reason/offline`` error.
public struct AssetCacheError: CodedError, Sendable {
  /// The kinds of fault.
  public enum Reason: String, Hashable, Sendable, CustomStringConvertible {
    /// The directory cannot be created or written.
    case unusableDirectory
    /// Writing an entry failed (no space, no permission, a read-only file system…).
    case writeFailed
    /// An entry's header is damaged, its length is wrong or its digest does not match.
    case corruptEntry

    public var description: String { rawValue }
  }

  /// What went wrong.
  public var reason: Reason
  /// The file or directory concerned.
  public var path: String
  /// The URL of the entry, when the fault concerns one.
  public var url: String?
  /// What was expected and what was found.
  public var message: String
  /// The error underneath (a `CocoaError`, a `POSIXError`), when there is one.
  public var cause: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - path: The file or directory concerned.
  ///   - url: The URL of the entry, if any.
  ///   - message: What was expected and what was found.
  ///   - cause: The error underneath, if any.
  public init(
    _ reason: Reason, path: String, url: String? = nil, message: String,
    cause: (any Error & Sendable)? = nil
  ) {
    self.reason = reason
    self.path = path
    self.url = url
    self.message = message
    self.cause = cause
  }

  /// The ``reason``.
  public var code: Reason { reason }

  /// The cache's directory and, for an entry, its URL.
  public var place: String? { "asset cache \(path)" + (url.map { " (entry for \($0))" } ?? "") }

  public var description: String {
    var text = "asset cache \(path)"
    if let url { text += " (entry for \(url))" }
    text += ": \(message)"
    if let cause { text += ": \(cause)" }
    return text
  }
}
