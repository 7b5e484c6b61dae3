import Foundation
import RiveCore
import RiveFormat

/// An instance of an artboard: its own animation and state machine instances, volume and size.
///
/// Every call to ``RiveFile/artboard()`` makes a new, independent instance of the parsed
/// artboard. The instance's values live in one place that every state machine and animation
/// made from this artboard advances. An artboard does not keep its ``RiveFile`` alive (as
/// upstream); keep the file (or a ``RiveModel``, which holds it) while using it. Not
/// thread-safe: use each instance from one thread at a time, as upstream.
public final class RiveArtboard {
  /// The artboard as the reader describes it.
  let definition: RiveDocument.Artboard
  /// The artboard's position in the file.
  let index: Int
  /// The parsed file (not the `RiveFile`).
  let file: LoadedFile
  /// The file's asset state.
  let store: FileAssetStore
  /// The artboard playing: the one instance every state machine and animation made from this
  /// artboard advances, and the view-model values bound to it (nil when the file cannot be
  /// evaluated).
  var playback: ArtboardPlayback?
  private var inputs: [String: RiveSMIInput] = [:]

  /// The view-model instance bound with ``bind(viewModelInstance:)``, if any.
  private(set) var viewModelInstance: RiveDataBindingViewModel.Instance?

  /// The volume applied to the artboard's audio (0…1; default 1).
  public var volume: Float = 1

  init(definition: RiveDocument.Artboard, index: Int, file: LoadedFile, store: FileAssetStore) {
    self.definition = definition
    self.index = index
    self.file = file
    self.store = store
    playback = file.runtimeArtboard(at: index).map {
      var playback = ArtboardPlayback(artboard: $0, driver: .none, file: nil)
      // Layout is solved as in the official runtime built with layout.
      playback.solveLayout(true)
      return playback
    }
  }

  /// Runs `body` on the playback in place (taken out for the work, so nothing is copied), or
  /// returns nil when the file cannot be evaluated.
  func withPlayback<Result>(_ body: (inout ArtboardPlayback) -> Result) -> Result? {
    guard var playback else { return nil }
    self.playback = nil
    defer { self.playback = playback }
    return body(&playback)
  }

  /// Runs `body` on the artboard instance in place with the bound values installed (see
  /// `ArtboardPlayback.withArtboard(_:)`); nil when the file cannot be evaluated.
  func mutate<Result>(_ body: (inout ArtboardInstance) -> Result) -> Result? {
    withPlayback { playback in playback.withArtboard { body(&$0) } }
  }

  /// The artboard's name.
  public func name() -> String { definition.name }

  /// The authored bounds, at the origin.
  public func bounds() -> CGRect {
    CGRect(x: 0, y: 0, width: CGFloat(definition.width), height: CGFloat(definition.height))
  }

  // MARK: Animations

  /// The number of linear animations.
  public func animationCount() -> Int { definition.animations.count }

  /// The linear animations' names, in file order.
  public func animationNames() -> [String] { definition.animations.map(\.name) }

  /// A new instance of the animation at `index`, playing on this artboard.
  ///
  /// - Throws: `NSError` 200 (NoAnimations) when there are none, else 201 (NoAnimationFound).
  public func animation(from index: Int) throws -> RiveLinearAnimationInstance {
    guard definition.animations.indices.contains(index) else {
      throw animationError("no animation at index \(index)")
    }
    return RiveLinearAnimationInstance(
      definition: definition.animations[index], index: index, artboard: self)
  }

  /// A new instance of the animation named `name`, playing on this artboard.
  ///
  /// - Throws: `NSError` 200 (NoAnimations) when there are none, else 201 (NoAnimationFound).
  public func animation(fromName name: String) throws -> RiveLinearAnimationInstance {
    guard let index = definition.animations.firstIndex(where: { $0.name == name }) else {
      throw animationError("no animation named \"\(name)\"")
    }
    return try animation(from: index)
  }

  private func animationError(_ what: String) -> NSError {
    let names = animationNames()
    let code: RiveErrorCode = names.isEmpty ? .noAnimations : .noAnimationFound
    return code.error("artboard \"\(definition.name)\" has \(what) (animations: \(names))")
  }

  // MARK: State machines

  /// The number of state machines.
  public func stateMachineCount() -> Int { definition.stateMachines.count }

  /// The state machines' names, in file order.
  public func stateMachineNames() -> [String] { definition.stateMachines.map(\.name) }

  /// A new instance of the state machine at `index`, playing on this artboard.
  ///
  /// - Throws: `NSError` 300 (NoStateMachines) when there are none, else 301
  ///   (NoStateMachineFound).
  public func stateMachine(from index: Int) throws -> RiveStateMachineInstance {
    guard definition.stateMachines.indices.contains(index) else {
      throw stateMachineError("no state machine at index \(index)")
    }
    return RiveStateMachineInstance(
      definition: definition.stateMachines[index], index: index, artboard: self)
  }

  /// A new instance of the state machine named `name`, playing on this artboard.
  ///
  /// - Throws: `NSError` 300 (NoStateMachines) when there are none, else 301
  ///   (NoStateMachineFound).
  public func stateMachine(fromName name: String) throws -> RiveStateMachineInstance {
    guard let index = definition.stateMachines.firstIndex(where: { $0.name == name }) else {
      throw stateMachineError("no state machine named \"\(name)\"")
    }
    return try stateMachine(from: index)
  }

