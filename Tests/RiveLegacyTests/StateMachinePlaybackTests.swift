import Foundation
import RiveLegacy
import RiveTestSupport
import Testing

/// What the official runtime did on a file's first scenario (artboard 0, state machine 0), read
/// from `../shared/reference/runtime/<file>.riv.json`.
struct ReferenceScenario {
  var stateMachine: String
  var settledFrame: Int?
  /// (frame, event name, seconds delay) in order.
  var events: [(frame: Int, name: String, delay: Double)]
  /// (frame, animation name) of each state change, in order.
  var stateChanges: [(frame: Int, name: String)]

  init(file: String) throws {
    let url = SharedCorpus.projectRoot.appendingPathComponent(
      "../shared/reference/runtime/\(file).json")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let scenarios = try #require(root["scenarios"] as? [[String: Any]])
    let first = try #require(scenarios.first)
    stateMachine = try #require(first["state_machine"] as? String)
    settledFrame = first["settled_frame"] as? Int
    events = []
    stateChanges = []
    for frame in try #require(first["frames"] as? [[String: Any]]) {
      let number = try #require(frame["frame"] as? Int)
      for event in frame["events"] as? [[String: Any]] ?? [] {
        events.append(
          (number, event["name"] as? String ?? "", event["seconds_delay"] as? Double ?? -1))
      }
      for change in frame["state_changes"] as? [[String: Any]] ?? [] {
        stateChanges.append((number, change["animation"] as? String ?? "?"))
      }
    }
  }
}

/// Records the frame at which each delegate call happens.
final class FrameRecorder: RivePlayerDelegate, RiveStateMachineDelegate {
  var frame = 0
  var paused: [Int] = []
  var events: [(frame: Int, name: String, delay: Float, isGeneral: Bool)] = []
  var states: [(frame: Int, name: String)] = []

  func player(playedWithModel riveModel: RiveModel?) {}
  func player(pausedWithModel riveModel: RiveModel?) { paused.append(frame) }
  func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  func player(stoppedWithModel riveModel: RiveModel?) {}
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}

  func stateMachine(_ stateMachine: RiveStateMachineInstance, didChangeState stateName: String) {
    states.append((frame, stateName))
  }

  func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {
    events.append((frame, riveEvent.name(), riveEvent.delay(), riveEvent is RiveGeneralEvent))
  }
}

@Suite(
  "State machines played by the legacy view, against the official runtime", SharedCorpus.requirement
)
struct StateMachinePlaybackTests {
  /// Plays `file` headlessly as the reference does: frame 0 advances by 0, frames 1… by 1/60 s.
  private func play(_ file: String, frames: Int) throws -> (FrameRecorder, RiveViewModel) {
    let viewModel = RiveViewModel(fileName: file, in: try SharedCorpus.bundle)
    let view = viewModel.createRiveView()
    let recorder = FrameRecorder()
    view.playerDelegate = recorder
    view.stateMachineDelegate = recorder
    #expect(view.isEvaluatingStateMachine)
    let dt = Double(Float(1.0 / 60.0))
    for frame in 0...frames {
      recorder.frame = frame
      view.advance(delta: frame == 0 ? 0 : dt)
    }
    return (recorder, viewModel)
  }

  @Test("player(pausedWithModel:) is called at the frame the official runtime settles")
  func pausesWhereTheReferenceSettles() throws {
    for file in ["timeline_event_test", "cubic_value_test", "state_machine_transition"] {
      let reference = try ReferenceScenario(file: "\(file).riv")
      let settled = try #require(reference.settledFrame)
      let (recorder, viewModel) = try play(file, frames: 90)
      #expect(viewModel.riveModel?.stateMachine?.name() == reference.stateMachine)
      #expect(recorder.paused == [settled], "\(file)")
      #expect(viewModel.isPlaying == false)
      #expect(
        recorder.states.map(\.frame) == reference.stateChanges.map(\.frame), "\(file)")
      #expect(recorder.states.map(\.name) == reference.stateChanges.map(\.name), "\(file)")
    }
  }

  @Test("onRiveEventReceived(onRiveEvent:) receives the official runtime's events in order")
  func eventsInOrder() throws {
    // Events an advance reports reach the delegate at the start of the next advance, as
    // upstream's view delivers them.
    for file in ["timeline_event_test", "looping_timeline_events"] {
      let reference = try ReferenceScenario(file: "\(file).riv")
      #expect(!reference.events.isEmpty)
      let (recorder, _) = try play(file, frames: 181)
      #expect(recorder.events.map(\.frame) == reference.events.map { $0.frame + 1 }, "\(file)")
      #expect(recorder.events.map(\.name) == reference.events.map(\.name), "\(file)")
      for (received, expected) in zip(recorder.events, reference.events) {
        #expect(abs(Double(received.delay) - expected.delay) < 1e-4, "\(file)")
        #expect(received.isGeneral)
      }
    }
  }

  @Test("reportedEventCount() and reportedEvent(at:) describe the last advance")
  func reportedEvents() throws {
    let file = try RiveFile(name: "timeline_event_test", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: file)
    try model.setArtboard()
    try model.setStateMachine()
    let machine = try #require(model.stateMachine)
    let dt = Double(Float(1.0 / 60.0))
    #expect(machine.advance(by: 0))
    #expect(machine.stateChanges() == ["Timeline 1"])
    var seen: [(Int, String)] = []
    for frame in 1...62 {
      let more = machine.advance(by: dt)
      for index in 0..<machine.reportedEventCount() {
        seen.append((frame, machine.reportedEvent(at: index).name()))
      }
      #expect(more == (frame < 62), "frame \(frame)")
    }
    #expect(seen.map(\.0) == [30])
    #expect(seen.map(\.1) == ["Half"])
    #expect(machine.reportedEventCount() == 0)
  }
}
