import Foundation
import RiveFormat

extension DisplayList {
  /// The operations in the reference draw-stream schema (`op`, `m`, `path`, `paint`, …).
  public var jsonValue: JSONValue { .array(operations.map(\.jsonValue)) }

  /// Reads operations written in the reference draw-stream schema (a JSON array of ops, as
  /// produced by `jsonValue` or by the official runtime's recorder).
  ///
  /// - Throws: ``DisplayListJSONError`` naming the operation index and field that is wrong.
  public init(jsonArray: [Any]) throws(DisplayListJSONError) {
    var operations: [DrawOperation] = []
    operations.reserveCapacity(jsonArray.count)
    for (index, item) in jsonArray.enumerated() {
      guard let object = item as? [String: Any], let op = object["op"] as? String else {
        throw DisplayListJSONError(index: index, field: "op", problem: "missing")
      }
      operations.append(try DrawOperation(op: op, object: object, index: index))
    }
    self.init(operations: operations)
  }
}

/// A draw-stream JSON value that could not be read, with where.
public struct DisplayListJSONError: CodedError, Sendable {
  /// The category: a draw operation whose field cannot be read. It wraps a private
  /// enumeration, so a code added later does not break callers that compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable { case invalidField }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// A field is missing, of the wrong type or out of range.
    public static var invalidField: Self { Self(.invalidField) }

    public var description: String { value.rawValue }
  }

  public var index: Int
  public var field: String
  public var problem: String

  /// ``Code/invalidField``.
  public var code: Code { .invalidField }
  /// The field and its problem.
  public var message: String { "field '\(field)' \(problem)" }
  /// `draw op N`.
  public var place: String? { "draw op \(index)" }

  public var description: String { "draw op \(index): field '\(field)' \(problem)" }
}

extension DrawOperation {
  public var jsonValue: JSONValue {
    switch self {
    case .save: return .object([("op", .string("save"))])
    case .restore: return .object([("op", .string("restore"))])
    case .transform(let matrix):
      return .object([("op", .string("transform")), ("m", .array(matrix.values.map(number)))])
    case .clipPath(let path):
      return .object([("op", .string("clipPath")), ("path", path.jsonValue)])
    case .drawPath(let path, let paint):
      return .object([
        ("op", .string("drawPath")), ("path", path.jsonValue), ("paint", paint.jsonValue),
      ])
    case .drawImage(let image, let blend, let opacity):
      return .object([
        ("op", .string("drawImage")), ("image", .integer(Int64(image))),
        ("blend", .string(blend.name)), ("opacity", number(opacity)),
      ])
    case .drawImageMesh(let image, let mesh, let blend, let opacity):
      return .object([
        ("op", .string("drawImageMesh")), ("image", .integer(Int64(image))),
        ("vertex_count", .integer(Int64(mesh.vertices.count / 2))),
        ("index_count", .integer(Int64(mesh.indices.count))),
        ("vertices", .array(mesh.vertices.map(number))),
        ("vertices_count", .integer(Int64(mesh.vertices.count / 2))),
        ("uvs", .array(mesh.uvs.map(number))), ("uvs_count", .integer(Int64(mesh.uvs.count / 2))),
        ("indices", .array(mesh.indices.map { .integer(Int64($0)) })),
        ("blend", .string(blend.name)), ("opacity", number(opacity)),
      ])
    case .modulateOpacity(let opacity):
      return .object([("op", .string("modulateOpacity")), ("opacity", number(opacity))])
    }
  }

