/// A number state-machine input.
public final class RiveSMINumber: RiveSMIInput {
  /// The current value (the file's default until set; 0 for an input that was not found).
  public func value() -> Float {
    if case .number(let number)? = target.current { return number }
    return 0
  }

  /// Sets the value; the state machine sees it on its next advance.
  public func setValue(_ newValue: Float) { target.set(.number(newValue)) }
}
