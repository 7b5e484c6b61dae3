import RiveDiagnostics

/// An error from decoding an image, font, audio clip or blob.
///
/// The error says what kind of media was being decoded, which format it was (when known),
/// a ``Code`` to branch on, and a message for people that states what was expected and what
/// was found, for example `PNG: image is 100000×100000 (10000000000 pixels); the limit is
/// 268435456 pixels`.
public struct DecodingError: CodedError, Sendable {
  /// A broad category of decoding failure.
  ///
  /// `Code` wraps a private enumeration, so new codes can be added without breaking
  /// clients that switch over the existing ones with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case unknownFormat
      case malformed
      case truncated
      case tooLarge
      case unsupported
      case notFound
      case outOfMemory
    }

    private let value: Value

    private init(_ value: Value) {
      self.value = value
    }

    /// The bytes start with no signature that this decoder recognizes.
    public static var unknownFormat: Self { Self(.unknownFormat) }

    /// The bytes claim a format but break its rules (bad checksum, invalid header, …).
    public static var malformed: Self { Self(.malformed) }

    /// The bytes end before the media does.
    public static var truncated: Self { Self(.truncated) }

    /// The media exceeds a ``DecodingLimits`` budget; nothing large was allocated.
    public static var tooLarge: Self { Self(.tooLarge) }

    /// The format is recognized but this feature of it is not decoded (GIF, WOFF, …).
    public static var unsupported: Self { Self(.unsupported) }

    /// A requested item (such as a system font family) does not exist.
    public static var notFound: Self { Self(.notFound) }

    /// A codec library could not allocate its working memory.
    public static var outOfMemory: Self { Self(.outOfMemory) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code

  /// The kind of media that was being decoded.
  public var kind: MediaKind

  /// The format of the input, when the bytes were recognized.
  public var format: MediaFormat?

  /// A human-readable explanation naming what was expected and what was found.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The category of failure.
  ///   - kind: The kind of media being decoded.
  ///   - format: The recognized format, if any.
  ///   - message: What was expected and what was found.
  public init(_ code: Code, kind: MediaKind, format: MediaFormat? = nil, message: String) {
    self.code = code
    self.kind = kind
    self.format = format
    self.message = message
  }

  /// The kind of media and, when known, its format: `image (PNG)`.
  public var place: String? { format.map { "\(kind) (\($0))" } ?? "\(kind)" }

  public var description: String {
    let subject = format.map { "\(kind) (\($0))" } ?? "\(kind)"
    return "\(code) \(subject): \(message)"
  }
}
