import Foundation
import RiveCore
import RiveFormat

/// One reference draw stream (`<file>.riv.json` of `../shared/reference/draw`): every call the
/// official runtime made on a renderer while drawing a file's default artboard at frames 0
/// and 30, read into display lists.
public struct ReferenceDrawStream: Sendable {
  /// One image decode request the runtime made.
  public struct ImageRequest: Sendable, Hashable {
    /// The id draw calls use (the position in decode order).
    public var id: Int
    /// `png`, `jpeg`, `webp` or `unknown`.
    public var format: String
    /// The size read from the header (0 when it could not be read).
    public var width: Int
    public var height: Int
    /// The encoded size in bytes.
    public var byteCount: Int
  }

  /// The `.riv` file's name.
  public var file: String
  /// `success`, `malformed` or `unsupportedVersion`.
  public var importResult: String
  /// The artboard's name, or nil when the file has none (or did not import).
  public var artboard: String?
  /// The artboard's size.
  public var width: Float
  public var height: Float
  /// The image decode requests, by id.
  public var images: [ImageRequest]
  /// The recorded frames (`0` and `30`) as display lists.
  public var frames: [Int: DisplayList]

  /// Reads a stream file.
  ///
  /// - Parameter url: A `<file>.riv.json` reference stream.
  /// - Throws: Foundation's error for a file that cannot be read, ``ReferenceStreamError`` for
  ///   JSON that is not a stream, or `DisplayListJSONError` for an operation that is wrong.
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ReferenceStreamError(file: url.lastPathComponent, problem: "is not a JSON object")
    }
    file = object["file"] as? String ?? url.deletingPathExtension().lastPathComponent
    importResult = object["import_result"] as? String ?? "unknown"
    artboard = object["artboard"] as? String
    width = (object["width"] as? NSNumber)?.floatValue ?? 0
    height = (object["height"] as? NSNumber)?.floatValue ?? 0
    images = ((object["images"] as? [[String: Any]]) ?? []).map { entry in
      ImageRequest(
        id: (entry["id"] as? NSNumber)?.intValue ?? -1, format: entry["format"] as? String ?? "",
        width: (entry["width"] as? NSNumber)?.intValue ?? 0,
        height: (entry["height"] as? NSNumber)?.intValue ?? 0,
        byteCount: (entry["bytes"] as? NSNumber)?.intValue ?? 0)
    }
    var frames: [Int: DisplayList] = [:]
    for (key, value) in (object["frames"] as? [String: Any]) ?? [:] {
      guard let number = Int(key), let operations = value as? [Any] else {
        throw ReferenceStreamError(file: file, problem: "frame '\(key)' is not a list of ops")
      }
      frames[number] = try DisplayList(jsonArray: operations)
    }
    self.frames = frames
  }

  /// Whether the stream has an artboard with an area and frames to draw.
  public var isDrawable: Bool {
    artboard != nil && !frames.isEmpty && width > 0 && height > 0 && width.isFinite
      && height.isFinite
  }
}

/// A reference stream file that is not shaped as one.
public struct ReferenceStreamError: CodedError, Sendable {
  /// The category: a reference stream file has one kind of failure.
  public enum Code: String, Hashable, Sendable, CustomStringConvertible {
    /// The file is not the reference draw format.
    case invalidStream

    public var description: String { rawValue }
  }

  public var file: String
  public var problem: String

  /// ``Code/invalidStream``.
  public var code: Code { .invalidStream }
  /// The ``problem``.
  public var message: String { problem }
  /// The ``file``.
  public var place: String? { file }
  public var description: String { "\(file): \(problem)" }
}
