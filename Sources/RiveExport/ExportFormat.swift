import Foundation

/// What an export writes, chosen by the output's name: `.mp4`, `.webm`, `.webp`, `.gif`, or a
/// name with a `%d` field (`frames/%05d.png`) for a PNG per frame.
public enum ExportFormat: Sendable, Hashable, CustomStringConvertible {
  /// H.264 video (libx264, 4:2:0, BT.709) with AAC audio, in MP4 (libavformat).
  case mp4
  /// VP9 video (libvpx, 4:2:0, BT.709) with Vorbis audio, in WebM.
  case webm
  /// An animated WebP (libwebpmux), with alpha.
  case webp
  /// An animated GIF (palettes from libavfilter, written by giflib), with one transparent
  /// colour.
  case gif
  /// One PNG per frame (libpng): the pattern has one `%d` field (`%05d` pads to five digits),
  /// numbered from 0.
  case pngSequence(pattern: String)

  /// The format an output name asks for.
  ///
  /// - Parameter path: The output file, or a pattern with one `%d` field ending in `.png`.
  /// - Throws: ``ExportError`` with code `unsupportedFormat` naming the extensions there are.
  public init(path: String) throws(ExportError) {
    let name = URL(fileURLWithPath: path).lastPathComponent
    if name.contains("%") {
      guard Self.sequenceField(in: path) != nil, name.lowercased().hasSuffix(".png") else {
        throw ExportError(
          .unsupportedFormat, output: path,
          message: "a frame sequence needs one %d field (such as %05d) and the .png extension")
      }
      self = .pngSequence(pattern: path)
      return
    }
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "mp4", "m4v": self = .mp4
    case "webm": self = .webm
    case "webp": self = .webp
    case "gif": self = .gif
    case let other:
      throw ExportError(
        .unsupportedFormat, output: path,
        message: (other.isEmpty ? "no extension" : "unknown extension .\(other)")
          + "; the formats are .mp4, .webm, .webp, .gif and frames/%05d.png")
    }
  }

  /// Whether frames keep their alpha (else they are drawn over an opaque matte).
  public var keepsAlpha: Bool {
    switch self {
    case .mp4, .webm: false
    case .webp, .gif, .pngSequence: true
    }
  }

  /// Whether the format has an audio track.
  public var carriesAudio: Bool {
    switch self {
    case .mp4, .webm: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .mp4: "MP4 (H.264, AAC)"
    case .webm: "WebM (VP9, Vorbis)"
    case .webp: "animated WebP"
    case .gif: "GIF"
    case .pngSequence: "PNG sequence"
    }
  }

  /// The `%d` field of a sequence pattern: its range and the zero padding (`%05d` → 5); nil
  /// when there is not exactly one such field.
  static func sequenceField(in pattern: String) -> (range: Range<String.Index>, width: Int)? {
    var found: (Range<String.Index>, Int)?
    var index = pattern.startIndex
    while let percent = pattern[index...].firstIndex(of: "%") {
      var cursor = pattern.index(after: percent)
      var digits = ""
      while cursor < pattern.endIndex, pattern[cursor].isASCII, pattern[cursor].isNumber {
        digits.append(pattern[cursor])
        cursor = pattern.index(after: cursor)
      }
      guard cursor < pattern.endIndex, pattern[cursor] == "d", found == nil,
        digits.count <= 2
      else { return nil }
      found = (percent..<pattern.index(after: cursor), Int(digits) ?? 0)
      index = pattern.index(after: cursor)
    }
    return found
  }

  /// The file of frame `index` of a sequence pattern.
  static func sequencePath(_ pattern: String, index: Int) -> String {
    guard let field = sequenceField(in: pattern) else { return pattern }
    var number = String(index)
    if number.count < field.width {
      number = String(repeating: "0", count: field.width - number.count) + number
    }
    return pattern.replacingCharacters(in: field.range, with: number)
  }
}
