import RiveCore
import RiveFormat

/// A state-machine input: ``RiveSMIBool``, ``RiveSMINumber`` or ``RiveSMITrigger``.
///
/// The object reads and writes the running state machine's input, so a value set here is seen
/// by the next advance.
public class RiveSMIInput {
  private let inputName: String
  let target: any InputTarget

  init(name: String, target: any InputTarget) {
    inputName = name
    self.target = target
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
