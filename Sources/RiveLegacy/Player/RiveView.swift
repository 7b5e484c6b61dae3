import Foundation

/// A headless player: upstream's `RiveView` without a screen.
///
/// It holds a ``RiveModel`` and plays its animation when you call ``advance(delta:)`` (there is
/// no display link: you drive time). Delegate calls happen synchronously on the thread that calls
/// `advance(delta:)`, or the view model's `play()`/`pause()`/`stop()`, with upstream's timing:
/// *played* is queued by `play()` and delivered at the start of the next advance; *paused* is
/// queued by `pause()` only when playing, and is delivered immediately inside an advance when a
/// one-shot animation reaches its end or the state machine settles; *stopped* is called in
/// `stop()`; *looped* inside an advance when a looping or ping-pong animation reaches an end;
/// *didAdvanceby* at the end of every advance. For a state machine, the events the previous
/// advance reported go to the state-machine delegate's `onRiveEventReceived(onRiveEvent:)` at
/// the start of an advance, each state change goes to `stateMachine(_:didChangeState:)` after
/// it, and the bound view-model instance's listeners are called, as upstream's view does.
///
/// Not thread-safe: use a view from one thread at a time.
public final class RiveView {
  /// Receives play, pause, loop, stop and advance events (held weakly).
  public weak var playerDelegate: (any RivePlayerDelegate)?
  /// Receives state changes and Rive events (held weakly).
  public weak var stateMachineDelegate: (any RiveStateMachineDelegate)?
  /// The model played.
  public private(set) var riveModel: RiveModel?
  /// Whether the view is playing.
  public private(set) var isPlaying = false
  /// How the artboard fits in the view's frames (`snapshot(width:height:background:)`).
  public var fit: RiveFit = .contain
  /// Where the artboard sits in the view's frames (`snapshot(width:height:background:)`).
  public var alignment: RiveAlignment = .center
  /// The scale of the `layout` fit (-1: automatic). Kept for source compatibility; nothing is
  /// drawn headless.
  var layoutScaleFactor: Double = RiveViewModel.layoutScaleFactorAutomatic
  /// Whether listener touches are forwarded to next responders (no touches on Linux).
  var forwardsListenerEvents = false
  /// The frame rate asked for with ``setPreferredFramesPerSecond(preferredFramesPerSecond:)``.
  public private(set) var preferredFramesPerSecond: Int?
  private var queuedEvents: [() -> Void] = []
  /// The seconds advanced since the model was set: the time
  /// ``snapshot(width:height:background:)`` plays the artboard to.
  public private(set) var advancedTime: Double = 0

  /// A view without a model.
  public init() {}

  /// A view playing `model`, started at once when `autoPlay` is true.
  public convenience init(model: RiveModel, autoPlay: Bool = true) {
    self.init()
    install(model, autoPlay: autoPlay)
  }

  /// Whether the view evaluates state machines: true (the runtime evaluates them).
  public var isEvaluatingStateMachine: Bool { true }

  /// Hints the frame rate a display link should run at. Kept for source compatibility: there is
  /// no display link headless, your code calls ``advance(delta:)``.
  ///
  /// - Parameter preferredFramesPerSecond: The frames per second.
  public func setPreferredFramesPerSecond(preferredFramesPerSecond: Int) {
    self.preferredFramesPerSecond = preferredFramesPerSecond
  }

  /// Plays `model`: starts it when `autoPlay` is true, else advances by zero.
  ///
  /// Upstream's signature throws; this never does.
  public func setModel(_ model: RiveModel, autoPlay: Bool = true) throws {
    install(model, autoPlay: autoPlay)
  }

  private func install(_ model: RiveModel, autoPlay: Bool) {
    isPlaying = false
    riveModel = model
    advancedTime = 0
    if autoPlay {
      play()
    } else {
      advance(delta: 0)
    }
  }

  // MARK: Controls

  /// Starts playing; *played* is delivered at the start of the next advance.
  func play() {
    queuedEvents.append { [weak self] in
      self?.playerDelegate?.player(playedWithModel: self?.riveModel)
    }
    isPlaying = true
  }

  /// Pauses; *paused* is delivered at the next advance, only when the view was playing.
  func pause() {
    guard isPlaying else { return }
    queuedEvents.append { [weak self] in
      self?.playerDelegate?.player(pausedWithModel: self?.riveModel)
    }
    isPlaying = false
  }

  /// Stops: *stopped* is called now, then the view resets.
  func stop() {
    playerDelegate?.player(stoppedWithModel: riveModel)
    isPlaying = false
    reset()
  }

  /// Resets: when not playing, advances by zero.
  func reset() {
    if !isPlaying {
      advance(delta: 0)
    }
  }

  // MARK: Advancing

  /// Advances the model's state machine or animation by `delta` seconds and reports events,
  /// as upstream's view does on each display frame.
  public func advance(delta: Double) {
    if delta.isFinite, delta > 0 { advancedTime += delta }
    let wasPlaying = isPlaying
    let events = queuedEvents
    queuedEvents.removeAll()
    for event in events { event() }

    if let stateMachine = riveModel?.stateMachine {
      for index in 0..<stateMachine.reportedEventCount() {
        stateMachineDelegate?.onRiveEventReceived(
          onRiveEvent: stateMachine.reportedEvent(at: index))
      }
      let shouldAdvance = stateMachine.advance(by: delta) || delta == 0
      isPlaying = shouldAdvance && wasPlaying
      if let delegate = stateMachineDelegate {
        for state in stateMachine.stateChanges() {
          delegate.stateMachine(stateMachine, didChangeState: state)
        }
      }
      stateMachine.viewModelInstance?.updateListeners()
    } else if let animation = riveModel?.animation {
      isPlaying = animation.advance(by: delta) && wasPlaying
      if isPlaying, animation.didLoop() {
        playerDelegate?.player(loopedWithModel: riveModel, type: Int(animation.loop()))
      }
    }
    if !isPlaying, wasPlaying {
      playerDelegate?.player(pausedWithModel: riveModel)
    }
    playerDelegate?.player(didAdvanceby: delta, riveModel: riveModel)
  }
}
