import Foundation
import RiveLegacy
import RiveTestSupport
import Testing

/// Touches through the legacy API reach the runtime's listeners (click_event.riv: artboard
/// "art-1" fires an event on a click of its group of shapes; "art-2" turns green while the
/// pointer is over the group and red when it leaves).
@Suite("Legacy touch input", SharedCorpus.requirement)
struct TouchInputTests {
  final class Recorder: RiveStateMachineDelegate {
    var hits: [(RiveTouchEvent, RiveHitResult)] = []
    var touchesBegan = 0
    var events: [String] = []
    var states: [String] = []

    func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {
      touchesBegan += 1
    }
    func stateMachine(
      _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
      from event: RiveTouchEvent
    ) { hits.append((event, hitResult)) }
    func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) { events.append(riveEvent.name()) }
    func stateMachine(_ stateMachine: RiveStateMachineInstance, didChangeState stateName: String) {
      states.append(stateName)
    }
  }

  private func view(artboard: String) throws -> (RiveView, Recorder) {
    let file = try RiveFile(name: "click_event", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: file)
    try model.setArtboard(artboard)
    try model.setStateMachine("sm-1")
    let view = RiveView()
    try view.setModel(model)
    let recorder = Recorder()
    view.stateMachineDelegate = recorder
    view.advance(delta: 0)
    return (view, recorder)
  }

  @Test("a click on the listener's shapes fires its event; a click elsewhere does not")
  func clickFiresEvent() throws {
    let (view, recorder) = try view(artboard: "art-1")
    #expect(view.touch(.began, atLocation: CGPoint(x: 300, y: 75)) == .none)
    view.touch(.ended, atLocation: CGPoint(x: 300, y: 75))
    view.advance(delta: 1 / 60)
    view.advance(delta: 1 / 60)
    #expect(recorder.events.isEmpty)
    #expect(view.touch(.began, atLocation: CGPoint(x: 75, y: 75)) != .none)
    view.touch(.ended, atLocation: CGPoint(x: 75, y: 75))
    view.advance(delta: 1 / 60)
    view.advance(delta: 1 / 60)
    #expect(recorder.events.count == 1)
    #expect(recorder.touchesBegan == 2)
    #expect(recorder.hits.map(\.0) == [.began, .ended, .began, .ended])
  }

  @Test("hovering the group changes state; leaving it changes it back")
  func hoverChangesState() throws {
    let (view, recorder) = try view(artboard: "art-2")
    let machine = try #require(view.riveModel?.stateMachine)
    machine.touchMoved(atLocation: CGPoint(x: 75, y: 75))
    view.advance(delta: 1 / 60)
    #expect(recorder.states.last == "green")
    machine.touchMoved(atLocation: CGPoint(x: 400, y: 75))
    view.advance(delta: 1 / 60)
    #expect(recorder.states.last == "red")
    #expect(machine.touchMoved(atLocation: CGPoint(x: Double.nan, y: 0)) == .none)
  }
}
