import Foundation
import RiveCore

/// An instance of an artboard: its own animation and state machine instances, volume and size.
///
/// Every call to ``RiveFile/artboard()`` makes a new, independent instance of the parsed
/// artboard. An artboard does not keep its ``RiveFile`` alive (as upstream); keep the file (or a
/// ``RiveModel``, which holds it) while using it. Not thread-safe: use each instance from one
/// thread at a time, as upstream.
public final class RiveArtboard {
  /// The artboard as the reader describes it.
  let definition: RiveDocument.Artboard
  /// The parsed file (not the `RiveFile`).
  let file: LoadedFile
  /// The file's asset state.
  let store: FileAssetStore

  /// The volume applied to the artboard's audio (0…1; default 1).
  public var volume: Float = 1

  init(definition: RiveDocument.Artboard, file: LoadedFile, store: FileAssetStore) {
    self.definition = definition
    self.file = file
    self.store = store
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

  /// A new instance of the animation at `index`.
  ///
  /// - Throws: `NSError` 200 (NoAnimations) when there are none, else 201 (NoAnimationFound).
  public func animation(from index: Int) throws -> RiveLinearAnimationInstance {
    guard definition.animations.indices.contains(index) else {
      throw animationError("no animation at index \(index)")
    }
    return RiveLinearAnimationInstance(definition: definition.animations[index])
  }

  /// A new instance of the animation named `name`.
  ///
  /// - Throws: `NSError` 200 (NoAnimations) when there are none, else 201 (NoAnimationFound).
  public func animation(fromName name: String) throws -> RiveLinearAnimationInstance {
    guard let animation = definition.animations.first(where: { $0.name == name }) else {
      throw animationError("no animation named \"\(name)\"")
    }
    return RiveLinearAnimationInstance(definition: animation)
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

  /// A new instance of the state machine at `index`.
  ///
  /// - Throws: `NSError` 300 (NoStateMachines) when there are none, else 301
  ///   (NoStateMachineFound).
  public func stateMachine(from index: Int) throws -> RiveStateMachineInstance {
    guard definition.stateMachines.indices.contains(index) else {
      throw stateMachineError("no state machine at index \(index)")
    }
    return RiveStateMachineInstance(definition: definition.stateMachines[index])
  }

  /// A new instance of the state machine named `name`.
  ///
  /// - Throws: `NSError` 300 (NoStateMachines) when there are none, else 301
  ///   (NoStateMachineFound).
  public func stateMachine(fromName name: String) throws -> RiveStateMachineInstance {
    guard let machine = definition.stateMachines.first(where: { $0.name == name }) else {
      throw stateMachineError("no state machine named \"\(name)\"")
    }
    return RiveStateMachineInstance(definition: machine)
  }

  /// A new instance of the state machine the editor marked as default, or nil when none is.
  public func defaultStateMachine() -> RiveStateMachineInstance? {
    guard let index = definition.defaultStateMachineIndex,
      definition.stateMachines.indices.contains(index)
    else { return nil }
    return RiveStateMachineInstance(definition: definition.stateMachines[index])
  }

  private func stateMachineError(_ what: String) -> NSError {
    let names = stateMachineNames()
    let code: RiveErrorCode = names.isEmpty ? .noStateMachines : .noStateMachineFound
    return code.error("artboard \"\(definition.name)\" has \(what) (state machines: \(names))")
  }

  /// Advances the artboard's own time. Headless: there is nothing to lay out or draw, so this
  /// only exists for source compatibility.
  public func advance(by elapsedSeconds: Double) {}
}
