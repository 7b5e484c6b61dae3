import RiveDiagnostics

/// An error from reading or writing a `.riv` file, with the place it happened.
///
/// Every failure names what was expected and what was found, and carries the byte offset in the
/// file where the reader stopped. ``Code`` wraps a private enumeration, so adding a code later is
/// not a source-breaking change.
public struct RiveError: CodedError, Sendable, Equatable {
  /// The kind of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case notRiveFile
      case unsupportedVersion
      case truncated
      case malformed
      case invalidObject
      case io
    }

    private let kind: Kind

    /// The bytes do not start with the `RIVE` fingerprint.
    public static var notRiveFile: Self { Self(kind: .notRiveFile) }
    /// The major version is not the one this reader supports (7).
    public static var unsupportedVersion: Self { Self(kind: .unsupportedVersion) }
    /// The data ends inside a header, an object, a property or a value.
    public static var truncated: Self { Self(kind: .truncated) }
    /// The bytes cannot be decoded: an over-long varuint, a length past the end, a value out of
    /// range, or a property key that neither the schema nor the file's table of contents knows.
    public static var malformed: Self { Self(kind: .malformed) }
    /// The stream decodes, but an object is invalid where the official runtime rejects the file
    /// (for example a drawable with an unknown blend mode).
    public static var invalidObject: Self { Self(kind: .invalidObject) }
    /// The file could not be opened or read.
    public static var io: Self { Self(kind: .io) }

    public var description: String {
      switch kind {
      case .notRiveFile: "not a Rive file"
      case .unsupportedVersion: "unsupported version"
      case .truncated: "truncated"
      case .malformed: "malformed"
      case .invalidObject: "invalid object"
      case .io: "I/O error"
      }
    }

    /// The official runtime's import result for this failure: `unsupported_version` or
    /// `malformed` (every other failure, as the C++ runtime reports it).
    public var importResult: ImportResult {
      kind == .unsupportedVersion ? .unsupportedVersion : .malformed
    }
  }

  /// What went wrong.
  public var code: Code
  /// Expected versus found, in words.
  public var message: String
  /// The byte offset in the file where the failure was detected, when it concerns file bytes.
  public var byteOffset: Int?

  /// Creates an error.
  public init(_ code: Code, _ message: String, at byteOffset: Int? = nil) {
    self.code = code
    self.message = message
    self.byteOffset = byteOffset
  }

  /// `byte N`, when the error concerns file bytes.
  public var place: String? { byteOffset.map { "byte \($0)" } }
}

/// The result of importing a file, as the official runtime names it.
public enum ImportResult: String, Sendable, Hashable {
  case success
  case unsupportedVersion = "unsupported_version"
  case malformed
}
