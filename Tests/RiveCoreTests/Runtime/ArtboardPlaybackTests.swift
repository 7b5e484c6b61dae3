import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

@Suite("Artboard playback")
struct ArtboardPlaybackTests {
  @Test("an advance reports what the frame did; frame 0 is 0 s and each later frame one step")
  func advanceReports() throws {
    let file = try ButtonFixture().file()
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    #expect(player.frame == -1)
    let first = player.advance()
    #expect(player.frame == 0)
    #expect(first.stateChanges == player.stateChangeNames)
    let index = try #require(player.machine?.inputIndex(named: "hover"))
    try player.apply(.init(time: 0, action: .setBoolean(input: "hover", value: true, nested: nil)))
    let hovered = player.advance()
    #expect(player.frame == 1)
    #expect(hovered.stateChanges == ["hovered"])
    #expect(player.machine?.inputs[index] == .bool(true))
    #expect(ArtboardPlayback.frameStep == Float(ArtboardPlayback.frameSeconds))
    #expect(ScriptClock.step == ArtboardPlayback.frameSeconds)
  }

  /// The default binding every player shares (`FramePlayer`, recordings, golden frames,
  /// `rive-assets`) binds a blank instance when the view model has none, as the runtime's
  /// `File::createDefaultViewModelInstance` falls back to `createViewModelInstance`.
  @Test("the default binding of a view model without instances binds a blank one")
  func blankDefaultBinding() throws {
    let file = try RuntimeFile(data: ViewModelDefaultsFixture.noInstances())
    let model = try #require(file.artboards.first)
    for driver in [ArtboardPlayback.Driver.default(for: model), .none] {
      var player = ArtboardPlayback(artboard: model, driver: driver, file: file)
      #expect(player.boundViewModel == "Card")
      player.advance()
      // The shape is authored at x 25; the blank instance's x is 0.
      #expect(player.artboard.float(ViewModelDefaultsFixture.boundShape, Slot.nodeX) == 0)
    }
  }

  @Test("a machine an API holds, advanced on the playback, plays as the playback's own driver")
  func heldMachine() throws {
    let file = try ButtonFixture().file()
    let model = try #require(file.artboards.first)
    guard case .stateMachine(let index, _) = ArtboardPlayback.Driver.default(for: model) else {
      Issue.record("the button file has no state machine")
      return
    }
    var owned = ArtboardPlayback(
      artboard: model, driver: .stateMachine(index: index, name: ""), file: nil)
    var shared = ArtboardPlayback(artboard: model, driver: .none, file: nil)
    var held = try #require(StateMachineInstance(artboard: shared.artboard, index: index))
    let images = DrawImages(document: file.document)
    for frame in 0..<4 {
      let seconds: Float = frame == 0 ? 0 : ArtboardPlayback.frameStep
      if frame == 2 {
        let input = try #require(held.inputIndex(named: "hover"))
        held.setBool(input, true)
        try owned.apply(
          .init(time: 0, action: .setBoolean(input: "hover", value: true, nested: nil)))
      }
      let ownStep = owned.advance(by: seconds)
      let heldStep = shared.advance(&held, by: seconds)
      #expect(ownStep == heldStep, "frame \(frame)")
      #expect(owned.draw(images: images) == shared.draw(images: images), "frame \(frame)")
    }
    // The first frame of a machine not yet advanced is drawn from copies: nothing advances.
    var fresh = ArtboardPlayback(artboard: model, driver: .none, file: nil)
    let unadvanced = try #require(StateMachineInstance(artboard: fresh.artboard, index: index))
    let drawn = fresh.drawn(images: images, firstFrameOf: unadvanced)
    var reference = ArtboardPlayback(
      artboard: model, driver: .stateMachine(index: index, name: ""), file: nil)
    reference.advance()
    #expect(drawn.displayList == reference.draw(images: images))
    #expect(fresh.frame == -1)
  }
}
