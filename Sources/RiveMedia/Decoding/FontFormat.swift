/// A font file format, recognized by its leading magic bytes.
public enum FontFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// TrueType outlines: `00 01 00 00` or `true`.
  case trueType
  /// OpenType with CFF outlines: `OTTO`.
  case openType
  /// A TrueType/OpenType collection of several faces: `ttcf`.
  case collection
  /// WOFF 1.0 (`wOFF`). Detected, but not decoded.
  case woff
  /// WOFF 2.0 (`wOF2`). Detected, but not decoded.
  case woff2

  public var description: String {
    switch self {
    case .trueType: "TrueType"
    case .openType: "OpenType"
    case .collection: "font collection"
    case .woff: "WOFF"
    case .woff2: "WOFF2"
    }
  }

  /// Recognizes a font format from the first four bytes of a file.
  ///
  /// - Parameter bytes: The start of the file.
  /// - Returns: The format, or `nil` when no font signature matches.
  public static func sniff(_ bytes: UnsafeRawBufferPointer) -> FontFormat? {
    let magic = MagicBytes(bytes)
    if magic.has([0x00, 0x01, 0x00, 0x00]) || magic.has("true") {
      return .trueType
    }
    if magic.has("OTTO") {
      return .openType
    }
    if magic.has("ttcf") {
      return .collection
    }
    if magic.has("wOFF") {
      return .woff
    }
    if magic.has("wOF2") {
      return .woff2
    }
    return nil
  }
}
