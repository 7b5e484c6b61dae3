/// A loop mode to play an animation with (``RiveViewModel/play(animationName:loop:direction:)``).
public enum RiveLoop: Int, Sendable, CaseIterable {
  /// Stop at the end.
  case oneShot
  /// Wrap around to the start.
  case loop
  /// Reverse at each end.
  case pingPong
  /// The animation's own loop mode.
  case autoLoop
}
