import CFreeType
import Foundation

/// Validates TrueType, OpenType and collection fonts with FreeType and describes them.
///
/// FreeType is not thread-safe per `FT_Library`, so every call creates its own library
/// instance and destroys it before returning; calls on different threads therefore never
/// share FreeType state. Nothing is cached between calls. WOFF and WOFF2 are recognized
/// but ``DecodingError/Code/unsupported``.
public enum FontDecoder {
  /// Validates and describes a font held in a byte array, keeping the array as the font's
  /// bytes without copying.
  ///
  /// - Parameters:
  ///   - bytes: A complete TrueType (`.ttf`), OpenType (`.otf`) or collection (`.ttc`) file.
  ///   - faceIndex: The face of a collection to describe; 0 for single fonts.
  ///   - limits: ``DecodingLimits/maximumFontByteCount`` is checked before parsing.
  /// - Returns: The font's bytes and a description of the face.
  /// - Throws: ``DecodingError`` with code `unknownFormat` (no font signature),
  ///   `unsupported` (WOFF, WOFF2), `tooLarge`, `notFound` (no such face) or `malformed`
  ///   (FreeType rejected the file; its error text is included).
  public static func decode(
    _ bytes: [UInt8], faceIndex: Int = 0, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedFont {
    let format = try sniff(bytes, limits: limits)
    return try withDecodingBytes(of: bytes) { (buffer) throws(DecodingError) in
      try describe(buffer, keeping: bytes, format: format, faceIndex: faceIndex)
    }
  }

  /// Validates and describes a font held in raw memory, copying the bytes.
  ///
  /// - Parameters:
  ///   - bytes: A complete TrueType, OpenType or collection file.
  ///   - faceIndex: The face of a collection to describe; 0 for single fonts.
  ///   - limits: ``DecodingLimits/maximumFontByteCount`` is checked before copying.
  /// - Returns: The font's bytes and a description of the face.
  /// - Throws: ``DecodingError``; see ``decode(_:faceIndex:limits:)-([UInt8],_,_)``.
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, faceIndex: Int = 0, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedFont {
    _ = try sniff(bytes, limits: limits)
    return try decode(Array(bytes), faceIndex: faceIndex, limits: limits)
  }

  /// Validates and describes a font held in `Data`, copying the bytes.
  ///
  /// - Parameters:
  ///   - data: A complete TrueType, OpenType or collection file.
  ///   - faceIndex: The face of a collection to describe; 0 for single fonts.
  ///   - limits: ``DecodingLimits/maximumFontByteCount`` is checked before copying.
  /// - Returns: The font's bytes and a description of the face.
  /// - Throws: ``DecodingError``; see ``decode(_:faceIndex:limits:)-([UInt8],_,_)``.
  public static func decode(
    _ data: Data, faceIndex: Int = 0, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedFont {
    _ = try withDecodingBytes(of: data) { (buffer) throws(DecodingError) in
      try sniff(buffer, limits: limits)
    }
    return try decode([UInt8](data), faceIndex: faceIndex, limits: limits)
  }

  // MARK: Implementation

  private static func sniff<Bytes: ContiguousBytes>(_ bytes: Bytes, limits: DecodingLimits)
    throws(DecodingError) -> FontFormat
  {
    try withDecodingBytes(of: bytes) { (buffer) throws(DecodingError) -> FontFormat in
      guard let format = FontFormat.sniff(buffer) else {
        throw DecodingError(
          .unknownFormat, kind: .font,
          message: "expected a TrueType, OpenType or collection signature; found "
            + MagicBytes(buffer).hexPrefix())
      }
      if format == .woff || format == .woff2 {
        throw DecodingError(
          .unsupported, kind: .font, format: .font(format),
          message: "\(format) is recognized but not decoded; expected TrueType or OpenType")
      }
      if buffer.count > limits.maximumFontByteCount {
        throw DecodingError(
          .tooLarge, kind: .font, format: .font(format),
          message: "the file has \(buffer.count) bytes; the limit is "
            + "\(limits.maximumFontByteCount)")
      }
      return format
    }
  }

  private static func describe(
    _ buffer: UnsafeRawBufferPointer, keeping bytes: [UInt8], format: FontFormat,
    faceIndex: Int
  ) throws(DecodingError) -> DecodedFont {
    func failure(_ code: DecodingError.Code, _ message: String) -> DecodingError {
      DecodingError(code, kind: .font, format: .font(format), message: message)
    }
    var library: FT_Library?
    var error = FT_Init_FreeType(&library)
    guard error == 0, let library else {
      throw failure(.outOfMemory, "FreeType failed to start: \(describe(error))")
    }
    defer { FT_Done_FreeType(library) }

    var face: FT_Face?
    let base = buffer.baseAddress?.assumingMemoryBound(to: FT_Byte.self)
    error = FT_New_Memory_Face(library, base, FT_Long(buffer.count), FT_Long(faceIndex), &face)
    guard error == 0, let face else {
      let invalidArgument: FT_Error = 0x06  // FT_Err_Invalid_Argument: no such face
      if error == invalidArgument && faceIndex != 0 {
        throw failure(.notFound, "the file has no face \(faceIndex)")
      }
      throw failure(
        .malformed, "expected a valid \(format) font; FreeType reported \(describe(error))")
    }
    defer { FT_Done_Face(face) }

    let record = face.pointee
    let familyName = record.family_name.map { String(cString: $0) } ?? ""
    let styleName = record.style_name.map { String(cString: $0) } ?? ""
    let axes = variationAxes(of: face, library: library, flags: record.face_flags)
    return DecodedFont(
      bytes: bytes, format: format, faceCount: Int(record.num_faces), faceIndex: faceIndex,
      familyName: familyName, styleName: styleName, glyphCount: Int(record.num_glyphs),
      unitsPerEm: Int(record.units_per_EM), variationAxes: axes,
      mappedScalars: unicodeScalars(of: face))
  }

  /// Reads the axes through `FT_Get_MM_Var` and releases them with `FT_Done_MM_Var`.
  private static func variationAxes(of face: FT_Face, library: FT_Library, flags: FT_Long)
    -> [FontVariationAxis]
  {
    guard flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
    var master: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(face, &master) == 0, let master else { return [] }
    defer { FT_Done_MM_Var(library, master) }
    guard let axes = master.pointee.axis else { return [] }
    return (0..<Int(master.pointee.num_axis)).map { index in
      let axis = axes[index]
      let tag = UInt32(truncatingIfNeeded: axis.tag)
      let tagBytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
      return FontVariationAxis(
        tag: String(decoding: tagBytes, as: UTF8.self),
        minimum: Double(axis.minimum) / 65_536, defaultValue: Double(axis.def) / 65_536,
        maximum: Double(axis.maximum) / 65_536)
    }
  }

  /// Lists the code points of the Unicode character map, ascending.
  private static func unicodeScalars(of face: FT_Face) -> [UInt32] {
    guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else { return [] }
    var scalars: [UInt32] = []
    var glyph: FT_UInt = 0
    var code = FT_Get_First_Char(face, &glyph)
    while glyph != 0 && code <= 0x10_FFFF && scalars.count <= 0x11_0000 {
      scalars.append(UInt32(code))
      code = FT_Get_Next_Char(face, code, &glyph)
    }
    return scalars
  }

  /// FreeType's text for an error code, or its number when the library has no strings.
  private static func describe(_ error: FT_Error) -> String {
    if let text = FT_Error_String(error) {
      return "\(String(cString: text)) (error 0x\(String(error, radix: 16)))"
    }
    return "error 0x\(String(error, radix: 16))"
  }
}
