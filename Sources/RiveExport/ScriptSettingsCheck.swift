import RiveCore
import RiveFrames

/// Checks that a player an API made (a `Rive`, a legacy view model) plays as an input script's
/// settings ask: such a player was made with its state machine and binding, so a script that
/// asks for another one is refused rather than played differently.
enum ScriptSettingsCheck {
  /// - Parameters:
  ///   - script: The script.
  ///   - player: What the player is, for messages (`the Rive`).
  ///   - machine: The name of the state machine it plays (nil: an animation or none).
  ///   - bound: Whether an instance is bound, and its name.
  /// - Throws: `ArtboardFrameError` with an `InputScriptError` of code `unsupportedSetting`.
  static func check(
    _ script: InputScript, player: String, machine: String?, bound: (Bool, name: String?)
  ) throws(ArtboardFrameError) {
    let settings = script.settings
    func refuse(_ message: String) -> ArtboardFrameError {
      ArtboardFrameError(
        InputScriptError(.unsupportedSetting, source: script.source, message: message))
    }
    switch settings.stateMachine {
    case nil: break
    case .named(let name)?:
      guard machine == name else {
        throw refuse(
          "the script plays state machine \"\(name)\"; \(player) plays "
            + (machine.map { "\"\($0)\"" } ?? "none"))
      }
    case .none?:
      guard machine == nil else {
        throw refuse(
          "the script plays no state machine; \(player) plays \"\(machine ?? "")\"")
      }
    }
    switch settings.binding {
    case nil: break
    case .none?:
      guard !bound.0 else {
        throw refuse("the script binds nothing; \(player) was made with an instance bound")
      }
    case .instance(let choice)?:
      guard bound.0 else {
        throw refuse("the script binds \(choice.summary); \(player) was made with nothing bound")
      }
      if case .named(let name) = choice, bound.name != name {
        throw refuse(
          "the script binds instance \"\(name)\"; \(player) has \"\(bound.name ?? "")\" bound")
      }
    }
  }
}
