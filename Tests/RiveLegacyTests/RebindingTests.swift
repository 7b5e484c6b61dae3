import Foundation
import RiveLegacy
import RiveTestSupport
import Testing

/// Binding view-model instances one after another through the legacy API, in every order and
/// through every entry point (the state machine, the artboard, auto-binding on `setArtboard`
/// and `setStateMachine`), on a writer-made file whose binds reach the host artboard, a nested
/// artboard, an artboard list and the state machine: no order traps, and the frame shows the
/// instance bound last.
@Suite("Legacy rebinding")
@MainActor
struct RebindingTests {
  enum Step: CaseIterable {
    case machineFirst, machineSecond, artboardFirst, artboardSecond
    /// `enableAutoBind` then `setStateMachine` (binds the default instance, `First`).
    case autoBindMachine
    /// `setArtboard` again with auto-binding on (a new artboard, `First` bound to it).
    case autoBindArtboard
    /// The bound instance's `x` set to 50 (the frame follows on the next advance).
    case setX

  }

  nonisolated static let sequences: [[Step]] = Step.allCases.flatMap { a in
    Step.allCases.flatMap { b in Step.allCases.map { c in [a, b, c] } }
  }

  /// A model on the fixture with its machine set, and the two authored instances.
  final class Harness {
    let model: RiveModel
    let viewModel: RiveViewModel
    var instances: [RiveDataBindingViewModel.Instance] = []
    /// What the frame should show: (x, item count's widest item).
    var expected: (x: Int, widest: Int)?
    var bound: RiveDataBindingViewModel.Instance?
    var autoBound: [RiveDataBindingViewModel.Instance] = []

    init() throws {
      let file = try RiveFile(data: BindingFixture.data, loadCdn: false)
      model = RiveModel(riveFile: file)
      try model.setArtboard("Main")
      try model.setStateMachine("Machine")
      viewModel = RiveViewModel(model, stateMachineName: "Machine", autoPlay: false)
      let main = try #require(file.viewModelNamed("Main"))
      for (name, _, _, _) in BindingFixture.instances {
        instances.append(try #require(main.createInstance(fromName: name)))
      }
    }

    func apply(_ step: Step) throws {
      switch step {
      case .machineFirst, .machineSecond:
        let index = step == .machineFirst ? 0 : 1
        try #require(model.stateMachine).bind(viewModelInstance: instances[index])
        bind(instances[index], authored: index)
      case .artboardFirst, .artboardSecond:
        let index = step == .artboardFirst ? 0 : 1
        try #require(model.artboard).bind(viewModelInstance: instances[index])
        // The machine keeps the instance it was bound to; the artboard's binds follow the new
        // one (the frame is the artboard's).
        bind(instances[index], authored: index)
      case .autoBindMachine:
        model.enableAutoBind { [unowned self] instance in
          autoBound.append(instance)
          bind(instance, authored: 0)
        }
        try model.setStateMachine("Machine")
      case .autoBindArtboard:
        model.enableAutoBind { [unowned self] instance in
          autoBound.append(instance)
          bind(instance, authored: 0)
        }
        try model.setArtboard("Main")
        try model.setStateMachine("Machine")
      case .setX:
        guard let bound else { return }
        try #require(bound.numberProperty(fromPath: "x")).value = 50
        expected?.x = 50
      }
    }

    private func bind(_ instance: RiveDataBindingViewModel.Instance, authored: Int) {
      bound = instance
      let number = instance.numberProperty(fromPath: "x")?.value ?? -1
      expected = (Int(number), BindingFixture.instances[authored].widestItem)
    }

    func advance() {
      model.stateMachine?.advance(by: 1.0 / 60)
      if model.stateMachine == nil { model.artboard?.advance(by: 1.0 / 60) }
    }

    func probe() throws -> (mainX: Int?, childY: Int?, itemWidth: Int?) {
      let frame = try viewModel.snapshot(width: 100, height: 100).raster
      return BindingFixture.probe(rgba: frame.rgba, width: frame.width)
    }
  }

  @Test(
    "every order of binds through every entry point shows the instance bound last",
    arguments: sequences)
  func everyOrder(_ steps: [Step]) throws {
    let harness = try Harness()
    for step in steps {
      try harness.apply(step)
      harness.advance()
      harness.advance()
      guard let expected = harness.expected else { continue }
      let probe = try harness.probe()
      #expect(probe.mainX == expected.x, "after \(steps)")
      #expect(probe.childY == expected.x, "after \(steps)")
      #expect(probe.itemWidth == expected.widest, "after \(steps)")
    }
  }

  @Test("auto-binding on every setArtboard and setStateMachine binds a new default instance")
  func autoBindEveryCall() throws {
    let harness = try Harness()
    try harness.apply(.autoBindMachine)
    for _ in 0..<20 {
      try harness.model.setArtboard("Main")
      try harness.model.setStateMachine("Machine")
      harness.advance()
    }
    // enableAutoBind and its setStateMachine, then each setArtboard and each setStateMachine.
    #expect(harness.autoBound.count == 2 + 40)
    #expect(Set(harness.autoBound.map(ObjectIdentifier.init)).count == 42)
    #expect(try harness.probe().mainX == 30)
  }
}
