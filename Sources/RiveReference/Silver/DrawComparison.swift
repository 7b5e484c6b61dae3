import Foundation
import RiveCore

/// How close two draw streams' numbers must be to count as equal.
///
/// A coordinate, matrix entry, opacity, thickness, feather or gradient stop matches when
/// `|a − b| ≤ absolute + relative × max(|a|, |b|)` (1e-3 + 1e-3 relative by default, as the
/// package's other conformance tests); NaN matches NaN. Colours, fill rules, styles, joins,
/// caps, blend modes, verbs, image ids and mesh indices must be equal.
public struct DrawTolerance: Sendable, Hashable {
  public var absolute: Float
  public var relative: Float

  public init(absolute: Float = 1e-3, relative: Float = 1e-3) {
    self.absolute = absolute
    self.relative = relative
  }

  /// 1e-3 absolute plus 1e-3 relative.
  public static let standard = DrawTolerance()

  /// Whether `a` and `b` match.
  public func matches(_ a: Float, _ b: Float) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    if a == b { return true }
    return abs(a - b) <= absolute + relative * max(abs(a), abs(b))
  }
}

/// The first place two draw streams differ: the frame, the operation in it, and what differs.
public struct DrawDifference: Sendable, Equatable, CustomStringConvertible {
  /// The frame (0 for the first); nil when the streams differ in their number of frames.
  public var frame: Int?
  /// The operation in the frame (0 for the first); nil when the frames differ in length only.
  public var operation: Int?
  /// What differs (`operation`, `paint colour`, `path command 12`, …).
  public var subject: String
  /// The expected side (the reference) and the side found, as they read in a message.
  public var expected: String
  public var found: String

  public init(frame: Int?, operation: Int?, subject: String, expected: String, found: String) {
    self.frame = frame
    self.operation = operation
    self.subject = subject
    self.expected = expected
    self.found = found
  }

  /// `frame 3, op 17: path command 12: expected L 10.5 20, found L 10.5 21.2`.
  public var description: String {
    var place: [String] = []
    if let frame { place.append("frame \(frame)") }
    if let operation { place.append("op \(operation)") }
    let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
    return prefix + "\(subject): expected \(expected), found \(found)"
  }
}

/// Compares draw streams operation by operation: the same calls in the same order, paths the
/// same contours (the same verbs, points within the tolerance) with the same fill rule, paints
/// and gradients equal, images by decode order, image meshes equal.
///
/// A paint's colour counts only while it has no shader (a shader replaces it), and its
/// thickness, join and cap only when it strokes, as a renderer reads them; a colour nobody set
/// is opaque black.
public enum DrawComparison {
  /// The first difference between two sequences of frames.
  ///
  /// - Parameters:
  ///   - expected: The reference frames.
  ///   - found: The frames to check.
  ///   - tolerance: How close numbers must be.
  /// - Returns: The first difference, or nil when the frames match.
  public static func firstDifference(
    expected: [DisplayList], found: [DisplayList], tolerance: DrawTolerance = .standard
  ) -> DrawDifference? {
    for (index, (reference, candidate)) in zip(expected, found).enumerated() {
      if var difference = firstDifference(
        expected: reference, found: candidate, tolerance: tolerance)
      {
        difference.frame = index
        return difference
      }
    }
    if expected.count != found.count {
      return DrawDifference(
        frame: nil, operation: nil, subject: "frame count", expected: "\(expected.count) frames",
        found: "\(found.count) frames")
    }
    return nil
  }

