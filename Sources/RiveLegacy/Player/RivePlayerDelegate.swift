/// Receives a player's events, as upstream's `RivePlayerDelegate`.
///
/// The headless ``RiveView`` calls these synchronously on the thread that calls
/// ``RiveView/advance(delta:)`` or the view model's `play()`/`pause()`/`stop()`.
public protocol RivePlayerDelegate: AnyObject {
  /// Playback started (delivered at the start of the first advance after `play()`).
  func player(playedWithModel riveModel: RiveModel?)
  /// Playback paused: after `pause()` (at the next advance), or immediately inside an advance
  /// when a one-shot animation reaches its end.
  func player(pausedWithModel riveModel: RiveModel?)
  /// A looping or ping-pong animation reached an end; `type` is its loop mode (1 or 2).
  func player(loopedWithModel riveModel: RiveModel?, type: Int)
  /// Playback stopped (called synchronously in `stop()`).
  func player(stoppedWithModel riveModel: RiveModel?)
  /// An advance finished (called at the end of every advance).
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?)
}
