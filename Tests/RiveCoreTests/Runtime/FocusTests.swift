import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Focus: the focus tree, focus actions and focus conditions, in files made by the package's
/// writer.
@Suite("Runtime: focus")
struct FocusTests {
  /// Node A (1) with focus data (2) holding nodes B (3, focus data 4) and C (5, focus data 6).
  /// `flagsB` are B's focus flags; `opacityB` its opacity.
  private func tree(flagsB: UInt64 = 7, opacityB: Float = 1) throws -> RuntimeFile {
    var fixture = RuntimeFixture()
    let a = fixture.component(TypeKey.node)
    fixture.component(TypeKey.focusData, parent: a)
    let b = fixture.component(
      TypeKey.node, parent: a, [(PropertyKey.worldTransformComponentOpacity, .float(opacityB))])
    fixture.component(
      TypeKey.focusData, parent: b, [(PropertyKey.focusDataFocusFlags, .uint(flagsB))])
    let c = fixture.component(TypeKey.node, parent: a)
    fixture.component(TypeKey.focusData, parent: c)
    return try fixture.file()
  }

  /// Which focus data components hold focus after focusing node A.
  private func holdersAfterFocusingA(_ file: RuntimeFile) -> [Int] {
    var artboard = file.artboards[0].instance()
    _ = artboard.advance(0)
    artboard.queueFocus(on: 1)
    artboard.processFocusRequests(keepsUnapplied: false)
    return [2, 4, 6].filter { artboard.holdsFocus($0) }
  }

  @Test("focusing a scope focuses its first eligible leaf; the scope holds focus too")
  func firstLeaf() throws {
    #expect(holdersAfterFocusingA(try tree()) == [2, 4])
  }

  @Test("a leaf that cannot focus, or is fully transparent, is passed over")
  func ineligibleLeaves() throws {
    // Flags 6: can touch and traverse, not focus.
    #expect(holdersAfterFocusingA(try tree(flagsB: 6)) == [2, 6])
    #expect(holdersAfterFocusingA(try tree(opacityB: 0)) == [2, 6])
  }

  @Test("focus is dropped when the focused node becomes hidden")
  func dropWhenHidden() throws {
    let file = try tree()
    var artboard = file.artboards[0].instance()
    _ = artboard.advance(0)
    artboard.queueFocus(on: 3)
    artboard.processFocusRequests(keepsUnapplied: false)
    #expect(artboard.holdsFocus(4))
    let offset = try #require(
      TypeTable.shared.slotOffset(
        type: UInt16(TypeKey.node), key: PropertyKey.worldTransformComponentOpacity))
    artboard.setFloat(3, offset: offset, key: PropertyKey.worldTransformComponentOpacity, 0)
    _ = artboard.advance(0)
    artboard.dropFocusIfHidden()
    #expect(![2, 4, 6].contains { artboard.holdsFocus($0) })
  }

  /// A state machine whose entry state focuses node A (a state action), and whose second
  /// layer goes to a "focused" state when C's focus data holds focus, else stays.
  @Test("a state's focus action focuses, and a focus condition sees it on the same frame")
  func actionAndCondition() throws {
    var fixture = RuntimeFixture()
    let a = fixture.component(TypeKey.node)
    fixture.component(TypeKey.focusData, parent: a)
    let b = fixture.component(TypeKey.node, parent: a)
    fixture.component(TypeKey.focusData, parent: b)
    fixture.animation(name: "idle", keys: [])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("machine"))])
    // Layer 1: entry → "focusing" (index 3), whose entry action focuses A.
    layerToIdle(&fixture, name: "focus")
    fixture.object(
      TypeKey.focusActionTarget,
      [
        (PropertyKey.focusActionTargetTargetId, .uint(UInt64(a))),
        (PropertyKey.listenerActionFlags, .uint(4)),
      ])
    // Layer 2: entry → "waiting" (3) → "focused" (4) when B holds focus.
    layerToIdle(&fixture, name: "watch")
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(4))])
    fixture.object(TypeKey.transitionFocusCondition)
    fixture.object(
      TypeKey.transitionPropertyComponentComparator,
      [(PropertyKey.transitionPropertyComponentComparatorObjectId, .uint(UInt64(b)))])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    let file = try fixture.file()
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    _ = machine.advanceAndApply(0, artboard: &artboard)
    #expect(artboard.holdsFocus(b + 1))
    // The watching layer saw the focus in the same frame.
    #expect(machine.currentStates == [3, 4])
  }

  /// A state machine whose entry state runs `actions` at its start: `target` focuses node A
  /// (1, focus data 2), `clear` clears the focus. Which focus data hold focus after its first
  /// frame.
  private func holdersAfter(_ actions: [String]) throws -> [Int] {
    var fixture = RuntimeFixture()
    let a = fixture.component(TypeKey.node)
    fixture.component(TypeKey.focusData, parent: a)
    fixture.animation(name: "idle", keys: [])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("machine"))])
    layerToIdle(&fixture, name: "focus")
    for action in actions {
      if action == "target" {
        fixture.object(
          TypeKey.focusActionTarget,
          [
            (PropertyKey.focusActionTargetTargetId, .uint(UInt64(a))),
            (PropertyKey.listenerActionFlags, .uint(4)),
          ])
      } else {
        fixture.object(TypeKey.focusActionClear, [(PropertyKey.listenerActionFlags, .uint(4))])
      }
    }
    let file = try fixture.file()
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    _ = machine.advanceAndApply(0, artboard: &artboard)
    return [a + 1].filter { artboard.holdsFocus($0) }
  }

  @Test("a focus clear action clears the focus, in order with focus targets")
  func clearAction() throws {
    #expect(try holdersAfter(["target"]) == [2])
    #expect(try holdersAfter(["target", "clear"]) == [])
    #expect(try holdersAfter(["clear", "target"]) == [2])
  }

  @Test("a focus tree thousands of levels deep is followed to a bounded depth")
  func deepTree() throws {
    var fixture = RuntimeFixture()
    var parent = 0
    var firstNode = -1
    for _ in 0..<3000 {
      let node = fixture.component(TypeKey.node, parent: parent)
      fixture.component(TypeKey.focusData, parent: node)
      if firstNode < 0 { firstNode = node }
      parent = node
    }
    let file = try fixture.file()
    var artboard = file.artboards[0].instance()
    _ = artboard.advance(0)
    artboard.queueFocus(on: firstNode)
    artboard.processFocusRequests(keepsUnapplied: false)
    // No leaf within reach: the scope itself takes focus.
    #expect(artboard.holdsFocus(firstNode + 1))
    artboard.dropFocusIfHidden()
    #expect(artboard.holdsFocus(firstNode + 1))
  }

  /// A layer whose entry goes to an "idle" animation state (state 3, after any, exit and entry).
  private func layerToIdle(_ fixture: inout RuntimeFixture, name: String) {
    fixture.object(TypeKey.stateMachineLayer, [(PropertyKey.animationName, .string(name))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
  }
}