  /// The first difference between two frames (with ``DrawDifference/frame`` nil), or nil.
  public static func firstDifference(
    expected: DisplayList, found: DisplayList, tolerance: DrawTolerance = .standard
  ) -> DrawDifference? {
    let reference = expected.operations
    let candidate = found.operations
    for index in 0..<min(reference.count, candidate.count) {
      if let (subject, wanted, got) = difference(
        reference[index], candidate[index], tolerance: tolerance)
      {
        return DrawDifference(
          frame: nil, operation: index, subject: subject, expected: wanted, found: got)
      }
    }
    guard reference.count != candidate.count else { return nil }
    let index = min(reference.count, candidate.count)
    return DrawDifference(
      frame: nil, operation: index, subject: "operation count",
      expected: "\(reference.count) operations"
        + (index < reference.count ? " (next: \(summary(reference[index])))" : ""),
      found: "\(candidate.count) operations"
        + (index < candidate.count ? " (next: \(summary(candidate[index])))" : ""))
  }

  /// A one-line summary of an operation, for messages.
  public static func summary(_ operation: DrawOperation) -> String {
    switch operation {
    case .save: return "save"
    case .restore: return "restore"
    case .transform(let m): return "transform " + m.values.map { format($0) }.joined(separator: " ")
    case .clipPath(let path): return "clipPath (\(describe(path)))"
    case .drawPath(let path, let paint):
      return "drawPath (\(describe(path))) with \(describe(paint))"
    case .drawImage(let image, let blend, let opacity):
      return "drawImage \(image) \(blend.name) opacity \(format(opacity))"
    case .drawImageMesh(let image, let mesh, let blend, let opacity):
      return
        "drawImageMesh \(image) (\(mesh.vertices.count / 2) vertices, \(mesh.indices.count) "
        + "indices) \(blend.name) opacity \(format(opacity))"
    case .modulateOpacity(let opacity): return "modulateOpacity \(format(opacity))"
    }
  }

  // MARK: - Operations

  private typealias Mismatch = (subject: String, expected: String, found: String)

  private static func name(_ operation: DrawOperation) -> String {
    switch operation {
    case .save: "save"
    case .restore: "restore"
    case .transform: "transform"
    case .clipPath: "clipPath"
    case .drawPath: "drawPath"
    case .drawImage: "drawImage"
    case .drawImageMesh: "drawImageMesh"
    case .modulateOpacity: "modulateOpacity"
    }
  }

  private static func difference(
    _ a: DrawOperation, _ b: DrawOperation, tolerance: DrawTolerance
  ) -> Mismatch? {
    switch (a, b) {
    case (.save, .save), (.restore, .restore):
      return nil
    case (.transform(let m), .transform(let n)):
      let names = ["xx", "xy", "yx", "yy", "tx", "ty"]
      for (index, (x, y)) in zip(m.values, n.values).enumerated() where !tolerance.matches(x, y) {
        return (
          "transform \(names[index])", summary(a), summary(b)
        )
      }
      return nil
    case (.clipPath(let p), .clipPath(let q)):
      return difference(p, q, tolerance: tolerance).map { ("clip " + $0.0, $0.1, $0.2) }
    case (.drawPath(let p, let paint), .drawPath(let q, let other)):
      if let mismatch = difference(paint, other, tolerance: tolerance) { return mismatch }
      return difference(p, q, tolerance: tolerance)
    case (.drawImage(let i, let blend, let opacity), .drawImage(let j, let other, let alpha)):
      if i != j { return ("image", "image \(i)", "image \(j)") }
      if blend != other { return ("image blend mode", blend.name, other.name) }
      if !tolerance.matches(opacity, alpha) {
        return ("image opacity", format(opacity), format(alpha))
      }
      return nil
    case (
      .drawImageMesh(let i, let mesh, let blend, let opacity),
      .drawImageMesh(let j, let other, let otherBlend, let alpha)
    ):
      if i != j { return ("mesh image", "image \(i)", "image \(j)") }
      if blend != otherBlend { return ("mesh blend mode", blend.name, otherBlend.name) }
      if !tolerance.matches(opacity, alpha) {
        return ("mesh opacity", format(opacity), format(alpha))
      }
      if let mismatch = difference(
        mesh.vertices, other.vertices, name: "mesh vertex value", tolerance: tolerance)
      {
        return mismatch
      }
      if let mismatch = difference(mesh.uvs, other.uvs, name: "mesh uv value", tolerance: tolerance)
      {
        return mismatch
      }
      if mesh.indices != other.indices {
        let index =
          zip(mesh.indices, other.indices).enumerated().first { $0.element.0 != $0.element.1 }?
          .offset ?? min(mesh.indices.count, other.indices.count)
        return (
          "mesh index \(index)",
          "\(mesh.indices.count) indices, [\(index)] = "
            + (index < mesh.indices.count ? "\(mesh.indices[index])" : "none"),
          "\(other.indices.count) indices, [\(index)] = "
            + (index < other.indices.count ? "\(other.indices[index])" : "none")
        )
      }
      return nil
    case (.modulateOpacity(let x), .modulateOpacity(let y)):
      return tolerance.matches(x, y) ? nil : ("opacity", format(x), format(y))
    default:
      return ("operation", summary(a), summary(b))
    }
  }

