import RiveFormat

/// What a state is, as the API layers name it.
public enum StateDescription: Sendable, Equatable {
  /// The layer's entry state.
  case entry
  /// The layer's exit state.
  case exit
  /// The layer's any state.
  case any
  /// An animation state playing the named linear animation (nil when the animation is missing).
  case animation(name: String?)
  /// A 1D blend state.
  case blend1D
  /// A direct blend state.
  case blendDirect
  /// A state kind the runtime does not know.
  case other

  /// The name the Apple runtime's legacy API reports in `stateChanges()`: `EntryState`,
  /// `ExitState`, `AnyState`, the animation's name (`Unknown` when it has none) and
  /// `UnknownState` for every other kind (blend states included, as upstream).
  public var legacyName: String {
    switch self {
    case .entry: "EntryState"
    case .exit: "ExitState"
    case .any: "AnyState"
    case .animation(let name): name ?? "Unknown"
    case .blend1D, .blendDirect, .other: "UnknownState"
    }
  }
}

/// A state-machine input as the file defines it.
public struct InputDescription: Sendable, Equatable {
  /// The kind of an input, with its default value.
  public enum Kind: Sendable, Equatable {
    case bool(Bool)
    case number(Float)
    case trigger
  }

  /// The input's index in its state machine.
  public var index: Int
  /// The input's name.
  public var name: String
  /// Its kind and default.
  public var kind: Kind
}

extension StateMachineInstance {
  /// The number of layers.
  public var layerCount: Int { machine.layers.count }

  /// The inputs the runtime knows, in file order (unknown input objects are left out).
  public var inputDescriptions: [InputDescription] {
    machine.inputs.enumerated().compactMap { index, input in
      guard let input else { return nil }
      let kind: InputDescription.Kind
      switch input.kind {
      case .bool(let value): kind = .bool(value)
      case .number(let value): kind = .number(value)
      case .trigger: kind = .trigger
      }
      return InputDescription(index: index, name: input.name, kind: kind)
    }
  }

  /// The states the layers changed to during the last advance, named as the legacy API names
  /// them (`ExitState`, an animation's name, …): what every player reports. Empty, without
  /// building a list, when no layer changed (most frames).
  ///
  /// - Parameter artboard: The artboard model the machine was made for (for animation names).
  /// - Returns: The names, one per layer that changed, in layer order.
  public func stateChangeNames(artboard: ArtboardModel) -> [String] {
    guard layers.contains(where: \.changedOnAdvance) else { return [] }
    return stateChanges.map { describe($0, artboard: artboard).legacyName }
  }

  /// What the state a change ended in is.
  ///
  /// - Parameters:
  ///   - change: A change from ``stateChanges``.
  ///   - artboard: The artboard model the machine was made for (for animation names).
  /// - Returns: The state's description (`.other` for an index that is out of range).
  public func describe(_ change: StateChange, artboard: ArtboardModel) -> StateDescription {
    guard machine.layers.indices.contains(change.layer),
      machine.layers[change.layer].states.indices.contains(change.stateIndex)
    else { return .other }
    switch machine.layers[change.layer].states[change.stateIndex].kind {
    case .entry: return .entry
    case .exit: return .exit
    case .any: return .any
    case .animation(let index, _):
      guard let index, artboard.animations.indices.contains(index) else {
        return .animation(name: nil)
      }
      return .animation(name: artboard.animations[index].name)
    case .blend1D: return .blend1D
    case .blendDirect: return .blendDirect
    case .system: return .other
    }
  }

  /// Whether the machine has work to do on its next advance (an input changed since the last
  /// one), without advancing it.
  public var hasPendingChanges: Bool { needsAdvance }
}
