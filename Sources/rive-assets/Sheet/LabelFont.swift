import CFreeType
import RiveCore

/// Renders label text with FreeType from an installed font (DejaVu Sans by default).
///
/// A `LabelFont` owns a FreeType library and face; FreeType faces are not thread-safe, so one
/// instance is used from one thread at a time.
final class LabelFont {
  /// Why the font cannot be used.
  struct Failure: Error, CustomStringConvertible {
    /// The explanation.
    var description: String
  }

  private var library: FT_Library?
  private var face: FT_Face?
  /// The line height in pixels.
  let lineHeight: Int

  /// Loads the installed font `family` at `pixelSize`.
  ///
  /// - Parameters:
  ///   - family: An installed family name, found through fontconfig.
  ///   - pixelSize: The em size in pixels.
  /// - Throws: ``Failure`` when the family is not installed or FreeType rejects it.
  init(family: String = "DejaVu Sans", pixelSize: Int = 11) throws(Failure) {
    let match: SystemFontLookup.Match
    do throws(DecodingError) {
      match = try SystemFontLookup.locate(family: family)
    } catch {
      throw Failure(description: "cannot find the label font: \(error)")
    }
    lineHeight = pixelSize + 3
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw Failure(description: "FreeType failed to start")
    }
    guard FT_New_Face(library, match.path, FT_Long(match.faceIndex), &face) == 0, let face else {
      throw Failure(description: "FreeType cannot open \(match.path)")
    }
    guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else {
      throw Failure(description: "FreeType cannot size \(match.path) to \(pixelSize) px")
    }
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// The advance width of `text` in pixels.
  ///
  /// - Parameter text: The text.
  /// - Returns: The sum of the glyphs' advances.
  func width(of text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + advance(of: $1) }
  }

  /// `text`, shortened with a trailing ellipsis until it fits in `maximumWidth` pixels.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - maximumWidth: The room in pixels.
  /// - Returns: The text or a shortened copy.
  func fitting(_ text: String, in maximumWidth: Int) -> String {
    guard width(of: text) > maximumWidth else { return text }
    var characters = Array(text)
    while !characters.isEmpty && width(of: String(characters) + "…") > maximumWidth {
      characters.removeLast()
    }
    return String(characters) + "…"
  }

  /// Draws `text` on `canvas` with its baseline at `baseline`, starting at `x`.
  ///
  /// - Parameters:
  ///   - text: The text; control characters are skipped.
  ///   - canvas: The canvas to draw on.
  ///   - x: The left edge of the first glyph's origin.
  ///   - baseline: The baseline's row.
  ///   - color: The text colour.
  func draw(_ text: String, on canvas: inout Canvas, x: Int, baseline: Int, color: Canvas.Color) {
    guard let face else { return }
    var penX = x
    for scalar in text.unicodeScalars where scalar.value >= 0x20 {
      guard FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0,
        let glyph = face.pointee.glyph
      else { continue }
      let bitmap = glyph.pointee.bitmap
      if let buffer = bitmap.buffer {
        let left = penX + Int(glyph.pointee.bitmap_left)
        let top = baseline - Int(glyph.pointee.bitmap_top)
        for row in 0..<Int(bitmap.rows) {
          for column in 0..<Int(bitmap.width) {
            let coverage = buffer[row * Int(bitmap.pitch) + column]
            if coverage > 0 {
              canvas.blend(x: left + column, y: top + row, color: color, coverage: coverage)
            }
          }
        }
      }
      penX += Int(glyph.pointee.advance.x >> 6)
    }
  }

  private func advance(of scalar: Unicode.Scalar) -> Int {
    guard let face, scalar.value >= 0x20,
      FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_DEFAULT)) == 0,
      let glyph = face.pointee.glyph
    else { return 0 }
    return Int(glyph.pointee.advance.x >> 6)
  }
}
