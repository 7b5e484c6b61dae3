import RiveCore

/// A silver decoded: the frames of renderer calls the official runtime made while a test
/// played a file, with every factory object resolved as it was when it was used.
///
/// Each frame is a ``DisplayList`` in the package's own terms, so it compares directly with
/// what ``ArtboardPlayback`` draws and writes the reference draw-stream schema
/// (``DisplayList/jsonValue``). Paths are the commands they held when drawn (paths are made once
/// and rewound and refilled between frames), paints the state they had when drawn, gradients
/// their stops and geometry, images their decode order, image meshes the contents their
/// buffers had when drawn. Quadratic segments (glyph outlines) are written as the cubics with
/// the same curve, control points two thirds of the way to the quadratic's control point, as
/// the package's text and the official runtime's draw-stream recorder write them.
public struct SilverRecording: Sendable {
  /// The format version (1).
  public var version: Int
  /// The frames, in order: the renderer calls between two `frame` operations; calls after the
  /// last `frame` operation make a last frame only when there are any (as the runtime's own
  /// replay reports frames).
  public var frames: [SilverFrame]
  /// The images the test decoded, in decode order (the order ``DrawOperation/drawImage(image:blendMode:opacity:)``
  /// counts), including those whose bytes did not decode.
  public var images: [SilverImage]
  /// How much the stream made.
  public var statistics: SilverStatistics

  /// The size the test gave the frames (its first `frameSize`), if any.
  public var frameSize: SilverFrameSize? { frames.lazy.compactMap(\.size).first }
}

/// One frame of a silver.
public struct SilverFrame: Sendable {
  /// The frame's position (0 for the first).
  public var index: Int
  /// The frame size in effect when the frame ended, if the test set one.
  public var size: SilverFrameSize?
  /// The renderer calls, resolved.
  public var displayList: DisplayList
  /// Where each call came from, parallel to ``displayList``'s operations.
  public var origins: [SilverOrigin]
}

/// The size a test gave its frames (`frameSize`).
public struct SilverFrameSize: Sendable, Hashable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height)" }
}

/// Where a resolved renderer call is in the stream: its byte offset and the ids of the path,
/// paint and image it used.
public struct SilverOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The byte where the call's operation starts.
  public var offset: Int
  /// The render path's id (draw and clip calls).
  public var path: UInt64?
  /// The render paint's id (draw calls).
  public var paint: UInt64?

  public init(offset: Int, path: UInt64? = nil, paint: UInt64? = nil) {
    self.offset = offset
    self.path = path
    self.paint = paint
  }

  public var description: String {
    var parts = ["byte \(offset)"]
    if let path { parts.append("path #\(path)") }
    if let paint { parts.append("paint #\(paint)") }
    return parts.joined(separator: ", ")
  }
}

/// An image a silver's test decoded.
public struct SilverImage: Sendable, Hashable {
  /// Its decode-order id.
  public var id: Int
  /// The encoded bytes' length.
  public var byteCount: Int
  /// `png`, `jpeg`, `webp` or `unknown`, from the first bytes.
  public var format: String
  /// A 64-bit FNV-1a hash of the encoded bytes (to tell images apart, not for security).
  public var fingerprint: UInt64
}

/// Counts of what a silver's stream made.
public struct SilverStatistics: Sendable, Hashable {
  /// Operations read.
  public var operations = 0
  /// Render paths, paints, gradients and buffers made.
  public var paths = 0
  public var paints = 0
  public var gradients = 0
  public var buffers = 0
  /// Quadratic segments written as cubics.
  public var quadratics = 0

  public init() {}
}
