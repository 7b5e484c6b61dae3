import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

@Suite("One value for both API generations", SharedCorpus.requirement)
@MainActor
struct SharedValueTests {
  @Test(
    "a legacy instance and its current-API view read and write one value, which the runtime uses")
  func oneValue() async throws {
    let file = try RiveFile(name: "data_binding_test", in: try SharedCorpus.bundle)
    let model = RiveModel(riveFile: file)
    try model.setArtboard("artboard-5")
    try model.setStateMachine()
    let viewModel = try #require(file.viewModelNamed("vm5"))
    let legacy = try #require(viewModel.createInstance())
    let number = try #require(legacy.numberProperty(fromPath: "formula_input"))
    let current = ViewModelInstance(legacy, worker: try await Worker())
    let property = NumberProperty(path: "formula_input")

    number.value = 5
    #expect(try await current.value(of: property) == 5)
    current.setValue(of: property, to: 9)
    #expect(number.value == 9)

    let machine = try #require(model.stateMachine)
    machine.bind(viewModelInstance: legacy)
    current.setValue(of: property, to: 11)
    machine.advance(by: 1.0 / 60)
    let inRuntime = machine.withRuntime { _, artboard in
      artboard.viewModels?.value(at: "formula_input")
    }
    #expect(inRuntime == .some(.number(11)))
    #expect(number.value == 11)
  }
}
