import CHarfBuzz
import Foundation
import RiveDisplayList
import RiveFixtures
import Testing

@testable import RiveCore

/// A style's axis values reach the glyph variations as the runtime's HarfBuzz (13) normalises
/// them: scaled to 16 fraction bits, mapped through `avar` in floating point, rounded to 2.14
/// last. The system's HarfBuzz (6) rounds to 2.14 first and maps in whole 2.14 steps, which
/// put about one value in eight, and most values on a mapped axis, one step apart: outlines
/// moved by hundredths of a unit at the 2048 scale and some advances by a unit, along a line.
/// Checked against the official runtime built with text on (its draw streams against
/// `render --ops-json`, numbers to their sixth significant digit): seeded texts in Debian's
/// Inter at random axis values went from 207 of 240 equal to 237 (the rest differ in the
/// sixth digit of coordinates near zero), and texts in 30 seeded fonts of up to 13 axes with
/// `avar` maps from 5 of 90 to 90 of 90 (with the glyph direction below).
@Suite("Axis coordinates as the runtime normalises them")
struct TextAxisCoordinatesTests {
  static let weight = TextFixture.tag("wght")

  /// The 2.14 coordinates HarfBuzz holds for a font made at `values`.
  static func coordinates(_ font: TextFont) -> [Int32] {
    var length: UInt32 = 0
    guard let pointer = hb_font_get_var_coords_normalized(font.font, &length) else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
  }

  /// The coordinates the system's HarfBuzz makes of `values` itself (its
  /// `hb_font_set_variations`), to show a fixture tells the two roundings apart.
  static func systemCoordinates(_ bytes: [UInt8], weight: Float) -> [Int32] {
    TextTestFonts.withHarfBuzzFont(bytes) { font, _ in
      var variation = hb_variation_t(tag: Self.weight, value: weight)
      hb_font_set_variations(font, &variation, 1)
      var length: UInt32 = 0
      guard let pointer = hb_font_get_var_coords_normalized(font, &length) else { return [] }
      return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
    }
  }

  /// Inter's first axis is its weight, 100…400…900 (fontconfig gives Debian's roman face,
  /// whose only axis it is; the tests read the first coordinate only).
  static func inter() throws -> [UInt8] {
    let bytes = try TextTestFonts.variable()
    let axes = try TextFont(bytes: bytes).axes
    try #require(axes.first?.tag == weight, "Inter's first axis is not its weight")
    try #require(axes.first?.minimum == 100 && axes.first?.defaultValue == 400)
    try #require(axes.first?.maximum == 900)
    return bytes
  }

  @Test("a value is rounded to 2.14 from 16 fraction bits, not straight to 14")
  func roundsFromSixteenBits() throws {
    let bytes = try Self.inter()
    // (400.0137 - 400) / 500 = 0.0000274: 1.796 in 16.16, so 2, and (2 + 2) >> 2 = 1 in
    // 2.14; rounded straight to 2.14 it is 0.449, so 0.
    let font = try TextFont(bytes: bytes).withOptions(axes: [(Self.weight, 400.0137)], features: [])
    #expect(Self.coordinates(font).first == 1)
    #expect(Self.systemCoordinates(bytes, weight: 400.0137).first == 0, "the case tells nothing")
    // Exact values are the same either way: 650 is halfway, 8192; the ends are ±16384.
    for (value, expected) in [(Float(650), Int32(8192)), (900, 16384), (100, -16384), (400, 0)] {
      let exact = try TextFont(bytes: bytes).withOptions(axes: [(Self.weight, value)], features: [])
      #expect(Self.coordinates(exact).first == expected, "\(value)")
    }
  }

