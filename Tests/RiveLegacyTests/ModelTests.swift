import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

@Suite("RiveModel and RiveViewModel", SharedCorpus.requirement)
struct ModelTests {
  @Test func volume() throws {
    let model = try RiveModel(fileName: "multipleartboards", in: Corpus.bundle, loadCdn: false)
    #expect(model.volume == 1)
    #expect(model.artboard == nil)
    try model.setArtboard()
    #expect(model.artboard?.volume == 1)
    model.volume = 0.5
    #expect(model.volume == 0.5)
    #expect(model.artboard?.volume == 0.5)
    try model.setArtboard("artboard2")
    #expect(model.artboard?.name() == "artboard2")
    #expect(model.artboard?.volume == 0.5)
    model.volume = 0
    #expect(model.artboard?.volume == 0)
  }

  @Test func editorDefaultStateMachine() throws {
    let file = try RiveFile(data: Corpus.data("defaultstatemachine.riv"), loadCdn: false)
    let viewModel = RiveViewModel(RiveModel(riveFile: file))
    let model = try #require(viewModel.riveModel)
    #expect(model.artboard?.stateMachineCount() == 3)
    #expect(model.artboard?.animationCount() == 1)
    #expect(model.animation == nil)
    #expect(model.stateMachine?.name() == "DefaultSM")
    #expect(viewModel.loadError == nil)
  }

  @Test func fallbackStateMachineIsIndexZero() throws {
    let file = try RiveFile(data: Corpus.data("ios_multiple_state_machines.riv"), loadCdn: false)
    let artboard = try file.artboard()
    #expect(artboard.defaultStateMachine() == nil)
    let viewModel = RiveViewModel(RiveModel(riveFile: file))
    let model = try #require(viewModel.riveModel)
    #expect(model.artboard?.stateMachineCount() == 4)
    #expect(model.artboard?.animationCount() == 1)
    #expect(model.animation == nil)
    #expect(model.stateMachine?.name() == artboard.stateMachineNames().first)
  }

  @Test func modelSetters() throws {
    let model = try RiveModel(fileName: "multipleartboards", in: Corpus.bundle, loadCdn: false)
    #expect(throws: NSError.self) { try model.setStateMachine() }  // no artboard yet
    try model.setArtboard(1)
    #expect(model.artboard?.name() == "artboard1")
    let machines = try #require(model.artboard?.stateMachineNames())
    try model.setStateMachine(try #require(machines.first))
    #expect(model.stateMachine?.name() == machines.first)
    try model.setAnimation()
    let animation = try #require(model.animation)
    try model.setAnimation(animation.name())
    #expect(model.animation === animation)  // same name keeps the instance, as upstream
    let error = try #require(throws: NSError.self) { try model.setArtboard("nope") }
    #expect(error.code == 101)
  }

  @Test func viewModelsSharingOneFileHaveIndependentInstances() throws {
    let file = try RiveFile(data: Corpus.data("multiple_animations.riv"), loadCdn: false)
    let first = RiveViewModel(RiveModel(riveFile: file), animationName: "one", autoPlay: false)
    let second = RiveViewModel(RiveModel(riveFile: file), animationName: "one", autoPlay: false)
    let firstAnimation = try #require(first.riveModel?.animation)
    let secondAnimation = try #require(second.riveModel?.animation)
    #expect(firstAnimation !== secondAnimation)
    #expect(first.riveModel?.artboard !== second.riveModel?.artboard)
    #expect(first.riveModel?.riveFile === second.riveModel?.riveFile)
    let view = first.createRiveView()
    first.play()
    view.advance(delta: 0.1)
    #expect(firstAnimation.time() > 0)
    #expect(secondAnimation.time() == 0)
  }

  @Test func fileNameInitializersRecordErrorsInsteadOfCrashing() throws {
    let bundle = try Corpus.bundle
    let missing = RiveViewModel(fileName: "does_not_exist", in: bundle, loadCdn: false)
    #expect(missing.riveModel == nil)
    #expect((missing.loadError as? NSError)?.code == 700)
    let junk = RiveViewModel(fileName: "junk", in: bundle, stateMachineName: nil)
    #expect((junk.loadError as? NSError)?.code == 600)
    let badArtboard = RiveViewModel(fileName: "multipleartboards", in: bundle, artboardName: "nope")
    #expect((badArtboard.loadError as? NSError)?.code == 101)
    let badMachine = RiveViewModel(
      fileName: "multipleartboards", in: bundle, stateMachineName: "nope", loadCdn: false)
    #expect((badMachine.loadError as? NSError)?.code == 301)
    let badAnimation = RiveViewModel(
      fileName: "flux_capacitor", in: bundle, animationName: "nope", loadCdn: false)
    #expect((badAnimation.loadError as? NSError)?.code == 201)
    // The views of a failed view model are harmless.
    let view = missing.createRiveView()
    missing.play()
    view.advance(delta: 0.1)
    missing.stop()
  }

  @Test func emptyAnimationStateAdvances() throws {
    let viewModel = RiveViewModel(
      fileName: "empty_animation_state", in: try Corpus.bundle, loadCdn: false)
    #expect(viewModel.loadError == nil)
    viewModel.createRiveView().advance(delta: 0.1)
  }

  @Test func stateMachinesAreEvaluatedAndSettle() throws {
    LogCapture.install()
    let data = Fixtures.file(stateMachines: [
      .init(
        name: "Unevaluated Machine 71",
        inputs: [
          .init(name: "on", kind: .boolean(defaultValue: true)),
          .init(name: "level", kind: .number(defaultValue: 2.5)), .init(name: "go", kind: .trigger),
        ])
    ])
    let file = try RiveFile(data: data, loadCdn: false)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: file), stateMachineName: "Unevaluated Machine 71")
    let machine = try #require(viewModel.riveModel?.stateMachine)
    #expect(machine.inputNames() == ["on", "level", "go"])
    #expect(machine.boolInput(named: "on")?.value() == true)
    #expect(machine.numberInput(named: "level")?.value() == 2.5)
    #expect(machine.triggerInput(named: "go") != nil)
    #expect(machine.boolInput(named: "level") == nil)
    #expect(machine.numberInput(named: "go") == nil)
    #expect(machine.triggerInput(named: "on") == nil)
    #expect(machine.boolInput(named: "missing") == nil)
    viewModel.setInput("on", value: false)
    viewModel.setInput("level", value: 7.0)
    viewModel.triggerInput("go")
    #expect(machine.boolInput(named: "on")?.value() == false)
    #expect(machine.numberInput(named: "level")?.value() == 7)
    #expect(machine.triggerInput(named: "go")?.fireCount == 1)
    #expect(try machine.input(from: 1).isNumber())

    let view = viewModel.createRiveView()
    let recorder = PlayerRecorder()
    view.playerDelegate = recorder
    #expect(view.isEvaluatingStateMachine)
    for _ in 0..<5 { view.advance(delta: 10) }
    // A machine without layers has nothing to do: it settles on the first advance, and the
    // view pauses once.
    #expect(!view.isPlaying)
    #expect(recorder.count("paused") == 1)
  }
}
