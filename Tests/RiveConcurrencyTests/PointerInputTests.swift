import Foundation
import RiveConcurrency
import RiveTestSupport
import Testing

/// Pointer events through the current API reach the runtime's listeners (click_event.riv,
/// artboard "art-1": a click on its group of shapes fires an event).
@Suite("Current API pointer input", SharedCorpus.requirement)
struct PointerInputTests {
  @MainActor
  @Test("a click on the listener's shapes fires its event; the next advance does not repeat it")
  func clickFiresEvent() async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(SharedCorpus.data("click_event.riv")), worker: worker)
    let artboard = try await file.createArtboard("art-1")
    let machine = try await artboard.createStateMachine("sm-1")
    machine.advance(by: 0)
    #expect(machine.pointerDown(at: CGPoint(x: 300, y: 75)) == .none)
    machine.pointerUp(at: CGPoint(x: 300, y: 75))
    machine.advance(by: 1 / 60)
    #expect(machine.reportedEvents.isEmpty)
    #expect(machine.pointerDown(at: CGPoint(x: 75, y: 75)) != .none)
    machine.pointerUp(at: CGPoint(x: 75, y: 75))
    #expect(machine.reportedEvents.count == 1)
    machine.advance(by: 1 / 60)
    #expect(machine.reportedEvents.isEmpty)
    #expect(machine.pointerMove(at: CGPoint(x: CGFloat.infinity, y: 0)) == .none)
  }
}
