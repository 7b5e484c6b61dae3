/// The message of an error of this module (``FileError``, ``ImageError``, ``FontError``,
/// ``AudioError``, ``BlobError``) and the error underneath it, as swift-nio's errors keep theirs.
///
/// It stands where upstream has a `String`: `"\(message)"` and `String(describing:)` give the
/// message, string literals and interpolations build one, and two contexts are equal when
/// their messages are (causes are not compared).
public struct ErrorContext: Sendable, Equatable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The message (upstream's string payload).
  public var message: String
  /// The error underneath, if any.
  public var cause: (any Error)?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - cause: The error underneath, if any.
  public init(_ message: String, cause: (any Error)? = nil) {
    self.message = message
    self.cause = cause
  }

  /// A context from a string literal, without a cause.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// A context from an interpolated string, without a cause.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  public var description: String { message }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message }
}
