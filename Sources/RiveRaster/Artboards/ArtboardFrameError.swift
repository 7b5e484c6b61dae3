import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Why a frame of an artboard cannot be made: the file, artboard, state machine or animation
/// asked for is not there, or the time is not usable.
///
/// The message names what was asked for and what there is, for example `artboard "Hero" not
/// found; the file has "Main", "Card"`.
public struct ArtboardFrameError: Error, Sendable, CustomStringConvertible {
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
    /// A time that is negative, not finite or beyond ``ArtboardPlayer/maximumSeconds``.
    public static var invalidTime: Self { Self(.invalidTime) }
    /// The rasteriser refused the frame (see ``ArtboardFrameError/raster``).
    public static var raster: Self { Self(.raster) }
    /// An input-script event could not be applied (see ``ArtboardFrameError/inputScript``).
    public static var inputScript: Self { Self(.inputScript) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code
  /// What was asked for and what there is.
  public var message: String
  /// The rasteriser's error, for code `raster`.
  public var raster: RasterError?
  /// The input script's error, for code `inputScript`.
  public var inputScript: InputScriptError?

  /// Creates an error.
  public init(_ code: Code, message: String, raster: RasterError? = nil) {
    self.code = code
    self.message = message
    self.raster = raster
  }

  /// Wraps a rasteriser error (code `raster`).
  public init(_ error: RasterError) {
    self.init(.raster, message: error.description, raster: error)
  }

  /// Wraps an input-script error (code `inputScript`).
  public init(_ error: InputScriptError) {
    self.init(.inputScript, message: error.description)
    inputScript = error
  }

  public var description: String { "\(code): \(message)" }
}
