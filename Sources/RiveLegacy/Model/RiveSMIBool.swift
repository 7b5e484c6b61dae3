/// A boolean state-machine input.
public final class RiveSMIBool: RiveSMIInput {
  /// The current value (the file's default until set; false for an input that was not found).
  public func value() -> Bool {
    if case .bool(let flag)? = target.current { return flag }
    return false
  }

  /// Sets the value; the state machine sees it on its next advance.
  public func setValue(_ newValue: Bool) { target.set(.bool(newValue)) }
}
