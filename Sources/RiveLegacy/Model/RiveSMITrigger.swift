/// A trigger state-machine input.
public final class RiveSMITrigger: RiveSMIInput {
  /// How many times the trigger has been fired (the state machine is not evaluated, so nothing
  /// consumes the trigger).
  public private(set) var fireCount = 0

  /// Fires the trigger.
  public func fire() { fireCount += 1 }
}
