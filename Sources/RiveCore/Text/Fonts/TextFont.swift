import CHarfBuzz
import Foundation
import RiveFormat
import Synchronization

/// A font face that text is shaped and drawn with (HarfBuzz underneath).
///
/// Made from a font file's bytes, optionally set at variation-axis values and with OpenType
/// features forced on or off (``withOptions(axes:features:)``), as a text style asks. Outlines
/// and metrics are in the runtime's units: one unit is the font size (the face is read at a
/// scale of 2048 per em and divided back), y grows downwards.
///
/// Immutable once made; safe to share between threads (HarfBuzz fonts are thread-safe for
/// shaping and outline reads once set up, and the outline cache is locked).
public final class TextFont: @unchecked Sendable {
  /// The scale the face is read at (units per em), as the runtime reads it.
  static let unitsPerEmScale: Int32 = 2048
  static let inverseScale: Float = 1 / Float(unitsPerEmScale)

  /// Vertical metrics in font-size units (ascent negative: up is -y).
  public struct LineMetrics: Sendable, Hashable {
    public var ascent: Float
    public var descent: Float
    /// The line gap the face declares (the runtime does not use it for line spacing).
    public var lineGap: Float
    /// The tops of capitals and of lowercase letters (of the 'H' and 'x' glyphs; the ascent
    /// when the face has none), negative like the ascent: what vertical trim trims to.
    public var capHeight: Float
    public var xHeight: Float
  }

  /// A variation axis of a variable font.
  public struct Axis: Sendable, Hashable {
    public var tag: UInt32
    public var minimum: Float
    public var defaultValue: Float
    public var maximum: Float
  }

  let font: OpaquePointer
  let features: [hb_feature_t]
  /// The axis values and feature values this font was made at (by tag).
  public let axisValues: [UInt32: Float]
  public let featureValues: [UInt32: UInt32]
  public let lineMetrics: LineMetrics
  /// The face's axes and `avar` maps, read once per face, that axis values are normalised with.
  let axisCoordinates: AxisCoordinates
  /// The face's contours that start off the curve, which outlines start where the runtime's
  /// HarfBuzz starts them (shared by every font made from the face).
  let contourStarts: GlyphContourStarts
  private let outlines = Mutex<[UInt32: RawPath]>([:])

  /// Reads the first face of a font file.
  ///
  /// - Parameter bytes: An OpenType or TrueType file (copied).
  /// - Throws: ``TextFontError`` when the bytes are empty, hold no face, or the face has no
  ///   glyphs.
  public convenience init(bytes: Data) throws(TextFontError) {
    guard !bytes.isEmpty else { throw TextFontError(reason: .empty, byteCount: 0) }
    var file = bytes
    TextFont.hideAxisVariationsVersion2(in: &file)
    let blob: OpaquePointer? = file.withUnsafeBytes { raw in
      hb_blob_create_or_fail(
        raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count),
        HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    guard let blob else { throw TextFontError(reason: .notAFont, byteCount: bytes.count) }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, 0) else {
      throw TextFontError(reason: .notAFont, byteCount: bytes.count)
    }
    // Released on every path: a refused face holds its copy of the bytes.
    defer { hb_face_destroy(face) }
    guard hb_face_get_glyph_count(face) > 0 else {
      throw TextFontError(
        reason: hb_face_count(blob) == 0 ? .notAFont : .noGlyphs, byteCount: bytes.count)
    }
    guard let font = hb_font_create(face) else {
      throw TextFontError(reason: .notAFont, byteCount: bytes.count)
    }
    self.init(
      font: font, axisValues: [:], featureValues: [:], axisCoordinates: AxisCoordinates(face: face),
      contourStarts: GlyphContourStarts(face: face))
  }

  /// Reads the first face of a font file.
  public convenience init(bytes: [UInt8]) throws(TextFontError) {
    try self.init(bytes: Data(bytes))
  }

