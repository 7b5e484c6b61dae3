import CHarfBuzz
import RiveDisplayList

/// Where the runtime's HarfBuzz (13) starts a TrueType contour whose first point is off the
/// curve, rather than where the system's (6) starts it.
///
/// Both draw the same segments round the contour; they start at different places. The
/// system's HarfBuzz walks the points as stored and starts at the first point on the curve
/// after the leading off-curve one (or between the first two off-curve points); the
/// runtime's, as FreeType and CoreText do, starts from the contour's last point (or between
/// the last and the first), so its first segment is the system's last one. A glyph drawn in
/// the other order has its contours start elsewhere: the same shape, but a trimmed, dashed
/// or measured path (and a draw stream) differs, and a glyph added backwards to a clockwise
/// path begins one segment off. Each such contour's last segment is moved to its front.
///
/// The flags come from the face's `glyf` table (through `loca` and `head`), read in place:
/// per glyph, each contour HarfBuzz draws (two points or more; a composite's components in
/// order) and whether its first point is off the curve. A face without `glyf` (CFF outlines
/// start where they are drawn) or a glyph whose tables do not hold together gives nothing to
/// move.
final class GlyphContourStarts: @unchecked Sendable {
  // @unchecked: the blobs are immutable HarfBuzz blobs, read only.
  private let glyf: OpaquePointer?
  private let loca: OpaquePointer?
  private let longOffsets: Bool

  /// The most composite components followed for one glyph (nesting and repeats together).
  static let componentBudget = 1024

  init(face: OpaquePointer?) {
    let head = hb_face_reference_table(face, 0x6865_6164)  // 'head'
    defer { hb_blob_destroy(head) }
    var headLength: UInt32 = 0
    let headData = hb_blob_get_data(head, &headLength)
    // indexToLocFormat, at byte 50: 0 for 16-bit offsets (halved), 1 for 32-bit.
    if let headData, headLength >= 54 {
      let raw = UnsafeRawBufferPointer(start: headData, count: Int(headLength))
      longOffsets = (Int(raw[50]) << 8 | Int(raw[51])) == 1
    } else {
      longOffsets = false
    }
    glyf = hb_face_reference_table(face, 0x676C_7966)  // 'glyf'
    loca = hb_face_reference_table(face, 0x6C6F_6361)  // 'loca'
  }

  deinit {
    hb_blob_destroy(glyf)
    hb_blob_destroy(loca)
  }

  /// For each contour HarfBuzz draws of `glyph`, in order, whether its first point is off
  /// the curve; empty when the face has no usable `glyf`.
  func offCurveStarts(_ glyph: UInt32) -> [Bool] {
    guard let glyfTable = Self.bytes(glyf), let locaTable = Self.bytes(loca) else { return [] }
    return Self.offCurveStarts(
      Int(glyph), glyf: glyfTable, loca: locaTable, longOffsets: longOffsets)
  }

  /// ``offCurveStarts(_:)`` over a face's `glyf` and `loca` tables (`longOffsets`: `loca`
  /// holds 32-bit offsets rather than halved 16-bit ones).
  static func offCurveStarts(
    _ glyph: Int, glyf: UnsafeRawBufferPointer, loca: UnsafeRawBufferPointer, longOffsets: Bool
  ) -> [Bool] {
    var starts: [Bool] = []
    var budget = componentBudget
    let reader = Reader(glyf: glyf, loca: loca, longOffsets: longOffsets)
    guard reader.collect(glyph, depth: 0, budget: &budget, into: &starts) else { return [] }
    return starts
  }

  private static func bytes(_ blob: OpaquePointer?) -> UnsafeRawBufferPointer? {
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
    return UnsafeRawBufferPointer(start: data, count: Int(length))
  }

  /// Reads glyphs' contour starts out of `glyf` through `loca`.
  private struct Reader {
    let glyf: UnsafeRawBufferPointer
    let loca: UnsafeRawBufferPointer
    let longOffsets: Bool

    /// Appends `glyph`'s contours; false when its data does not hold together.
    func collect(_ glyph: Int, depth: Int, budget: inout Int, into starts: inout [Bool]) -> Bool {
      func u16(_ table: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= table.count else { return nil }
        return Int(table[at]) << 8 | Int(table[at + 1])
      }
      func u32(_ table: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        guard let high = u16(table, at), let low = u16(table, at + 2) else { return nil }
        return high << 16 | low
      }
      func location(_ index: Int) -> Int? {
        longOffsets ? u32(loca, index * 4) : u16(loca, index * 2).map { $0 * 2 }
      }
      guard glyph >= 0, let start = location(glyph), let end = location(glyph + 1) else {
        return false
      }
      // An empty glyph draws nothing.
      guard end > start else { return true }
      guard end <= glyf.count, end - start >= 10, let count = u16(glyf, start) else {
        return false
      }
      let contours = Int(Int16(truncatingIfNeeded: count))
      if contours >= 0 {
        return collectSimple(contours, at: start, end: end, into: &starts)
      }
      // A composite: its components' contours, in order.
      guard depth < 16 else { return false }
      var at = start + 10
      while true {
        budget -= 1
        guard budget >= 0, let flags = u16(glyf, at), let component = u16(glyf, at + 2) else {
          return false
        }
        at += 4 + (flags & 0x0001 != 0 ? 4 : 2)
        if flags & 0x0008 != 0 {
          at += 2
        } else if flags & 0x0040 != 0 {
          at += 4
        } else if flags & 0x0080 != 0 {
          at += 8
        }
        guard at <= end, collect(component, depth: depth + 1, budget: &budget, into: &starts)
        else { return false }
        if flags & 0x0020 == 0 { return true }
      }
    }

