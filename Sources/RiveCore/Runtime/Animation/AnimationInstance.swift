import Foundation
import RiveFormat

/// Playback state of one linear animation: time, direction and loop bookkeeping, in 32-bit
/// floats as the official runtime keeps them (so frame boundaries fall on the same frames).
public struct AnimationInstance: Sendable {
  /// The animation's index in its artboard.
  public let animationIndex: Int
  let animation: LinearAnimationModel
  /// The current time in seconds.
  public private(set) var time: Float
  let speedDirection: Float
  private(set) var totalTime: Float = 0
  private(set) var lastTotalTime: Float = 0
  private(set) var spilledTime: Float = 0
  var direction: Float = 1
  /// Whether the last advance wrapped, bounced or hit the end.
  public private(set) var didLoop = false
  /// A loop mode that overrides the animation's own, if set.
  var loopOverride: LoopMode?

  init(animation: LinearAnimationModel, index: Int, speedMultiplier: Float = 1) {
    self.animation = animation
    animationIndex = index
    time = speedMultiplier >= 0 ? animation.startTime : animation.endTime
    speedDirection = speedMultiplier >= 0 ? 1 : -1
  }

  /// Makes an instance of animation `index` of `artboard`'s model.
  public init?(artboard: ArtboardModel, index: Int) {
    guard index >= 0, index < artboard.animations.count else { return nil }
    self.init(animation: artboard.animations[index], index: index)
  }

  /// The loop mode in effect.
  public var loop: LoopMode { loopOverride ?? animation.loop }

  /// The animation's name.
  public var name: String { animation.name }

  /// Whether the animation still has time ahead of it (always true for loops).
  public var keepGoing: Bool { keepGoing(speed: 1) }

  @inline(__always)
  func keepGoing(speed elapsedSeconds: Float) -> Bool {
    loop != .oneShot
      || (direction * animation.speed * elapsedSeconds > 0 && time < animation.endSeconds)
      || (direction * animation.speed * elapsedSeconds < 0 && time > animation.startSeconds)
  }

  mutating func clearSpilledTime() { spilledTime = 0 }

  /// The times a transition's exit time is checked against.
  var exitClock: StateInstance.ExitClock {
    StateInstance.ExitClock(
      lastTotalTime: lastTotalTime, totalTime: totalTime, startSeconds: animation.startSeconds,
      durationSeconds: animation.durationSeconds, loop: animation.loop)
  }

  /// Advances time by `elapsedSeconds`, wrapping, bouncing or clamping per the loop mode, and
  /// collects the callback keyframes crossed. Returns whether the animation keeps going.
  @discardableResult
  mutating func advance(_ elapsedSeconds: Float, callbacks: inout [KeyedCallbackReport]) -> Bool {
    let deltaSeconds = elapsedSeconds * animation.speed * direction
    spilledTime = 0
    if deltaSeconds == 0 {
      didLoop = false
      return false
    }
    lastTotalTime = totalTime
    totalTime += abs(deltaSeconds)
    let killSpilledTime = !keepGoing(speed: elapsedSeconds)

    var lastTime = time
    time += deltaSeconds
    animation.reportKeyedCallbacks(
      from: lastTime, to: time, speedDirection: speedDirection, fromPong: false, into: &callbacks)

    let fps = Float(animation.fps)
    var frames = time * fps
    let start: Float = animation.enableWorkArea ? Float(animation.workStart) : 0
    let end: Float = Float(animation.enableWorkArea ? animation.workEnd : animation.duration)
    let range = end - start
    var looped = false
    var movingDirection: Float = deltaSeconds < 0 ? -1 : 1
    switch loop {
    case .oneShot:
      if movingDirection == 1 && frames > end {
        let deltaFrames = deltaSeconds * fps
        spilledTime = (frames - end) / deltaFrames * elapsedSeconds
        frames = end
        time = frames / fps
        looped = true
      } else if movingDirection == -1 && frames < start {
        let deltaFrames = abs(deltaSeconds * fps)
        spilledTime = (start - frames) / deltaFrames * elapsedSeconds
        frames = start
        time = frames / fps
        looped = true
      }
    case .loop:
      if movingDirection == 1 && frames >= end {
        let deltaFrames = deltaSeconds * fps
        let remainder = fmodf(frames - start, range)
        spilledTime = remainder / deltaFrames * elapsedSeconds
        frames = start + remainder
        time = frames / fps
        looped = true
        animation.reportKeyedCallbacks(
          from: 0, to: time, speedDirection: speedDirection, fromPong: false, into: &callbacks)
      } else if movingDirection == -1 && frames <= start {
        let deltaFrames = deltaSeconds * fps
        let remainder = abs(fmodf(start - frames, range))
        spilledTime = abs(remainder / deltaFrames) * elapsedSeconds
        frames = end - remainder
        time = frames / fps
        looped = true
        animation.reportKeyedCallbacks(
          from: end / fps, to: time, speedDirection: speedDirection, fromPong: false,
          into: &callbacks)
      }
    case .pingPong:
      var fromPong = true
      var guardCount = 0
      while guardCount < 1000 {
        guardCount += 1
        if movingDirection == 1 && frames >= end {
          spilledTime = (frames - end) / fps
          frames = end + (end - frames)
          lastTime = end / fps
        } else if movingDirection == -1 && frames < start {
          spilledTime = (start - frames) / fps
          frames = start + (start - frames)
          lastTime = start / fps
        } else {
          break
        }
        time = frames / fps
        direction *= -1
        movingDirection *= -1
        looped = true
        animation.reportKeyedCallbacks(
          from: lastTime, to: time, speedDirection: speedDirection, fromPong: fromPong,
          into: &callbacks)
        fromPong.toggle()
      }
    }
    if killSpilledTime { spilledTime = 0 }
    didLoop = looped
    return keepGoing(speed: elapsedSeconds)
  }

  /// Applies the animation at the current time with `mix` to `artboard`.
  func apply(to artboard: inout ArtboardInstance, mix: Float = 1) {
    animation.apply(to: &artboard, time: time, mix: mix)
  }

  /// Sets the time, keeping the total-time bookkeeping in step (as seeking does upstream).
  mutating func setTime(_ value: Float) {
    if time == value { return }
    time = value
    let difference = totalTime - lastTotalTime
    let start = (animation.enableWorkArea ? Float(animation.workStart) : 0) * Float(animation.fps)
    totalTime = value - start
    lastTotalTime = totalTime - difference
    direction = 1
  }

  /// One frame of a standalone player: advance, apply at full strength, then advance the
  /// artboard by the same time. Returns whether more frames are needed.
  public mutating func advanceAndApply(_ seconds: Float, artboard: inout ArtboardInstance) -> Bool {
    var callbacks: [KeyedCallbackReport] = []
    var more = advance(seconds, callbacks: &callbacks)
    if !callbacks.isEmpty { artboard.applyCallbacks(callbacks) }
    apply(to: &artboard)
    if artboard.advance(seconds) { more = true }
    return more || keepGoing
  }
}