  /// Takes ownership of `font`, sets it up the way the runtime does (OpenType functions, the
  /// 2048 scale) and reads its metrics.
  private init(
    font: OpaquePointer, axisValues: [UInt32: Float], featureValues: [UInt32: UInt32],
    axisCoordinates: AxisCoordinates, contourStarts: GlyphContourStarts
  ) {
    self.axisCoordinates = axisCoordinates
    self.contourStarts = contourStarts
    hb_ot_font_set_funcs(font)
    hb_font_set_scale(font, TextFont.unitsPerEmScale, TextFont.unitsPerEmScale)
    var extents = hb_font_extents_t()
    hb_font_get_h_extents(font, &extents)
    let inverse = TextFont.inverseScale
    let ascent = -Float(extents.ascender) * inverse
    func top(of scalar: UInt32) -> Float {
      var glyph: hb_codepoint_t = 0
      var glyphExtents = hb_glyph_extents_t()
      guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0,
        hb_font_get_glyph_extents(font, glyph, &glyphExtents) != 0
      else { return ascent }
      return -Float(glyphExtents.y_bearing) * inverse
    }
    lineMetrics = LineMetrics(
      ascent: ascent, descent: -Float(extents.descender) * inverse,
      lineGap: Float(extents.line_gap) * inverse, capHeight: top(of: 0x48), xHeight: top(of: 0x78))
    self.font = font
    self.axisValues = axisValues
    self.featureValues = featureValues
    var features = featureValues.keys.sorted().map { tag in
      hb_feature_t(
        tag: tag, value: featureValues[tag] ?? 0, start: 0, end: UInt32.max)
    }
    if TextFont.kernsOnlyByLegacyTable(font) {
      // The runtime's HarfBuzz is built without the legacy `kern` table: a font whose only
      // kerning is that table is not kerned there, so it is not kerned here.
      features.removeAll { $0.tag == TextFont.kernTag }
      features.append(hb_feature_t(tag: TextFont.kernTag, value: 0, start: 0, end: UInt32.max))
    }
    self.features = features
  }

  private static let kernTag: UInt32 = 0x6B65_726E

  /// The runtime's HarfBuzz is built without version 2 of the `avar` table (`HB_NO_AVAR2`): it
  /// rejects such a table whole, so none of its mappings apply, not even the version-1 segment
  /// maps it starts with. The system's HarfBuzz applies them (moving other axes' normalised
  /// values, which changes outlines and advances). So that both read the face alike, the
  /// version of the first face's `avar` table is set, in this copy of the bytes, to one the
  /// system's HarfBuzz rejects in the same way. Bytes that are not a font, or have no such
  /// table, are left alone.
  static func hideAxisVariationsVersion2(in bytes: inout Data) {
    func read(_ at: Int, _ count: Int) -> Int? {
      guard at >= 0, count <= 4, at <= bytes.count - count else { return nil }
      var value = 0
      for index in 0..<count {
        value = value << 8 | Int(bytes[bytes.startIndex + at + index])
      }
      return value
    }
    guard var face = read(0, 4) else { return }
    // A collection: the first face's table directory.
    if face == 0x7474_6366 {
      guard let first = read(12, 4) else { return }
      face = first
    } else {
      face = 0
    }
    guard let tableCount = read(face + 4, 2) else { return }
    for table in 0..<tableCount {
      let record = face + 12 + table * 16
      guard let tag = read(record, 4) else { return }
      // 'avar'
      guard tag == 0x6176_6172 else { continue }
      guard let offset = read(record + 8, 4), let length = read(record + 12, 4), length >= 8,
        read(offset, 2) == 2
      else { return }
      bytes[bytes.startIndex + offset] = 0
      bytes[bytes.startIndex + offset + 1] = 0
      return
    }
  }