  /// A new instance of the state machine the editor marked as default, or nil when none is.
  public func defaultStateMachine() -> RiveStateMachineInstance? {
    guard let index = definition.defaultStateMachineIndex,
      definition.stateMachines.indices.contains(index)
    else { return nil }
    return try? stateMachine(from: index)
  }

  private func stateMachineError(_ what: String) -> NSError {
    let names = stateMachineNames()
    let code: RiveErrorCode = names.isEmpty ? .noStateMachines : .noStateMachineFound
    return code.error("artboard \"\(definition.name)\" has \(what) (state machines: \(names))")
  }

  // MARK: Nested inputs

  /// The boolean input named `name` of the state machine playing in the nested artboard at
  /// `path` (nested artboard names joined by `/`, as `"Level1/Level2"`); the same object on
  /// every call.
  ///
  /// Upstream returns a null object when there is none, which Swift code then traps on; here
  /// the object reads false and ignores writes, and a warning is logged.
  public func getBool(_ name: String, path: String) -> RiveSMIBool {
    nestedInput(name, path, "boolean") { RiveSMIBool(name: name, target: $0) }
  }

  /// The trigger input named `name` in the nested artboard at `path` (see
  /// ``getBool(_:path:)``).
  public func getTrigger(_ name: String, path: String) -> RiveSMITrigger {
    nestedInput(name, path, "trigger") { RiveSMITrigger(name: name, target: $0) }
  }

  /// The number input named `name` in the nested artboard at `path` (see
  /// ``getBool(_:path:)``).
  public func getNumber(_ name: String, path: String) -> RiveSMINumber {
    nestedInput(name, path, "number") { RiveSMINumber(name: name, target: $0) }
  }

  private func nestedInput<Input: RiveSMIInput>(
    _ name: String, _ path: String, _ kind: String, make: (any InputTarget) -> Input
  ) -> Input {
    let key = "\(path)_\(name)_\(kind)"
    if let cached = inputs[key] as? Input { return cached }
    let found: Bool
    switch playback?.artboard.nestedInput(named: name, path: path) {
    case .bool: found = kind == "boolean"
    case .number: found = kind == "number"
    case .trigger: found = kind == "trigger"
    case .some(.none), nil: found = false
    }
    guard found else {
      RiveLogger.log(
        .warning, "player",
        "artboard \"\(definition.name)\" has no \(kind) input named \"\(name)\" at path "
          + "\"\(path)\"")
      return make(MissingInputTarget())
    }
    let input = make(NestedInputTarget(artboard: self, name: name, path: path))
    inputs[key] = input
    return input
  }

  // MARK: Text runs

  /// The text run named `name` of this artboard, or nil when there is none.
  public func textRun(_ name: String) -> RiveTextValueRun? {
    textRun(name, path: "")
  }

  /// The text run named `name` of the nested artboard at `path` (this artboard when `path`
  /// is empty), or nil when there is none.
  public func textRun(_ name: String, path: String) -> RiveTextValueRun? {
    guard playback?.artboard.textRunValue(named: name, path: path) != nil else { return nil }
    return RiveTextValueRun(artboard: self, name: name, path: path)
  }

  // MARK: Advancing and binding

  /// Advances what moves on its own (nested artboards) by `elapsedSeconds` and updates the
  /// artboard, as upstream's artboard advance does.
  public func advance(by elapsedSeconds: Double) {
    _ = mutate { $0.advance(Float(elapsedSeconds)) }
  }

  /// The frame `draw` draws of the artboard's playback as it is now (a frame request's
  /// `draw(_:firstFrameOf:)`); nil when the file cannot be evaluated.
  func drawFrame(
    _ draw: (inout ArtboardPlayback, ArtboardPlayback.FirstFrame?) -> DrawnArtboard
  ) -> DrawnArtboard? {
    withPlayback { draw(&$0, nil) }
  }

  /// Binds a view-model instance to the artboard: on each advance its values flow into the
  /// artboard's bound properties (and back for two-way binds), and its listeners hear what
  /// the advance changed.
  public func bind(viewModelInstance instance: RiveDataBindingViewModel.Instance) {
    viewModelInstance = instance
    var none: StateMachineInstance?
    _ = withPlayback { $0.bind(instance.node, machine: &none) }
  }
}

/// A run of text in an artboard (upstream's `RiveTextValueRun`).
///
/// Text is neither shaped nor drawn here, as in the reference runtime this package follows;
/// the run's text is read and written.
public final class RiveTextValueRun {
  private let artboard: RiveArtboard
  private let name: String
  private let path: String

  init(artboard: RiveArtboard, name: String, path: String) {
    self.artboard = artboard
    self.name = name
    self.path = path
  }

  /// The run's text.
  public func text() -> String {
    artboard.playback?.artboard.textRunValue(named: name, path: path) ?? ""
  }

  /// Sets the run's text.
  public func setText(_ newValue: String) {
    _ = artboard.mutate { $0.setTextRunValue(named: name, path: path, to: newValue) }
  }
}
