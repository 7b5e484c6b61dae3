import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

extension ArtboardPlayer {
  /// Plays on to `seconds` as `clock` says (see `ScriptClock`): the first frame, advances of
  /// at most 1/60 s, and each script event at its time. Without events this plays exactly as
  /// ``play(to:)``.
  ///
  /// - Parameters:
  ///   - seconds: Seconds from the first frame.
  ///   - clock: The script's clock; start with a fresh player and a fresh clock.
  /// - Returns: The events the state machine reported on the way, with their times.
  /// - Throws: ``ArtboardFrameError``: `invalidTime` for a time outside 0 to
  ///   ``maximumSeconds`` or a player that already played without the clock, `inputScript`
  ///   (with the `InputScriptError`) for an event that cannot be applied.
  @discardableResult
  public mutating func play(to seconds: Double, following clock: inout ScriptClock)
    throws(ArtboardFrameError) -> [PlaybackEvent]
  {
    guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSeconds else {
      throw ArtboardFrameError(
        .invalidTime,
        message: "time \(seconds) s is outside 0 to \(Int(Self.maximumSeconds)) seconds")
    }
    let wanted = clock.script.settings
    if (wanted.stateMachine != nil && wanted.stateMachine != settings.stateMachine)
      || (wanted.binding != nil && wanted.binding != settings.binding)
    {
      throw ArtboardFrameError(
        InputScriptError(
          .unsupportedSetting, source: clock.script.source,
          message: "the script's state machine or binding is not the player's; make the player "
            + "with the script's settings (ArtboardPlayer(file:…, settings: script.settings))"))
    }
    if clock.time == nil, let elapsed, elapsed > 0 {
      throw ArtboardFrameError(
        .invalidTime,
        message: "the player has played \(elapsed) s already; a script starts at the first frame")
    }
    var events: [PlaybackEvent] = []
    var time = clock.time ?? 0
    for step in clock.steps(to: seconds) {
      switch step {
      case .start:
        try play(to: 0)
        events += player.reportedEvents(endingAt: 0)
      case .advance(let delta):
        advance(by: delta)
        time += Double(delta)
        events += player.reportedEvents(endingAt: time)
      case .apply(let event):
        let before = player.reportedEvents(endingAt: time).count
        do throws(InputScriptError) {
          try player.apply(event)
        } catch {
          throw ArtboardFrameError(error.from(clock.script.source))
        }
        // Events fired by pointer listeners are reported at once, at the event's time.
        events += player.reportedEvents(endingAt: time).dropFirst(before)
      }
    }
    return events
  }

  /// Applies one input-script event now (see `InputScript.Event.apply(machine:artboard:)`).
  ///
  /// - Parameter event: The event.
  /// - Returns: What a pointer event hit (nil for other events).
  /// - Throws: `InputScriptError` naming the event and what is missing.
  @discardableResult
  public mutating func apply(_ event: InputScript.Event) throws(InputScriptError)
    -> PointerHitResult?
  {
    try player.apply(event)
  }

  /// Whether the last advance said more frames are needed (false once the state machine
  /// settled or a one-shot animation ended).
  public var keepGoing: Bool { player.keepGoing }

  /// The states the layers changed to in the last advance (legacy names).
  public var stateChangeNames: [String] { player.stateChangeNames }
}
