/// A direction to play an animation in (``RiveViewModel/play(animationName:loop:direction:)``).
public enum RiveDirection: Int, Sendable, CaseIterable {
  case backwards
  case forwards
  /// Keep the animation's current direction.
  case autoDirection
}
