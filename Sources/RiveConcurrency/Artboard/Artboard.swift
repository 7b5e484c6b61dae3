import Foundation
import RiveCore
import RiveFormat

/// An artboard instance made by ``File/createArtboard(_:)``.
///
/// Every call makes a new, independent instance; all share the file's parsed data. Equal only
/// to itself.
public final class Artboard: Equatable, Sendable {
  package let loaded: LoadedFile
  /// The artboard's position in the file.
  package let index: Int
  @MainActor private var volumeValue: Float = 1
  /// The artboard playing: its one instance, which every state machine made from this
  /// artboard advances, and the view-model values bound to it (nil when the file cannot be
  /// evaluated).
  @MainActor package var playback: ArtboardPlayback?

  @MainActor
  init(file: LoadedFile, index: Int) {
    loaded = file
    self.index = index
    playback = file.runtimeArtboard(at: index).map {
      var playback = ArtboardPlayback(artboard: $0, driver: .none, file: nil)
      // Layout is solved as in the official runtime built with layout.
      playback.solveLayout(true)
      return playback
    }
  }

  var model: RiveDocument.Artboard { loaded.document.artboards[index] }

  /// The artboard's name.
  public var name: String { model.name }

  /// Whether both are the same instance.
  public static func == (lhs: Artboard, rhs: Artboard) -> Bool { lhs === rhs }

  /// The state machine names, in file order (including the one the runtime adds to an
  /// artboard that has neither animations nor state machines).
  ///
  /// - Returns: The names.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func getStateMachineNames() async throws -> [String] {
    model.stateMachines.map(\.name)
  }

  /// Creates a new, independent state machine instance.
  ///
  /// - Parameter name: The state machine's name; `nil` or `""` (`String.default`)
  ///   means the artboard's editor-designated default. As upstream, there is no fallback to the
  ///   first state machine when the editor designated none.
  /// - Returns: A new state machine on every call.
  /// - Throws: ``ArtboardError/invalidStateMachine(_:)`` when there is no such state machine,
  ///   or no designated default.
  @MainActor
  public func createStateMachine(_ name: String? = nil) async throws -> StateMachine {
    let machines = model.stateMachines
    if let name, !name.isEmpty {
      guard let index = machines.firstIndex(where: { $0.name == name }) else {
        throw ArtboardError.invalidStateMachine(
          "Could not create state machine with name \"\(name)\" because it was not found "
            + "in artboard \"\(model.name)\".")
      }
      return StateMachine(artboard: self, index: index, model: machines[index])
    }
    guard let index = model.defaultStateMachineIndex, machines.indices.contains(index) else {
      throw ArtboardError.invalidStateMachine(
        "artboard \"\(model.name)\" has no default state machine.")
    }
    return StateMachine(artboard: self, index: index, model: machines[index])
  }

  /// Sets the artboard's audio volume (stored; Linux plays nothing).
  ///
  /// - Parameter volume: The volume, 0 to 1 (clamped).
  @MainActor
  public func setVolume(_ volume: Float) {
    volumeValue = min(max(volume, 0), 1)
  }

  /// The artboard's audio volume (1 until set).
  ///
  /// - Returns: The volume.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func volume() async throws -> Float {
    volumeValue
  }
}