  @Test("an avar segment map is applied in floating point between the two roundings")
  func segmentMapInFloatingPoint() throws {
    // Weight: -1 → -1, 0 → 0, 4915 → 1638 (0.3 → 0.1 in F2Dot14), 1 → 1.
    let mapped = try #require(
      FontFixtures.addingSegmentMaps(
        to: try Self.inter(), maps: [[(-16384, -16384), (0, 0), (4915, 1638), (16384, 16384)]]))
    // 577.6 normalises to 0.3552: 23278 in 16.16 (23278.39 rounded), 0.3551941 mapped
    // between 4915/16384 → 1638/16384 and 1 → 1 is 0.1709552, 11203.6 in 16.16, so 11204,
    // and 2801 in 2.14. The system's HarfBuzz maps 5820 in whole 2.14 steps to 2802.
    let font = try TextFont(bytes: mapped).withOptions(axes: [(Self.weight, 577.6)], features: [])
    #expect(Self.coordinates(font).first == 2801)
    #expect(Self.systemCoordinates(mapped, weight: 577.6).first == 2802, "the case tells nothing")
    // A value on a pair maps to its `to` exactly: 0.3 in F2Dot14 (weight 549.99) is 4915.
    let onPair = try TextFont(bytes: mapped).withOptions(
      axes: [(Self.weight, 400 + 500 * 4915 / 16384)], features: [])
    #expect(Self.coordinates(onPair).first == 1638)
  }

  @Test("values outside an axis, and values that are not numbers, clamp as the runtime's do")
  func clamping() throws {
    let bytes = try Self.inter()
    let base = try TextFont(bytes: bytes)
    for (value, expected) in [
      (Float(5000), Int32(16384)), (-5000, -16384), (.infinity, 16384), (-.infinity, -16384),
      // Not a number fails both of the runtime's comparisons and lands on the minimum.
      (.nan, -16384),
    ] {
      let font = base.withOptions(axes: [(Self.weight, value)], features: [])
      #expect(Self.coordinates(font).first == expected, "\(value)")
    }
    // An axis the face does not have changes nothing.
    let other = base.withOptions(axes: [(TextFixture.tag("wdth"), 75)], features: [])
    #expect(Self.coordinates(other).allSatisfy { $0 == 0 })
  }

  @Test("segment maps read as the runtime's HarfBuzz reads maps OpenType leaves undefined")
  func mapEdgeCases() {
    let map = AxisCoordinates.map
    // No pairs: unchanged; one pair: shifted by it.
    #expect(map(0.25, []) == 0.25)
    #expect(map(0.25, [(0.5, 0.75)]) == 0.5)
    // On a pair: its `to`; between two: interpolated; past the ends: shifted by the nearest.
    let plain: [(from: Float, to: Float)] = [(-1, -1), (0, 0), (0.5, 0.25), (1, 1)]
    #expect(map(0.5, plain) == 0.25)
    #expect(map(0.25, plain) == 0.125)
    #expect(map(0.75, plain) == 0.625)
    let short: [(from: Float, to: Float)] = [(-0.5, -0.25), (0.5, 0.25)]
    #expect(map(-0.75, short) == -0.5)
    #expect(map(0.75, short) == 0.5)
    // Several pairs from one value: three give the middle one; more give the one nearer 0,
    // and at 0 the smaller `to`.
    #expect(map(0.5, [(-1, -1), (0.5, 0.1), (0.5, 0.2), (0.5, 0.3), (1, 1)]) == 0.2)
    #expect(map(0.5, [(-1, -1), (0.5, 0.1), (0.5, 0.3), (1, 1)]) == 0.1)
    #expect(map(-0.5, [(-1, -1), (-0.5, -0.1), (-0.5, -0.3), (1, 1)]) == -0.3)
    #expect(map(0, [(-1, -1), (0, 0.2), (0, -0.1), (1, 1)]) == -0.1)
    // A leading -1 → -1 before another pair at -1 is passed over: -1 then maps to the second.
    #expect(map(-1, [(-1, -1), (-1, -0.5), (0, 0), (1, 1)]) == -0.5)
    #expect(map(1, [(-1, -1), (0, 0), (1, 0.5), (1, 1)]) == 0.5)
  }

  @Test("an avar table that is not version 1, or runs past its end, maps nothing")
  func hostileTables() {
    func maps(_ bytes: [UInt8]) -> Int {
      bytes.withUnsafeBytes { AxisCoordinates.segmentMaps($0).count }
    }
    let pair: [UInt8] = [0xC0, 0, 0xC0, 0, 0, 0, 0, 0, 0x40, 0, 0x40, 0]
    let good: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 1, 0, 3] + pair
    #expect(maps(good) == 1)
    // Version 2 (rejected whole by the runtime's build) and version 0.
    #expect(maps([0, 2] + good.dropFirst(2)) == 0)
    #expect(maps([0, 0] + good.dropFirst(2)) == 0)
    // Cut short: in the header, in a map's count, in its pairs; more axes than maps.
    #expect(maps(Array(good.prefix(7))) == 0)
    #expect(maps(Array(good.prefix(9))) == 0)
    #expect(maps(Array(good.dropLast())) == 0)
    #expect(maps([0, 1, 0, 0, 0, 0, 0, 2, 0, 3] + pair) == 0)
    // A huge declared count over a short table.
    #expect(maps([0, 1, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]) == 0)
  }
}

