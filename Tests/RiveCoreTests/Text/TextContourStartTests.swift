import CHarfBuzz
import Foundation
import RiveDisplayList
import RiveFixtures
import Testing

@testable import RiveCore

/// A TrueType contour whose first stored point is off the curve starts where FreeType,
/// CoreText and the runtime's HarfBuzz start it: from the contour's last point (or between the
/// last and the first). The system's HarfBuzz starts at the first point on the curve after
/// it. Fixture: DejaVu Sans's `O` (two contours, each stored from a point on the curve, then
/// two off-curve points) with its contours' points turned round (`FontFixtures
/// .rotatingContours`), the same outline stored from another point. Found on a corpus file's
/// font (`simpsons.riv`: 81 of its 446 glyphs; now its draw stream equals the runtime's) and
/// checked against the runtime's HarfBuzz on 30 seeded fonts whose contours start off the
/// curve (every outline equal after, most differed before).
@Suite("Contours that start off the curve")
struct TextContourStartTests {
  /// DejaVu Sans and the id of its `O`.
  static func font() throws -> (bytes: [UInt8], glyph: UInt32) {
    let bytes = try TextTestFonts.sans()
    let glyph = TextTestFonts.withHarfBuzzFont(bytes) { font, _ in
      var glyph: hb_codepoint_t = 0
      _ = hb_font_get_nominal_glyph(font, 0x4F, &glyph)
      return glyph
    }
    try #require(glyph != 0, "DejaVu Sans has no O")
    return (bytes, glyph)
  }

  /// The first point of each contour the system's HarfBuzz draws for `glyph`.
  static func systemStarts(_ bytes: [UInt8], _ glyph: UInt32) -> [Float] {
    final class Starts { var values: [Float] = [] }
    let starts = Starts()
    let funcs = hb_draw_funcs_create()
    hb_draw_funcs_set_move_to_func(
      funcs,
      { _, data, _, x, y, _ in
        guard let data else { return }
        Unmanaged<Starts>.fromOpaque(data).takeUnretainedValue().values += [x, y]
      }, nil, nil)
    defer { hb_draw_funcs_destroy(funcs) }
    TextTestFonts.withHarfBuzzFont(bytes) { font, _ in
      withExtendedLifetime(starts) {
        hb_font_get_glyph_shape(font, glyph, funcs, Unmanaged.passUnretained(starts).toOpaque())
      }
    }
    return starts.values
  }

  /// `path` with each contour's first segment drawn last, the contour starting where that
  /// segment ends.
  static func startingOneSegmentLater(_ path: RawPath) -> RawPath {
    var result = RawPath()
    var verbIndex = 0
    var pointIndex = 0
    while verbIndex < path.verbs.count {
      let start = path.points[pointIndex]
      verbIndex += 1
      pointIndex += 1
      var segments: [(PathVerb, [Vec2])] = []
      var closed = false
      while verbIndex < path.verbs.count, path.verbs[verbIndex] != .move {
        let verb = path.verbs[verbIndex]
        if verb == .close {
          closed = true
        } else {
          segments.append(
            (verb, Array(path.points[pointIndex..<(pointIndex + verb.pointCount)])))
          pointIndex += verb.pointCount
        }
        verbIndex += 1
      }
      let first = segments.removeFirst()
      segments.append(first)
      result.move(first.1.last ?? start)
      for (verb, points) in segments {
        if verb == .line {
          result.line(points[0])
        } else {
          result.cubic(points[0], points[1], points[2])
        }
      }
      if closed { result.close() }
    }
    return result
  }

