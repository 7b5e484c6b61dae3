import Foundation
import RiveFixtures
import RiveLegacy
import Testing

@Suite("Legacy input objects and their state machine")
struct InputLifetimeTests {
  @Test(
    "an input reaches its machine while it lives, keeps its value after, and keeps nothing alive")
  func inputOutlivesMachine() throws {
    let file = try RiveFile(data: ButtonFixture().data, loadCdn: false)
    let artboard = try file.artboard()
    weak var freed: RiveStateMachineInstance?
    let input: RiveSMIBool
    do {
      let machine = try artboard.stateMachine(from: 0)
      freed = machine
      input = machine.getBool("hover")
      input.setValue(true)
      // Through the machine: the same value, and the advance takes it (the hover state).
      #expect(machine.getBool("hover").value())
      machine.advance(by: 0)
      var changes = machine.stateChanges()
      machine.advance(by: 1.0 / 60)
      changes += machine.stateChanges()
      #expect(changes.contains("hovered"))
    }
    // The input held the machine only weakly: it is gone with its last reference.
    #expect(freed == nil)
    #expect(input.value())
    input.setValue(false)
    #expect(!input.value())
  }

}
