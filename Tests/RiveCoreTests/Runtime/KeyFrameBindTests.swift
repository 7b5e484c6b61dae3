import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Keyframes bound to view-model properties (`KeyFrameBindFixture`), as the official runtime's
/// animation instance plays them: each bound keyframe holds the value a copy of its bind
/// writes (through its converter), whatever the keyframe's type; a holder bound to nothing
/// keeps its type's default. The expected values follow from the fixture's view model and
/// converters; the same files played by the official runtime give the same traces.
@Suite("Runtime: keyframes bound to view-model values")
struct KeyFrameBindTests {
  typealias ID = KeyFrameBindFixture.ID

  /// The keyed values after `frames` advances (frame 0, then steps of 1/60 s).
  struct Values: Equatable {
    var colour: UInt32
    var caption: String
    var shown: Bool
    var level: Float
    var count: String
  }

  static func values(_ artboard: ArtboardInstance) -> Values {
    func text(_ id: Int) -> String {
      let index = Int(artboard.uint(id, Slot.customPropertyStringPropertyValue))
      return index < artboard.strings.count ? artboard.strings[index] : "?"
    }
    return Values(
      colour: artboard.uint(ID.solidColor, Slot.solidColorColorValue),
      caption: text(ID.caption),
      shown: artboard.bool(ID.shown, Slot.customPropertyBooleanPropertyValue),
      level: artboard.float(ID.level, Slot.customPropertyNumberPropertyValue),
      count: text(ID.count))
  }

  static func player(bound: Bool = true) throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: KeyFrameBindFixture.data(bound: bound))
    return ArtboardPlayback(artboard: file.artboards[0], file: file)
  }

  @Test("bound keyframes of every type take the view model's values, through converters")
  func boundValues() throws {
    var player = try Self.player()
    player.advance(to: 0)
    // Frame 0: the caption's first keyframe is its own ("zero"); `shown`'s first keyframe
    // (at frame 10) holds back to the start with `flag` (true), not its authored false;
    // `level` is `amount` (7) doubled; `count` is `amount` as a string; the colour is `tint`.
    #expect(
      Self.values(player.artboard)
        == Values(
          colour: 0xFF00_FF00, caption: "zero", shown: true, level: 14, count: "7.000000"))
    player.advance(to: 30)
    let half = Self.values(player.artboard)
    // The caption's keyframe at frame 30 is bound to `label`: "bound text", not "thirty".
    #expect(half.caption == "bound text")
    // `level` halfway from 14 (bound) to 100 (its own), at the runtime's float time.
    #expect(abs(half.level - 57) < 0.01)
    player.advance(to: 45)
    #expect(Self.values(player.artboard).shown == false)  // the unbound keyframe at 40
  }

  @Test("a changed view-model value reaches its bound keyframes on the next frame")
  func followsChanges() throws {
    var player = try Self.player()
    player.advance(to: 31)
    let changed = player.withArtboard { artboard in
      artboard.withViewModels { store in
        store.setValue(.string("changed"), at: "label") == true
          && store.setValue(.number(10), at: "amount") == true
      }
    }
    #expect(changed == true)
    player.advance()
    let values = Self.values(player.artboard)
    #expect(values.caption == "changed")
    #expect(values.count == "10.000000")
  }

  @Test("bound keyframes of an artboard bound to nothing hold their holders' defaults")
  func unboundDefaults() throws {
    var player = try Self.player(bound: false)
    player.advance(to: 0)
    // Bound keyframes read 0xFF1D1D1D, false, 0 and ""; the unbound "zero" is its own.
    #expect(
      Self.values(player.artboard)
        == Values(colour: 0xFF1D_1D1D, caption: "zero", shown: false, level: 0, count: ""))
    player.advance(to: 30)
    #expect(Self.values(player.artboard).caption == "")
  }

  @Test("a bound string that changes every frame keeps the instance's string table's size")
  func boundedStrings() throws {
    var player = try Self.player()
    player.advance(to: 1)
    let before = player.artboard.strings.count
    for frame in 2...600 {
      _ = player.withArtboard { artboard in
        artboard.withViewModels { $0.setValue(.number(Float(frame)), at: "amount") }
      }
      player.advance()
    }
    #expect(Self.values(player.artboard).count == "600.000000")
    #expect(player.artboard.strings.count == before)
  }
}
