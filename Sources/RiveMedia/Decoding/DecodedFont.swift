/// A validated font file: the original bytes plus a description of one face.
///
/// The bytes are kept unchanged, because a text renderer needs the font file itself. The
/// description covers the face at ``faceIndex`` (face 0 unless another was requested), and
/// ``faceCount`` says how many faces a collection holds.
public struct DecodedFont: Sendable, Hashable {
  /// The font file's bytes, exactly as given.
  public let bytes: [UInt8]

  /// The file format.
  public let format: FontFormat

  /// The number of faces in the file; 1 unless it is a collection.
  public let faceCount: Int

  /// The face that this value describes.
  public let faceIndex: Int

  /// The family name, such as `"Open Sans"`.
  public let familyName: String

  /// The style name, such as `"Italic"`.
  public let styleName: String

  /// The number of glyphs in the face.
  public let glyphCount: Int

  /// The design units per em square (often 1000 or 2048).
  public let unitsPerEm: Int

  /// The variation axes of a variable font; empty for a static font.
  public let variationAxes: [FontVariationAxis]

  /// The Unicode scalars that the face's Unicode character map sends to a glyph, ascending.
  package let mappedScalars: [UInt32]

  /// Creates a description; used by ``FontDecoder``.
  package init(
    bytes: [UInt8], format: FontFormat, faceCount: Int, faceIndex: Int, familyName: String,
    styleName: String, glyphCount: Int, unitsPerEm: Int, variationAxes: [FontVariationAxis],
    mappedScalars: [UInt32]
  ) {
    self.bytes = bytes
    self.format = format
    self.faceCount = faceCount
    self.faceIndex = faceIndex
    self.familyName = familyName
    self.styleName = styleName
    self.glyphCount = glyphCount
    self.unitsPerEm = unitsPerEm
    self.variationAxes = variationAxes
    self.mappedScalars = mappedScalars
  }

  /// The number of Unicode scalars that the face maps to a glyph.
  public var mappedScalarCount: Int { mappedScalars.count }

  /// Whether the face's Unicode character map has a glyph for `scalar`.
  ///
  /// - Parameter scalar: A Unicode scalar value.
  /// - Returns: `true` when the character map sends `scalar` to a glyph other than
  ///   `.notdef`.
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    var low = 0
    var high = mappedScalars.count
    while low < high {
      let middle = (low + high) / 2
      if mappedScalars[middle] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < mappedScalars.count && mappedScalars[low] == value
  }

  /// Whether the face has a glyph for every scalar of `character`.
  ///
  /// Zero-width joiners (U+200D) and variation selectors (U+FE00–U+FE0F) are not required,
  /// because fonts commonly leave them unmapped and shape them through other tables.
  ///
  /// - Parameter character: A character, possibly made of several scalars.
  /// - Returns: `true` when every required scalar has a glyph.
  public func hasGlyph(for character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        || hasGlyph(for: scalar)
    }
  }

  /// The content digest: SHA-256 over the tag `"rive.font\0"` and the font bytes.
  ///
  /// See ``ContentDigest`` for the exact definition.
  public var digest: ContentDigest {
    var hasher = ContentDigest.hasher(for: .font)
    bytes.withUnsafeBytes { hasher.update($0) }
    return ContentDigest(hasher.finalize())
  }
}
