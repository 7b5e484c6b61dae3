import Foundation
import RiveCore
import RiveFormat

/// A playing instance of a linear animation, played by the runtime's animation player.
///
/// ``advance(by:)`` advances time by the elapsed seconds × speed × direction (within the work
/// area when it is enabled: a one-shot animation stops at its end, a loop wraps around, a
/// ping-pong reverses) and applies the animation to the artboard (the one instance its
/// ``RiveArtboard`` holds), exactly as the official runtime's player does. Not thread-safe: use
/// an instance from one thread at a time, as upstream.
public final class RiveLinearAnimationInstance {
  /// The animation as the reader describes it.
  let definition: RiveDocument.LinearAnimation
  private let artboard: RiveArtboard
  private var player: AnimationInstance?
  /// The time kept when the file cannot be evaluated.
  private var localTime: Float = 0
  /// Whether ``advance(by:)`` has run.
  private(set) var hasAdvanced = false

  init(definition: RiveDocument.LinearAnimation, index: Int, artboard: RiveArtboard) {
    self.definition = definition
    self.artboard = artboard
    player = artboard.playback.flatMap {
      AnimationInstance(artboard: $0.artboard.model, index: index)
    }
  }

  /// The animation's name.
  public func name() -> String { definition.name }

  /// Frames per second.
  public func fps() -> Int { Int(definition.fps) }

  /// The duration in frames.
  public func duration() -> Int { Int(definition.duration) }

  /// The first frame of the work area (`4294967295`, the file's "unset", when there is none,
  /// as upstream).
  public func workStart() -> Int { Int(definition.workStart) }

  /// The last frame of the work area (`4294967295` when unset, as upstream).
  public func workEnd() -> Int { Int(definition.workEnd) }

  /// The duration in frames: the work area's length when it is set, else the duration (as
  /// upstream, which looks at whether the work area is set, not whether it is enabled).
  public func effectiveDuration() -> Int {
    definition.workStart == UInt32.max ? duration() : workEnd() - workStart()
  }

  /// ``effectiveDuration()`` in seconds.
  public func effectiveDurationInSeconds() -> Float {
    Float(effectiveDuration()) / Float(definition.fps)
  }

  /// The current time in seconds.
  public func time() -> Float { player?.time ?? localTime }

  /// Moves to `time` seconds (the direction returns to forwards, as upstream).
  public func setTime(_ time: Float) {
    if player != nil {
      player?.seek(to: time)
    } else {
      localTime = time
    }
  }

  /// The time at which the animation ends, in seconds (the work area's end when enabled).
  public func endTime() -> Float {
    let frames = definition.enableWorkArea ? definition.workEnd : definition.duration
    return Float(frames) / Float(definition.fps)
  }

  /// The loop mode as upstream's integer: 0 one-shot, 1 loop, 2 ping-pong.
  public func loop() -> Int32 {
    if let player { return Int32(player.loop.rawValue) }
    return Int32(clamping: definition.loopValue)
  }

  /// Overrides the loop mode (0 one-shot, 1 loop, 2 ping-pong; other values are ignored).
  public func loop(_ loopType: Int32) {
    guard let mode = LoopMode(rawValue: UInt32(clamping: loopType)) else { return }
    player?.overrideLoop(mode)
  }

  /// The current direction: 1 forwards, -1 backwards (ping-pong flips it at each end).
  public func direction() -> Int32 { player?.playDirection ?? 1 }

  /// Sets the direction: a negative value plays backwards, anything else forwards.
  public func direction(_ direction: Int32) { player?.setPlayDirection(direction) }

  /// Whether the last ``advance(by:)`` reached an end (wrapped, reversed or stopped).
  public func didLoop() -> Bool { player?.didLoop ?? false }

  /// Whether a one-shot animation has reached its end in the direction it plays.
  public func hasEnded() -> Bool {
    guard loop() == 0 else { return false }
    let forwards = Float(direction()) * definition.speed >= 0
    let start = definition.enableWorkArea ? Float(definition.workStart) / Float(definition.fps) : 0
    return forwards ? time() >= endTime() : time() <= start
  }

  /// Advances the animation by `elapsedSeconds` and applies it to the artboard.
  ///
  /// - Returns: Whether the animation keeps going: false once a one-shot animation has
  ///   reached its end (as upstream); ``didLoop()`` tells whether an end was reached in this
  ///   step.
  @discardableResult
  public func advance(by elapsedSeconds: Double) -> Bool {
    hasAdvanced = true
    guard var running = player else { return true }
    player = nil
    defer { player = running }
    return artboard.withPlayback { playback in
      // The animation's own answer, as upstream's instance gives it (not whether the artboard
      // still has nested work).
      _ = playback.advance(&running, by: Float(elapsedSeconds))
      return running.keepGoing
    } ?? true
  }

  /// The frame `draw` draws of the artboard's playback as it is now; before the first
  /// advance, the animation's first frame, drawn from copies advanced by 0 s. Nil when the file
  /// cannot be evaluated.
  func drawFrame(
    _ draw: (inout ArtboardPlayback, ArtboardPlayback.FirstFrame?) -> DrawnArtboard
  ) -> DrawnArtboard? {
    let firstFrame = hasAdvanced ? nil : player.map { ArtboardPlayback.FirstFrame.animation($0) }
    return artboard.withPlayback { draw(&$0, firstFrame) }
  }
}
