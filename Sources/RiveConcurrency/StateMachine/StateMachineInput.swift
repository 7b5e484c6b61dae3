/// A state-machine input and its current value.
public struct StateMachineInput: Sendable, Equatable, Hashable {
  /// An input's value.
  public enum Value: Sendable, Equatable, Hashable {
    /// A boolean input.
    case boolean(Bool)
    /// A number input.
    case number(Float)
    /// A trigger input: whether it was fired since the last ``StateMachine/advance(by:)``.
    case trigger(isFired: Bool)
  }

  /// The input's name.
  public let name: String
  /// The current value (the file's default until set).
  public let value: Value
}