  private static func difference(
    _ a: [Float], _ b: [Float], name: String, tolerance: DrawTolerance
  ) -> Mismatch? {
    guard a.count == b.count else {
      return ("\(name) count", "\(a.count)", "\(b.count)")
    }
    for index in a.indices where !tolerance.matches(a[index], b[index]) {
      return ("\(name) \(index)", format(a[index]), format(b[index]))
    }
    return nil
  }

  // MARK: - Paints

  private static func difference(
    _ a: RenderPaint, _ b: RenderPaint, tolerance: DrawTolerance
  ) -> Mismatch? {
    if a.style != b.style { return ("paint style", a.style.rawValue, b.style.rawValue) }
    if a.blendMode != b.blendMode {
      return ("paint blend mode", a.blendMode.name, b.blendMode.name)
    }
    if !tolerance.matches(a.feather, b.feather) {
      return ("paint feather", format(a.feather), format(b.feather))
    }
    if a.style == .stroke {
      if !tolerance.matches(a.thickness, b.thickness) {
        return ("stroke thickness", format(a.thickness), format(b.thickness))
      }
      if a.join != b.join { return ("stroke join", a.join.rawValue, b.join.rawValue) }
      if a.cap != b.cap { return ("stroke cap", a.cap.rawValue, b.cap.rawValue) }
    }
    switch (a.shader, b.shader) {
    case (nil, nil):
      let x = a.color ?? 0xFF00_0000
      let y = b.color ?? 0xFF00_0000
      return x == y ? nil : ("paint colour", hex(x), hex(y))
    case (let s?, let t?):
      return difference(s, t, tolerance: tolerance)
    case (let s?, nil):
      return ("paint shader", describe(s), "none (colour \(hex(b.color ?? 0xFF00_0000)))")
    case (nil, let t?):
      return ("paint shader", "none (colour \(hex(a.color ?? 0xFF00_0000)))", describe(t))
    }
  }

  private static func difference(_ a: Shader, _ b: Shader, tolerance: DrawTolerance) -> Mismatch? {
    let (first, firstColors, firstStops) = geometry(a)
    let (second, secondColors, secondStops) = geometry(b)
    guard first.count == second.count else {
      return ("gradient type", describe(a), describe(b))
    }
    if firstColors != secondColors || firstStops.count != secondStops.count {
      return ("gradient colours", describe(a), describe(b))
    }
    for (x, y) in zip(firstStops, secondStops) where !tolerance.matches(x, y) {
      return ("gradient stops", describe(a), describe(b))
    }
    for (x, y) in zip(first, second) where !tolerance.matches(x, y) {
      return ("gradient geometry", describe(a), describe(b))
    }
    return nil
  }

  private static func geometry(_ shader: Shader) -> ([Float], [UInt32], [Float]) {
    switch shader {
    case .linear(let sx, let sy, let ex, let ey, let colors, let stops):
      return ([sx, sy, ex, ey], colors, stops)
    case .radial(let cx, let cy, let radius, let colors, let stops):
      return ([cx, cy, radius], colors, stops)
    }
  }

