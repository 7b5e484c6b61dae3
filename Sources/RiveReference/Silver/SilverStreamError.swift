import RiveCore

/// Why a silver (`.sriv`) could not be read: not a silver, a version this reader does not know,
/// bytes that end inside an operation, an operation or operand that cannot be, a reference to
/// an object the stream never made, or a stream that would take more work than its size allows.
///
/// The message says what was expected and what was found; ``offset`` is the byte where the
/// operation (or the header field) that failed starts.
public struct SilverStreamError: CodedError, Sendable, Equatable {
  /// A broad category of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case notSilver, unsupportedVersion, truncated, malformed, unknownOperation, unknownObject
      case limitExceeded
    }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// The bytes do not start with `SRIV`.
    public static var notSilver: Self { Self(.notSilver) }
    /// The format version is not 1.
    public static var unsupportedVersion: Self { Self(.unsupportedVersion) }
    /// The bytes end inside an operation.
    public static var truncated: Self { Self(.truncated) }
    /// An operand has a value it cannot have (a verb, style, join, cap, blend mode or fill
    /// rule out of range, a size larger than the stream could fill, an integer too wide).
    public static var malformed: Self { Self(.malformed) }
    /// An opcode the format does not define.
    public static var unknownOperation: Self { Self(.unknownOperation) }
    /// An operation names a path, paint, buffer or image the stream did not make.
    public static var unknownObject: Self { Self(.unknownObject) }
    /// The stream asks for more decoded geometry than ``SilverStream/Limits`` allow.
    public static var limitExceeded: Self { Self(.limitExceeded) }

    public var description: String { value.rawValue }
  }

  /// The category.
  public var code: Code
  /// The byte where the failing operation (or header field) starts.
  public var offset: Int
  /// What was wrong.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, offset: Int, message: String) {
    self.code = code
    self.offset = offset
    self.message = message
  }

  /// `byte N`: where the failing operation (or header field) starts.
  public var place: String? { "byte \(offset)" }

  /// `malformed at byte 812: fill rule 7 (0 to 2)`.
  public var description: String { "\(code) at byte \(offset): \(message)" }
}
