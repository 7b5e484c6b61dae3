// Rive events: a legacy state-machine delegate's `onRiveEventReceived(onRiveEvent:)`, and the
// current API's `StateMachine.eventStream()` / `reportedEvents`.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: timeline_event_test.riv (from the corpus) reports an event "Half" halfway through
// its timeline (frame 30 in the official runtime).
let resources = try ExampleResources([
  "timeline.riv": try ExampleCorpus.data("timeline_event_test.riv")
])
defer { resources.remove() }
let bundle = try resources.bundle
let frame = Double(Float(1.0 / 60))

// guide:legacy
final class EventHandler: RiveStateMachineDelegate {
  var received: [String] = []

  func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {
    if let openURL = riveEvent as? RiveOpenUrlEvent {
      received.append("open \(openURL.url())")
    } else if let general = riveEvent as? RiveGeneralEvent {
      received.append("\(general.name()) (\(general.properties().count) properties)")
    }
  }
}

let viewModel = RiveViewModel(fileName: "timeline", in: bundle, loadCdn: false)
let view = viewModel.createRiveView()
let handler = EventHandler()
view.stateMachineDelegate = handler
for _ in 0..<90 { view.advance(delta: frame) }
print("legacy: \(handler.received)")
// guide.end

// guide:legacy-subclass
final class TimelineViewModel: RiveViewModel {
  var received: [String] = []

  init(bundle: Bundle) {
    super.init(fileName: "timeline", in: bundle, loadCdn: false)
  }

  // Upstream writes `@objc func`; on Linux the hook is overridden.
  override func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {
    received.append(riveEvent.name())
  }

  override func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didChangeState stateName: String
  ) {
    received.append("state \(stateName)")
  }
}

let subclassed = TimelineViewModel(bundle: bundle)
let subclassedView = subclassed.createRiveView()
for _ in 0..<90 { subclassedView.advance(delta: frame) }
print("legacy subclass: \(subclassed.received)")
// guide.end

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("timeline", bundle), worker: worker)
let rive = try await Rive(file: file)
let events = rive.stateMachine.eventStream()
for _ in 0..<90 { _ = rive.advance(by: frame) }
for await event in events {
  print("current: \(event.name) (type \(event.type), \(event.properties.count) properties)")
  break
}
// guide.end
