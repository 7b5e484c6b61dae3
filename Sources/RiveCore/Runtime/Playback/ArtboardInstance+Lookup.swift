@_spi(RiveFormatInternals) import RiveFormat

/// A reported event's object, read from the artboard that reported it.
public struct EventDescription: Sendable, Equatable {
  /// A custom property's value.
  public enum CustomValue: Sendable, Equatable {
    case bool(Bool)
    case string(String)
    case number(Float)
  }

  /// The event's name.
  public var name: String
  /// The event's core type key: 128 for a plain event, 131 for an open-URL event, 407 for an
  /// audio event.
  public var typeKey: UInt16
  /// The URL of an open-URL event (nil for other events).
  public var url: String?
  /// The target of an open-URL event as the official runtime spells it (`_blank`, `_parent`,
  /// `_self`, `_top`; nil for other events).
  public var target: String?
  /// The event's named boolean, string and number custom properties, in file order.
  public var customProperties: [(name: String, value: CustomValue)]

  /// Describes an event.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - typeKey: Its core type key.
  ///   - url: An open-URL event's URL.
  ///   - target: An open-URL event's target.
  ///   - customProperties: Its named custom properties.
  public init(
    name: String, typeKey: UInt16, url: String? = nil, target: String? = nil,
    customProperties: [(name: String, value: CustomValue)] = []
  ) {
    self.name = name
    self.typeKey = typeKey
    self.url = url
    self.target = target
    self.customProperties = customProperties
  }

  /// Whether the event opens a URL.
  public var isOpenURL: Bool { url != nil }

  public static func == (lhs: EventDescription, rhs: EventDescription) -> Bool {
    lhs.name == rhs.name && lhs.typeKey == rhs.typeKey && lhs.url == rhs.url
      && lhs.target == rhs.target
      && lhs.customProperties.map(\.name) == rhs.customProperties.map(\.name)
      && lhs.customProperties.map(\.value) == rhs.customProperties.map(\.value)
  }
}

extension ArtboardInstance {
  /// The name of object `id` (`""` when it has none).
  ///
  /// - Parameter id: An artboard-local object id.
  /// - Returns: The name.
  public func name(of id: Int) -> String {
    if case .string(let text)? = value(of: id, property: PropertyKey.componentName) { return text }
    return ""
  }

  /// Describes the event object `id` (as ``ReportedEvent/objectID`` names it).
  ///
  /// - Parameter id: The event's artboard-local id.
  /// - Returns: Its name, type, URL and target for open-URL events, and custom properties.
  public func describeEvent(_ id: Int) -> EventDescription {
    let typeKey = self.typeKey(of: id) ?? 0
    var url: String?
    var target: String?
    if model.isA(id, TypeKey.openUrlEvent) {
      if case .string(let text)? = value(of: id, property: PropertyKey.openUrlEventUrl) {
        url = text
      } else {
        url = ""
      }
      var targetValue: UInt32 = 0
      if case .uint(let raw)? = value(of: id, property: PropertyKey.openUrlEventTargetValue) {
        targetValue = raw
      }
      switch targetValue {
      case 0: target = "_blank"
      case 1: target = "_parent"
      case 2: target = "_self"
      case 3: target = "_top"
      default: target = ""
      }
    }
    var properties: [(name: String, value: EventDescription.CustomValue)] = []
    if id >= 0, id < model.children.count {
      for child in model.children.ints(id) {
        let childName = name(of: child)
        guard !childName.isEmpty else { continue }
        if model.isA(child, TypeKey.customPropertyBoolean),
          case .bool(let flag)? = value(
            of: child, property: PropertyKey.customPropertyBooleanPropertyValue)
        {
          properties.append((childName, .bool(flag)))
        } else if model.isA(child, TypeKey.customPropertyString),
          case .string(let text)? = value(
            of: child, property: PropertyKey.customPropertyStringPropertyValue)
        {
          properties.append((childName, .string(text)))
        } else if model.isA(child, TypeKey.customPropertyNumber),
          case .number(let number)? = value(
            of: child, property: PropertyKey.customPropertyNumberPropertyValue)
        {
          properties.append((childName, .number(number)))
        }
      }
    }
    return EventDescription(
      name: name(of: id), typeKey: typeKey, url: url, target: target,
      customProperties: properties)
  }

  // MARK: - Text runs

  /// The text of the text run named `name`, in this artboard or, with a non-empty `path`, in
  /// the nested artboard that path names (nested artboard names joined by `/`).
  ///
  /// - Parameters:
  ///   - name: The text run's name.
  ///   - path: The nested artboard path, `""` for this artboard.
  /// - Returns: The text, or nil when there is no such run.
  public func textRunValue(named name: String, path: String = "") -> String? {
    if !path.isEmpty {
      return nestedArtboard(atPath: path)?.textRunValue(named: name)
    }
    guard let id = textRunID(named: name),
      case .string(let text)? = value(of: id, property: PropertyKey.textValueRunText)
    else { return nil }
    return text
  }

