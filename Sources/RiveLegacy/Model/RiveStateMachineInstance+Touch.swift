import Foundation
import RiveCore
import RiveFormat

extension RiveStateMachineInstance {
  /// A touch began at `touchLocation` (artboard coordinates), as upstream's
  /// `touchBegan(atLocation:)`: listeners whose targets are under it run their actions (the
  /// events they fire join ``reportedEventCount()`` at once), and the next ``advance(by:)``
  /// reports the state changes that follow.
  ///
  /// - Returns: Whether a listener target was hit (`.none` when the file cannot be evaluated).
  @discardableResult
  public func touchBegan(atLocation touchLocation: CGPoint) -> RiveHitResult {
    touch(.down, at: touchLocation)
  }

  /// A touch moved to `touchLocation`; see ``touchBegan(atLocation:)``.
  @discardableResult
  public func touchMoved(atLocation touchLocation: CGPoint) -> RiveHitResult {
    touch(.move, at: touchLocation)
  }

  /// A touch ended at `touchLocation`; see ``touchBegan(atLocation:)``.
  @discardableResult
  public func touchEnded(atLocation touchLocation: CGPoint) -> RiveHitResult {
    touch(.up, at: touchLocation)
  }

  /// A touch was cancelled at `touchLocation` (upstream treats it as the touch ending).
  @discardableResult
  public func touchCancelled(atLocation touchLocation: CGPoint) -> RiveHitResult {
    touch(.up, at: touchLocation)
  }

  /// A touch left the artboard at `touchLocation`; see ``touchBegan(atLocation:)``.
  @discardableResult
  public func touchExited(atLocation touchLocation: CGPoint) -> RiveHitResult {
    touch(.exit, at: touchLocation)
  }

  private func touch(_ kind: PointerEventKind, at location: CGPoint) -> RiveHitResult {
    let outcome = withRuntime { machine, artboard -> (PointerHitResult, [RiveEvent]) in
      let before = machine.events.count
      let hit = machine.pointerEvent(
        kind, x: Float(location.x), y: Float(location.y), artboard: &artboard)
      let fired = machine.events.dropFirst(before).map {
        RiveEvent.make(artboard.describeEvent($0.objectID), delay: $0.secondsDelay)
      }
      return (hit, fired)
    }
    guard let outcome else { return .none }
    // Reported with the last advance's events: the view hands them to its delegate at the
    // start of its next advance.
    lastEvents += outcome.1
    switch outcome.0 {
    case .none: return .none
    case .hit: return .hit
    case .hitOpaque: return .hitOpaque
    }
  }
}

extension RiveView {
  /// Forwards a touch at `location` (artboard coordinates: headless views draw nothing, so no
  /// fit applies) to the model's state machine and tells the state-machine delegate, as
  /// upstream's view does from its touch handlers. Nothing happens without a state machine.
  ///
  /// - Parameters:
  ///   - event: The kind of touch.
  ///   - location: Where, in artboard space.
  /// - Returns: What the touch hit.
  @discardableResult
  public func touch(_ event: RiveTouchEvent, atLocation location: CGPoint) -> RiveHitResult {
    guard let stateMachine = riveModel?.stateMachine else { return .none }
    let artboard = riveModel?.artboard
    let hit: RiveHitResult
    switch event {
    case .began:
      hit = stateMachine.touchBegan(atLocation: location)
      stateMachineDelegate?.touchBegan(onArtboard: artboard, atLocation: location)
    case .moved:
      hit = stateMachine.touchMoved(atLocation: location)
      stateMachineDelegate?.touchMoved(onArtboard: artboard, atLocation: location)
    case .ended:
      hit = stateMachine.touchEnded(atLocation: location)
      stateMachineDelegate?.touchEnded(onArtboard: artboard, atLocation: location)
    case .cancelled:
      hit = stateMachine.touchCancelled(atLocation: location)
      stateMachineDelegate?.touchCancelled(onArtboard: artboard, atLocation: location)
    case .exited:
      hit = stateMachine.touchExited(atLocation: location)
      stateMachineDelegate?.touchExited(onArtboard: artboard, atLocation: location)
    }
    stateMachineDelegate?.stateMachine(stateMachine, didReceiveHitResult: hit, from: event)
    return hit
  }
}