    /// A simple glyph's contours: its end points, then its flags (each with a repeat count
    /// when bit 3 is set) read up to the last contour's first point.
    private func collectSimple(
      _ contours: Int, at start: Int, end: Int, into starts: inout [Bool]
    ) -> Bool {
      guard contours > 0 else { return true }
      var ends: [Int] = []
      ends.reserveCapacity(contours)
      var previous = -1
      for contour in 0..<contours {
        let at = start + 10 + contour * 2
        guard at + 2 <= end else { return false }
        let last = Int(glyf[at]) << 8 | Int(glyf[at + 1])
        // HarfBuzz draws nothing of a glyph whose end points go backwards.
        guard last > previous else { return false }
        ends.append(last)
        previous = last
      }
      let instructionsAt = start + 10 + contours * 2
      guard instructionsAt + 2 <= end else { return false }
      let instructionLength = Int(glyf[instructionsAt]) << 8 | Int(glyf[instructionsAt + 1])
      var at = instructionsAt + 2 + instructionLength
      // The flag of each contour's first point, in order.
      let firsts = [0] + ends.dropLast().map { $0 + 1 }
      var firstFlags: [UInt8] = []
      firstFlags.reserveCapacity(contours)
      var point = 0
      var next = 0
      while next < firsts.count {
        guard at < end else { return false }
        let flag = glyf[at]
        at += 1
        var repeats = 0
        if flag & 0x08 != 0 {
          guard at < end else { return false }
          repeats = Int(glyf[at])
          at += 1
        }
        let through = point + repeats
        while next < firsts.count, firsts[next] <= through {
          firstFlags.append(flag)
          next += 1
        }
        point = through + 1
      }
      for contour in 0..<contours {
        // HarfBuzz draws a contour of two points or more.
        let first = firsts[contour]
        guard ends[contour] - first + 1 >= 2 else { continue }
        starts.append(firstFlags[contour] & 0x01 == 0)
      }
      return true
    }
  }
}

extension RawPath {
  /// The path with the contours marked in `offCurveStarts` (one flag per contour, in order)
  /// starting from their last segment, as the runtime's HarfBuzz draws a contour whose first
  /// point is off the curve (``GlyphContourStarts``). Unchanged when the flags do not match
  /// the contours.
  func startingOffCurveContoursAtTheirEnd(_ offCurveStarts: [Bool]) -> RawPath {
    let moves = verbs.reduce(0) { $0 + ($1 == .move ? 1 : 0) }
    guard moves == offCurveStarts.count, offCurveStarts.contains(true) else { return self }
    var result = RawPath()
    var contour = -1
    var verbIndex = 0
    var pointIndex = 0
    while verbIndex < verbs.count {
      // One contour: its move, its segments, and a close if it has one.
      guard verbs[verbIndex] == .move else { return self }
      contour += 1
      let start = points[pointIndex]
      var segments: [(verb: PathVerb, points: ArraySlice<Vec2>)] = []
      var closed = false
      verbIndex += 1
      pointIndex += 1
      while verbIndex < verbs.count, verbs[verbIndex] != .move {
        let verb = verbs[verbIndex]
        if verb == .close {
          closed = true
        } else {
          let count = verb.pointCount
          guard pointIndex + count <= points.count else { return self }
          segments.append((verb, points[pointIndex..<(pointIndex + count)]))
          pointIndex += count
        }
        verbIndex += 1
      }
      var ordered = segments
      var first = start
      if offCurveStarts[contour], segments.count >= 2, let last = segments.last,
        let before = segments[segments.count - 2].points.last
      {
        ordered = [last] + segments.dropLast()
        first = before
      }
      result.move(first)
      for segment in ordered {
        switch segment.verb {
        case .line:
          result.line(segment.points[segment.points.startIndex])
        case .cubic:
          let base = segment.points.startIndex
          result.cubic(segment.points[base], segment.points[base + 1], segment.points[base + 2])
        case .move, .close:
          break
        }
      }
      if closed { result.close() }
    }
    return result
  }
}
