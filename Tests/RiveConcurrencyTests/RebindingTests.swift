import Foundation
import RiveConcurrency
import RiveTestSupport
import Testing

/// Binding view-model instances one after another through the current API's
/// `bindViewModelInstance`, in every order, on a writer-made file whose binds reach the host
/// artboard, a nested artboard, an artboard list and the state machine: no order traps, and
/// the frame shows the instance bound last.
@Suite("Current API rebinding")
@MainActor
struct RebindingTests {
  enum Step: CaseIterable {
    case bindFirst, bindSecond
    /// A fresh instance of `Second`, made now.
    case bindNewSecond
    /// The bound instance's `x` set to 50.
    case setX
    /// A second state machine of the same artboard, bound to `First`.
    case otherMachineFirst
  }

  nonisolated static let sequences: [[Step]] = Step.allCases.flatMap { a in
    Step.allCases.flatMap { b in Step.allCases.map { c in [a, b, c] } }
  }

  @Test("every order of binds shows the instance bound last", arguments: sequences)
  func everyOrder(_ steps: [Step]) async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(BindingFixture.data), worker: worker)
    let artboard = try await file.createArtboard("Main")
    let machine = try await artboard.createStateMachine("Machine")
    let rive = try await Rive(
      file: file, artboard: artboard, stateMachine: machine, dataBind: .none)
    var instances: [ViewModelInstance] = []
    for (name, _, _, _) in BindingFixture.instances {
      instances.append(try await file.createViewModelInstance(.name(name, from: .name("Main"))))
    }
    var driving = machine
    var bound: ViewModelInstance?
    var expected: (x: Int, widest: Int)?
    // An instance keeps the values it was given when it is bound again.
    var given: [ObjectIdentifier: Int] = [:]
    func expect(_ instance: ViewModelInstance, authored index: Int) {
      bound = instance
      let entry = BindingFixture.instances[index]
      expected = (given[ObjectIdentifier(instance)] ?? entry.x, entry.widestItem)
    }
    for step in steps {
      switch step {
      case .bindFirst, .bindSecond:
        let index = step == .bindFirst ? 0 : 1
        driving.bindViewModelInstance(instances[index])
        expect(instances[index], authored: index)
      case .bindNewSecond:
        let fresh = try await file.createViewModelInstance(.name("Second", from: .name("Main")))
        driving.bindViewModelInstance(fresh)
        expect(fresh, authored: 1)
      case .setX:
        guard let bound else { continue }
        bound.setValue(of: NumberProperty(path: "x"), to: 50)
        given[ObjectIdentifier(bound)] = 50
        expected?.x = 50
      case .otherMachineFirst:
        let other = try await artboard.createStateMachine("Machine")
        other.bindViewModelInstance(instances[0])
        driving = other
        expect(instances[0], authored: 0)
      }
      driving.advance(by: 1.0 / 60)
      driving.advance(by: 1.0 / 60)
      if driving !== machine { machine.advance(by: 1.0 / 60) }
      guard let expected, driving === machine else { continue }
      let frame = try await rive.renderFrame(width: 100, height: 100).raster
      let probe = BindingFixture.probe(rgba: frame.rgba, width: frame.width)
      #expect(probe.mainX == expected.x, "after \(steps)")
      #expect(probe.childY == expected.x, "after \(steps)")
      #expect(probe.itemWidth == expected.widest, "after \(steps)")
    }
  }
}
