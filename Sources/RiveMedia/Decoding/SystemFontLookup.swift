import CFontconfig
import Foundation

/// Finds installed system fonts by family name through fontconfig.
///
/// fontconfig always answers a match request, substituting a default font for a family
/// it does not know. This lookup refuses such substitutes: the matched font must list the
/// requested family name (compared case-insensitively) among its family names, otherwise
/// the result is ``DecodingError/Code/notFound``.
///
/// fontconfig's default configuration is loaded by fontconfig itself on first use; it is
/// thread-safe, and this type keeps no state of its own.
public enum SystemFontLookup {
  /// Where an installed font lives.
  public struct Match: Hashable, Sendable {
    /// The font file's path.
    public let path: String

    /// The face within the file (non-zero only inside collections).
    public let faceIndex: Int

    /// The family names fontconfig lists for the font.
    public let familyNames: [String]
  }

  /// Finds the file of an installed font family.
  ///
  /// - Parameters:
  ///   - family: A family name such as `"DejaVu Sans"`; case does not matter.
  ///   - allowingSubstitutes: Accept fontconfig's substitute when no font has that family
  ///     name; meant for generic names such as `"sans-serif"` that only ever name substitutes.
  /// - Returns: The matching file and face.
  /// - Throws: ``DecodingError`` with code `notFound` when no installed font has that family
  ///   name (fontconfig's substitute is named in the message).
  public static func locate(family: String, allowingSubstitutes: Bool = false) throws(DecodingError)
    -> Match
  {
    func notFound(_ detail: String) -> DecodingError {
      DecodingError(
        .notFound, kind: .font,
        message: "expected an installed font family named \"\(family)\"; \(detail)")
    }
    guard let pattern = FcPatternCreate() else { throw notFound("fontconfig failed to start") }
    defer { FcPatternDestroy(pattern) }
    let added = Array(family.utf8CString).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: FcChar8.self) { name in
        FcPatternAddString(pattern, FC_FAMILY, name.baseAddress)
      }
    }
    guard added != 0 else { throw notFound("fontconfig rejected the name") }
    guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else {
      throw notFound("fontconfig could not load its configuration")
    }
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else {
      throw notFound("fontconfig found no fonts at all")
    }
    defer { FcPatternDestroy(match) }

    var familyNames: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let value {
      familyNames.append(String(cString: value))
      index += 1
    }
    let wanted = family.lowercased()
    guard allowingSubstitutes || familyNames.contains(where: { $0.lowercased() == wanted }) else {
      let substitute = familyNames.first ?? "nothing"
      throw notFound("fontconfig offered the substitute \"\(substitute)\"")
    }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
      throw notFound("fontconfig gave no file for it")
    }
    var faceIndex: Int32 = 0
    if FcPatternGetInteger(match, FC_INDEX, 0, &faceIndex) != FcResultMatch {
      faceIndex = 0
    }
    return Match(path: String(cString: file), faceIndex: Int(faceIndex), familyNames: familyNames)
  }

  /// Finds an installed font family and decodes its file.
  ///
  /// The size and weight of the request are accepted for parity with upstream, which looks
  /// fonts up through `UIFont`, and are ignored in the same way: the family's default face
  /// is returned.
  ///
  /// - Parameters:
  ///   - family: A family name such as `"DejaVu Sans"`; case does not matter.
  ///   - size: Ignored.
  ///   - weight: Ignored.
  ///   - allowingSubstitutes: Accept fontconfig's substitute for an unknown family.
  ///   - limits: The budget applied when decoding the file.
  /// - Returns: The decoded font file.
  /// - Throws: ``DecodingError`` with code `notFound` when the family is not installed or
  ///   its file cannot be read, or any error of ``FontDecoder``.
  public static func font(
    family: String, size: Double? = nil, weight: Int? = nil,
    allowingSubstitutes: Bool = false, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedFont {
    let match = try locate(family: family, allowingSubstitutes: allowingSubstitutes)
    guard let data = FileManager.default.contents(atPath: match.path) else {
      throw DecodingError(
        .notFound, kind: .font,
        message: "expected a readable font file at \(match.path) for \"\(family)\"")
    }
    return try FontDecoder.decode(data, faceIndex: match.faceIndex, limits: limits)
  }
}