  init(op: String, object: [String: Any], index: Int) throws(DisplayListJSONError) {
    func fail(_ field: String, _ problem: String = "missing or of the wrong type")
      -> DisplayListJSONError
    {
      DisplayListJSONError(index: index, field: field, problem: problem)
    }
    switch op {
    case "save": self = .save
    case "restore": self = .restore
    case "transform":
      guard let values = floats(object["m"]), values.count == 6 else { throw fail("m") }
      self = .transform(
        Transform2D(
          xx: values[0], xy: values[1], yx: values[2], yy: values[3], tx: values[4], ty: values[5]))
    case "clipPath":
      self = .clipPath(try RenderPath(json: object["path"], index: index))
    case "drawPath":
      self = .drawPath(
        try RenderPath(json: object["path"], index: index),
        try RenderPaint(json: object["paint"], index: index))
    case "drawImage":
      guard let image = object["image"] as? NSNumber else { throw fail("image") }
      self = .drawImage(
        image: image.intValue, blendMode: try blend(object["blend"], index: index),
        opacity: (object["opacity"] as? NSNumber)?.floatValue ?? 1)
    case "drawImageMesh":
      guard let image = object["image"] as? NSNumber else { throw fail("image") }
      guard let vertices = floats(object["vertices"]) else { throw fail("vertices") }
      guard let uvs = floats(object["uvs"]) else { throw fail("uvs") }
      guard
        let indices = (object["indices"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.uint16Value })
      else { throw fail("indices") }
      self = .drawImageMesh(
        image: image.intValue, mesh: ImageMesh(vertices: vertices, uvs: uvs, indices: indices),
        blendMode: try blend(object["blend"], index: index),
        opacity: (object["opacity"] as? NSNumber)?.floatValue ?? 1)
    case "modulateOpacity":
      self = .modulateOpacity((object["opacity"] as? NSNumber)?.floatValue ?? 1)
    default:
      throw fail("op", "has the unknown value '\(op)'")
    }
  }
}

extension RenderPath {
  public var jsonValue: JSONValue {
    var commands: [JSONValue] = []
    for command in self.commands {
      switch command {
      case .move(let x, let y): commands += [.string("M"), number(x), number(y)]
      case .line(let x, let y): commands += [.string("L"), number(x), number(y)]
      case .cubic(let a, let b, let c, let d, let e, let f):
        commands += [
          .string("C"), number(a), number(b), number(c), number(d), number(e), number(f),
        ]
      case .close: commands.append(.string("Z"))
      }
    }
    return .object([("fill", .string(fillRule.rawValue)), ("cmds", .array(commands))])
  }

  init(json: Any?, index: Int) throws(DisplayListJSONError) {
    guard let object = json as? [String: Any], let fill = object["fill"] as? String,
      let rule = FillRule(rawValue: fill), let items = object["cmds"] as? [Any]
    else { throw DisplayListJSONError(index: index, field: "path", problem: "is malformed") }
    var commands: [PathCommand] = []
    var position = 0
    func value(_ offset: Int) throws(DisplayListJSONError) -> Float {
      guard position + offset < items.count, let number = items[position + offset] as? NSNumber
      else {
        throw DisplayListJSONError(
          index: index, field: "path.cmds[\(position + offset)]", problem: "is not a number")
      }
      return number.floatValue
    }
    while position < items.count {
      guard let verb = items[position] as? String else {
        throw DisplayListJSONError(
          index: index, field: "path.cmds[\(position)]", problem: "is not a verb")
      }
      switch verb {
      case "M":
        commands.append(.move(try value(1), try value(2)))
        position += 3
      case "L":
        commands.append(.line(try value(1), try value(2)))
        position += 3
      case "C":
        commands.append(
          .cubic(try value(1), try value(2), try value(3), try value(4), try value(5), try value(6))
        )
        position += 7
      case "Z":
        commands.append(.close)
        position += 1
      default:
        throw DisplayListJSONError(
          index: index, field: "path.cmds[\(position)]", problem: "has the unknown verb '\(verb)'")
      }
    }
    self.init(fillRule: rule, commands: commands)
  }
}

