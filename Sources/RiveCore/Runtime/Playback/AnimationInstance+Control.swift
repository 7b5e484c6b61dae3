import RiveFormat

extension AnimationInstance {
  /// The direction of play: 1 forwards, -1 backwards (a ping-pong flips it at each end).
  public var playDirection: Int32 { direction < 0 ? -1 : 1 }

  /// Sets the direction of play: a negative value plays backwards, anything else forwards.
  ///
  /// - Parameter value: The direction.
  public mutating func setPlayDirection(_ value: Int32) {
    direction = value < 0 ? -1 : 1
  }

  /// Overrides the loop mode (nil returns to the animation's own).
  ///
  /// - Parameter mode: The loop mode to play with.
  public mutating func overrideLoop(_ mode: LoopMode?) {
    loopOverride = mode
  }

  /// Moves to `seconds`, as the official runtime's time setter does (the direction returns to
  /// forwards).
  ///
  /// - Parameter seconds: The new time.
  public mutating func seek(to seconds: Float) {
    setTime(seconds)
  }

  /// The animation's frames per second.
  public var fps: UInt32 { animation.fps }

  /// The time at which the animation ends in seconds: the work area's end when it is enabled,
  /// else its duration.
  public var endSeconds: Float { animation.endSeconds }
}
