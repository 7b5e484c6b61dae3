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
}
