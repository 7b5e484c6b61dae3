/// Builds font files for tests out of existing single fonts.
public enum FontFixtures {
  /// Wraps a single TrueType or OpenType font in a collection (`ttcf`) whose faces all
  /// share that font's tables.
  ///
  /// - Parameters:
  ///   - font: A complete `.ttf` or `.otf` file.
  ///   - faceCount: The number of faces the collection lists.
  /// - Returns: The collection, or `nil` if `font`'s table directory does not fit.
  public static func collection(wrapping font: [UInt8], faceCount: Int) -> [UInt8]? {
    guard font.count >= 12 else { return nil }
    let tableCount = Int(font[4]) << 8 | Int(font[5])
    let directoryEnd = 12 + tableCount * 16
    guard font.count >= directoryEnd else { return nil }
    let headerSize = 12 + 4 * faceCount
    func bigEndian(_ value: UInt32) -> [UInt8] {
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    var result = Array("ttcf".utf8) + [0, 1, 0, 0] + bigEndian(UInt32(faceCount))
    for _ in 0..<faceCount {
      result += bigEndian(UInt32(headerSize))
    }
    var body = font
    // Table offsets in a collection count from the start of the whole file.
    for table in 0..<tableCount {
      let at = 12 + table * 16 + 8
      let offset =
        UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16
        | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])
      body.replaceSubrange(at..<(at + 4), with: bigEndian(offset + UInt32(headerSize)))
    }
    return result + body
  }

  /// One axis for ``addingVariationAxes(to:axes:)``.
  public struct Axis: Sendable {
    /// The four-character tag, such as `"wght"`.
    public var tag: String
    /// The smallest, default and largest values.
    public var minimum: Double
    /// The default value.
    public var defaultValue: Double
    /// The largest value.
    public var maximum: Double

    /// Creates an axis.
    ///
    /// - Parameters:
    ///   - tag: The four-character tag.
    ///   - minimum: The smallest value.
    ///   - defaultValue: The default value.
    ///   - maximum: The largest value.
    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
      self.tag = tag
      self.minimum = minimum
      self.defaultValue = defaultValue
      self.maximum = maximum
    }
  }

  /// Turns a static TrueType font into a (trivial) variable font by adding an `fvar` table
  /// with the given axes and an empty `gvar` table (no glyph actually varies).
  ///
  /// - Parameters:
  ///   - font: A complete `.ttf` file with `glyf` outlines.
  ///   - axes: The axes to declare.
  /// - Returns: The new font, or `nil` if `font`'s table directory does not fit.
  public static func addingVariationAxes(to font: [UInt8], axes: [Axis]) -> [UInt8]? {
    func fixed(_ value: Double) -> [UInt8] { bytes32(Int((value * 65_536).rounded())) }
    guard let tables = tables(of: font) else { return nil }
    var fvar = bytes16(1) + bytes16(0) + bytes16(16) + bytes16(2)
    fvar += bytes16(axes.count) + bytes16(20) + bytes16(0) + bytes16(4 + 4 * axes.count)
    for axis in axes {
      fvar += Array(axis.tag.utf8.prefix(4)) + fixed(axis.minimum) + fixed(axis.defaultValue)
      fvar += fixed(axis.maximum) + bytes16(0) + bytes16(256)
    }
    var glyphCount = 0
    if let maxp = tables.first(where: { $0.tag.elementsEqual("maxp".utf8) }), maxp.data.count >= 6 {
      glyphCount = Int(maxp.data[4]) << 8 | Int(maxp.data[5])
    }
    var gvar = bytes16(1) + bytes16(0) + bytes16(axes.count) + bytes16(0) + bytes32(0)
    gvar += bytes16(glyphCount) + bytes16(0) + bytes32(20 + 2 * (glyphCount + 1))
    gvar += [UInt8](repeating: 0, count: 2 * (glyphCount + 1))
    return assemble(font, tables + [(Array("fvar".utf8), fvar), (Array("gvar".utf8), gvar)])
  }

  /// A variable font with an `avar` table of version 2 (OpenType 1.9.1's axis variations):
  /// identity segment maps for every axis, and one variation that moves axis `driven` by
  /// `delta` (a normalised F2Dot14 amount: 16384 is the axis's whole range on one side) as
  /// axis `driver` goes from its default to its maximum. Any `avar` table `font` has is
  /// replaced.
  ///
  /// - Parameters:
  ///   - font: A complete variable `.ttf` file (with `fvar`).
  ///   - driver: The index (in `fvar`) of the axis whose value drives the change.
  ///   - driven: The index of the axis whose normalised value changes.
  ///   - delta: How far `driven` moves when `driver` is at its maximum.
  /// - Returns: The new font, or `nil` if `font`'s table directory does not fit, it has no
  ///   `fvar` or the axis indices are out of its range.
  public static func addingAxisVariations(to font: [UInt8], driver: Int, driven: Int, delta: Int16)
    -> [UInt8]?
  {
    guard let tables = tables(of: font),
      let fvar = tables.first(where: { $0.tag.elementsEqual("fvar".utf8) })?.data,
      fvar.count >= 10
    else { return nil }
    let axisCount = Int(fvar[8]) << 8 | Int(fvar[9])
    guard (0..<axisCount).contains(driver), (0..<axisCount).contains(driven), axisCount < 16
    else { return nil }
    // Version 2.0, reserved, the axis count, then per axis the maps -1→-1, 0→0, 1→1.
    var avar = bytes16(2) + bytes16(0) + bytes16(0) + bytes16(axisCount)
    for _ in 0..<axisCount {
      avar += bytes16(3)
      for coordinate in [-16384, 0, 16384] { avar += bytes16(coordinate) + bytes16(coordinate) }
    }
    // The version-2 tail: offsets (from the table's start) of the axis-index map and the
    // variation store, which follow it.
    let mapOffset = avar.count + 8
    // DeltaSetIndexMap format 0: one-byte entries, 4 inner-index bits; axis i → item (0, i).
    let map = [0, 0x03] + bytes16(axisCount) + (0..<axisCount).map { UInt8($0) }
    let storeOffset = mapOffset + map.count
    avar += bytes32(mapOffset) + bytes32(storeOffset) + map
    // ItemVariationStore: format 1, its region list and one data table after the header.
    let regionListOffset = 2 + 4 + 2 + 4
    var regions = bytes16(axisCount) + bytes16(1)
    for axis in 0..<axisCount {
      // start, peak, end: the region is the driver's positive side.
      regions +=
        axis == driver
        ? bytes16(0) + bytes16(16384) + bytes16(16384) : bytes16(0) + bytes16(0) + bytes16(0)
    }
    let dataOffset = regionListOffset + regions.count
    // ItemVariationData: one item per axis, one region, its deltas 16-bit.
    var data = bytes16(axisCount) + bytes16(1) + bytes16(1) + bytes16(0)
    for axis in 0..<axisCount { data += bytes16(axis == driven ? Int(delta) : 0) }
    avar += bytes16(1) + bytes32(regionListOffset) + bytes16(1) + bytes32(dataOffset)
    avar += regions + data
    let kept = tables.filter { !$0.tag.elementsEqual("avar".utf8) }
    return assemble(font, kept + [(Array("avar".utf8), avar)])
  }

  /// A variable font with an `avar` table of version 1: a segment map for each of the first
  /// `maps.count` axes, its pairs (normalised from and to values, F2Dot14: 16384 is 1) written
  /// in the order given (OpenType asks for ascending `from`s mapping -1, 0 and 1 to
  /// themselves; a test may break that on purpose). Any `avar` table `font` has is replaced.
  ///
  /// - Parameters:
  ///   - font: A complete variable `.ttf` file (with `fvar`).
  ///   - maps: Per axis, in `fvar` order, its pairs.
  /// - Returns: The new font, or `nil` if `font`'s table directory does not fit.
  public static func addingSegmentMaps(to font: [UInt8], maps: [[(from: Int16, to: Int16)]])
    -> [UInt8]?
  {
    guard let tables = tables(of: font) else { return nil }
    // Version 1.0, reserved, the axis count, then per axis its pair count and pairs.
    var avar = bytes16(1) + bytes16(0) + bytes16(0) + bytes16(maps.count)
    for map in maps {
      avar += bytes16(map.count)
      for pair in map {
        avar +=
          bytes16(Int(UInt16(bitPattern: pair.from))) + bytes16(Int(UInt16(bitPattern: pair.to)))
      }
    }
    let kept = tables.filter { !$0.tag.elementsEqual("avar".utf8) }
    return assemble(font, kept + [(Array("avar".utf8), avar)])
  }

  /// A TrueType font whose simple glyph `glyph` has every contour's points turned round by
  /// `offset` (a contour of points p0…pn then starts at p(offset mod (n+1))): the same
  /// outline, stored from another point, so a contour can be made to start off the curve.
  /// The glyph is written again without instructions, each flag and coordinate spelled out
  /// (16-bit deltas); `loca` is written with 32-bit offsets. A variable font's `gvar`, whose
  /// deltas follow the points' order, would no longer match: use a static font.
  ///
  /// - Parameters:
  ///   - font: A complete static `.ttf` file.
  ///   - glyph: The id of a simple glyph (not a composite) with at least one contour.
  ///   - offset: How many points each contour is turned by.
  /// - Returns: The new font, or `nil` if the tables do not hold together or the glyph is not
  ///   a simple glyph with contours.
  public static func rotatingContours(of font: [UInt8], glyph: Int, by offset: Int) -> [UInt8]? {
    guard let tables = tables(of: font),
      let head = tables.first(where: { $0.tag.elementsEqual("head".utf8) })?.data,
      let loca = tables.first(where: { $0.tag.elementsEqual("loca".utf8) })?.data,
      let glyf = tables.first(where: { $0.tag.elementsEqual("glyf".utf8) })?.data,
      head.count >= 54
    else { return nil }
    func read(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
      guard at >= 0, at + count <= bytes.count else { return nil }
      return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }
    let long = read(head, 50, 2) == 1
    let glyphCount = long ? loca.count / 4 - 1 : loca.count / 2 - 1
    guard (0..<glyphCount).contains(glyph) else { return nil }
    var offsets: [Int] = []
    for index in 0...glyphCount {
      guard let value = long ? read(loca, index * 4, 4) : read(loca, index * 2, 2).map({ $0 * 2 })
      else { return nil }
      offsets.append(value)
    }
    let start = offsets[glyph]
    let end = offsets[glyph + 1]
    guard start < end, end <= glyf.count, let rawContours = read(glyf, start, 2) else {
      return nil
    }
    let contours = Int(Int16(truncatingIfNeeded: rawContours))
    guard contours > 0 else { return nil }
    var ends: [Int] = []
    for contour in 0..<contours {
      guard let last = read(glyf, start + 10 + contour * 2, 2) else { return nil }
      ends.append(last)
    }
    let pointCount = (ends.last ?? -1) + 1
    guard let instructionLength = read(glyf, start + 10 + contours * 2, 2) else { return nil }
    var at = start + 12 + contours * 2 + instructionLength
    // Flags (bit 0 on the curve; bit 3 repeat), then x and y, each a byte with a sign flag, a
    // repeat of the last value, or a 16-bit delta.
    var flags: [UInt8] = []
    while flags.count < pointCount {
      guard at < end else { return nil }
      let flag = glyf[at]
      at += 1
      var count = 1
      if flag & 0x08 != 0 {
        guard at < end else { return nil }
        count += Int(glyf[at])
        at += 1
      }
      flags += [UInt8](repeating: flag, count: count)
    }
    flags = Array(flags.prefix(pointCount))
    func coordinates(short: UInt8, same: UInt8) -> [Int]? {
      var values: [Int] = []
      var value = 0
      for flag in flags {
        if flag & short != 0 {
          guard at < end else { return nil }
          value += flag & same != 0 ? Int(glyf[at]) : -Int(glyf[at])
          at += 1
        } else if flag & same == 0 {
          guard let delta = read(glyf, at, 2) else { return nil }
          value += Int(Int16(truncatingIfNeeded: delta))
          at += 2
        }
        values.append(value)
      }
      return values
    }
    guard let xs = coordinates(short: 0x02, same: 0x10),
      let ys = coordinates(short: 0x04, same: 0x20)
    else { return nil }
    // Each contour turned round, then written out plainly.
    var order: [Int] = []
    var first = 0
    for last in ends {
      let count = last - first + 1
      guard count > 0 else { return nil }
      order += (0..<count).map { first + ($0 + offset % count + count) % count }
      first = last + 1
    }
    var written = Array(glyf[start..<(start + 10 + contours * 2)]) + bytes16(0)
    written += order.map { flags[$0] & 0x01 }
    var previous = (x: 0, y: 0)
    var yBytes: [UInt8] = []
    for index in order {
      written += bytes16(xs[index] - previous.x)
      yBytes += bytes16(ys[index] - previous.y)
      previous = (xs[index], ys[index])
    }
    written += yBytes
    written += [UInt8](repeating: 0, count: (4 - written.count % 4) % 4)
    // The glyph replaced, every other glyph kept, `loca` written long.
    var newGlyf: [UInt8] = []
    var newLoca: [UInt8] = []
    for index in 0..<glyphCount {
      newLoca += bytes32(newGlyf.count)
      newGlyf += index == glyph ? written : Array(glyf[offsets[index]..<offsets[index + 1]])
    }
    newLoca += bytes32(newGlyf.count)
    var newHead = head
    newHead[50] = 0
    newHead[51] = 1
    let replaced = tables.map { table -> (tag: [UInt8], data: [UInt8]) in
      switch String(decoding: table.tag, as: UTF8.self) {
      case "glyf": (table.tag, newGlyf)
      case "loca": (table.tag, newLoca)
      case "head": (table.tag, newHead)
      default: table
      }
    }
    return assemble(font, replaced)
  }

  /// A font whose only kerning is a legacy `kern` table (format 0) with the given pairs of
  /// glyph ids and values (font units): `font`'s GPOS, GDEF and kern tables are left out.
  ///
  /// - Parameters:
  ///   - font: A complete `.ttf` file.
  ///   - pairs: The kerning pairs (left glyph, right glyph, value).
  /// - Returns: The new font, or `nil` if `font`'s table directory does not fit.
  public static func withLegacyKerning(
    _ font: [UInt8], pairs: [(left: UInt16, right: UInt16, value: Int16)]
  ) -> [UInt8]? {
    guard let tables = tables(of: font) else { return nil }
    let kept = tables.filter { table in
      !["GPOS", "GDEF", "kern"].contains { table.tag.elementsEqual($0.utf8) }
    }
    let sorted = pairs.sorted { ($0.left, $0.right) < ($1.left, $1.right) }
    var power = 1
    var log = 0
    while power * 2 <= sorted.count {
      power *= 2
      log += 1
    }
    var subtable = bytes16(sorted.count) + bytes16(power * 6) + bytes16(log)
    subtable += bytes16((sorted.count - power) * 6)
    for pair in sorted {
      subtable += bytes16(Int(pair.left)) + bytes16(Int(pair.right))
      subtable += bytes16(Int(UInt16(bitPattern: pair.value)))
    }
    // Version 0, one subtable: version 0, its length, horizontal kerning in format 0.
    let kern = bytes16(0) + bytes16(1) + bytes16(0) + bytes16(6 + subtable.count) + bytes16(1)
    return assemble(font, kept + [(Array("kern".utf8), kern + subtable)])
  }

  private static func bytes32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  private static func bytes16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  /// The tables of an sfnt font file (tag and bytes, in directory order), nil when its
  /// directory does not fit.
  private static func tables(of font: [UInt8]) -> [(tag: [UInt8], data: [UInt8])]? {
    guard font.count >= 12 else { return nil }
    func read32(_ at: Int) -> Int {
      font[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let tableCount = Int(font[4]) << 8 | Int(font[5])
    guard font.count >= 12 + tableCount * 16 else { return nil }
    var tables: [(tag: [UInt8], data: [UInt8])] = []
    for table in 0..<tableCount {
      let record = 12 + table * 16
      let offset = read32(record + 8)
      let length = read32(record + 12)
      guard offset + length <= font.count else { return nil }
      tables.append((Array(font[record..<(record + 4)]), Array(font[offset..<(offset + length)])))
    }
    return tables
  }

  /// An sfnt file of `tables` (sorted by tag, checksummed, padded) with `font`'s version.
  private static func assemble(_ font: [UInt8], _ unsorted: [(tag: [UInt8], data: [UInt8])])
    -> [UInt8]
  {
    let tables = unsorted.sorted { $0.tag.lexicographicallyPrecedes($1.tag) }
    let count = tables.count
    var power = 1
    var log = 0
    while power * 2 <= count {
      power *= 2
      log += 1
    }
    var result = Array(font[0..<4]) + bytes16(count) + bytes16(power * 16) + bytes16(log)
    result += bytes16(count * 16 - power * 16)
    var offset = 12 + count * 16
    var body: [UInt8] = []
    for table in tables {
      let checksum = stride(from: 0, to: table.data.count, by: 4).reduce(UInt32(0)) { sum, at in
        let word = (0..<4).reduce(UInt32(0)) {
          $0 << 8 | UInt32(at + $1 < table.data.count ? table.data[at + $1] : 0)
        }
        return sum &+ word
      }
      result += table.tag + bytes32(Int(checksum)) + bytes32(offset) + bytes32(table.data.count)
      let padded = table.data + [UInt8](repeating: 0, count: (4 - table.data.count % 4) % 4)
      body += padded
      offset += padded.count
    }
    return result + body
  }
}