  // MARK: - Paths

  private static func difference(
    _ a: RenderPath, _ b: RenderPath, tolerance: DrawTolerance
  ) -> Mismatch? {
    if a.fillRule != b.fillRule {
      return ("path fill rule", a.fillRule.rawValue, b.fillRule.rawValue)
    }
    let first = a.commands
    let second = b.commands
    for index in 0..<min(first.count, second.count) {
      if !matches(first[index], second[index], tolerance: tolerance) {
        return (
          "path command \(index) of \(first.count)", describe(first[index]),
          describe(second[index]) + (first.count == second.count ? "" : " (of \(second.count))")
        )
      }
    }
    guard first.count != second.count else { return nil }
    let index = min(first.count, second.count)
    return (
      "path command count",
      "\(first.count) commands"
        + (index < first.count ? " (next: \(describe(first[index])))" : ""),
      "\(second.count) commands"
        + (index < second.count ? " (next: \(describe(second[index])))" : "")
    )
  }

  private static func matches(_ a: PathCommand, _ b: PathCommand, tolerance: DrawTolerance)
    -> Bool
  {
    switch (a, b) {
    case (.move(let x, let y), .move(let u, let v)), (.line(let x, let y), .line(let u, let v)):
      return tolerance.matches(x, u) && tolerance.matches(y, v)
    case (
      .cubic(let a1, let a2, let a3, let a4, let a5, let a6),
      .cubic(let b1, let b2, let b3, let b4, let b5, let b6)
    ):
      return tolerance.matches(a1, b1) && tolerance.matches(a2, b2) && tolerance.matches(a3, b3)
        && tolerance.matches(a4, b4) && tolerance.matches(a5, b5) && tolerance.matches(a6, b6)
    case (.close, .close):
      return true
    default:
      return false
    }
  }

  // MARK: - Descriptions

  static func format(_ value: Float) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String(format: "%.6g", Double(value))
  }

  static func hex(_ color: UInt32) -> String { String(format: "0x%08X", color) }

  static func describe(_ command: PathCommand) -> String {
    switch command {
    case .move(let x, let y): return "M \(format(x)) \(format(y))"
    case .line(let x, let y): return "L \(format(x)) \(format(y))"
    case .cubic(let a, let b, let c, let d, let e, let f):
      return "C " + [a, b, c, d, e, f].map { format($0) }.joined(separator: " ")
    case .close: return "Z"
    }
  }

  static func describe(_ path: RenderPath) -> String {
    let commands = path.commands
    let head = commands.prefix(3).map(describe).joined(separator: ", ")
    return "\(path.fillRule.rawValue), \(commands.count) commands"
      + (commands.isEmpty ? "" : ": \(head)\(commands.count > 3 ? ", …" : "")")
  }

  static func describe(_ paint: RenderPaint) -> String {
    var parts = [paint.style.rawValue]
    if let shader = paint.shader {
      parts.append(describe(shader))
    } else {
      parts.append(hex(paint.color ?? 0xFF00_0000))
    }
    if paint.style == .stroke {
      parts.append(
        "thickness \(format(paint.thickness)) \(paint.join.rawValue) \(paint.cap.rawValue)")
    }
    if paint.blendMode != .srcOver { parts.append(paint.blendMode.name) }
    if paint.feather != 0 { parts.append("feather \(format(paint.feather))") }
    return parts.joined(separator: " ")
  }

  static func describe(_ shader: Shader) -> String {
    let (geometry, colors, stops) = geometry(shader)
    let kind =
      switch shader {
      case .linear: "linear"
      case .radial: "radial"
      }
    return "\(kind) gradient [" + geometry.map { format($0) }.joined(separator: " ") + "] "
      + zip(colors, stops).map { "\(hex($0)) @ \(format($1))" }.joined(separator: ", ")
  }
}