/// Which way round a glyph is added to its style's clockwise path: the runtime measures the
/// placed glyph's area with each cubic cut into as many chords as Wang's formula asks at a
/// tolerance of 8 units, so a small glyph's curves count as their chords and a large one's
/// nearly as themselves. Measured with eight chords a cubic at any size, glyphs whose
/// contours nearly cancel were added the other way round (found with seeded fonts of random
/// contours against the official runtime: 85 of 90 texts differed, 0 after).
@Suite("Glyph direction by coarse area")
struct TextGlyphDirectionTests {
  /// A clockwise bulge (y down) whose chord encloses nothing: (0,0) → (0,100) through the
  /// cubic with controls (60,0) and (60,100), area 3600 exactly (∫x dy = 108000 ∫t²(1-t)²),
  /// and beside it a counter-clockwise square of area 1600.
  static func bulgeAndSquare() -> RawPath {
    var path = RawPath()
    path.move(Vec2(0, 0))
    path.cubic(Vec2(60, 0), Vec2(60, 100), Vec2(0, 100))
    path.close()
    path.move(Vec2(100, 0))
    path.line(Vec2(100, 40))
    path.line(Vec2(140, 40))
    path.line(Vec2(140, 0))
    path.close()
    return path
  }

  static func scale(_ factor: Float) -> Transform2D {
    Transform2D(xx: factor, xy: 0, yx: 0, yy: factor, tx: 0, ty: 0)
  }

  @Test("a small glyph's curves count as their chords, a large one's nearly as themselves")
  func chordsFollowTheSize() {
    let path = Self.bulgeAndSquare()
    // At a twentieth the cubic's Wang's count is under 1 (13600 · 0.05² · 9/16 / 64 < 1):
    // the bulge counts as its chord, nothing, and the square's -1600 · 0.05² remains.
    let small = path.coarseArea(mappedBy: Self.scale(0.05))
    #expect(abs(small - -1600 * 0.05 * 0.05) < 1e-3)
    // At ten times, 11 chords take in all but 1.4 % of the bulge: 355,058 - 160,000.
    let large = path.coarseArea(mappedBy: Self.scale(10))
    #expect(abs(large - (355_057.7 - 160_000)) < 1)
    // Mirrored, the sign turns (the area is measured after the placement).
    let mirrored = Transform2D(xx: -10, xy: 0, yx: 0, yy: 10, tx: 0, ty: 0)
    #expect(path.coarseArea(mappedBy: mirrored) < 0)
  }

  @Test("curves with points that are not numbers, or huge, end and give a number or NaN")
  func hostileCurves() {
    var path = RawPath()
    path.move(Vec2(0, 0))
    path.cubic(Vec2(.nan, 0), Vec2(1e30, 1e30), Vec2(.infinity, 5))
    path.close()
    // No hang and no trap: the chord count is at most 64 whatever the points.
    _ = path.coarseArea(mappedBy: Self.scale(1))
    var huge = RawPath()
    huge.move(Vec2(0, 0))
    huge.cubic(Vec2(1e18, 0), Vec2(1e18, 1e18), Vec2(0, 1e18))
    huge.close()
    #expect(huge.coarseArea(mappedBy: Self.scale(1)) > 0)
  }
}