extension RenderPaint {
  public var jsonValue: JSONValue {
    var pairs: [(String, JSONValue)] = [("style", .string(style.rawValue))]
    if let color { pairs.append(("color", .string(hexColor(color)))) }
    if style == .stroke {
      pairs.append(("thickness", number(thickness)))
      pairs.append(("join", .string(join.rawValue)))
      pairs.append(("cap", .string(cap.rawValue)))
    }
    pairs.append(("blend", .string(blendMode.name)))
    if feather != 0 { pairs.append(("feather", number(feather))) }
    if let shader {
      switch shader {
      case .linear(let sx, let sy, let ex, let ey, let colors, let stops):
        pairs.append(
          (
            "shader",
            .object([
              ("type", .string("linear")), ("start", .array([number(sx), number(sy)])),
              ("end", .array([number(ex), number(ey)])),
              ("colors", .array(colors.map { .string(hexColor($0)) })),
              ("stops", .array(stops.map(number))),
            ])
          ))
      case .radial(let cx, let cy, let radius, let colors, let stops):
        pairs.append(
          (
            "shader",
            .object([
              ("type", .string("radial")), ("center", .array([number(cx), number(cy)])),
              ("radius", number(radius)), ("colors", .array(colors.map { .string(hexColor($0)) })),
              ("stops", .array(stops.map(number))),
            ])
          ))
      }
    }
    return .object(pairs)
  }

  init(json: Any?, index: Int) throws(DisplayListJSONError) {
    guard let object = json as? [String: Any], let styleName = object["style"] as? String,
      let style = Style(rawValue: styleName)
    else { throw DisplayListJSONError(index: index, field: "paint", problem: "is malformed") }
    var shader: Shader?
    if let shaderObject = object["shader"] as? [String: Any] {
      let colors = ((shaderObject["colors"] as? [Any]) ?? []).compactMap { parseColor($0) }
      let stops = floats(shaderObject["stops"]) ?? []
      switch shaderObject["type"] as? String {
      case "linear":
        let start = floats(shaderObject["start"]) ?? [0, 0]
        let end = floats(shaderObject["end"]) ?? [0, 0]
        guard start.count == 2, end.count == 2 else {
          throw DisplayListJSONError(index: index, field: "paint.shader", problem: "is malformed")
        }
        shader = .linear(
          startX: start[0], startY: start[1], endX: end[0], endY: end[1], colors: colors,
          stops: stops)
      case "radial":
        let center = floats(shaderObject["center"]) ?? [0, 0]
        guard center.count == 2 else {
          throw DisplayListJSONError(index: index, field: "paint.shader", problem: "is malformed")
        }
        shader = .radial(
          centerX: center[0], centerY: center[1],
          radius: (shaderObject["radius"] as? NSNumber)?.floatValue ?? 0, colors: colors,
          stops: stops)
      default:
        throw DisplayListJSONError(index: index, field: "paint.shader.type", problem: "is unknown")
      }
    }
    self.init(
      style: style, color: parseColor(object["color"] as Any),
      thickness: (object["thickness"] as? NSNumber)?.floatValue ?? 1,
      join: Join(rawValue: object["join"] as? String ?? "") ?? .miter,
      cap: Cap(rawValue: object["cap"] as? String ?? "") ?? .butt,
      blendMode: try blend(object["blend"], index: index),
      feather: (object["feather"] as? NSNumber)?.floatValue ?? 0, shader: shader)
  }
}

private func number(_ value: Float) -> JSONValue {
  guard value.isFinite else { return .null }
  if value == 0 { return .integer(0) }
  let rounded = Double(String(format: "%.6g", Double(value))) ?? Double(value)
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .integer(Int64(rounded)) }
  return .number(rounded)
}

private func hexColor(_ color: UInt32) -> String { String(format: "0x%08X", color) }

private func parseColor(_ value: Any) -> UInt32? {
  guard let text = value as? String, text.hasPrefix("0x") else { return nil }
  return UInt32(text.dropFirst(2), radix: 16)
}

private func floats(_ value: Any?) -> [Float]? {
  guard let items = value as? [Any] else { return nil }
  var out: [Float] = []
  out.reserveCapacity(items.count)
  for item in items {
    // The reference writes non-finite numbers as null.
    if item is NSNull {
      out.append(.nan)
      continue
    }
    guard let number = item as? NSNumber else { return nil }
    out.append(number.floatValue)
  }
  return out
}

private func blend(_ value: Any?, index: Int) throws(DisplayListJSONError) -> BlendMode {
  guard let name = value as? String else { return .srcOver }
  guard let mode = BlendMode.allCases.first(where: { $0.name == name }) else {
    throw DisplayListJSONError(
      index: index, field: "blend", problem: "has the unknown mode '\(name)'")
  }
  return mode
}
