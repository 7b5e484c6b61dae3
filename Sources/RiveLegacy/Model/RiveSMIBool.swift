/// A boolean state-machine input.
public final class RiveSMIBool: RiveSMIInput {
  private var current: Bool

  init(name: String, value: Bool) {
    current = value
    super.init(name: name)
  }

  /// The current value (the file's default until set).
  public func value() -> Bool { current }

  /// Sets the value.
  public func setValue(_ newValue: Bool) { current = newValue }
}
