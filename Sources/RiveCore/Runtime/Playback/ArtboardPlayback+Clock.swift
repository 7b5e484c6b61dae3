import RiveFormat

extension ArtboardPlayback {
  /// The longest time ``play(to:)`` accepts: one day.
  public static let maximumSeconds = 86_400.0

  /// Plays on until `seconds` have been played, the way the reference streams were recorded:
  /// the first frame is an advance of 0 s, later time is advanced in steps of
  /// ``frameSeconds`` (the last one shorter when the time is not a multiple), so the same time
  /// gives the same frame whichever caller asks. A time already passed plays nothing.
  ///
  /// The steps are a `ScriptClock`'s without events: plain playback and input scripts
  /// (``play(to:following:)``) step through the same code.
  ///
  /// - Parameter seconds: Seconds from the first frame.
  /// - Throws: `ArtboardFrameError` with code `invalidTime` for a time that is negative, not a
  ///   number or beyond ``maximumSeconds``.
  public mutating func play(to seconds: Double) throws(ArtboardFrameError) {
    try Self.checkTime(seconds)
    var clock = ScriptClock(resumingAt: elapsed)
    while let step = clock.nextStep(to: seconds) {
      perform(step, clock: clock)
    }
  }

  /// Plays frame `frame` (frame 0 is the first advance; frame N follows N steps of 1/60 s).
  ///
  /// - Throws: `ArtboardFrameError` with code `invalidTime` beyond ``maximumSeconds``.
  public mutating func play(toFrame frame: Int) throws(ArtboardFrameError) {
    guard frame >= 0, Double(frame) <= Self.maximumSeconds * 60 else {
      throw ArtboardFrameError(
        .invalidTime, message: "frame \(frame) is outside 0 to \(Int(Self.maximumSeconds * 60))")
    }
    try play(to: Double(frame) * Self.frameSeconds)
  }

  /// Advances by `seconds` in one step on the player's clock (the first frame, an advance of
  /// 0 s, comes first when nothing has played).
  public mutating func play(by seconds: Float) {
    playFirstFrame()
    advance(by: seconds)
    elapsed = (elapsed ?? 0) + Double(seconds)
  }

  /// Plays the first frame (an advance of 0 s) when nothing has played on the player's clock.
  public mutating func playFirstFrame() {
    guard elapsed == nil else { return }
    advance(by: 0)
    elapsed = 0
  }

  /// Plays on to `seconds` as `clock` says (see `ScriptClock`): the first frame, advances of
  /// at most the script's step, and each script event at its time. Without events this plays
  /// exactly as ``play(to:)``.
  ///
  /// - Parameters:
  ///   - seconds: Seconds from the first frame.
  ///   - clock: The script's clock; start with a fresh playback and a fresh clock.
  /// - Returns: The events the state machine reported on the way, with their times.
  /// - Throws: `ArtboardFrameError`: `invalidTime` for a time outside 0 to ``maximumSeconds``
  ///   or a playback that already played without the clock, `inputScript` (with the
  ///   `InputScriptError`) for an event that cannot be applied or a script whose settings ask
  ///   for another state machine or binding than the playback was made with.
  @discardableResult
  public mutating func play(to seconds: Double, following clock: inout ScriptClock)
    throws(ArtboardFrameError) -> [PlaybackEvent]
  {
    try Self.checkTime(seconds)
    let wanted = clock.script.settings
    if (wanted.stateMachine != nil && wanted.stateMachine != settings.stateMachine)
      || (wanted.binding != nil && wanted.binding != settings.binding)
    {
      throw ArtboardFrameError(
        InputScriptError(
          .unsupportedSetting, source: clock.script.source,
          message: "the script's state machine or binding is not the player's; make the player "
            + "with the script's settings (FramePlayer(file:…, settings: script.settings))"))
    }
    if clock.time == nil, let elapsed, elapsed > 0 {
      throw ArtboardFrameError(
        .invalidTime,
        message: "the player has played \(elapsed) s already; a script starts at the first frame")
    }
    var events: [PlaybackEvent] = []
    var time = clock.time ?? 0
    while let step = clock.nextStep(to: seconds) {
      switch step {
      case .start:
        playFirstFrame()
        events += reportedEvents(endingAt: 0)
      case .advance(let delta):
        play(by: delta)
        time += Double(delta)
        events += reportedEvents(endingAt: time)
      case .apply(let event):
        let before = reportedEvents(endingAt: time).count
        do throws(InputScriptError) {
          try apply(event)
        } catch {
          throw ArtboardFrameError(error.from(clock.script.source))
        }
        // Events fired by pointer listeners are reported at once, at the event's time.
        events += reportedEvents(endingAt: time).dropFirst(before)
      }
    }
    return events
  }

  /// Does one of the clock's advances (`clock` stands after it).
  private mutating func perform(_ step: ScriptClock.Step, clock: ScriptClock) {
    switch step {
    case .start: playFirstFrame()
    case .advance(let delta): advance(by: delta)
    case .apply: break
    }
    elapsed = clock.time
  }

  /// Checks a time ``play(to:)`` is asked for.
  static func checkTime(_ seconds: Double) throws(ArtboardFrameError) {
    guard seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else {
      throw ArtboardFrameError(
        .invalidTime,
        message: "time \(seconds) s is outside 0 to \(Int(maximumSeconds)) seconds")
    }
  }
}
