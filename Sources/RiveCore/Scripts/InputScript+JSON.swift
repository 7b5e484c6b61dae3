import Foundation
import RiveFormat

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
    var settings = Settings()
    switch root {
    case .array(let items):
      list = items
    case .object(let members):
      let unknown = members.keys.filter { !Self.scriptKeys.contains($0) }.sorted()
      guard unknown.isEmpty else {
        throw InputScriptError(
          .invalidJSON, source: source,
          message: "unknown key \(unknown.map { "'\($0)'" }.joined(separator: ", ")) "
            + "(a script has 'events', 'dt', 'stateMachine' and 'binding')")
      }
      guard case .array(let items)? = members["events"] else {
        throw InputScriptError(
          .invalidJSON, source: source, message: "a script needs an 'events' array")
      }
      list = items
      do throws(InputScriptError) {
        settings = try Self.settings(members)
      } catch {
        throw error.from(source)
      }
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
    try self.init(events: events, settings: settings, source: source)
  }

  /// The keys of a script object.
  static let scriptKeys: Set<String> = ["events", "dt", "stateMachine", "binding"]

  private static func settings(_ members: [String: ScriptJSON]) throws(InputScriptError)
    -> Settings
  {
    func failure(_ message: String) -> InputScriptError {
      InputScriptError(.invalidJSON, message: message)
    }
    var settings = Settings()
    switch members["dt"] {
    case nil: break
    case .number(let step)?:
      guard step.isFinite, step > 0, step <= maximumStep else {
        throw failure(
          "'dt' \(InputScriptError.format(step)) is not a step from above 0 to "
            + "\(Int(maximumStep)) seconds")
      }
      settings.step = step
    case let other?:
      throw failure("'dt' needs a number of seconds, found \(other.kind)")
    }
    switch members["stateMachine"] {
    case nil: break
    case .null?: settings.stateMachine = StateMachineSetting.none
    case .string(let name)? where !name.isEmpty: settings.stateMachine = .named(name)
    case let other?:
      throw failure(
        "'stateMachine' needs a state machine's name or null (none), found \(other.text)")
    }
    switch members["binding"] {
    case nil: break
    case .bool(false)?: settings.binding = BindingSetting.none
    case let value?:
      do throws(InputScriptError) {
        settings.binding = .instance(try instanceChoice(value, key: "binding"))
      } catch {
        throw failure(
          error.message
            + " (or false: nothing bound)")
      }
    }
    return settings
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
    "input", "trigger", "viewModel", "viewModelTrigger", "pointer", "textRun", "cut", "instance",
    "list", "focusNode", "focus", "key", "gamepad",
  ]

  /// The keys each action allows beside `time` or `frame`.
  static let allowedKeys: [String: Set<String>] = [
    "input": ["value", "nested"],
    "trigger": ["nested"],
    "viewModel": ["value", "color", "enum", "artboard", "asset"],
    "viewModelTrigger": [],
    "pointer": ["x", "y", "id"],
    "textRun": ["text", "nested"],
    "cut": [],
    "instance": ["property"],
    "list": ["append", "insert", "replace", "remove", "swap", "clear", "at"],
    "focusNode": [],
    "focus": [],
    "key": ["modifiers", "phase"],
    "gamepad": ["device", "button", "axis", "value"],
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
    var rest = members
    rest["time"] = nil
    rest["frame"] = nil
    let action = try self.action(rest, index: index, time: time)
    return Event(time: time, action: action, index: index)
  }

  /// Reads an event's action from its keys (without `time` or `frame`): what a script event
  /// does, and what a step of another format built on scripts does.
  ///
  /// - Parameters:
  ///   - members: The event object's keys and values.
  ///   - index: The event's position, for messages.
  ///   - time: The event's time, for messages.
  /// - Returns: The action.
  /// - Throws: ``InputScriptError`` with code `invalidEvent` naming the event and the key.
  package static func action(_ members: [String: ScriptJSON], index: Int, time: Double?)
    throws(InputScriptError) -> Action
  {
    func failure(_ message: String) -> InputScriptError {
      InputScriptError(.invalidEvent, event: index, time: time, message: message)
    }
    let actions = actionKeys.filter { members[$0] != nil }
    guard let key = actions.first else {
      throw failure(
        "an event needs one of " + actionKeys.map { "'\($0)'" }.joined(separator: ", "))
    }
    guard actions.count == 1 else {
      throw failure(
        "an event does one thing, found " + actions.map { "'\($0)'" }.joined(separator: " and "))
    }
    let allowed = (allowedKeys[key] ?? []).union([key])
    let unknown = members.keys.filter { !allowed.contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw failure("unknown key \(unknown.map { "'\($0)'" }.joined(separator: ", ")) for '\(key)'")
    }
    func string(_ name: String, required: Bool = true) throws(InputScriptError) -> String? {
      switch members[name] {
      case .string(let text)?:
        guard !text.isEmpty || !required else { throw failure("'\(name)' is empty") }
        return text
      case nil:
        if required { throw failure("'\(key)' needs '\(name)'") }
        return nil
      case let other?:
        throw failure("'\(name)' needs a string, found \(other.kind)")
      }
    }
    func number(_ name: String) throws(InputScriptError) -> Float {
      switch members[name] {
      case .number(let value)?:
        guard value.isFinite, abs(value) <= Double(Float.greatestFiniteMagnitude) else {
          throw failure("'\(name)' \(value) is not a finite 32-bit number")
        }
        return Float(value)
      case nil:
        throw failure("'\(key)' needs '\(name)'")
      case let other?:
        throw failure("'\(name)' needs a number, found \(other.kind)")
      }
    }
    func whole(_ name: String, in range: ClosedRange<Int>) throws(InputScriptError) -> Int? {
      guard let value = members[name] else { return nil }
      guard case .number(let number) = value, number == number.rounded(),
        number >= Double(range.lowerBound), number <= Double(range.upperBound)
      else {
        throw failure(
          "'\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), "
            + "found \(value.text)")
      }
      return Int(number)
    }
    let nested = try string("nested", required: false)
    if let nested,
      nested.isEmpty
        || nested.split(separator: "/", omittingEmptySubsequences: false)
          .contains("")
    {
      throw failure("'nested' needs artboard names joined by '/', found '\(nested)'")
    }
    do throws(InputScriptError) {
      switch key {
      case "input":
        let name = try string("input") ?? ""
        switch members["value"] {
        case .bool(let flag)?:
          return .setBoolean(input: name, value: flag, nested: nested)
        case .number?:
          return .setNumber(input: name, value: try number("value"), nested: nested)
        case nil:
          throw failure("'input' needs 'value' (a boolean or a number)")
        case let other?:
          throw failure("'value' of an input is a boolean or a number, found \(other.kind)")
        }
      case "trigger":
        return .fireTrigger(input: try string("trigger") ?? "", nested: nested)
      case "viewModel":
        return try viewModelAction(members, path: try string("viewModel") ?? "", fail: failure)
      case "viewModelTrigger":
        return .fireViewModelTrigger(path: try string("viewModelTrigger") ?? "")
      case "pointer":
        let name = try string("pointer") ?? ""
        guard let kind = PointerEventKind.allCases.first(where: { "\($0)" == name }) else {
          throw failure("'pointer' is down, move, up or exit, found '\(name)'")
        }
        let id = try whole("id", in: 0...1_000_000) ?? 0
        return .pointer(kind, x: try number("x"), y: try number("y"), id: id)
      case "textRun":
        guard case .string(let text)? = members["text"] else {
          throw failure(
            "'textRun' needs 'text' (a string)"
              + (members["text"].map { ", found \($0.kind)" } ?? ""))
        }
        return .setTextRun(name: try string("textRun") ?? "", text: text, nested: nested)
      case "cut":
        guard case .bool(true)? = members["cut"] else {
          throw failure("'cut' is true, found \(members["cut"]?.text ?? "nothing")")
        }
        return .cut
      case "instance":
        let choice = try instanceChoice(members["instance"] ?? .null, key: "instance")
        return .replaceInstance(property: try string("property", required: false), instance: choice)
      case "list":
        return .editList(path: try string("list") ?? "", edit: try listEdit(members, fail: failure))
      case "focusNode":
        return .focusNode(try string("focusNode") ?? "")
      case "focus":
        let name = try string("focus") ?? ""
        guard let move = FocusMove(rawValue: name) else {
          throw failure(
            "'focus' is " + FocusMove.allCases.map(\.rawValue).joined(separator: ", ")
              + ", found '\(name)'")
        }
        return .focus(move)
      case "key":
        let name = try string("key") ?? ""
        var modifiers: [String] = []
        switch members["modifiers"] {
        case nil: break
        case .array(let items)?:
          for item in items {
            guard case .string(let modifier) = item,
              ["shift", "control", "alt", "meta"].contains(modifier)
            else {
              throw failure(
                "'modifiers' are 'shift', 'control', 'alt' or 'meta', found \(item.text)")
            }
            modifiers.append(modifier)
          }
        case let other?:
          throw failure("'modifiers' needs an array, found \(other.kind)")
        }
        let phaseName = try string("phase", required: false) ?? "down"
        guard let phase = KeyPhase(rawValue: phaseName) else {
          throw failure("'phase' is down, up or repeat, found '\(phaseName)'")
        }
        return .key(name, modifiers: modifiers, phase: phase)
      default:
        let kind = try string("gamepad") ?? ""
        let device = try whole("device", in: 0...1023) ?? 0
        switch kind {
        case "connect": return .gamepad(.connect(device: device))
        case "disconnect": return .gamepad(.disconnect(device: device))
        case "button":
          return .gamepad(
            .button(device: device, button: try string("button") ?? "", value: try number("value")))
        case "axis":
          return .gamepad(
            .axis(device: device, axis: try string("axis") ?? "", value: try number("value")))
        default:
          throw failure("'gamepad' is connect, disconnect, button or axis, found '\(kind)'")
        }
      }
    } catch {
      // Errors of the helpers below carry no place yet.
      var placed = error
      if placed.event == nil {
        placed.event = index
        placed.time = time
      }
      throw placed
    }
  }

  private static func viewModelAction(
    _ members: [String: ScriptJSON], path: String, fail: (String) -> InputScriptError
  ) throws(InputScriptError) -> Action {
    let given = ["value", "color", "enum", "artboard", "asset"].filter { members[$0] != nil }
    guard given.count == 1, let which = given.first else {
      throw fail(
        "'viewModel' needs one of 'value', 'color', 'enum', 'artboard' or 'asset'"
          + (given.isEmpty ? "" : ", found " + given.map { "'\($0)'" }.joined(separator: " and ")))
    }
    switch (which, members[which]) {
    case ("value", .bool(let flag)?):
      return .setViewModel(path: path, value: .boolean(flag))
    case ("value", .number(let value)?):
      guard value.isFinite, abs(value) <= Double(Float.greatestFiniteMagnitude) else {
        throw fail("'value' \(value) is not a finite 32-bit number")
      }
      return .setViewModel(path: path, value: .number(Float(value)))
    case ("value", .string(let text)?):
      return .setViewModel(path: path, value: .string(text))
    case ("color", .string(let text)?):
      guard let color = InputScript.color(text) else {
        throw fail("'color' needs RRGGBBAA or RRGGBB in hex, found '\(text)'")
      }
      return .setViewModel(path: path, value: .color(color))
    case ("enum", .string(let text)?):
      return .setViewModel(path: path, value: .enumeration(text))
    case ("enum", .number(let number)?):
      guard number == number.rounded(), number >= 0, number < 1e6 else {
        throw fail("'enum' needs an entry's name or its index from 0, found \(number)")
      }
      return .setViewModel(path: path, value: .enumerationIndex(Int(number)))
    case ("artboard", .string(let name)?):
      return .setArtboard(path: path, artboard: name)
    case ("artboard", .null?):
      return .setArtboard(path: path, artboard: nil)
    case ("asset", .number(let number)?):
      guard number == number.rounded(), number >= 0, number < Double(UInt32.max) else {
        throw fail("'asset' needs a file asset's index from 0 or null, found \(number)")
      }
      return .setViewModel(path: path, value: .asset(UInt32(number)))
    case ("asset", .null?):
      return .setViewModel(path: path, value: .asset(nil))
    case (_, let other?):
      let wanted =
        switch which {
        case "value": "a boolean, number or string"
        case "artboard": "an artboard's name or null"
        case "enum": "an entry's name or index"
        case "asset": "a file asset's index or null"
        default: "a string"
        }
      throw fail("'\(which)' needs \(wanted), found \(other.kind)")
    default:
      throw fail("'viewModel' needs a value")
    }
  }

  /// An instance choice: a name, an index, `{"default": true}` or `{"blank": true}`.
  package static func instanceChoice(_ value: ScriptJSON, key: String) throws(InputScriptError)
    -> ViewModelInstanceChoice
  {
    switch value {
    case .string(let name) where !name.isEmpty:
      return .named(name)
    case .number(let number) where number == number.rounded() && number >= 0 && number < 1e6:
      return .index(Int(number))
    case .object(let members) where members.count == 1:
      if case .bool(true)? = members["default"] { return .defaultInstance }
      if case .bool(true)? = members["blank"] { return .blank }
    default:
      break
    }
    throw InputScriptError(
      .invalidEvent,
      message: "'\(key)' needs an instance's name, its index, {\"default\": true} or "
        + "{\"blank\": true}, found \(value.text)")
  }

  private static func listEdit(
    _ members: [String: ScriptJSON], fail: (String) -> InputScriptError
  ) throws(InputScriptError) -> ViewModelListEdit {
    let edits = ["append", "insert", "replace", "remove", "swap", "clear"]
    let given = edits.filter { members[$0] != nil }
    guard given.count == 1, let which = given.first else {
      throw fail(
        "'list' needs one of " + edits.map { "'\($0)'" }.joined(separator: ", ")
          + (given.isEmpty ? "" : ", found " + given.map { "'\($0)'" }.joined(separator: " and ")))
    }
    func position(_ value: ScriptJSON?, _ name: String) throws(InputScriptError) -> Int {
      guard case .number(let number)? = value, number == number.rounded(), number >= 0,
        number < 1e6
      else {
        throw fail("'\(name)' needs an item index from 0, found \(value?.text ?? "nothing")")
      }
      return Int(number)
    }
    func item(_ value: ScriptJSON?) throws(InputScriptError) -> ViewModelListItem {
      guard case .object(let fields)? = value, case .string(let viewModel)? = fields["viewModel"],
        !viewModel.isEmpty
      else {
        throw fail(
          "'\(which)' needs an item: {\"viewModel\": NAME} with an optional 'instance', found "
            + (value?.text ?? "nothing"))
      }
      let unknown = fields.keys.filter { $0 != "viewModel" && $0 != "instance" }.sorted()
      guard unknown.isEmpty else {
        throw fail("unknown key \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in an item")
      }
      let choice = try fields["instance"].map { value throws(InputScriptError) in
        try instanceChoice(value, key: "instance")
      }
      return ViewModelListItem(viewModel: viewModel, instance: choice ?? .blank)
    }
    if which != "insert" && which != "replace", members["at"] != nil {
      throw fail("'at' goes with 'insert' or 'replace'")
    }
    switch which {
    case "append": return .append(try item(members["append"]))
    case "insert":
      return .insert(try item(members["insert"]), at: try position(members["at"], "at"))
    case "replace":
      return .replace(try item(members["replace"]), at: try position(members["at"], "at"))
    case "remove": return .remove(at: try position(members["remove"], "remove"))
    case "swap":
      guard case .array(let pair)? = members["swap"], pair.count == 2 else {
        throw fail("'swap' needs two item indices, found \(members["swap"]?.text ?? "nothing")")
      }
      return .swap(try position(pair[0], "swap"), try position(pair[1], "swap"))
    default:
      guard case .bool(true)? = members["clear"] else {
        throw fail("'clear' is true, found \(members["clear"]?.text ?? "nothing")")
      }
      return .clear
    }
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
package enum ScriptJSON: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ScriptJSON])
  case object([String: ScriptJSON])

  package init(from decoder: any Decoder) throws {
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

  /// Whether the value is an object.
  package var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// The kind, for messages (`a string`, `an object`, …).
  package var kind: String {
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
  package var text: String {
    switch self {
    case .number(let value): InputScriptError.format(value)
    case .string(let value): "'\(value)'"
    default: kind
    }
  }
}
