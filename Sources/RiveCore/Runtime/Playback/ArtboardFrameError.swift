import RiveFormat

/// Why a frame of an artboard cannot be made: the file, artboard, state machine or animation
/// asked for is not there, the time is not usable, an input-script event does not apply, or
/// the rasteriser refused the frame.
///
/// The message names what was asked for and what there is, for example `artboard "Hero" not
/// found; the file has "Main", "Card"`.
public struct ArtboardFrameError: CodedError, Sendable {
  /// A broad category of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case invalidFile, noArtboard, artboardNotFound, stateMachineNotFound, animationNotFound
      case invalidTime, raster, inputScript
    }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// The bytes are not a file the runtime can play (the message has the reader's error).
    public static var invalidFile: Self { Self(.invalidFile) }
    /// The file has no artboard at all.
    public static var noArtboard: Self { Self(.noArtboard) }
    /// No artboard has the name asked for.
    public static var artboardNotFound: Self { Self(.artboardNotFound) }
    /// The artboard has no state machine of the name asked for.
    public static var stateMachineNotFound: Self { Self(.stateMachineNotFound) }
    /// The artboard has no animation of the name asked for.
    public static var animationNotFound: Self { Self(.animationNotFound) }
    /// A time that is negative, not finite or beyond ``ArtboardPlayback/maximumSeconds``.
    public static var invalidTime: Self { Self(.invalidTime) }
    /// The rasteriser refused the frame (RiveRaster's `raster` property has its `RasterError`).
    public static var raster: Self { Self(.raster) }
    /// An input-script event could not be applied (see ``ArtboardFrameError/inputScript``).
    public static var inputScript: Self { Self(.inputScript) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code
  /// What was asked for and what there is.
  public var message: String
  /// The error underneath, when there is one: the rasteriser's `RasterError` for code
  /// `raster`, the `InputScriptError` for code `inputScript`.
  public var cause: (any Error & Sendable)?
  /// The input script's error, for code `inputScript`.
  public var inputScript: InputScriptError? { cause as? InputScriptError }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The category.
  ///   - message: What was asked for and what there is.
  ///   - cause: The error underneath, if any.
  public init(_ code: Code, message: String, cause: (any Error & Sendable)? = nil) {
    self.code = code
    self.message = message
    self.cause = cause
  }

  /// Wraps an input-script error (code `inputScript`).
  public init(_ error: InputScriptError) {
    self.init(.inputScript, message: error.description, cause: error)
  }
}
