import Foundation

/// Receives state-machine events, as upstream's `RiveStateMachineDelegate` (every method is
/// optional). This headless runtime has no touches and does not evaluate state machines, so
/// only source compatibility is provided: none of these is called.
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
  /// The state machine entered a state.
  func stateMachine(_ stateMachine: RiveStateMachineInstance, didChangeState stateName: String)
}

extension RiveStateMachineDelegate {
  public func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchCancelled(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  public func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didChangeState stateName: String
  ) {}
}
