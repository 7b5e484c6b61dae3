import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("State machines evaluated through the runtime", SharedCorpus.requirement)
@MainActor
struct StateMachineRuntimeTests {
  @Test("advance(by:) evaluates: state changes, events and the settle frame as the reference")
  func advanceEvaluates() async throws {
    // The official runtime (../shared/reference/runtime/timeline_event_test.riv.json): frame 0
    // enters "Timeline 1", frame 30 reports "Half", frame 62 settles.
    let worker = try await Worker()
    let file = try await SharedCorpus.file("timeline_event_test.riv", worker: worker)
    let rive = try await Rive(file: file)
    let machine = rive.stateMachine
    let settled = machine.settledStream()
    let dt = TimeInterval(Float(1.0 / 60.0))
    var changes: [(Int, String)] = []
    var events: [(Int, StateMachineEvent)] = []
    var firstSettled: Int?
    for frame in 0...90 {
      _ = rive.advance(by: frame == 0 ? 0 : dt)
      changes += machine.stateChanges.map { (frame, $0) }
      events += machine.reportedEvents.map { (frame, $0) }
      if machine.isSettled, firstSettled == nil { firstSettled = frame }
    }
    #expect(changes.map(\.0) == [0])
    #expect(changes.map(\.1) == ["Timeline 1"])
    #expect(events.map(\.0) == [30])
    #expect(events.map(\.1.name) == ["Half"])
    #expect(events.first?.1.type == 128)
    #expect(firstSettled == 62)
    var iterator = settled.makeAsyncIterator()
    let yielded: Void? = await iterator.next()
    #expect(yielded != nil)
  }

  @Test("a bound instance's values are the artboard's: set values reach the runtime on advance")
  func boundValuesAreTheRuntimes() async throws {
    let worker = try await Worker()
    let file = try await SharedCorpus.file("data_binding_test.riv", worker: worker)
    let rive = try await Rive(file: file)
    let instance = try #require(rive.viewModelInstance)
    let property = NumberProperty(path: "formula_input")
    let dirty = instance.dirtyStream()
    instance.setValue(of: property, to: 42)
    _ = rive.advance(by: 1.0 / 60)
    let seen = rive.stateMachine.withRuntime { _, artboard in
      artboard.viewModels?.value(at: "formula_input")
    }
    #expect(seen == .some(.number(42)))
    #expect(try await instance.value(of: property) == 42)
    var iterator = dirty.makeAsyncIterator()
    let yielded: Void? = await iterator.next()
    #expect(yielded != nil)
  }
}
