import RiveFormat

/// A timed list of things to do to a playing artboard: state-machine inputs set and triggers
/// fired, view-model values set and view-model triggers fired, pointer events and text runs
/// changed, each at a time in seconds from the first frame.
///
/// The same script drives every player in the package: `rive-assets render`, `record` and
/// `trace` (`--script FILE`), the snapshot assertions of `RiveSnapshotTesting`, and the export
/// API of both generations. Read one from JSON with ``init(json:source:)`` (the format is in
/// ``InputScript/Event``), or build it in code.
///
/// How a script plays (``ScriptClock``): time advances from the first frame (an advance of
/// 0 s) in steps of 1/60 s, as every frame of the package is played; a step is cut short where
/// an event falls, so an event applies exactly at its time, after everything before it and in
/// the script's order among events at the same time. An event at the time of a frame applies
/// before that frame is drawn; what it changes shows from the next advance on, as in the
/// official runtime (an input set between two advances takes effect in the second).
public struct InputScript: Sendable, Equatable {
  /// One thing to do at one time.
  ///
  /// In JSON, an event is an object with `time` (seconds, a number ≥ 0) or `frame` (a frame
  /// number at 60 frames a second), and exactly one key naming what to do:
  ///
  /// | key | with | does |
  /// |---|---|---|
  /// | `input` | `value`: a boolean or a number; optional `nested` | sets the state machine's input (or the input of the state machine playing in the nested artboard at the path `nested`, names joined by `/`) |
  /// | `trigger` | optional `nested` | fires the trigger input |
  /// | `viewModel` | `value` (a boolean, number or string), `color` (`RRGGBBAA` or `RRGGBB` hex), `enum` (an entry's name or position), `artboard` (a name or null) or `asset` (a file asset's index or null) | sets the bound view-model instance's property at that path (names joined by `/`) |
  /// | `viewModelTrigger` | — | fires the view-model trigger at that path |
  /// | `pointer` | `down`, `move`, `up` or `exit`; `x`, `y` in artboard coordinates; optional `id` (0) | sends a pointer event to the state machine |
  /// | `textRun` | `text`; optional `nested` | sets the text of the text run of that name |
  ///
  /// ```json
  /// { "events": [
  ///   { "time": 0.5, "input": "isOn", "value": true },
  ///   { "time": 1, "pointer": "down", "x": 120, "y": 80 },
  ///   { "frame": 90, "viewModel": "card/title", "value": "Hello" }
  /// ] }
  /// ```
  public struct Event: Sendable, Equatable {
    /// Seconds after the first frame.
    public var time: Double
    /// What to do.
    public var action: Action
    /// The event's position in the script (0 for the first), for messages.
    public var index: Int

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - time: Seconds after the first frame (finite, 0 or more).
    ///   - action: What to do.
    ///   - index: Its position in the script.
    public init(time: Double, action: Action, index: Int = 0) {
      self.time = time
      self.action = action
      self.index = index
    }
  }

  /// What an event does.
  public enum Action: Sendable, Equatable {
    /// Sets a boolean input (of the nested artboard at `nested`, when given).
    case setBoolean(input: String, value: Bool, nested: String?)
    /// Sets a number input.
    case setNumber(input: String, value: Float, nested: String?)
    /// Fires a trigger input.
    case fireTrigger(input: String, nested: String?)
    /// Sets the bound view-model instance's property at `path` (`/`-separated names).
    case setViewModel(path: String, value: ViewModelScriptValue)
    /// Fires the view-model trigger at `path`.
    case fireViewModelTrigger(path: String)
    /// A pointer event at (`x`, `y`) in artboard coordinates.
    case pointer(PointerEventKind, x: Float, y: Float, id: Int)
    /// Sets the text of a text run (of the nested artboard at `nested`, when given).
    case setTextRun(name: String, text: String, nested: String?)
    /// Does nothing but end an advance here: the clock stops at the event's time, as it does
    /// for any event.
    case cut
    /// Binds another instance: of the artboard's view model in its place (`property` nil), or
    /// of a view-model property's view model as that property's instance (`property` the
    /// property's path).
    case replaceInstance(property: String?, instance: ViewModelInstanceChoice)
    /// Edits the list property at `path`.
    case editList(path: String, edit: ViewModelListEdit)
    /// Gives the artboard property at `path` the file's artboard named `artboard` (nil clears
    /// it).
    case setArtboard(path: String, artboard: String?)
    /// Focuses the focusable component (a node with focus data) named `name`.
    case focusNode(String)
    /// Moves or clears the focus as the focus manager's calls do.
    case focus(FocusMove)
    /// A key pressed, repeated or released, for the focused element's key listeners.
    case key(String, modifiers: [String], phase: KeyPhase)
    /// A gamepad event.
    case gamepad(GamepadEvent)

