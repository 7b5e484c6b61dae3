import RiveDiagnostics

/// An error from the rasteriser: a canvas or image it refuses, a Cairo failure, a PNG that
/// could not be written, or two frames that cannot be compared.
///
/// The message states what was expected and what was found, for example `canvas 100000×10 is
/// outside the limits (1 to 16384 pixels a side, 67108864 pixels in all)`.
public struct RasterError: CodedError, Sendable {
  /// A broad category of failure.
  ///
  /// `Code` wraps a private enumeration, so new codes can be added without breaking clients
  /// that compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case invalidSize
      case invalidImage
      case cairo
      case pngEncoding
      case sizeMismatch
    }

    private let value: Value

    private init(_ value: Value) {
      self.value = value
    }

    /// A canvas size that is zero, negative or beyond ``RasterLimits``.
    public static var invalidSize: Self { Self(.invalidSize) }

    /// An image whose pixel count does not match its size, or that is too large for Cairo.
    public static var invalidImage: Self { Self(.invalidImage) }

    /// Cairo reported an error (usually out of memory); the message is Cairo's own.
    public static var cairo: Self { Self(.cairo) }

    /// libpng could not encode the frame.
    public static var pngEncoding: Self { Self(.pngEncoding) }

    /// Two frames of different sizes were compared.
    public static var sizeMismatch: Self { Self(.sizeMismatch) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code

  /// What was expected and what was found.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The category of failure.
  ///   - message: What was expected and what was found.
  public init(_ code: Code, message: String) {
    self.code = code
    self.message = message
  }
}
