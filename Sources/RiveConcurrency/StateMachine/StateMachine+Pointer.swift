import Foundation
import RiveCore
import RiveFormat

extension StateMachine {
  /// What a pointer event hit.
  public typealias PointerHit = PointerHitResult

  /// A pointer pressed at `location` (artboard coordinates): the listeners whose targets are
  /// under it run their actions (inputs, view-model values; the events they fire are in
  /// ``reportedEvents`` and the event streams at once), and the next ``advance(by:)`` reports
  /// the state changes that follow.
  ///
  /// - Parameters:
  ///   - location: Where, in artboard space.
  ///   - pointer: Which pointer (for multi-touch; 0 by default).
  /// - Returns: Whether a listener target was hit (`.none` when the file cannot be evaluated).
  @MainActor @discardableResult
  public func pointerDown(at location: CGPoint, pointer: Int = 0) -> PointerHit {
    sendPointer(.down, at: location, pointer: pointer)
  }

  /// A pointer moved to `location` (artboard coordinates); see ``pointerDown(at:pointer:)``.
  @MainActor @discardableResult
  public func pointerMove(at location: CGPoint, pointer: Int = 0) -> PointerHit {
    sendPointer(.move, at: location, pointer: pointer)
  }

  /// A pointer released at `location` (artboard coordinates); see ``pointerDown(at:pointer:)``.
  @MainActor @discardableResult
  public func pointerUp(at location: CGPoint, pointer: Int = 0) -> PointerHit {
    sendPointer(.up, at: location, pointer: pointer)
  }

  /// A pointer left the view at `location` (artboard coordinates); see
  /// ``pointerDown(at:pointer:)``.
  @MainActor @discardableResult
  public func pointerExit(at location: CGPoint, pointer: Int = 0) -> PointerHit {
    sendPointer(.exit, at: location, pointer: pointer)
  }

  @MainActor
  private func sendPointer(_ kind: PointerEventKind, at location: CGPoint, pointer: Int)
    -> PointerHit
  {
    let outcome = withRuntime { machine, artboard -> (PointerHit, [StateMachineEvent]) in
      let before = machine.events.count
      let hit = machine.pointerEvent(
        kind, x: Float(location.x), y: Float(location.y), pointer: pointer, artboard: &artboard)
      let fired = machine.events.dropFirst(before).map { Self.event($0, in: artboard) }
      return (hit, fired)
    }
    guard let outcome else { return .none }
    reportListenerEvents(outcome.1)
    return outcome.0
  }
}
