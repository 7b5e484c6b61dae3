/// A trigger state-machine input.
public final class RiveSMITrigger: RiveSMIInput {
  /// How many times the trigger was fired through this object.
  public private(set) var fireCount = 0

  /// Fires the trigger; the state machine consumes it on its next advance.
  public func fire() {
    fireCount += 1
    target.set(.trigger(fired: true, usedLayers: 0))
  }
}
