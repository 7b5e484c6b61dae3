import RiveFormat

extension ArtboardPlayback {
  /// Applies an input-script event to the artboard and its driving state machine (see
  /// `InputScript.Event.apply(machine:artboard:)`).
  ///
  /// - Parameter event: The event.
  /// - Returns: What a pointer event hit (nil for other events).
  /// - Throws: ``InputScriptError`` naming the event and what is missing.
  @discardableResult
  public mutating func apply(_ event: InputScript.Event) throws(InputScriptError)
    -> PointerHitResult?
  {
    try withInstances { machine, artboard throws(InputScriptError) in
      try event.apply(machine: &machine, artboard: &artboard)
    }
  }

  /// The events the driving state machine reported in the last advance (and the pointer
  /// events since), which ended `end` seconds after the first frame; empty when an animation
  /// drives the artboard.
  public func reportedEvents(endingAt end: Double) -> [PlaybackEvent] {
    guard let machine else { return [] }
    return PlaybackEvent.reported(by: machine, in: artboard, endingAt: end)
  }

  /// The states the driving state machine's layers changed to in the last advance, named as
  /// the legacy API names them (`ExitState`, an animation's name, …).
  public var stateChangeNames: [String] {
    guard let machine else { return [] }
    return machine.stateChangeNames(artboard: artboard.model)
  }
}
