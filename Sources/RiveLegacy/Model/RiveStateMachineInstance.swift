import Foundation
import RiveCore

/// An instance of a state machine: its name, layers and inputs.
///
/// This headless runtime lists and stores inputs but does **not** evaluate state machines:
/// ``advance(by:)`` changes no state and always reports that the machine keeps going, and
/// ``stateChanges()`` is always empty. Not thread-safe: use an instance from one thread at a
/// time, as upstream.
public final class RiveStateMachineInstance {
  /// The state machine as the reader describes it.
  let definition: RiveDocument.StateMachine
  private let inputs: [RiveSMIInput]

  init(definition: RiveDocument.StateMachine) {
    self.definition = definition
    inputs = definition.inputs.map { input in
      switch input.kind {
      case .boolean(let value): RiveSMIBool(name: input.name, value: value)
      case .number(let value): RiveSMINumber(name: input.name, value: value)
      case .trigger: RiveSMITrigger(name: input.name)
      }
    }
  }

  /// The state machine's name.
  public func name() -> String { definition.name }

  /// The number of layers.
  public func layerCount() -> Int { definition.layerCount }

  /// Whether this runtime evaluates the state machine: always false (headless, no
  /// state-machine playback).
  public var isEvaluated: Bool { false }

  // MARK: Inputs

  /// The number of inputs.
  public func inputCount() -> Int { inputs.count }

  /// The inputs' names, in file order.
  public func inputNames() -> [String] { inputs.map { $0.name() } }

  /// The input at `index`.
  ///
  /// - Throws: `NSError` 700 (Unknown) naming the index and the count.
  public func input(from index: Int) throws -> RiveSMIInput {
    guard inputs.indices.contains(index) else {
      throw RiveErrorCode.unknown.error(
        "state machine \"\(definition.name)\" has no input at index \(index) "
          + "(\(inputs.count) inputs)")
    }
    return inputs[index]
  }

  /// The boolean input named `name`, or nil when there is none or it is another kind.
  public func boolInput(named name: String) -> RiveSMIBool? {
    inputs.first { $0.name() == name } as? RiveSMIBool
  }

  /// The number input named `name`, or nil when there is none or it is another kind.
  public func numberInput(named name: String) -> RiveSMINumber? {
    inputs.first { $0.name() == name } as? RiveSMINumber
  }

  /// The trigger input named `name`, or nil when there is none or it is another kind.
  public func triggerInput(named name: String) -> RiveSMITrigger? {
    inputs.first { $0.name() == name } as? RiveSMITrigger
  }

  // MARK: Playback

  /// Does not evaluate the state machine (headless).
  ///
  /// - Returns: Always true: the machine is never reported as settled.
  @discardableResult
  public func advance(by elapsedSeconds: Double) -> Bool { true }

  /// The states entered during the last advance: always empty (not evaluated).
  public func stateChanges() -> [String] { [] }
}
