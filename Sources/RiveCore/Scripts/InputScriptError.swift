import RiveFormat

/// Why an input script cannot be read or applied: the JSON is not a script, an event is not
/// one the package knows, or an event names an input, property, text run or nested artboard
/// that the playing artboard does not have.
///
/// The message says where: the script's name (its file), the event's position (`event 3`,
/// counted from 1 as a reader counts) and its time, and what was found.
public struct InputScriptError: CodedError, Sendable, Equatable {
  /// A broad category of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case invalidJSON, invalidEvent, inputNotFound, wrongKind, noStateMachine
      case viewModelNotFound, noViewModel, textRunNotFound, instanceNotFound, indexOutOfRange
      case artboardNotFound, nodeNotFound, unsupported, unsupportedSetting
    }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// The bytes are not JSON, or not an object with an `events` array.
    public static var invalidJSON: Self { Self(.invalidJSON) }
    /// An event lacks its time or action, has an unknown key, or a value of the wrong type.
    public static var invalidEvent: Self { Self(.invalidEvent) }
    /// The state machine (or the nested artboard's) has no input of that name.
    public static var inputNotFound: Self { Self(.inputNotFound) }
    /// The input or property is of another kind than the value given.
    public static var wrongKind: Self { Self(.wrongKind) }
    /// An input or pointer event, but no state machine drives the artboard.
    public static var noStateMachine: Self { Self(.noStateMachine) }
    /// The bound instance has no property at that path (or the enum has no such entry).
    public static var viewModelNotFound: Self { Self(.viewModelNotFound) }
    /// A view-model event, but the artboard is bound to no view-model instance.
    public static var noViewModel: Self { Self(.noViewModel) }
    /// The artboard (or the nested artboard) has no text run of that name.
    public static var textRunNotFound: Self { Self(.textRunNotFound) }
    /// The view model has no authored instance of that name or position (or the file no view
    /// model of that name).
    public static var instanceNotFound: Self { Self(.instanceNotFound) }
    /// A list edit names an item position the list does not have.
    public static var indexOutOfRange: Self { Self(.indexOutOfRange) }
    /// The file has no artboard of that name (for an artboard property).
    public static var artboardNotFound: Self { Self(.artboardNotFound) }
    /// The artboard has no focusable component of that name.
    public static var nodeNotFound: Self { Self(.nodeNotFound) }
    /// The event is one the runtime does not take yet (focus traversal, keys, gamepads: see
    /// DIFFERENCES.md, runtime #2).
    public static var unsupported: Self { Self(.unsupported) }
    /// The script's settings ask for a state machine or binding the player was not made with,
    /// or one the artboard does not have.
    public static var unsupportedSetting: Self { Self(.unsupportedSetting) }

    public var description: String { value.rawValue }
  }

  /// The category of failure.
  public var code: Code
  /// The script's name (usually its file), if known.
  public var source: String?
  /// The event's position in the script (0 for the first), if the failure is an event's.
  public var event: Int?
  /// The event's time in seconds, if known.
  public var time: Double?
  /// What was wrong.
  public var message: String

  /// Creates an error.
  public init(
    _ code: Code, source: String? = nil, event: Int? = nil, time: Double? = nil,
    message: String
  ) {
    self.code = code
    self.source = source
    self.event = event
    self.time = time
    self.message = message
  }

  /// The error with the script's name filled in.
  public func from(_ source: String?) -> InputScriptError {
    var copy = self
    if copy.source == nil { copy.source = source }
    return copy
  }

  /// `script.json: event 3 (at 0.5 s): input "isOn" not found; …`.
  /// The script's source and the event (counted from 1) with its time, when known:
  /// `intro.json: event 3 (at 0.5 s)`.
  public var place: String? {
    var parts: [String] = []
    if let source { parts.append(source) }
    if let event {
      var text = "event \(event + 1)"
      if let time { text += " (at \(Self.format(time)) s)" }
      parts.append(text)
    }
    return parts.isEmpty ? nil : parts.joined(separator: ": ")
  }

  public var description: String { (place.map { "\($0): " } ?? "") + message }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15
      ? String(Int(seconds)) : String(seconds)
  }
}
