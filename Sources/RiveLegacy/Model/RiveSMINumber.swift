/// A number state-machine input.
public final class RiveSMINumber: RiveSMIInput {
  private var current: Float

  init(name: String, value: Float) {
    current = value
    super.init(name: name)
  }

  /// The current value (the file's default until set).
  public func value() -> Float { current }

  /// Sets the value.
  public func setValue(_ newValue: Float) { current = newValue }
}
