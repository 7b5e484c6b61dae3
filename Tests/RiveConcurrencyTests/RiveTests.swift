import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("Rive and state machines", SharedCorpus.requirement)
@MainActor
struct RiveTests {
  @Test("defaults create the default artboard and state machine; .auto binds the default instance")
  func defaults() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_test.riv", worker: worker)
    let rive = try await Rive(file: file)
    #expect(rive.artboard.name == "artboard-5")
    #expect(rive.stateMachine.name == "State Machine 1")
    let instance = try #require(rive.viewModelInstance)
    #expect(try await instance.viewModelName() == "vm5")
    #expect(rive.stateMachine.boundViewModelInstance === instance)
    #expect(rive.fit == .contain(alignment: .center))
    #expect(rive.backgroundColor.argbValue == 0)

    let none = try await Rive(file: file, dataBind: .none, backgroundColor: Color(0xFF11_2233))
    #expect(none.viewModelInstance == nil)
    #expect(none.stateMachine.boundViewModelInstance == nil)
    #expect(none.backgroundColor == Color(red: 0x11, green: 0x22, blue: 0x33))

    let chosen = try await file.createViewModelInstance(.blank(from: .name("vm3")))
    let explicit = try await Rive(
      file: file, dataBind: .instance(chosen), fit: .layout(scaleFactor: .automatic))
    #expect(explicit.viewModelInstance === chosen)
    #expect(explicit.stateMachine.boundViewModelInstance === chosen)
  }

  @Test(".auto swallows a missing view model; a missing default state machine throws")
  func autoWithoutViewModel() async throws {
    let worker = try await Worker()
    let plain = try await Corpus.file("no_view_model.riv", worker: worker)
    let rive = try await Rive(file: plain)
    #expect(rive.viewModelInstance == nil)
    let multiple = try await Corpus.file("multiple_state_machines.riv", worker: worker)
    await #expect(throws: ArtboardError.self) { _ = try await Rive(file: multiple) }
    let empty = try await Corpus.file("empty.riv", worker: worker)
    await #expect(throws: FileError.self) { _ = try await Rive(file: empty) }
  }

  @Test("state machine inputs are typed, settable, and triggers reset on advance")
  func inputs() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.artboards = [
      .init(
        name: "A",
        stateMachines: [
          .init(
            name: "Machine",
            inputs: [
              .init(name: "on", kind: .boolean(defaultValue: true)),
              .init(name: "level", kind: .number(defaultValue: 2.5)),
              .init(name: "go", kind: .trigger),
            ])
        ], defaultStateMachineIndex: 0)
    ]
    let worker = try await Worker()
    let file = try await File(source: .data(blueprint.data), worker: worker)
    let machine = try await file.createArtboard().createStateMachine()
    #expect(machine.inputs.map(\.name) == ["on", "level", "go"])
    #expect(try machine.boolInput(named: "on") == true)
    #expect(try machine.numberInput(named: "level") == 2.5)
    #expect(try machine.triggerInput(named: "go") == false)
    try machine.setInput(named: "on", to: false)
    try machine.setInput(named: "level", to: Float(7))
    try machine.fireTrigger(named: "go")
    #expect(machine.inputs.map(\.value) == [.boolean(false), .number(7), .trigger(isFired: true)])
    machine.advance(by: 0.25)
    machine.advance(by: 0.5)
    #expect(machine.elapsedTime == 0.75)
    #expect(try machine.triggerInput(named: "go") == false)
    #expect(throws: StateMachineError.self) { try machine.setInput(named: "level", to: true) }
    #expect(throws: StateMachineError.self) { try machine.numberInput(named: "missing") }
    #expect(try machine.numberInput(named: "level") == 7)
    let fresh = try await file.createArtboard().createStateMachine("Machine")
    #expect(try fresh.boolInput(named: "on") == true)
  }
}
