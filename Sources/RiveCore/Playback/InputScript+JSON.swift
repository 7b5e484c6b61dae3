import Foundation
@_spi(RiveFormatInternals) import RiveFormat

extension InputScript {
  /// Reads a script from JSON: an object with an `events` array (see ``Event`` for the form of
  /// an event), or the array alone.
  ///
  /// - Parameters:
  ///   - json: The JSON bytes.
  ///   - source: The script's name for messages (usually its file path).
  /// - Throws: ``InputScriptError`` naming the source, the event (counted from 1) and the key
  ///   that is wrong: `invalidJSON` for bytes that are not JSON or not a script,
  ///   `invalidEvent` for an event without a time or an action, with an unknown key or a value
  ///   of the wrong type.
  public init(json: Data, source: String? = nil) throws(InputScriptError) {
    let root: ScriptJSON
    do {
      root = try JSONDecoder().decode(ScriptJSON.self, from: json)
    } catch {
      throw InputScriptError(
        .invalidJSON, source: source, message: "not JSON: \(Self.reason(error))")
    }
    let list: [ScriptJSON]
    switch root {
    case .array(let items):
      list = items
    case .object(let members):
      let unknown = members.keys.filter { $0 != "events" }.sorted()
      guard unknown.isEmpty else {
        throw InputScriptError(
          .invalidJSON, source: source,
          message: "unknown key \(unknown.map { "'\($0)'" }.joined(separator: ", ")) "
            + "(a script has only 'events')")
      }
      guard case .array(let items)? = members["events"] else {
        throw InputScriptError(
          .invalidJSON, source: source, message: "a script needs an 'events' array")
      }
      list = items
    default:
      throw InputScriptError(
        .invalidJSON, source: source,
        message: "a script is an object with an 'events' array, found \(root.kind)")
    }
    var events: [Event] = []
    for (index, item) in list.enumerated() {
      do throws(InputScriptError) {
        events.append(try Self.event(item, index: index))
      } catch {
        throw error.from(source)
      }
    }
    try self.init(events: events, source: source)
  }

