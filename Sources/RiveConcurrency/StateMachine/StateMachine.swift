import Foundation
import RiveCore

/// A state machine instance made by ``Artboard/createStateMachine(_:)``.
///
/// Linux has no renderer, so nothing is evaluated: ``advance(by:)`` adds to ``elapsedTime``
/// and clears fired triggers, inputs keep the values they are given, and
/// ``bindViewModelInstance(_:)`` records the instance. Inputs are read and set by name with a
/// type check, through a small API that upstream's current API does not have.
public final class StateMachine: Equatable, Sendable {
  /// The artboard the state machine belongs to.
  public let artboard: Artboard
  /// The state machine's name.
  public let name: String
  private let inputKinds: [String: RiveDocument.StateMachineInput.Kind]
  private let inputOrder: [String]
  @MainActor private var values: [String: StateMachineInput.Value]
  @MainActor private var elapsed: TimeInterval = 0
  @MainActor private var bound: ViewModelInstance?

  @MainActor
  init(artboard: Artboard, model: RiveDocument.StateMachine) {
    self.artboard = artboard
    name = model.name
    var kinds: [String: RiveDocument.StateMachineInput.Kind] = [:]
    var order: [String] = []
    var values: [String: StateMachineInput.Value] = [:]
    for input in model.inputs where kinds[input.name] == nil {
      kinds[input.name] = input.kind
      order.append(input.name)
      switch input.kind {
      case .boolean(let value): values[input.name] = .boolean(value)
      case .number(let value): values[input.name] = .number(value)
      case .trigger: values[input.name] = .trigger(isFired: false)
      }
    }
    inputKinds = kinds
    inputOrder = order
    self.values = values
  }

  /// Whether both are the same instance.
  public static func == (lhs: StateMachine, rhs: StateMachine) -> Bool { lhs === rhs }

  /// The inputs with their current values, in file order.
  @MainActor
  public var inputs: [StateMachineInput] {
    inputOrder.compactMap { name in values[name].map { StateMachineInput(name: name, value: $0) } }
  }

  /// The total time given to ``advance(by:)``.
  @MainActor
  public var elapsedTime: TimeInterval { elapsed }

  /// The view-model instance last bound, if any.
  @MainActor
  public var boundViewModelInstance: ViewModelInstance? { bound }

  /// Advances the state machine: the time is added to ``elapsedTime`` and fired triggers are
  /// consumed. Nothing is evaluated on Linux.
  ///
  /// - Parameter time: Seconds to advance.
  @MainActor
  public func advance(by time: TimeInterval) {
    elapsed += time
    for (name, value) in values where value == .trigger(isFired: true) {
      values[name] = .trigger(isFired: false)
    }
  }

  /// Binds a view-model instance to the state machine.
  ///
  /// - Parameter viewModelInstance: The instance.
  @MainActor
  public func bindViewModelInstance(_ viewModelInstance: ViewModelInstance) {
    bound = viewModelInstance
  }

  /// The value of a boolean input.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: The current value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   boolean.
  @MainActor
  public func boolInput(named name: String) throws -> Bool {
    guard case .boolean(let value) = try value(of: name, expecting: "boolean") else {
      throw mismatch(name, expected: "boolean")
    }
    return value
  }

  /// The value of a number input.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: The current value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   number.
  @MainActor
  public func numberInput(named name: String) throws -> Float {
    guard case .number(let value) = try value(of: name, expecting: "number") else {
      throw mismatch(name, expected: "number")
    }
    return value
  }

  /// Whether a trigger input was fired since the last ``advance(by:)``.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: Whether it is fired.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   trigger.
  @MainActor
  public func triggerInput(named name: String) throws -> Bool {
    guard case .trigger(let isFired) = try value(of: name, expecting: "trigger") else {
      throw mismatch(name, expected: "trigger")
    }
    return isFired
  }

  /// Sets a boolean input.
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - value: The new value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such boolean input.
  @MainActor
  public func setInput(named name: String, to value: Bool) throws {
    _ = try boolInput(named: name)
    values[name] = .boolean(value)
  }

  /// Sets a number input.
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - value: The new value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such number input.
  @MainActor
  public func setInput(named name: String, to value: Float) throws {
    _ = try numberInput(named: name)
    values[name] = .number(value)
  }

  /// Fires a trigger input; it stays fired until the next ``advance(by:)``.
  ///
  /// - Parameter name: The input's name.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such trigger input.
  @MainActor
  public func fireTrigger(named name: String) throws {
    _ = try triggerInput(named: name)
    values[name] = .trigger(isFired: true)
  }

  @MainActor
  private func value(of name: String, expecting kind: String) throws -> StateMachineInput.Value {
    guard let value = values[name] else {
      let known =
        inputOrder.isEmpty ? "it has no inputs" : "it has \(inputOrder.joined(separator: ", "))"
      throw StateMachineError.error(
        "state machine \"\(self.name)\" has no \(kind) input named \"\(name)\"; \(known).")
    }
    return value
  }

  @MainActor
  private func mismatch(_ name: String, expected: String) -> StateMachineError {
    let actual: String
    switch values[name] {
    case .boolean: actual = "boolean"
    case .number: actual = "number"
    case .trigger: actual = "trigger"
    case nil: actual = "missing"
    }
    return .error(
      "input \"\(name)\" of state machine \"\(self.name)\" is a \(actual), not a \(expected).")
  }
}
