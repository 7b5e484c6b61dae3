import Foundation
import RiveFormat

@testable import RiveCore

/// Compares a produced display list with a reference one: the same operations in the same
/// order, coordinates within 1e-3 absolute or 1e-4 relative, colours, blend modes, fill rules
/// and image ids exact.
enum DrawComparison {
  static func close(_ a: Float, _ b: Float) -> Bool {
    if a.isNaN && b.isNaN { return true }
    if a == b { return true }
    let difference = abs(a - b)
    return difference <= 1e-3 || difference <= 1e-4 * max(abs(a), abs(b))
  }

  static func close(_ a: [Float], _ b: [Float]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { close($0, $1) }
  }

  /// The differences, at most `limit` of them, each naming the operation index.
  static func differences(reference: DisplayList, produced: DisplayList, limit: Int = 5) -> [String]
  {
    var out: [String] = []
    let count = min(reference.operations.count, produced.operations.count)
    for index in 0..<count {
      if let problem = difference(reference.operations[index], produced.operations[index]) {
        out.append("op \(index): \(problem)")
        if out.count >= limit { return out }
      }
    }
    if reference.operations.count != produced.operations.count {
      out.append(
        "operation count: reference \(reference.operations.count), produced \(produced.operations.count)"
      )
    }
    return out
  }

  static func difference(_ a: DrawOperation, _ b: DrawOperation) -> String? {
    switch (a, b) {
    case (.save, .save), (.restore, .restore):
      return nil
    case (.transform(let x), .transform(let y)):
      return close(x.values, y.values) ? nil : "transform \(x.values) vs \(y.values)"
    case (.clipPath(let x), .clipPath(let y)):
      return pathDifference(x, y).map { "clip " + $0 }
    case (.drawPath(let px, let x), .drawPath(let py, let y)):
      if let problem = pathDifference(px, py) { return "path " + problem }
      return paintDifference(x, y).map { "paint " + $0 }
    case (.drawImage(let ix, let bx, let ox), .drawImage(let iy, let by, let oy)):
      if ix != iy || bx != by || !close(ox, oy) {
        return "image \(ix) \(bx) \(ox) vs \(iy) \(by) \(oy)"
      }
      return nil
    case (
      .drawImageMesh(let ix, let mx, let bx, let ox), .drawImageMesh(let iy, let my, let by, let oy)
    ):
      if ix != iy || bx != by || !close(ox, oy) { return "mesh image \(ix) vs \(iy)" }
      if !close(mx.vertices, my.vertices) { return "mesh vertices differ" }
      if !close(mx.uvs, my.uvs) { return "mesh uvs differ" }
      if mx.indices != my.indices { return "mesh indices differ" }
      return nil
    case (.modulateOpacity(let x), .modulateOpacity(let y)):
      return close(x, y) ? nil : "opacity \(x) vs \(y)"
    default:
      return "reference \(name(a)), produced \(name(b))"
    }
  }

  static func name(_ op: DrawOperation) -> String {
    switch op {
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

  static func pathDifference(_ a: RenderPath, _ b: RenderPath) -> String? {
    if a.fillRule != b.fillRule { return "fill \(a.fillRule) vs \(b.fillRule)" }
    if a.commands.count != b.commands.count {
      return "command count \(a.commands.count) vs \(b.commands.count): \(brief(a)) vs \(brief(b))"
    }
    for (index, (x, y)) in zip(a.commands, b.commands).enumerated() {
      switch (x, y) {
      case (.move(let a0, let a1), .move(let b0, let b1)),
        (.line(let a0, let a1), .line(let b0, let b1)):
        if !close(a0, b0) || !close(a1, b1) { return "command \(index): \(x) vs \(y)" }
      case (
        .cubic(let a0, let a1, let a2, let a3, let a4, let a5),
        .cubic(let b0, let b1, let b2, let b3, let b4, let b5)
      ):
        if !close([a0, a1, a2, a3, a4, a5], [b0, b1, b2, b3, b4, b5]) {
          return "command \(index): \(x) vs \(y)"
        }
      case (.close, .close):
        break
      default:
        return "command \(index): \(x) vs \(y)"
      }
    }
    return nil
  }

  static func brief(_ path: RenderPath) -> String {
    path.commands.prefix(4).map { "\($0)" }.joined(separator: " ")
  }

  static func paintDifference(_ a: RenderPaint, _ b: RenderPaint) -> String? {
    if a.style != b.style { return "style \(a.style) vs \(b.style)" }
    if a.color != b.color {
      return
        "color \(a.color.map { String($0, radix: 16) } ?? "nil") vs \(b.color.map { String($0, radix: 16) } ?? "nil")"
    }
    if a.style == .stroke {
      if !close(a.thickness, b.thickness) { return "thickness \(a.thickness) vs \(b.thickness)" }
      if a.join != b.join || a.cap != b.cap { return "join/cap" }
    }
    if a.blendMode != b.blendMode { return "blend \(a.blendMode) vs \(b.blendMode)" }
    if !close(a.feather, b.feather) { return "feather \(a.feather) vs \(b.feather)" }
    switch (a.shader, b.shader) {
    case (nil, nil):
      return nil
    case (
      .linear(let sx, let sy, let ex, let ey, let c, let s),
      .linear(let sx2, let sy2, let ex2, let ey2, let c2, let s2)
    ):
      if !close([sx, sy, ex, ey], [sx2, sy2, ex2, ey2]) { return "linear geometry" }
      if c != c2 { return "gradient colours \(c) vs \(c2)" }
      if !close(s, s2) { return "gradient stops \(s) vs \(s2)" }
      return nil
    case (
      .radial(let cx, let cy, let r, let c, let s),
      .radial(let cx2, let cy2, let r2, let c2, let s2)
    ):
      if !close([cx, cy, r], [cx2, cy2, r2]) {
        return "radial geometry \([cx, cy, r]) vs \([cx2, cy2, r2])"
      }
      if c != c2 { return "gradient colours \(c) vs \(c2)" }
      if !close(s, s2) { return "gradient stops \(s) vs \(s2)" }
      return nil
    default:
      return "shader kind"
    }
  }
}
