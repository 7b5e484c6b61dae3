import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Runtime defects the official runtime's silvers showed, each isolated in a file made by the
/// package's writer (the silver that found it is named).
@Suite("Runtime: defects found by the silvers")
struct SilverDefectTests {
  /// An entry → "idle" layer whose state (index 3) fires actions; `parts` are written after
  /// the state.
  private func layer(_ fixture: inout RuntimeFixture, parts: (inout RuntimeFixture) -> Void) {
    fixture.object(TypeKey.stateMachineLayer, [(PropertyKey.animationName, .string("layer"))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    parts(&fixture)
  }

  /// state_transition_fire_trigger: a state's fire-trigger action fires the view-model trigger
  /// at its path (it was read as a fire-event action of event 0 and fired nothing).
  @Test("a state's fire-trigger action fires the bound instance's trigger")
  func fireTriggerAction() throws {
    var fixture = RuntimeFixture(viewModel: 0) { writer in
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
      writer.object(
        TypeKey.viewModelPropertyTrigger, [(PropertyKey.viewModelComponentName, .string("go"))])
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("")),
        ])
      writer.object(
        TypeKey.viewModelInstanceTrigger,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
    }
    fixture.animation(name: "idle", keys: [])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("machine"))])
    layer(&fixture) { fixture in
      fixture.object(
        TypeKey.stateMachineFireTrigger,
        [
          (PropertyKey.stateMachineFireActionOccursValue, .uint(0)),
          (
            PropertyKey.stateMachineFireTriggerViewModelPathIds,
            .bytes(RiveObjectWriter.pathBytes([0, 0]))
          ),
        ])
    }
    let file = try fixture.file()
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    #expect(machine.bindDefaultViewModel(file: file, artboard: &artboard) == "Main")
    _ = artboard.withViewModels { $0.takeChangedValues() }
    _ = machine.advanceAndApply(0, artboard: &artboard)
    // The trigger fired (and returned to 0 at the end of the frame): its value changed.
    let changed = artboard.withViewModels { store in
      store.takeChangedValues().map { store.name(of: $0) }
    }
    #expect(changed?.contains("go") == true, "\(String(describing: changed))")
    #expect(machine.events.isEmpty)
  }

  /// pointer_exit and drag_event: an align-target listener action puts its node under the
  /// pointer (it did nothing).
  @Test("an align-target listener moves its node to the pointer, or by its motion")
  func alignTarget() throws {
    for preserveOffset in [false, true] {
      var fixture = RuntimeFixture()
      let group = fixture.component(
        TypeKey.node, [(PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(20))])
      let target = fixture.component(
        TypeKey.node, parent: group,
        [(PropertyKey.nodeX, .float(5)), (PropertyKey.nodeY, .float(5))])
      let shape = fixture.component(TypeKey.shape)
      fixture.component(
        TypeKey.rectangle, parent: shape,
        [
          (PropertyKey.parametricPathWidth, .float(100)),
          (PropertyKey.parametricPathHeight, .float(100)),
          (PropertyKey.parametricPathOriginX, .float(0)),
          (PropertyKey.parametricPathOriginY, .float(0)),
        ])
      fixture.animation(name: "idle", keys: [])
      fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("machine"))])
      layer(&fixture) { _ in }
      fixture.listener(target: shape, type: 4, actions: [])  // move
      fixture.object(
        TypeKey.listenerAlignTarget,
        [
          (PropertyKey.listenerAlignTargetTargetId, .uint(UInt64(target))),
          (PropertyKey.listenerAlignTargetPreserveOffset, .bool(preserveOffset)),
        ])
      let file = try fixture.file()
      var artboard = file.artboards[0].instance()
      var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
      _ = machine.advanceAndApply(0, artboard: &artboard)
      machine.pointerMove(x: 40, y: 50, artboard: &artboard)
      machine.pointerMove(x: 46, y: 53, artboard: &artboard)
      let x = artboard.float(target, Slot.nodeX)
      let y = artboard.float(target, Slot.nodeY)
      if preserveOffset {
        // The first move over the shape starts at the pointer: only the second moves it.
        #expect(x == 11 && y == 8, "\(x), \(y)")
      } else {
        // Under the pointer, in the group's space (the group is at 10, 20).
        #expect(x == 36 && y == 33, "\(x), \(y)")
      }
    }
  }
}
