import RiveFormat

/// Why a lookup file, manifest or rule cannot be used, naming the file and the entry.
public struct AssetLookupError: CodedError, Sendable, Equatable {
  /// The kinds of failure.
  public enum Reason: String, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable
    /// The file is not the documented JSON shape.
    case malformed
    /// A rule's name is not one of the documented ones.
    case unknownRule
    /// A path is absolute, empty or leaves the bundle through `..`.
    case unsafePath

    public var description: String { rawValue }
  }

  /// What went wrong.
  public var reason: Reason
  /// The file concerned (a lookup file or a manifest), when there is one.
  public var file: String?
  /// What was expected and what was found.
  public var message: String

  /// The ``reason``.
  public var code: Reason { reason }
  /// The ``file``.
  public var place: String? { file }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - file: The file concerned, if any.
  ///   - message: What was expected and what was found.
  public init(_ reason: Reason, file: String?, message: String) {
    self.reason = reason
    self.file = file
    self.message = message
  }

  public var description: String {
    (file.map { "\($0): " } ?? "") + message
  }
}
