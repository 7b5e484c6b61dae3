import Foundation

/// Whether a touch hit something of the artboard (upstream's `RiveHitResult`).
public enum RiveHitResult: Int, Sendable, CaseIterable {
  case none
  case hit
  case hitOpaque
}

/// A kind of touch or pointer event (upstream's `RiveTouchEvent`).
public enum RiveTouchEvent: Int, Sendable, CaseIterable {
  case began
  case moved
  case ended
  case cancelled
  case exited
}

/// Receives state-machine events, as upstream's `RiveStateMachineDelegate` (every method is
/// optional).
///
/// The headless ``RiveView`` calls ``stateMachine(_:didChangeState:)`` once per state change
/// reported by each advance, and ``onRiveEventReceived(onRiveEvent:)`` for each event the
/// previous advance reported, at the start of the next advance (as upstream's view does).
/// There are no touches on Linux, so the touch, input and hit-result methods exist for source
/// compatibility and are never called.
public protocol RiveStateMachineDelegate: AnyObject {
  /// A touch began on the artboard.
  func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint)
  /// A touch moved on the artboard.
  func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint)
  /// A touch ended on the artboard.
  func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint)
  /// A touch was cancelled.
  func touchCancelled(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint)
  /// A touch left the artboard.
  func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint)
  /// The state machine received an input.
  func stateMachine(
    _ stateMachine: RiveStateMachineInstance, receivedInput input: StateMachineInput)
  /// A layer of the state machine entered a state.
  func stateMachine(_ stateMachine: RiveStateMachineInstance, didChangeState stateName: String)
  /// A touch hit (or missed) the artboard.
  func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
    from event: RiveTouchEvent)
  /// The state machine reported a Rive event.
  func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent)
}

extension RiveStateMachineDelegate {
  public func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchCancelled(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func stateMachine(
    _ stateMachine: RiveStateMachineInstance, receivedInput input: StateMachineInput
  ) {}
  public func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didChangeState stateName: String
  ) {}
  public func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
    from event: RiveTouchEvent
  ) {}
  public func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {}
}
