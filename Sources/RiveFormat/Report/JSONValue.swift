import Foundation

/// A JSON value with ordered object keys, for reports that are compared field by field.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// An integer, written exactly.
  case integer(Int64)
  /// A number written with 9 significant digits, as the reference reports print floats.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(serialized())
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
    return nil
  }

  /// Serialises the value; `indent` > 0 pretty-prints with that many spaces per level.
  public func serialized(indent: Int = 0) -> String {
    var out = ""
    write(into: &out, indent: indent, level: 0)
    return out
  }

  private func write(into out: inout String, indent: Int, level: Int) {
    let newline = indent > 0 ? "\n" : ""
    let pad = { (depth: Int) in String(repeating: " ", count: indent * depth) }
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .number(let value): out += JSONValue.format(value)
    case .string(let value): JSONValue.writeString(value, into: &out)
    case .array(let values):
      if values.isEmpty {
        out += "[]"
        return
      }
      out += "[" + newline
      for (index, value) in values.enumerated() {
        out += pad(level + 1)
        value.write(into: &out, indent: indent, level: level + 1)
        out += index + 1 < values.count ? "," + newline : newline
      }
      out += pad(level) + "]"
    case .object(let pairs):
      if pairs.isEmpty {
        out += "{}"
        return
      }
      out += "{" + newline
      for (index, (key, value)) in pairs.enumerated() {
        out += pad(level + 1)
        JSONValue.writeString(key, into: &out)
        out += indent > 0 ? ": " : ":"
        value.write(into: &out, indent: indent, level: level + 1)
        out += index + 1 < pairs.count ? "," + newline : newline
      }
      out += pad(level) + "}"
    }
  }

  /// Formats a number with 9 significant digits (`%.9g`), as an integer when it is one.
  @_spi(RiveFormatInternals) public static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return String(format: "%.9g", value)
  }

  private static func writeString(_ value: String, into out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let digits = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
