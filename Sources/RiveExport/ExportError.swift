import RiveCore
import RiveFormat
import RiveFrames

/// Why an export failed: a bad output name or option, a frame the encoder cannot take, a
/// failure of the encoding library (libavcodec, libavformat, libavfilter, libwebpmux, giflib,
/// libsndfile) with its own message, or a file that cannot be written.
///
/// The message names the output file and, for failures while encoding, the frame.
public struct ExportError: CodedError, Sendable {
  /// A broad category of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case unsupportedFormat, invalidOption, invalidFrame, encoder, io, playback
    }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// The output's name names no format this package writes.
    public static var unsupportedFormat: Self { Self(.unsupportedFormat) }
    /// An option is out of range (frames per second, size, duration, …).
    public static var invalidOption: Self { Self(.invalidOption) }
    /// A frame of another size than the first, or one the encoder refused.
    public static var invalidFrame: Self { Self(.invalidFrame) }
    /// The encoding library failed (the message has its own words).
    public static var encoder: Self { Self(.encoder) }
    /// A file or folder cannot be made or written.
    public static var io: Self { Self(.io) }
    /// The artboard could not be played or drawn (see ``ExportError/frame``), or an input
    /// script event could not be applied.
    public static var playback: Self { Self(.playback) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code
  /// The output file (or pattern) written to.
  public var output: String
  /// The frame being written when it failed (0 for the first), if any.
  public var frameIndex: Int?
  /// What went wrong.
  public var message: String
  /// The playing or drawing error, for code `playback`.
  public var frame: ArtboardFrameError?

  /// Creates an error.
  public init(
    _ code: Code, output: String, frameIndex: Int? = nil, message: String,
    frame: ArtboardFrameError? = nil
  ) {
    self.code = code
    self.output = output
    self.frameIndex = frameIndex
    self.message = message
    self.frame = frame
  }

  /// The text of a NUL-terminated C buffer.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The frame error under this one, if any.
  public var cause: (any Error)? { frame }

  /// The output and, for a frame's failure, the frame: `clip.mp4: frame 3`.
  public var place: String? { output + (frameIndex.map { ": frame \($0)" } ?? "") }

  /// `out.mp4: frame 12: libavcodec: …`.
  public var description: String { "\(place ?? output): \(message)" }
}
