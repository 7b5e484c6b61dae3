import CHarfBuzz
import Foundation
import RiveCore
import RiveFixtures
import RiveFormat
import Testing

/// Fonts for the text tests, found through fontconfig (Debian's fonts-dejavu-core) and read at
/// test time, and an independent HarfBuzz shaping of a string to check layout against.
enum TextTestFonts {
  /// The bytes of an installed family's font file.
  static func bytes(family: String) throws -> [UInt8] {
    let match = try SystemFontLookup.locate(family: family)
    return Array(try Data(contentsOf: URL(fileURLWithPath: match.path)))
  }

  static func sans() throws -> [UInt8] { try bytes(family: "DejaVu Sans") }

  /// A variable font with a weight axis (Debian's fonts-inter-variable).
  static func variable() throws -> [UInt8] {
    let bytes = try bytes(family: "Inter")
    let font = try TextFont(bytes: bytes)
    try #require(
      font.axes.contains { $0.tag == TextFixture.tag("wght") },
      "the font fontconfig gives for Inter has no weight axis")
    return bytes
  }

  /// Runs `body` with a HarfBuzz font (and its face) made straight from `bytes` by the
  /// system's HarfBuzz, none of the package's set-up, and releases them after.
  static func withHarfBuzzFont<Result>(
    _ bytes: [UInt8], _ body: (_ font: OpaquePointer?, _ face: OpaquePointer?) -> Result
  ) -> Result {
    let blob = bytes.withUnsafeBufferPointer { buffer in
      hb_blob_create(
        UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)
    defer {
      hb_font_destroy(font)
      hb_face_destroy(face)
      hb_blob_destroy(blob)
    }
    return body(font, face)
  }

  /// The height of the `H` glyph's top above the baseline at `size`, from HarfBuzz's glyph
  /// extents read in design units.
  static func capHeight(bytes: [UInt8], size: Float) -> Float {
    withHarfBuzzFont(bytes) { font, face in
      let unitsPerEm = Float(hb_face_get_upem(face))
      var glyph: hb_codepoint_t = 0
      var extents = hb_glyph_extents_t()
      _ = hb_font_get_nominal_glyph(font, 0x48, &glyph)
      _ = hb_font_get_glyph_extents(font, glyph, &extents)
      return Float(extents.y_bearing) * size / unitsPerEm
    }
  }

  /// HarfBuzz's own shaping of `text` (left to right, its script guessed, the default
  /// language) with the face in `bytes`, scaled to `size` as the runtime scales: glyph ids,
  /// x positions (advances summed, plus `letterSpacing` after each glyph) and advances.
  static func shape(
    _ text: String, bytes: [UInt8], size: Float, letterSpacing: Float = 0,
    variations: [(tag: String, value: Float)] = []
  )
    -> [(glyph: UInt32, x: Float, advance: Float)]
  {
    let blob = bytes.withUnsafeBufferPointer { buffer in
      hb_blob_create(
        UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)
    hb_ot_font_set_funcs(font)
    let settings = variations.map { variation in
      hb_variation_t(
        tag: variation.tag.unicodeScalars.reduce(0) { $0 << 8 | $1.value },
        value: variation.value)
    }
    hb_font_set_variations(font, settings, UInt32(settings.count))
    let unitsPerEm = Int32(hb_face_get_upem(face))
    hb_font_set_scale(font, unitsPerEm, unitsPerEm)
    let buffer = hb_buffer_create()
    let scalars = text.unicodeScalars.map(\.value)
    hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    var result: [(UInt32, Float, Float)] = []
    var x: Float = 0
    for i in 0..<Int(count) {
      // Read in design units (the face's own units per em), scaled to the size.
      let advance = Float(positions?[i].x_advance ?? 0) * size / Float(unitsPerEm) + letterSpacing
      result.append((infos?[i].codepoint ?? 0, x, advance))
      x += advance
    }
    hb_buffer_destroy(buffer)
    hb_font_destroy(font)
    hb_face_destroy(face)
    hb_blob_destroy(blob)
    return result
  }
}
