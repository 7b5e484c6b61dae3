/// A state-machine input: ``RiveSMIBool``, ``RiveSMINumber`` or ``RiveSMITrigger``.
public class RiveSMIInput {
  private let inputName: String

  init(name: String) {
    inputName = name
  }

  /// The input's name.
  public func name() -> String { inputName }

  /// Whether this is a boolean input.
  public func isBoolean() -> Bool { self is RiveSMIBool }

  /// Whether this is a number input.
  public func isNumber() -> Bool { self is RiveSMINumber }

  /// Whether this is a trigger input.
  public func isTrigger() -> Bool { self is RiveSMITrigger }
}
