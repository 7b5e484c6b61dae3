import Foundation
import RiveCore

/// A playing instance of a linear animation: its time, direction and loop mode.
///
/// Time advances as the official runtime's linear animation instance does: scaled by the
/// animation's speed and the current direction, within the work area when it is enabled; a
/// one-shot animation stops at its end, a loop wraps around, a ping-pong reverses direction.
/// Not thread-safe: use an instance from one thread at a time, as upstream.
public final class RiveLinearAnimationInstance {
  /// The animation as the reader describes it.
  let definition: RiveDocument.LinearAnimation
  private var seconds: Double
  private var directionSign: Double = 1
  private var loopOverride: RiveDocument.LinearAnimation.Loop?
  private var looped = false
  private var totalSeconds: Double = 0

  init(definition: RiveDocument.LinearAnimation) {
    self.definition = definition
    seconds = 0
    seconds = definition.speed >= 0 ? startSeconds : endSeconds
  }

  /// The animation's name.
  public func name() -> String { definition.name }

  /// Frames per second.
  public func fps() -> Int32 { Int32(clamping: definition.fps) }

  /// The duration in frames.
  public func duration() -> Int32 { Int32(clamping: definition.duration) }

  /// The duration in frames, within the work area when it is enabled.
  public func effectiveDuration() -> Int32 { Int32(clamping: Int(endFrame - startFrame)) }

  /// The duration in seconds, within the work area when it is enabled.
  public func effectiveDurationInSeconds() -> Float {
    definition.fps == 0 ? 0 : Float(endFrame - startFrame) / Float(definition.fps)
  }

  /// The first frame of the work area (-1 when unset).
  public func workStart() -> Int32 {
    definition.workStart == .max ? -1 : Int32(clamping: definition.workStart)
  }

  /// The last frame of the work area (-1 when unset).
  public func workEnd() -> Int32 {
    definition.workEnd == .max ? -1 : Int32(clamping: definition.workEnd)
  }

  /// The current time in seconds.
  public func time() -> Float { Float(seconds) }

  /// Moves to `time` seconds.
  public func setTime(_ time: Float) { seconds = Double(time) }

  /// The time at which the animation ends, in seconds (the work area's end when enabled).
  public func endTime() -> Float { Float(endSeconds) }

  /// The loop mode as upstream's integer: 0 one-shot, 1 loop, 2 ping-pong.
  public func loop() -> Int32 {
    switch loopMode {
    case .oneShot, .other: 0
    case .loop: 1
    case .pingPong: 2
    }
  }

  /// Overrides the loop mode (0 one-shot, 1 loop, 2 ping-pong; other values are ignored).
  public func loop(_ loopType: Int32) {
    switch loopType {
    case 0: loopOverride = .oneShot
    case 1: loopOverride = .loop
    case 2: loopOverride = .pingPong
    default: break
    }
  }

  /// The current direction: 1 forwards, -1 backwards (ping-pong flips it at each end).
  public func direction() -> Int32 { directionSign < 0 ? -1 : 1 }

  /// Sets the direction: a negative value plays backwards, anything else forwards.
  public func direction(_ direction: Int32) { directionSign = direction < 0 ? -1 : 1 }

  /// Whether the last ``advance(by:)`` reached an end (wrapped, reversed or stopped).
  public func didLoop() -> Bool { looped }

  /// Whether a one-shot animation has reached its end in the current direction.
  public func hasEnded() -> Bool {
    guard loopMode.isOneShot else { return false }
    return speedDirection >= 0 ? seconds >= endSeconds : seconds <= startSeconds
  }

  /// The total time advanced, in seconds, regardless of direction and looping.
  public func totalTime() -> Float { Float(totalSeconds) }

  /// Advances the time by `elapsedSeconds` × speed × direction.
  ///
  /// - Returns: Whether the animation keeps going: false once a one-shot animation has reached
  ///   its end (as upstream); ``didLoop()`` tells whether an end was reached in this step.
  @discardableResult
  public func advance(by elapsedSeconds: Double) -> Bool {
    let delta = elapsedSeconds * Double(definition.speed) * directionSign
    totalSeconds += abs(delta)
    looped = false
    guard delta != 0, delta.isFinite else { return true }
    let fps = Double(definition.fps)
    guard fps > 0 else { return !loopMode.isOneShot }
    seconds += delta
    let start = startFrame
    let end = endFrame
    let range = end - start
    var frames = seconds * fps
    let forwards = delta > 0
    switch loopMode {
    case .oneShot, .other:
      if forwards, frames > end {
        seconds = end / fps
        looped = true
        return false
      }
      if !forwards, frames < start {
        seconds = start / fps
        looped = true
        return false
      }
    case .loop:
      guard range > 0 else {
        seconds = start / fps
        looped = frames != start
        return true
      }
      if forwards, frames >= end {
        frames = start + (frames - start).truncatingRemainder(dividingBy: range)
        seconds = frames / fps
        looped = true
      } else if !forwards, frames <= start {
        frames = end - abs((start - frames).truncatingRemainder(dividingBy: range))
        seconds = frames / fps
        looped = true
      }
    case .pingPong:
      guard range > 0 else {
        seconds = start / fps
        looped = frames != start
        return true
      }
      if forwards, frames >= end {
        reflect(overshoot: frames - end, range: range, from: end, back: start, fps: fps)
      } else if !forwards, frames < start {
        reflect(overshoot: start - frames, range: range, from: start, back: end, fps: fps)
      }
    }
    return true
  }

  /// Bounces the time between the ends: the first reflection goes back from `edge` by the
  /// overshoot; every further whole range is another reflection, each flipping the direction.
  private func reflect(
    overshoot: Double, range: Double, from edge: Double, back other: Double, fps: Double
  ) {
    let extra = (overshoot / range).rounded(.down)
    let remainder = overshoot - extra * range
    let reflections = Int(min(extra, 4_503_599_627_370_496)) + 1
    let towardsOther: Double = other > edge ? 1 : -1
    if reflections % 2 == 1 {
      seconds = (edge + towardsOther * remainder) / fps
      directionSign = -directionSign
    } else {
      seconds = (other - towardsOther * remainder) / fps
    }
    looped = true
  }

  private var loopMode: RiveDocument.LinearAnimation.Loop { loopOverride ?? definition.loop }

  private var speedDirection: Double { Double(definition.speed) * directionSign }

  /// The first frame played: the work area's start when enabled, else 0.
  private var startFrame: Double {
    usesWorkArea ? Double(definition.workStart) : 0
  }

  /// The last frame played: the work area's end when enabled, else the duration.
  private var endFrame: Double {
    usesWorkArea ? Double(definition.workEnd) : Double(definition.duration)
  }

  private var usesWorkArea: Bool {
    definition.enableWorkArea && definition.workStart != .max && definition.workEnd != .max
      && definition.workEnd >= definition.workStart
  }

  private var startSeconds: Double { definition.fps == 0 ? 0 : startFrame / Double(definition.fps) }

  private var endSeconds: Double { definition.fps == 0 ? 0 : endFrame / Double(definition.fps) }
}

extension RiveDocument.LinearAnimation.Loop {
  /// Whether the mode stops at the end (unknown values behave as one-shot).
  var isOneShot: Bool {
    switch self {
    case .oneShot, .other: true
    case .loop, .pingPong: false
    }
  }
}