  @Test("contours stored one point on, from an off-curve point, draw as stored before")
  func startFromTheLastPoint() throws {
    let (plain, glyph) = try Self.font()
    let turned = try #require(
      FontFixtures.rotatingContours(of: plain, glyph: Int(glyph), by: 1))
    // Stored from p1 (off the curve), the contour's last point is p0, where the runtime
    // starts it: the outline is the glyph's before.
    let expected = try TextFont(bytes: plain).outline(glyph)
    let outline = try TextFont(bytes: turned).outline(glyph)
    #expect(outline.verbs == expected.verbs)
    #expect(outline.points == expected.points)
    #expect(expected.verbs.filter { $0 == .move }.count == 2)
    // The system's HarfBuzz starts both contours elsewhere (at p2's successor on the curve).
    #expect(Self.systemStarts(turned, glyph) != Self.systemStarts(plain, glyph))
  }

  @Test("contours stored from the second of two off-curve points start between them")
  func startBetweenTwoOffCurvePoints() throws {
    let (plain, glyph) = try Self.font()
    let turned = try #require(
      FontFixtures.rotatingContours(of: plain, glyph: Int(glyph), by: 2))
    // Stored from p2, after p1, both off the curve: the runtime starts between them, which
    // is where the glyph's first segment (p0 through p1) ends.
    let expected = Self.startingOneSegmentLater(try TextFont(bytes: plain).outline(glyph))
    let outline = try TextFont(bytes: turned).outline(glyph)
    #expect(outline.verbs == expected.verbs)
    #expect(outline.points == expected.points)
    #expect(outline.points != (try TextFont(bytes: plain).outline(glyph)).points)
  }

  @Test("glyph tables that do not hold together move nothing")
  func hostileTables() {
    func starts(_ glyf: [UInt8], loca: [UInt8], long: Bool = false, glyph: Int = 0) -> [Bool] {
      glyf.withUnsafeBytes { glyfBytes in
        loca.withUnsafeBytes { locaBytes in
          GlyphContourStarts.offCurveStarts(
            glyph, glyf: glyfBytes, loca: locaBytes, longOffsets: long)
        }
      }
    }
    // A simple glyph: one contour of 3 points, no instructions, flags off, on, on.
    let header: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 10, 0, 10]
    let simple = header + [0, 2, 0, 0, 0, 1, 1] + [UInt8](repeating: 0, count: 6)
    let simpleLoca: [UInt8] = [0, 0, 0, UInt8(simple.count / 2)]
    #expect(starts(simple + [0], loca: simpleLoca) == [true])
    // Cut in its flags, its end points or its header.
    for cut in [17, 13, 11, 5] {
      #expect(starts(Array(simple.prefix(cut)), loca: simpleLoca) == [])
    }
    // End points going backwards; an instruction length past the end.
    var backwards = header.prefix(2) + [0, 0, 0, 0, 0, 10, 0, 10] + [0, 2, 0, 1]
    backwards[1] = 2
    #expect(starts(Array(backwards) + [UInt8](repeating: 0, count: 8), loca: [0, 0, 0, 10]) == [])
    var longInstructions = simple
    longInstructions[12] = 0xFF
    #expect(starts(longInstructions, loca: simpleLoca) == [])
    // A composite made of itself: the component budget ends it.
    let composite: [UInt8] = [0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x20, 0, 0, 0, 0]
    #expect(starts(composite, loca: [0, 0, 0, 8]) == [])
    // A glyph id past `loca`, a negative one, an empty glyph.
    #expect(starts(simple, loca: simpleLoca, glyph: 5) == [])
    #expect(starts(simple, loca: simpleLoca, glyph: -1) == [])
    #expect(starts(simple, loca: [0, 0, 0, 0]) == [])
  }

  @Test("flags that do not match the contours leave an outline as drawn")
  func mismatchedFlags() {
    var path = RawPath()
    path.move(Vec2(0, 0))
    path.line(Vec2(1, 0))
    path.line(Vec2(1, 1))
    path.close()
    let unchanged = path.startingOffCurveContoursAtTheirEnd([true, true])
    #expect(unchanged.points == path.points)
    let turned = path.startingOffCurveContoursAtTheirEnd([true])
    #expect(turned.points == [Vec2(1, 0), Vec2(1, 1), Vec2(1, 0)])
    #expect(turned.verbs == path.verbs)
  }
}
