import RiveFormat

extension InputScript.Event {
  /// Applies the event to a playing artboard: to the state machine that drives it (`machine`,
  /// nil when an animation or nothing drives it) and the artboard instance, with the bound
  /// view-model values installed in the artboard (as every player of the package keeps them
  /// during an advance).
  ///
  /// Inputs and triggers are set on the machine (or on the machine playing in the nested
  /// artboard named), view-model values are written to the bound instance's store, pointer
  /// events run the machine's listeners at once, text runs change the artboard's text. What
  /// they change shows from the next advance, as in the official runtime.
  ///
  /// - Parameters:
  ///   - machine: The driving state machine, if any.
  ///   - artboard: The artboard it plays.
  /// - Returns: What a pointer event hit (nil for other events).
  /// - Throws: ``InputScriptError`` naming the event, its time and what is missing: an input
  ///   (and the inputs there are), a kind that does not match, a view-model path, an enum
  ///   entry, a text run, or a state machine for inputs and pointers.
  @discardableResult
  public func apply(machine: inout StateMachineInstance?, artboard: inout ArtboardInstance)
    throws(InputScriptError) -> PointerHitResult?
  {
    func failure(_ code: InputScriptError.Code, _ message: String) -> InputScriptError {
      InputScriptError(code, event: index, time: time, message: message)
    }
    switch action {
    case .setBoolean(let name, _, let nested?), .setNumber(let name, _, let nested?),
      .fireTrigger(let name, let nested?):
      guard let current = artboard.nestedInput(named: name, path: nested) else {
        throw failure(
          .inputNotFound,
          "no state machine in the nested artboard \"\(nested)\" has an input "
            + "\"\(name)\"")
      }
      let value: InputValue
      switch (action, current) {
      case (.setBoolean(_, let flag, _), .bool): value = .bool(flag)
      case (.setNumber(_, let number, _), .number): value = .number(number)
      case (.fireTrigger, .trigger): value = .trigger(fired: true, usedLayers: 0)
      default:
        throw failure(
          .wrongKind,
          "input \"\(name)\" in \"\(nested)\" is \(Self.kind(of: current)), not "
            + Self.kind(of: action))
      }
      artboard.setNestedInput(named: name, path: nested, to: value)
      return nil
    case .setBoolean(let name, _, nil), .setNumber(let name, _, nil), .fireTrigger(let name, nil):
      guard var running = machine else {
        throw failure(
          .noStateMachine, "an animation drives the artboard; inputs need a state machine")
      }
      guard let input = running.inputIndex(named: name) else {
        let names = running.inputNames
        throw failure(
          .inputNotFound,
          "state machine \"\(running.name)\" has no input \"\(name)\"; "
            + (names.isEmpty
              ? "it has no inputs" : "it has " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
      }
      let accepted: Bool
      switch action {
      case .setBoolean(_, let flag, _): accepted = running.setBool(input, flag)
      case .setNumber(_, let number, _): accepted = running.setNumber(input, number)
      default: accepted = running.fire(input)
      }
      guard accepted else {
        throw failure(
          .wrongKind,
          "input \"\(name)\" is \(Self.kind(of: running.inputs[input])), not "
            + Self.kind(of: action))
      }
      machine = running
      return nil
    case .setViewModel, .fireViewModelTrigger, .editList, .setArtboard:
      let outcome: Result<Void, InputScriptError>? = artboard.withViewModels { store in
        do throws(InputScriptError) {
          try write(into: &store, from: store.root)
          return .success(())
        } catch {
          return .failure(error)
        }
      }
      guard let outcome else {
        throw failure(
          .noViewModel, "the artboard is bound to no view-model instance (\(action.summary))")
      }
      try outcome.get()
      return nil
    case .pointer(let kind, let x, let y, let id):
      guard machine != nil else {
        throw failure(
          .noStateMachine, "an animation drives the artboard; pointer events need a state machine")
      }
      return machine?.pointerEvent(kind, x: x, y: y, pointer: id, artboard: &artboard)
    case .setTextRun(let name, let text, let nested):
      guard artboard.textRunValue(named: name, path: nested ?? "") != nil else {
        throw failure(
          .textRunNotFound,
          "no text run \"\(name)\"" + (nested.map { " in the nested artboard \"\($0)\"" } ?? ""))
      }
      artboard.setTextRunValue(named: name, path: nested ?? "", to: text)
      return nil
    case .cut:
      return nil
    case .replaceInstance(let property, let choice):
      try replaceInstance(
        property: property, choice: choice, machine: &machine, artboard: &artboard)
      return nil
    case .focusNode(let name):
      guard artboard.requestFocus(onComponentNamed: name) else {
        throw failure(.nodeNotFound, "the artboard has no focusable component \"\(name)\"")
      }
      return nil
    case .focus(.clear):
      artboard.clearFocus()
      return nil
    case .focus, .key, .gamepad:
      throw failure(
        .unsupported,
        "\(action.summary): focus traversal, key and gamepad input are not run by this runtime "
          + "yet (DIFFERENCES.md, runtime #2)")
    }
  }

  /// Writes a view-model event (a value set, a trigger fired, a list edited, an artboard given)
  /// into `store`, at the event's path from `root`: what ``apply(machine:artboard:)`` does with
  /// the bound instance, and what a host does to an instance it has not bound yet.
  ///
  /// - Parameters:
  ///   - store: The store the instance lives in.
  ///   - root: The instance the path starts from (nil: none, which fails).
  /// - Throws: ``InputScriptError``: `viewModelNotFound` for a path that leads nowhere,
  ///   `wrongKind` for a value of another kind, `instanceNotFound`, `indexOutOfRange` and
  ///   `artboardNotFound` as the edit needs, `invalidEvent` for an event that writes no view
  ///   model.
  package func write(into store: inout ViewModelStore, from root: ViewModelInstanceHandle?)
    throws(InputScriptError)
  {
    func failure(_ code: InputScriptError.Code, _ message: String) -> InputScriptError {
      InputScriptError(code, event: index, time: time, message: message)
    }
    switch action {
    case .setViewModel(let path, let value):
      try withValue(in: &store, from: root, path: path) {
        store, handle throws(InputScriptError) in
        let accepted: Bool
        switch value {
        case .number(let number): accepted = store.setValue(.number(number), for: handle)
        case .boolean(let flag): accepted = store.setValue(.boolean(flag), for: handle)
        case .string(let text): accepted = store.setValue(.string(text), for: handle)
        case .color(let color): accepted = store.setValue(.color(color), for: handle)
        case .enumeration(let name):
          guard store.kind(of: handle) == .enumeration else {
            accepted = false
            break
          }
          guard store.setEnum(named: name, for: handle) else {
            throw failure(.viewModelNotFound, "the enum at \"\(path)\" has no entry \"\(name)\"")
          }
          accepted = true
        case .enumerationIndex(let entry):
          guard store.kind(of: handle) == .enumeration else {
            accepted = false
            break
          }
          guard let bits = UInt32(exactly: entry), store.setValue(.enumeration(bits), for: handle)
          else {
            throw failure(.viewModelNotFound, "the enum at \"\(path)\" has no entry \(entry)")
          }
          accepted = true
        case .asset(let index):
          accepted = store.setValue(.asset(index ?? UInt32.max), for: handle)
        }
        guard accepted else {
          throw failure(
            .wrongKind,
            "view-model property \"\(path)\" is of kind \(store.kind(of: handle)), not "
              + Self.kind(of: value))
        }
      }
      return
    case .fireViewModelTrigger(let path):
      try withValue(in: &store, from: root, path: path) {
        store, handle throws(InputScriptError) in
        guard store.fireTrigger(handle) else {
          throw failure(
            .wrongKind,
            "view-model property \"\(path)\" is of kind \(store.kind(of: handle)), not a trigger")
        }
      }
      return
    case .editList(let path, let edit):
      try editList(path: path, edit: edit, store: &store, root: root)
    case .setArtboard(let path, let name):
      try withValue(in: &store, from: root, path: path) {
        store, handle throws(InputScriptError) in
        guard store.kind(of: handle) == .artboard else {
          throw failure(
            .wrongKind,
            "view-model property \"\(path)\" is of kind \(store.kind(of: handle)), not an artboard")
        }
        var index = UInt32.max
        if let name {
          guard let found = store.artboardIndex(named: name) else {
            throw failure(
              .artboardNotFound,
              "the file has no artboard \"\(name)\"; it has "
                + store.artboardNames.map { "\"\($0)\"" }.joined(separator: ", "))
          }
          index = UInt32(found)
        }
        store.setValue(.artboard(index), for: handle)
      }
      return
    default:
      throw failure(.invalidEvent, "\(action.summary) is not a view-model event")
    }
  }

  /// Binds another instance at the root (in the store the artboard is bound in, so the
  /// values of every other instance there stay) or as a view-model property's instance; the
  /// artboard's and the machine's binds are made again, so they read the new instance.
  private func replaceInstance(
    property: String?, choice: ViewModelInstanceChoice, machine: inout StateMachineInstance?,
    artboard: inout ArtboardInstance
  ) throws(InputScriptError) {
    func failure(_ code: InputScriptError.Code, _ message: String) -> InputScriptError {
      InputScriptError(code, event: index, time: time, message: message)
    }
    guard let bound = artboard.viewModels, let root = bound.root,
      let rootViewModel = bound.viewModelIndex(of: root)
    else {
      throw failure(
        .noViewModel, "the artboard is bound to no view-model instance (\(action.summary))")
    }
    guard var store = artboard.unbindViewModels(machine: &machine) else {
      throw failure(.noViewModel, "the artboard is bound to no view-model instance")
    }
    // Whatever happens below, the artboard is bound again (to the old root on a failure).
    var newRoot = root
    defer { artboard.bind(newRoot, in: store, machine: &machine) }
    func make(_ viewModel: Int) throws(InputScriptError) -> ViewModelInstanceHandle {
      guard let instance = store.makeInstance(viewModelAt: viewModel, choice: choice) else {
        let names = store.instanceNames(ofViewModelAt: viewModel)
        throw failure(
          .instanceNotFound,
          "view model \"\(store.viewModelName(at: viewModel))\" has no \(choice.summary); "
            + (names.isEmpty
              ? "it has no authored instances"
              : "it has " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
      }
      return instance
    }
    guard let property else {
      newRoot = try make(rootViewModel)
      return
    }
    guard let handle = store.handle(at: property, from: root) else {
      throw failure(
        .viewModelNotFound, "the bound view-model instance has no property at \"\(property)\"")
    }
    guard let viewModel = store.referencedViewModel(of: handle) else {
      throw failure(
        .wrongKind,
        "view-model property \"\(property)\" is of kind \(store.kind(of: handle)), not a view model"
      )
    }
    let instance = try make(viewModel)
    store.setValue(.viewModel(instance), for: handle)
  }

  private func editList(
    path: String, edit: ViewModelListEdit, store: inout ViewModelStore,
    root: ViewModelInstanceHandle?
  ) throws(InputScriptError) {
    func failure(_ code: InputScriptError.Code, _ message: String) -> InputScriptError {
      InputScriptError(code, event: index, time: time, message: message)
    }
    try withValue(in: &store, from: root, path: path) { store, handle throws(InputScriptError) in
      guard case .list(let current)? = store.value(of: handle) else {
        throw failure(
          .wrongKind,
          "view-model property \"\(path)\" is of kind \(store.kind(of: handle)), not a list")
      }
      func make(_ item: ViewModelListItem) throws(InputScriptError) -> ViewModelInstanceHandle {
        guard let viewModel = store.viewModelIndex(named: item.viewModel) else {
          throw failure(
            .instanceNotFound,
            "the file has no view model \"\(item.viewModel)\"; it has "
              + store.viewModelNames.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        guard let instance = store.makeInstance(viewModelAt: viewModel, choice: item.instance)
        else {
          let names = store.instanceNames(ofViewModelAt: viewModel)
          throw failure(
            .instanceNotFound,
            "view model \"\(item.viewModel)\" has no \(item.instance.summary); "
              + (names.isEmpty
                ? "it has no authored instances"
                : "it has " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
        }
        return instance
      }
      func check(_ position: Int, allowsEnd: Bool = false) throws(InputScriptError) {
        guard position >= 0, position < current.count || (allowsEnd && position == current.count)
        else {
          throw failure(
            .indexOutOfRange,
            "list \"\(path)\" has \(current.count) item(s); there is no position \(position)")
        }
      }
      var items = current
      switch edit {
      case .append(let item):
        items.append(try make(item))
      case .insert(let item, let position):
        try check(position, allowsEnd: true)
        items.insert(try make(item), at: position)
      case .replace(let item, let position):
        try check(position)
        items[position] = try make(item)
      case .remove(let position):
        try check(position)
        items.remove(at: position)
      case .swap(let first, let second):
        try check(first)
        try check(second)
        items.swapAt(first, second)
      case .clear:
        items.removeAll()
      }
      store.setValue(.list(items), for: handle)
    }
  }

  private func withValue(
    in store: inout ViewModelStore, from root: ViewModelInstanceHandle?, path: String,
    _ body: (inout ViewModelStore, ViewModelValueHandle) throws(InputScriptError) -> Void
  ) throws(InputScriptError) {
    guard let root else {
      throw InputScriptError(
        .noViewModel, event: index, time: time,
        message: "the artboard is bound to no view-model instance (\(action.summary))")
    }
    guard let handle = store.handle(at: path, from: root) else {
      let names = store.propertyNames(of: root)
      throw InputScriptError(
        .viewModelNotFound, event: index, time: time,
        message: "the bound view-model instance has no property at \"\(path)\""
          + (names.isEmpty
            ? "" : "; its properties are " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
    }
    try body(&store, handle)
  }

  static func kind(of value: InputValue) -> String {
    switch value {
    case .bool: "a boolean"
    case .number: "a number"
    case .trigger: "a trigger"
    case .none: "unknown"
    }
  }

  static func kind(of action: InputScript.Action) -> String {
    switch action {
    case .setBoolean: "a boolean"
    case .setNumber: "a number"
    case .fireTrigger: "a trigger"
    default: "a value"
    }
  }

  static func kind(of value: ViewModelScriptValue) -> String {
    switch value {
    case .number: "a number"
    case .boolean: "a boolean"
    case .string: "a string"
    case .color: "a color"
    case .enumeration, .enumerationIndex: "an enum"
    case .asset: "an asset (image, font or blob)"
    }
  }
}

extension StateMachineInstance {
  /// The names of the machine's inputs, in order.
  public var inputNames: [String] {
    machine.inputs.compactMap { $0?.name }
  }
}