    /// A short description for messages and traces, such as `input "isOn" = true`.
    public var summary: String {
      func place(_ nested: String?) -> String { nested.map { " in \"\($0)\"" } ?? "" }
      switch self {
      case .setBoolean(let input, let value, let nested):
        return "input \"\(input)\"\(place(nested)) = \(value)"
      case .setNumber(let input, let value, let nested):
        return "input \"\(input)\"\(place(nested)) = \(value)"
      case .fireTrigger(let input, let nested):
        return "trigger \"\(input)\"\(place(nested)) fired"
      case .setViewModel(let path, let value):
        return "view model \"\(path)\" = \(value.summary)"
      case .fireViewModelTrigger(let path):
        return "view-model trigger \"\(path)\" fired"
      case .pointer(let kind, let x, let y, let id):
        return "pointer \(kind) at \(x), \(y)" + (id == 0 ? "" : " (pointer \(id))")
      case .setTextRun(let name, let text, let nested):
        return "text run \"\(name)\"\(place(nested)) = \"\(text)\""
      case .cut:
        return "cut"
      case .replaceInstance(let property, let instance):
        return (property.map { "view-model property \"\($0)\"" } ?? "the bound instance")
          + " replaced by \(instance.summary)"
      case .editList(let path, let edit):
        return "list \"\(path)\": \(edit.summary)"
      case .setArtboard(let path, let artboard):
        return "artboard property \"\(path)\" = " + (artboard.map { "\"\($0)\"" } ?? "none")
      case .focusNode(let name):
        return "focus on \"\(name)\""
      case .focus(let move):
        return "focus \(move.rawValue)"
      case .key(let key, let modifiers, let phase):
        return "key \(([key] + modifiers).joined(separator: "+")) \(phase.rawValue)"
      case .gamepad(let event):
        return "gamepad \(event.summary)"
      }
    }
  }

  /// The events, in the order they apply (by time, script order among equal times).
  public let events: [Event]
  /// How the script wants to be played: its step, state machine and binding.
  public var settings = Settings()
  /// The script's name for messages (usually its file), if known: errors applying its events
  /// name it.
  public var source: String?

  /// Makes a script of `events`, ordered by time (events at the same time keep their order).
  ///
  /// - Parameters:
  ///   - events: The events.
  ///   - source: The script's name for messages.
  /// - Throws: ``InputScriptError`` with code `invalidEvent` for a time that is negative, not
  ///   finite or beyond a day.
  public init(events: [Event], source: String? = nil) throws(InputScriptError) {
    self.source = source
    for event in events {
      guard event.time.isFinite, event.time >= 0, event.time <= Self.maximumTime else {
        throw InputScriptError(
          .invalidEvent, source: source, event: event.index,
          message: "time \(event.time) is outside 0 to \(Int(Self.maximumTime)) seconds")
      }
    }
    self.events = events.enumerated().sorted { left, right in
      left.element.time != right.element.time
        ? left.element.time < right.element.time : left.offset < right.offset
    }.map(\.element)
  }

  /// Makes a script of `events` played with `settings`.
  ///
  /// - Throws: As ``init(events:source:)``, and ``InputScriptError`` with code `invalidEvent`
  ///   for a step that is not a positive finite number of seconds up to one second.
  public init(events: [Event], settings: Settings, source: String? = nil) throws(InputScriptError) {
    try self.init(events: events, source: source)
    if let step = settings.step {
      guard step.isFinite, step > 0, step <= Self.maximumStep else {
        throw InputScriptError(
          .invalidEvent, source: source,
          message: "'dt' \(step) is not a step from above 0 to \(Int(Self.maximumStep)) seconds")
      }
    }
    self.settings = settings
  }

  /// The longest step a script may ask for: one minute.
  public static let maximumStep = 60.0

  /// A script that does nothing.
  public static let empty = InputScript(uncheckedEvents: [])

  private init(uncheckedEvents events: [Event]) {
    self.events = events
  }

  /// The latest time an event may have: one day.
  public static let maximumTime = 86_400.0

  /// The time of the last event (0 for an empty script).
  public var lastTime: Double { events.last?.time ?? 0 }
}

/// A value an input script gives a view-model property.
public enum ViewModelScriptValue: Sendable, Equatable {
  /// A number property.
  case number(Float)
  /// A boolean property.
  case boolean(Bool)
  /// A string property.
  case string(String)
  /// A colour property, `0xAARRGGBB`.
  case color(UInt32)
  /// An enum property, by the name of one of its entries.
  case enumeration(String)
  /// An enum property, by the position of one of its entries (as the runtime's enum values
  /// count them).
  case enumerationIndex(Int)
  /// An image, font or blob property, by the index of one of the file's assets (nil: none,
  /// as the runtime's property set to null).
  case asset(UInt32?)

  /// How the value reads in messages.
  public var summary: String {
    switch self {
    case .number(let value): "\(value)"
    case .boolean(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .color(let value):
      "#"
        + String(((value & 0x00FF_FFFF) << 8) | (value >> 24), radix: 16, uppercase: true)
        .leftPadded(to: 8)
    case .enumeration(let value): "enum \"\(value)\""
    case .enumerationIndex(let index): "enum entry \(index)"
    case .asset(let index): index.map { "asset \($0)" } ?? "no asset"
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