  /// Sets the text of a text run (see ``textRunValue(named:path:)``).
  ///
  /// - Parameters:
  ///   - name: The text run's name.
  ///   - path: The nested artboard path, `""` for this artboard.
  ///   - text: The new text.
  /// - Returns: Whether the run was found.
  @discardableResult
  public mutating func setTextRunValue(named name: String, path: String = "", to text: String)
    -> Bool
  {
    if !path.isEmpty {
      return withNestedArtboard(atPath: path) { child in
        child.setTextRunValue(named: name, to: text)
      } ?? false
    }
    guard let id = textRunID(named: name) else { return false }
    // Drawn from the next update, as the runtime draws each text from its last one.
    holdTextForDraw(ofRun: id)
    setString(id, offset: Slot.textValueRunText, key: PropertyKey.textValueRunText, text)
    // The next update lays it out: a nested artboard's host updates it only when it needs
    // an update (as the runtime's text marks its shape dirty).
    needsUpdate = true
    return true
  }

  /// Every text run of this artboard (not of nested artboards), in file order: its name and
  /// its text as it stands (set by a script, a text-run call, a keyframe or data binding).
  public var textRuns: [(name: String, text: String)] {
    model.types.indices.compactMap { id in
      guard model.isA(id, TypeKey.textValueRun),
        case .string(let text)? = value(of: id, property: PropertyKey.textValueRunText)
      else { return nil }
      return (name(of: id), text)
    }
  }

  private func textRunID(named name: String) -> Int? {
    model.types.indices.first { id in
      model.isA(id, TypeKey.textValueRun) && self.name(of: id) == name
    }
  }

  // MARK: - Nested inputs

  /// The current value of the input named `name` of a state machine playing in the nested
  /// artboard at `path` (nested artboard names joined by `/`).
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - path: The nested artboard path.
  /// - Returns: The value, or nil when there is no such input.
  public func nestedInput(named name: String, path: String) -> InputValue? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let last = parts.last, !parts.contains("") else { return nil }
    let parent =
      parts.count == 1 ? self : nestedArtboard(atPath: parts.dropLast().joined(separator: "/"))
    guard let artboard = parent, let index = artboard.nestedIndex(named: last) else { return nil }
    for player in artboard.nested[index].animations {
      if let machine = player.machine, let input = machine.inputIndex(named: name) {
        return machine.inputs[input]
      }
    }
    return nil
  }

  /// Changes the input named `name` of a state machine playing in the nested artboard at
  /// `path`: sets a boolean or number input, or fires a trigger (`value` is then ignored).
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - path: The nested artboard path.
  ///   - value: `.bool`, `.number`, or `.trigger` to fire.
  /// - Returns: Whether an input of the matching kind was found.
  @discardableResult
  public mutating func setNestedInput(named name: String, path: String, to value: InputValue)
    -> Bool
  {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let last = parts.last, !parts.contains("") else { return false }
    if parts.count > 1 {
      return withNestedArtboard(atPath: parts.dropLast().joined(separator: "/")) { child in
        child.setNestedInput(named: name, path: last, to: value)
      } ?? false
    }
    guard let index = nestedIndex(named: last) else { return false }
    for position in nested[index].animations.indices {
      guard let input = nested[index].animations[position].machine?.inputIndex(named: name)
      else { continue }
      let changed: Bool
      switch value {
      case .bool(let flag):
        changed = nested[index].animations[position].machine?.setBool(input, flag) ?? false
      case .number(let number):
        changed = nested[index].animations[position].machine?.setNumber(input, number) ?? false
      case .trigger: changed = nested[index].animations[position].machine?.fire(input) ?? false
      case .none: changed = false
      }
      if changed { nested[index].isDirty = true }
      return changed
    }
    return false
  }

  // MARK: - Paths

  /// The index in `nested` of the nested artboard component named `name`.
  private func nestedIndex(named name: String) -> Int? {
    nested.indices.first { index in
      self.name(of: model.nestedHosts[nested[index].hostIndex].id) == name
    }
  }

  /// The nested artboard at `path` (names joined by `/`), nil when the path names none.
  private func nestedArtboard(atPath path: String) -> ArtboardInstance? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !parts.contains("") else { return nil }
    var artboard = self
    for part in parts {
      guard let index = artboard.nestedIndex(named: part),
        let child = artboard.nested[index].artboard
      else { return nil }
      artboard = child
    }
    return artboard
  }

  /// Runs `body` on the nested artboard at `path` (names joined by `/`), writing the change
  /// back through every level; nil when the path names no nested artboard.
  private mutating func withNestedArtboard<Result>(
    atPath path: String, _ body: (inout ArtboardInstance) -> Result
  ) -> Result? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, !parts.contains(""), let index = nestedIndex(named: first),
      var child = nested[index].artboard
    else { return nil }
    let result: Result?
    if parts.count == 1 {
      result = body(&child)
    } else {
      result = child.withNestedArtboard(atPath: parts.dropFirst().joined(separator: "/"), body)
    }
    nested[index].artboard = child
    if child.needsUpdate {
      nested[index].isDirty = true
      needsUpdate = true
    }
    return result
  }
}
