extension InputScript {
  /// How a script wants to be played, beside its events: the step the clock advances by, the
  /// state machine that plays the artboard and the view-model instance bound to it.
  ///
  /// In JSON these are the script object's keys beside `events`:
  ///
  /// ```json
  /// { "dt": 0.1, "stateMachine": null, "binding": false, "events": [] }
  /// ```
  ///
  /// A player that makes its own artboard (`rive-assets render`, `record`, `trace`, the file
  /// player of `RiveRaster`) plays as they say. A `Rive` or legacy view model was made with its
  /// state machine and binding already, so there a script whose settings ask for another one
  /// is refused with `unsupportedSetting`.
  public struct Settings: Sendable, Equatable {
    /// The longest advance, in seconds (nil: 1/60 s).
    public var step: Double?
    /// The state machine to play: `.named` picks one, `.none` plays the artboard without a
    /// state machine (its animations do not run; bound values and constraints still update).
    /// Nil leaves the player's choice.
    public var stateMachine: StateMachineSetting?
    /// The view-model instance to bind before the first frame, or none. Nil leaves the
    /// player's choice (the artboard's default instance).
    public var binding: BindingSetting?

    public init(
      step: Double? = nil, stateMachine: StateMachineSetting? = nil,
      binding: BindingSetting? = nil
    ) {
      self.step = step
      self.stateMachine = stateMachine
      self.binding = binding
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { step == nil && stateMachine == nil && binding == nil }
  }

  /// Which state machine plays the artboard.
  public enum StateMachineSetting: Sendable, Equatable {
    /// The state machine of that name.
    case named(String)
    /// None: the artboard advances alone.
    case none
  }

  /// What is bound to the artboard before the first frame.
  public enum BindingSetting: Sendable, Equatable {
    /// Nothing: the artboard plays unbound.
    case none
    /// An instance of the artboard's view model.
    case instance(ViewModelInstanceChoice)
  }
}

/// Which instance of a view model an input script means.
public enum ViewModelInstanceChoice: Sendable, Equatable {
  /// A copy of the authored instance of this name.
  case named(String)
  /// A copy of the authored instance at this position among the view model's instances.
  case index(Int)
  /// A copy of the view model's first authored instance, or a blank one when it has none (as
  /// the official `createDefaultViewModelInstance`).
  case defaultInstance
  /// A new instance with every property at its type's default (as the official
  /// `createViewModelInstance` of a view model).
  case blank

  /// How the choice reads in messages.
  public var summary: String {
    switch self {
    case .named(let name): "instance \"\(name)\""
    case .index(let index): "instance \(index)"
    case .defaultInstance: "the default instance"
    case .blank: "a blank instance"
    }
  }
}

/// A change to a view-model list property.
public enum ViewModelListEdit: Sendable, Equatable {
  /// Adds an instance at the end.
  case append(ViewModelListItem)
  /// Adds an instance at `index` (0 to the list's length).
  case insert(ViewModelListItem, at: Int)
  /// Puts an instance in place of the item at `index`.
  case replace(ViewModelListItem, at: Int)
  /// Removes the item at `index`.
  case remove(at: Int)
  /// Swaps two items.
  case swap(Int, Int)
  /// Removes every item.
  case clear

  /// How the edit reads in messages.
  public var summary: String {
    switch self {
    case .append(let item): "append \(item.summary)"
    case .insert(let item, let index): "insert \(item.summary) at \(index)"
    case .replace(let item, let index): "replace item \(index) by \(item.summary)"
    case .remove(let index): "remove item \(index)"
    case .swap(let first, let second): "swap items \(first) and \(second)"
    case .clear: "clear"
    }
  }
}

/// A new list item: an instance of the view model named `viewModel`.
public struct ViewModelListItem: Sendable, Equatable {
  /// The view model's name.
  public var viewModel: String
  /// Which instance (blank when the script names none, as the official `createInstance`).
  public var instance: ViewModelInstanceChoice

  public init(viewModel: String, instance: ViewModelInstanceChoice = .blank) {
    self.viewModel = viewModel
    self.instance = instance
  }

  /// How the item reads in messages.
  public var summary: String { "\(instance.summary) of \"\(viewModel)\"" }
}

/// A focus manager call: traversal in tab order or by direction, or clearing the focus.
public enum FocusMove: String, Sendable, Equatable, CaseIterable {
  case next, previous, left, right, up, down, clear
}

/// When a key event happens.
public enum KeyPhase: String, Sendable, Equatable, CaseIterable {
  case down, up, `repeat`
}

/// A gamepad event: a pad connected or disconnected, a button or an axis moved.
public enum GamepadEvent: Sendable, Equatable {
  case connect(device: Int)
  case disconnect(device: Int)
  case button(device: Int, button: String, value: Float)
  case axis(device: Int, axis: String, value: Float)

  /// How the event reads in messages.
  public var summary: String {
    switch self {
    case .connect(let device): "\(device) connected"
    case .disconnect(let device): "\(device) disconnected"
    case .button(let device, let button, let value): "\(device) button \(button) = \(value)"
    case .axis(let device, let axis, let value): "\(device) axis \(axis) = \(value)"
    }
  }
}
