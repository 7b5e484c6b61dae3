import RiveFormat

extension ArtboardPlayback {
  /// Plays an artboard of `file` picked by name, driven by the state machine or animation
  /// named, else by ``Driver/default(for:)`` (as the reference draw streams), with the
  /// artboard's default view-model instance bound first (as the reference streams were
  /// recorded; `bindsDefaultViewModel: false` plays it unbound).
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - artboard: The artboard's name; nil or empty means the first.
  ///   - stateMachine: A state machine of that artboard to play.
  ///   - animation: An animation to play instead (ignored when `stateMachine` is given).
  ///   - bindsDefaultViewModel: Whether the artboard's default view-model instance is bound.
  ///   - settings: An input script's settings (`InputScript.Settings`): its state machine (a
  ///     name, or none: the artboard advances alone) and its binding (an instance of the
  ///     artboard's view model, or nothing) take the place of the other arguments'; its step
  ///     is the script clock's.
  /// - Throws: `ArtboardFrameError` naming what is missing and what there is; with code
  ///   `inputScript` (`unsupportedSetting`) when `stateMachine` or `animation` names another
  ///   driver than the settings, or (`instanceNotFound`) when the instance to bind is not
  ///   there.
  public init(
    file: RuntimeFile, artboard: String? = nil, stateMachine: String? = nil,
    animation: String? = nil, bindsDefaultViewModel: Bool = true,
    settings: InputScript.Settings = InputScript.Settings()
  ) throws(ArtboardFrameError) {
    let model = try Self.artboard(named: artboard, in: file)
    let driver = try Self.driver(
      of: model, stateMachine: stateMachine, animation: animation, settings: settings)
    let bindsDefault = settings.binding == nil && bindsDefaultViewModel
    self.init(artboard: model, driver: driver, file: bindsDefault ? file : nil)
    self.settings = settings
    if case .instance(let choice)? = settings.binding {
      do throws(InputScriptError) {
        try bind(.instance(choice), file: file)
      } catch {
        throw ArtboardFrameError(error)
      }
    }
  }

  /// The artboard named `name` (nil or empty: the first).
  private static func artboard(named name: String?, in file: RuntimeFile)
    throws(ArtboardFrameError) -> ArtboardModel
  {
    if let name, !name.isEmpty {
      guard let found = file.artboard(named: name) else {
        throw ArtboardFrameError(
          file.artboards.isEmpty ? .noArtboard : .artboardNotFound,
          message: "artboard \"\(name)\" not found; "
            + listing(file.artboards.map(\.name), of: "artboards", in: "the file"))
      }
      return found
    }
    guard let first = file.artboards.first else {
      throw ArtboardFrameError(.noArtboard, message: "the file has no artboard to draw")
    }
    return first
  }

  /// The driver the names and the script's settings ask for.
  private static func driver(
    of model: ArtboardModel, stateMachine named: String?, animation: String?,
    settings: InputScript.Settings
  ) throws(ArtboardFrameError) -> Driver {
    var stateMachine = named
    switch settings.stateMachine {
    case nil:
      break
    case .named(let name)?:
      if let given = stateMachine ?? animation, given != name {
        throw conflict("the script plays state machine \"\(name)\", not \"\(given)\"")
      }
      stateMachine = name
    case .none?:
      if let given = stateMachine ?? animation {
        throw conflict("the script plays no state machine, not \"\(given)\"")
      }
      return .none
    }
    if let stateMachine {
      guard let index = model.stateMachineNames.firstIndex(of: stateMachine) else {
        throw ArtboardFrameError(
          .stateMachineNotFound,
          message: "state machine \"\(stateMachine)\" not found; "
            + listing(
              model.stateMachineNames, of: "state machines", in: "artboard \"\(model.name)\""))
      }
      return .stateMachine(index: index, name: stateMachine)
    }
    if let animation {
      guard let index = model.animationNames.firstIndex(of: animation) else {
        throw ArtboardFrameError(
          .animationNotFound,
          message: "animation \"\(animation)\" not found; "
            + listing(model.animationNames, of: "animations", in: "artboard \"\(model.name)\""))
      }
      return .animation(index: index, name: animation)
    }
    return .default(for: model)
  }

  private static func conflict(_ message: String) -> ArtboardFrameError {
    ArtboardFrameError(InputScriptError(.unsupportedSetting, message: message))
  }

  private static func listing(_ names: [String], of kind: String, in place: String) -> String {
    names.isEmpty
      ? "\(place) has no \(kind)"
      : "\(place) has " + names.map { "\"\($0)\"" }.joined(separator: ", ")
  }
}
