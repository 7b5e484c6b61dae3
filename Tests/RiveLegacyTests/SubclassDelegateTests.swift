import Foundation
import RiveLegacy
import RiveTestSupport
import Testing

/// A `RiveViewModel` subclass that writes the delegate methods, as upstream's examples do
/// (with `override` where upstream writes `@objc`, which Linux cannot compile): the view calls
/// every one of them.
@Suite("Legacy delegate methods of view-model subclasses")
struct SubclassDelegateTests {
  /// Records every delegate call by name.
  final class RecordingViewModel: RiveViewModel {
    var calls: [String] = []
    var states: [String] = []
    var events: [String] = []
    var hits: [(RiveTouchEvent, RiveHitResult)] = []

    init(file: RiveFile, animation: String? = nil) {
      let model = RiveModel(riveFile: file)
      if let animation {
        super.init(model, animationName: animation, autoPlay: false)
      } else {
        super.init(model, stateMachineName: "Machine", autoPlay: false)
      }
    }

    override func player(playedWithModel riveModel: RiveModel?) { calls.append("played") }
    override func player(pausedWithModel riveModel: RiveModel?) { calls.append("paused") }
    override func player(loopedWithModel riveModel: RiveModel?, type: Int) {
      calls.append("looped \(type)")
    }
    override func player(stoppedWithModel riveModel: RiveModel?) { calls.append("stopped") }
    override func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {
      calls.append("advanced")
    }
    override func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {
      calls.append("began")
    }
    override func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {
      calls.append("moved")
    }
    override func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {
      calls.append("ended")
    }
    override func touchCancelled(
      onArtboard artboard: RiveArtboard?, atLocation location: CGPoint
    ) { calls.append("cancelled") }
    override func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {
      calls.append("exited")
    }
    override func stateMachine(
      _ stateMachine: RiveStateMachineInstance, didChangeState stateName: String
    ) { states.append(stateName) }
    override func stateMachine(
      _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
      from event: RiveTouchEvent
    ) { hits.append((event, hitResult)) }
    override func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {
      events.append(riveEvent.name())
    }
  }

  private func file() throws -> RiveFile {
    try RiveFile(data: ButtonFixture().data, loadCdn: false)
  }

  @Test("state changes, events, touches and hit results reach the subclass's overrides")
  func stateMachineDelegate() throws {
    let viewModel = RecordingViewModel(file: try file())
    // Registered before the model is set, so the first advance's state change is told too.
    let view = RiveView()
    viewModel.setView(view)
    #expect(viewModel.states == ["idle"])
    for kind in [RiveTouchEvent.moved, .began, .ended] {
      view.touch(kind, atLocation: CGPoint(x: 100, y: 100))
      view.advance(delta: 1.0 / 60)
    }
    view.advance(delta: 1.0 / 60)
    view.touch(.cancelled, atLocation: CGPoint(x: 100, y: 100))
    view.touch(.exited, atLocation: CGPoint(x: 5, y: 5))
    #expect(viewModel.states == ["idle", "hovered", "pressed", "hovered"])
    #expect(viewModel.events == ["clicked"])
    #expect(viewModel.hits.map(\.0) == [.moved, .began, .ended, .cancelled, .exited])
    #expect(viewModel.hits.prefix(3).allSatisfy { $0.1 != .none })
    #expect(
      viewModel.calls.filter { !$0.hasPrefix("advanced") } == [
        "moved", "began", "ended", "cancelled", "exited",
      ])
  }

  @Test("play, pause, loop, stop and every advance reach the subclass's overrides")
  func playerDelegate() throws {
    let viewModel = RecordingViewModel(file: try file(), animation: "idle")
    let view = viewModel.createRiveView()
    viewModel.play(loop: .loop)
    for _ in 0..<70 { view.advance(delta: 1.0 / 60) }
    viewModel.pause()
    view.advance(delta: 1.0 / 60)
    viewModel.stop()
    let calls = viewModel.calls
    // The one-second loop ends between the 60th and 61st frame; stop() advances by 0 after
    // telling the delegate, as upstream's view does.
    #expect(calls.filter { $0 != "advanced" } == ["played", "looped 1", "paused", "stopped"])
    #expect(calls.filter { $0 == "advanced" }.count == 70 + 1 + 1)
    #expect(calls.last == "advanced")
  }
}