  /// Reads a script from a JSON file.
  ///
  /// - Parameter url: The file.
  /// - Throws: ``InputScriptError``: `invalidJSON` when the file cannot be read (naming the
  ///   path), or as ``init(json:source:)``.
  public init(contentsOf url: URL) throws(InputScriptError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw InputScriptError(
        .invalidJSON, source: url.path, message: "cannot read: \(error.localizedDescription)")
    }
    try self.init(json: data, source: url.path)
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case Swift.DecodingError.dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      return (underlying as? String) ?? context.debugDescription
    default:
      return "\(error)"
    }
  }

  /// The action keys, one of which an event has.
  static let actionKeys = [
    "input", "trigger", "viewModel", "viewModelTrigger", "pointer", "textRun",
  ]

  /// The keys each action allows beside `time` or `frame`.
  static let allowedKeys: [String: Set<String>] = [
    "input": ["value", "nested"],
    "trigger": ["nested"],
    "viewModel": ["value", "color", "enum"],
    "viewModelTrigger": [],
    "pointer": ["x", "y", "id"],
    "textRun": ["text", "nested"],
  ]

  private static func event(_ item: ScriptJSON, index: Int) throws(InputScriptError) -> Event {
    func failure(_ message: String, time: Double? = nil) -> InputScriptError {
      InputScriptError(.invalidEvent, event: index, time: time, message: message)
    }
    guard case .object(let members) = item else {
      throw failure("an event is an object, found \(item.kind)")
    }
    let time: Double
    switch (members["time"], members["frame"]) {
    case (.some, .some):
      throw failure("give 'time' or 'frame', not both")
    case (.number(let seconds)?, nil):
      time = seconds
    case (nil, .number(let frame)?):
      guard frame == frame.rounded(), frame >= 0 else {
        throw failure("'frame' needs a whole frame number from 0, found \(frame)")
      }
      time = frame / 60
    case (let value?, nil), (nil, let value?):
      throw failure(
        "'\(members["time"] == nil ? "frame" : "time")' needs a number, found \(value.kind)")
    case (nil, nil):
      throw failure("an event needs 'time' (seconds) or 'frame' (at 60 a second)")
    }
    guard time.isFinite, time >= 0, time <= maximumTime else {
      throw failure("time \(time) is outside 0 to \(Int(maximumTime)) seconds")
    }
    let actions = actionKeys.filter { members[$0] != nil }
    guard let key = actions.first else {
      throw failure(
        "an event needs one of " + actionKeys.map { "'\($0)'" }.joined(separator: ", "), time: time
      )
    }
    guard actions.count == 1 else {
      throw failure(
        "an event does one thing, found " + actions.map { "'\($0)'" }.joined(separator: " and "),
        time: time)
    }
    let allowed = (allowedKeys[key] ?? []).union(["time", "frame", key])
    let unknown = members.keys.filter { !allowed.contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw failure(
        "unknown key \(unknown.map { "'\($0)'" }.joined(separator: ", ")) for '\(key)'",
        time: time)
    }
    func string(_ name: String, required: Bool = true) throws(InputScriptError) -> String? {
      switch members[name] {
      case .string(let text)?:
        guard !text.isEmpty || !required else { throw failure("'\(name)' is empty", time: time) }
        return text
      case nil:
        if required { throw failure("'\(key)' needs '\(name)'", time: time) }
        return nil
      case let other?:
        throw failure("'\(name)' needs a string, found \(other.kind)", time: time)
      }
    }
    func number(_ name: String) throws(InputScriptError) -> Float {
      switch members[name] {
      case .number(let value)?:
        guard value.isFinite, abs(value) <= Double(Float.greatestFiniteMagnitude) else {
          throw failure("'\(name)' \(value) is not a finite 32-bit number", time: time)
        }
        return Float(value)
      case nil:
        throw failure("'\(key)' needs '\(name)'", time: time)
      case let other?:
        throw failure("'\(name)' needs a number, found \(other.kind)", time: time)
      }
    }
    let nested = try string("nested", required: false)
    if let nested,
      nested.isEmpty
        || nested.split(separator: "/", omittingEmptySubsequences: false)
          .contains("")
    {
      throw failure("'nested' needs artboard names joined by '/', found '\(nested)'", time: time)
    }
    let action: Action
    switch key {
    case "input":
      let name = try string("input") ?? ""
      switch members["value"] {
      case .bool(let flag)?:
        action = .setBoolean(input: name, value: flag, nested: nested)
      case .number?:
        action = .setNumber(input: name, value: try number("value"), nested: nested)
      case nil:
        throw failure("'input' needs 'value' (a boolean or a number)", time: time)
      case let other?:
        throw failure(
          "'value' of an input is a boolean or a number, found \(other.kind)", time: time)
      }
    case "trigger":
      action = .fireTrigger(input: try string("trigger") ?? "", nested: nested)
    case "viewModel":
      let path = try string("viewModel") ?? ""
      let given = ["value", "color", "enum"].filter { members[$0] != nil }
      guard given.count == 1, let which = given.first else {
        throw failure(
          "'viewModel' needs one of 'value', 'color' or 'enum'"
            + (given.isEmpty
              ? "" : ", found " + given.map { "'\($0)'" }.joined(separator: " and ")),
          time: time)
      }
      switch (which, members[which]) {
      case ("value", .bool(let flag)?):
        action = .setViewModel(path: path, value: .boolean(flag))
      case ("value", .number?):
        action = .setViewModel(path: path, value: .number(try number("value")))
      case ("value", .string(let text)?):
        action = .setViewModel(path: path, value: .string(text))
      case ("color", .string(let text)?):
        guard let color = InputScript.color(text) else {
          throw failure("'color' needs RRGGBBAA or RRGGBB in hex, found '\(text)'", time: time)
        }
        action = .setViewModel(path: path, value: .color(color))
      case ("enum", .string(let text)?):
        action = .setViewModel(path: path, value: .enumeration(text))
      case (_, let other?):
        throw failure(
          "'\(which)' needs "
            + (which == "value" ? "a boolean, number or string" : "a string")
            + ", found \(other.kind)", time: time)
      default:
        throw failure("'viewModel' needs a value", time: time)
      }
    case "viewModelTrigger":
      action = .fireViewModelTrigger(path: try string("viewModelTrigger") ?? "")
    case "pointer":
      let name = try string("pointer") ?? ""
      guard let kind = PointerEventKind.allCases.first(where: { "\($0)" == name }) else {
        throw failure("'pointer' is down, move, up or exit, found '\(name)'", time: time)
      }
      var id = 0
      if let value = members["id"] {
        guard case .number(let number) = value, number == number.rounded(), number >= 0,
          number <= 1_000_000
        else {
          throw failure(
            "'id' needs a pointer number from 0 to 1000000, found \(value.text)", time: time)
        }
        id = Int(number)
      }
      action = .pointer(kind, x: try number("x"), y: try number("y"), id: id)
    default:
      guard case .string(let text)? = members["text"] else {
        throw failure(
          "'textRun' needs 'text' (a string)"
            + (members["text"].map { ", found \($0.kind)" } ?? ""), time: time)
      }
      action = .setTextRun(name: try string("textRun") ?? "", text: text, nested: nested)
    }
    return Event(time: time, action: action, index: index)
  }

  /// `RRGGBBAA` or `RRGGBB` (a leading `#` allowed) as `0xAARRGGBB`.
  public static func color(_ text: String) -> UInt32? {
    var hex = Substring(text)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 8 || hex.count == 6, hex.allSatisfy(\.isHexDigit),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    return hex.count == 6 ? 0xFF00_0000 | value : (value >> 8) | (value << 24)
  }
}

/// A JSON value as the script reader sees it: booleans and numbers kept apart (JSONDecoder
/// never reads `true` as 1).
enum ScriptJSON: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ScriptJSON])
  case object([String: ScriptJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([ScriptJSON].self) {
      self = .array(items)
    } else {
      self = .object(try container.decode([String: ScriptJSON].self))
    }
  }

  /// The kind, for messages (`a string`, `an object`, …).
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as it reads in a message.
  var text: String {
    switch self {
    case .number(let value): InputScriptError.format(value)
    case .string(let value): "'\(value)'"
    default: kind
    }
  }
}
