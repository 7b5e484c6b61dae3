import RiveCore
import RiveFormat
import RiveRaster

extension FramePlayer {
  /// Plays on to `seconds` as `clock` says (`ArtboardPlayback.play(to:following:)`): the first
  /// frame, advances of at most 1/60 s, and each script event at its time. Without events this
  /// plays exactly as ``play(to:)``.
  ///
  /// - Parameters:
  ///   - seconds: Seconds from the first frame.
  ///   - clock: The script's clock; start with a fresh player and a fresh clock.
  /// - Returns: The events the state machine reported on the way, with their times.
  /// - Throws: `ArtboardFrameError`: `invalidTime` for a time outside 0 to
  ///   ``maximumSeconds`` or a player that already played without the clock, `inputScript`
  ///   (with the `InputScriptError`) for an event that cannot be applied.
  @discardableResult
  public mutating func play(to seconds: Double, following clock: inout ScriptClock)
    throws(ArtboardFrameError) -> [PlaybackEvent]
  {
    try playback.play(to: seconds, following: &clock)
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
    try playback.apply(event)
  }

  /// Whether the last advance said more frames are needed (false once the state machine
  /// settled or a one-shot animation ended).
  public var keepGoing: Bool { playback.keepGoing }

  /// The states the layers changed to in the last advance (legacy names).
  public var stateChangeNames: [String] { playback.stateChangeNames }
}