  /// Whether the face has a legacy `kern` table and no GPOS positioning (HarfBuzz would then
  /// kern with the legacy table).
  private static func kernsOnlyByLegacyTable(_ font: OpaquePointer) -> Bool {
    let face = hb_font_get_face(font)
    guard hb_ot_layout_has_positioning(face) == 0 else { return false }
    let blob = hb_face_reference_table(face, kernTag)
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob) > 0
  }

  deinit { hb_font_destroy(font) }

  /// This face at other variation-axis values and with other feature values (merged over the
  /// ones this font already has), as a text style with axes or features makes it.
  ///
  /// - Parameters:
  ///   - axes: Axis values by tag (`wght` and so on).
  ///   - features: Feature values by tag (`liga` 0 turns ligatures off).
  /// - Returns: A new font sharing this one's face.
  public func withOptions(
    axes: [(tag: UInt32, value: Float)], features: [(tag: UInt32, value: UInt32)]
  )
    -> TextFont
  {
    var axisValues = self.axisValues
    for axis in axes { axisValues[axis.tag] = axis.value }
    var featureValues = self.featureValues
    for feature in features { featureValues[feature.tag] = feature.value }
    // (HarfBuzz returns its empty font rather than nil when out of memory.)
    guard let sub = hb_font_create_sub_font(font) else { return self }
    // Normalised as the runtime's HarfBuzz normalises them (`AxisCoordinates`), not by the
    // system's `hb_font_set_variations`.
    let coordinates = axisCoordinates.coordinates(axisValues)
    coordinates.withUnsafeBufferPointer {
      hb_font_set_var_coords_normalized(sub, $0.baseAddress, UInt32($0.count))
    }
    return TextFont(
      font: sub, axisValues: axisValues, featureValues: featureValues,
      axisCoordinates: axisCoordinates, contourStarts: contourStarts)
  }

  /// The value this font sets axis `tag` to: the one it was made with, else the face's
  /// default for the axis, else 0 (no such axis).
  public func axisValue(_ tag: UInt32) -> Float {
    if let value = axisValues[tag] { return value }
    return axes.first { $0.tag == tag }?.defaultValue ?? 0
  }

  /// The face's variation axes (empty for a static font).
  public var axes: [Axis] { axisCoordinates.axes }

  /// Whether the face maps `scalar` to a glyph.
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
  }

  /// The glyph's outline at size 1, baseline at y = 0, y down (quadratic curves become
  /// cubics, as the runtime converts them).
  ///
  /// - Parameter glyph: A glyph id of this face.
  /// - Returns: The outline as path commands.
  public func pathCommands(forGlyph glyph: UInt32) -> [PathCommand] {
    var commands: [PathCommand] = []
    outline(glyph).write(into: &commands)
    return commands
  }

  /// The glyph's outline (cached: read once per glyph), its contours starting where the
  /// runtime's HarfBuzz starts them (``GlyphContourStarts``).
  func outline(_ glyph: UInt32) -> RawPath {
    if let cached = outlines.withLock({ $0[glyph] }) { return cached }
    let builder = OutlineBuilder()
    withExtendedLifetime(builder) {
      hb_font_get_glyph_shape(
        font, glyph, OutlineBuilder.drawFunctions, Unmanaged.passUnretained(builder).toOpaque())
    }
    let path = builder.path.startingOffCurveContoursAtTheirEnd(
      contourStarts.offCurveStarts(glyph))
    outlines.withLock { $0[glyph] = path }
    return path
  }
}

/// Collects HarfBuzz's outline callbacks into a raw path.
private final class OutlineBuilder {
  var path = RawPath()

  // Made once and immutable: HarfBuzz allows sharing it between threads.
  nonisolated(unsafe) static let drawFunctions: OpaquePointer? = {
    guard let funcs = hb_draw_funcs_create() else { return nil }
    hb_draw_funcs_set_move_to_func(
      funcs,
      { _, data, _, x, y, _ in
        OutlineBuilder.from(data)?.path.move(OutlineBuilder.point(x, y))
      }, nil, nil)
    hb_draw_funcs_set_line_to_func(
      funcs,
      { _, data, _, x, y, _ in
        OutlineBuilder.from(data)?.path.line(OutlineBuilder.point(x, y))
      }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      funcs,
      { _, data, state, cx, cy, x, y, _ in
        // A quadratic as the cubic with the same curve (controls 2/3 of the way to the
        // quadratic's control point).
        let start = OutlineBuilder.point(
          state?.pointee.current_x ?? 0, state?.pointee.current_y ?? 0)
        let control = OutlineBuilder.point(cx, cy)
        let end = OutlineBuilder.point(x, y)
        let twoThirds: Float = 2 / 3
        let a = Vec2(
          start.x + (control.x - start.x) * twoThirds, start.y + (control.y - start.y) * twoThirds)
        let b = Vec2(
          end.x + (control.x - end.x) * twoThirds, end.y + (control.y - end.y) * twoThirds)
        OutlineBuilder.from(data)?.path.cubic(a, b, end)
      }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      funcs,
      { _, data, _, x1, y1, x2, y2, x, y, _ in
        OutlineBuilder.from(data)?.path.cubic(
          OutlineBuilder.point(x1, y1), OutlineBuilder.point(x2, y2), OutlineBuilder.point(x, y))
      }, nil, nil)
    hb_draw_funcs_set_close_path_func(
      funcs, { _, data, _, _ in OutlineBuilder.from(data)?.path.close() }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
  }()

  static func from(_ data: UnsafeMutableRawPointer?) -> OutlineBuilder? {
    guard let data else { return nil }
    return Unmanaged<OutlineBuilder>.fromOpaque(data).takeUnretainedValue()
  }

  static func point(_ x: Float, _ y: Float) -> Vec2 {
    Vec2(x * TextFont.inverseScale, -y * TextFont.inverseScale)
  }
}
