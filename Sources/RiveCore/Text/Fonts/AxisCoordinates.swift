import CHarfBuzz

/// Axis values turned into the normalised coordinates a face's glyph and metric variations
/// are read at, as the runtime's HarfBuzz (13) turns them, rather than as the system's (6).
///
/// Both follow OpenType: a value is clamped to its axis's range, scaled to -1…1 on either
/// side of the default, mapped through the axis's `avar` segment map, and kept with 14
/// fraction bits. They differ in the precision in between: the system's HarfBuzz rounds to
/// 14 bits first and maps in whole 2.14 steps, the runtime's scales to 16 fraction bits,
/// maps in floating point and rounds to 14 bits last. So about one value in eight (and most
/// values on a mapped axis) lands one 2.14 step apart, which moves every varying point of
/// every glyph by a fraction of a unit and turns some advances a unit apart at the 2048
/// scale; along a line of text the advances add up.
///
/// The runtime's HarfBuzz is built without `avar` version 2 and rejects such a table whole
/// (``TextFont/hideAxisVariationsVersion2(in:)``); a table that is not version 1, or whose
/// maps run past its end, maps nothing here either, as that HarfBuzz's check rejects it.
struct AxisCoordinates: Sendable {
  /// The face's axes in `fvar` order (read once per face; ``TextFont/axes`` too).
  let axes: [TextFont.Axis]
  /// Each axis's `avar` segment map (from, to), for the first axes the table covers; empty
  /// when the face has no usable table.
  let maps: [[(from: Float, to: Float)]]

  /// The axes and segment maps of `face` (a HarfBuzz face).
  init(face: OpaquePointer) {
    let count = hb_ot_var_get_axis_count(face)
    var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
    var written = count
    if count > 0 { hb_ot_var_get_axis_infos(face, 0, &written, &infos) }
    axes = infos.prefix(Int(written)).map {
      TextFont.Axis(
        tag: $0.tag, minimum: $0.min_value, defaultValue: $0.default_value, maximum: $0.max_value)
    }
    let blob = hb_face_reference_table(face, 0x6176_6172)  // 'avar'
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else {
      maps = []
      return
    }
    maps = Self.segmentMaps(UnsafeRawBufferPointer(start: data, count: Int(length)))
  }

  /// The segment maps of an `avar` table's bytes: none unless its major version is 1 and
  /// every map it declares lies within it.
  static func segmentMaps(_ table: UnsafeRawBufferPointer) -> [[(from: Float, to: Float)]] {
    func u16(_ at: Int) -> Int { Int(table[at]) << 8 | Int(table[at + 1]) }
    func f2dot14(_ at: Int) -> Float { Float(Int16(bitPattern: UInt16(u16(at)))) / 16384 }
    // Version (major, minor), reserved, the axis count.
    guard table.count >= 8, u16(0) == 1 else { return [] }
    let axisCount = u16(6)
    var maps: [[(from: Float, to: Float)]] = []
    maps.reserveCapacity(axisCount)
    var offset = 8
    for _ in 0..<axisCount {
      guard offset + 2 <= table.count else { return [] }
      let pairs = u16(offset)
      guard offset + 2 + pairs * 4 <= table.count else { return [] }
      maps.append((0..<pairs).map { (f2dot14(offset + 2 + $0 * 4), f2dot14(offset + 4 + $0 * 4)) })
      offset += 2 + pairs * 4
    }
    return maps
  }

  /// The normalised coordinates (2.14, `fvar` order) of `values`, by axis tag: an axis not
  /// named is at its default, and every axis with a named tag takes its value.
  func coordinates(_ values: [UInt32: Float]) -> [Int32] {
    var coordinates: [Int32] = axes.map { axis in
      Self.fixed16(Self.normalize(values[axis.tag] ?? axis.defaultValue, axis))
    }
    for index in coordinates.indices where index < maps.count {
      let mapped = Self.map(Float(coordinates[index]) / 65536, through: maps[index])
      coordinates[index] = Self.fixed16(mapped)
    }
    // 16.16 to 2.14, rounding halves up.
    return coordinates.map { ($0 &+ 2) >> 2 }
  }

  /// A value in 16.16, rounded half away from zero and kept within the 32-bit range.
  private static func fixed16(_ value: Float) -> Int32 {
    let scaled = (value * 65536).rounded()
    guard scaled.isFinite else { return scaled.isNaN ? 0 : (scaled < 0 ? .min : .max) }
    return Int32(max(-2_147_483_648, min(2_147_483_520, scaled)))
  }

  /// `value` clamped to the axis and scaled to -1…1 on either side of its default (a value
  /// that is not a number clamps to the minimum, as the runtime's comparisons clamp it).
  static func normalize(_ value: Float, _ axis: TextFont.Axis) -> Float {
    let clamped = value.isNaN ? axis.minimum : min(max(value, axis.minimum), axis.maximum)
    if clamped == axis.defaultValue { return 0 }
    if clamped < axis.defaultValue {
      return (clamped - axis.defaultValue) / (axis.defaultValue - axis.minimum)
    }
    return (clamped - axis.defaultValue) / (axis.maximum - axis.defaultValue)
  }

  /// `value` mapped through a segment map, with the runtime's HarfBuzz's readings of maps
  /// OpenType leaves undefined: no pairs maps nothing, one pair shifts; the pairs -1→-1 and
  /// +1→+1 are skipped where a second pair at -1 or +1 follows or precedes them; a value equal
  /// to several pairs' `from` takes the middle one of three, else the one nearer 0 (at 0 the
  /// smaller `to`); a value outside every pair is shifted by the nearest one; between two
  /// pairs it is interpolated.
  static func map(_ value: Float, through pairs: [(from: Float, to: Float)]) -> Float {
    guard pairs.count >= 2 else {
      guard let only = pairs.first else { return value }
      return value - only.from + only.to
    }
    var start = 0
    var end = pairs.count
    if pairs[0].from == -1, pairs[0].to == -1, pairs[1].from == -1 { start += 1 }
    if pairs[end - 1].from == 1, pairs[end - 1].to == 1, pairs[end - 2].from == 1 { end -= 1 }
    if let first = (start..<end).first(where: { pairs[$0].from == value }) {
      var last = first
      while last + 1 < end, pairs[last + 1].from == value { last += 1 }
      if first == last { return pairs[first].to }
      if first + 2 == last { return pairs[first + 1].to }
      if value < 0 { return pairs[last].to }
      if value > 0 { return pairs[first].to }
      return abs(pairs[first].to) < abs(pairs[last].to) ? pairs[first].to : pairs[last].to
    }
    let after = (start..<end).first { value < pairs[$0].from } ?? end
    if after == 0 { return value - pairs[0].from + pairs[0].to }
    if after == end { return value - pairs[end - 1].from + pairs[end - 1].to }
    let before = pairs[after - 1]
    let next = pairs[after]
    return before.to + ((next.to - before.to) * (value - before.from)) / (next.from - before.from)
  }
}
