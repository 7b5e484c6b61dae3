import Foundation
import RiveConcurrency
import RiveCore
import RiveFrames
import RiveLegacy

/// A state machine of either API generation, as a recording drives it with an input script's
/// events: the runtime's machine and artboard underneath, and the API's own pointer calls.
protocol ScriptedMachine {
  /// Runs `body` on the runtime's machine and artboard in place; nil when the file cannot be
  /// evaluated.
  func withRuntime<Result>(
    _ body: (inout StateMachineInstance, inout ArtboardInstance) -> Result
  ) -> Result?

  /// Sends a pointer event through the API, so the events its listeners fire reach the API's
  /// own event reports too.
  func sendPointer(_ kind: PointerEventKind, at location: CGPoint, pointer: Int)
}

extension ScriptedMachine {
  /// Applies an input script's event at `time` (seconds into the recording); returns the
  /// events a pointer event made the machine report.
  func apply(_ event: InputScript.Event, at time: Double, source: String?)
    throws(ArtboardFrameError) -> [PlaybackEvent]
  {
    if case .pointer(let kind, let x, let y, let id) = event.action {
      let before = withRuntime { running, _ in running.events.count } ?? 0
      sendPointer(kind, at: CGPoint(x: CGFloat(x), y: CGFloat(y)), pointer: id)
      return Array(reportedEvents(endingAt: time).dropFirst(before))
    }
    let outcome = withRuntime { running, artboard -> Result<Void, InputScriptError> in
      var optional: StateMachineInstance? = running
      defer { if let optional { running = optional } }
      return Result { () throws(InputScriptError) in
        try event.apply(machine: &optional, artboard: &artboard)
      }.map { _ in () }
    }
    do throws(InputScriptError) {
      try outcome?.get()
    } catch {
      throw ArtboardFrameError(error.from(source))
    }
    return []
  }

  /// The events the machine reported in its last advance, as fired in a recording whose clock
  /// stands at `time`.
  func reportedEvents(endingAt time: Double) -> [PlaybackEvent] {
    withRuntime { running, artboard in
      PlaybackEvent.reported(by: running, in: artboard, endingAt: time)
    } ?? []
  }
}

extension StateMachine: @MainActor ScriptedMachine {
  @MainActor
  func sendPointer(_ kind: PointerEventKind, at location: CGPoint, pointer: Int) {
    switch kind {
    case .down: _ = pointerDown(at: location, pointer: pointer)
    case .move: _ = pointerMove(at: location, pointer: pointer)
    case .up: _ = pointerUp(at: location, pointer: pointer)
    case .exit: _ = pointerExit(at: location, pointer: pointer)
    }
  }
}

extension RiveStateMachineInstance: ScriptedMachine {
  /// A legacy touch has no pointer id: every pointer is the one touch.
  func sendPointer(_ kind: PointerEventKind, at location: CGPoint, pointer: Int) {
    switch kind {
    case .down: _ = touchBegan(atLocation: location)
    case .move: _ = touchMoved(atLocation: location)
    case .up: _ = touchEnded(atLocation: location)
    case .exit: _ = touchExited(atLocation: location)
    }
  }
}
