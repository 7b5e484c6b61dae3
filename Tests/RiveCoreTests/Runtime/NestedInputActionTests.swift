import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Listener actions that set a nested artboard's input from a state's action or from a
/// listener on a reported event, not only from a pointer listener (rive-runtime
/// `ListenerBoolChange::perform` and its siblings set the nested input whatever runs them).
/// Before, the runtime here dropped such actions unless a pointer listener ran them: the
/// nested input stayed false and the child's shape stayed at x 0.
@Suite("Listener actions on nested inputs")
struct NestedInputActionTests {
  @Test(
    "a state's action and an event listener's action set the nested input",
    arguments: NestedInputActionFixture.Route.allCases)
  func setsNestedInput(_ route: NestedInputActionFixture.Route) throws {
    let file = try RuntimeFile(data: NestedInputActionFixture.data(route: route))
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    #expect(player.artboard.nestedInputValue(NestedInputActionFixture.nestedOn) == .bool(false))
    player.advance(to: 3)
    #expect(player.artboard.nestedInputValue(NestedInputActionFixture.nestedOn) == .bool(true))
    // The child's machine took `On`: its shape (component 1 of the child) is at `onX`.
    let child = try #require(player.artboard.nested.first?.artboard)
    #expect(child.geometry.worldTransforms[1].tx == NestedInputActionFixture.onX)
  }

  /// A transition's action sets the nested input inside the state change, before the
  /// transition captures the values its mix starts from (rive-runtime
  /// `state_machine_instance.cpp`: the actions run, then `buildAnimationResetForTransition`),
  /// so `Raise`'s key mixes in from the action's value. The trace scenario sets `go` at frame
  /// 20; the mix lasts 60 frames. Before, the action ran after the layer's step: the mix
  /// started from 0 and the action's 20 showed only on the frame it ran.
  @Test("a transition's action on a nested input is where its mix starts")
  func transitionActionStartsTheMix() throws {
    let level = try NestedAnimationBlendTests.values(
      NestedInputActionFixture.transitionData(), object: NestedInputActionFixture.nestedLevel,
      property: PropertyKey.nestedNumberNestedValue)
    let from = Double(NestedInputActionFixture.actionLevel)
    let to = Double(NestedInputActionFixture.keyedLevel)
    #expect(level[0] == 0)
    // 10 and 40 frames into the mix.
    #expect(abs((level[30] ?? -1) - (from + (to - from) * 10 / 60)) < 1e-4, "\(level)")
    #expect(abs((level[60] ?? -1) - (from + (to - from) * 40 / 60)) < 1e-4, "\(level)")
    #expect(level[90] == to)
  }
}
