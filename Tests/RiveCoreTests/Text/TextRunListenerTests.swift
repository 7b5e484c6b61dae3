import Foundation
import RiveFixtures
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Pointer listeners whose target is a text value run. The runtime built with text gives a run
/// that is a listener's target its glyphs' boxes (each glyph's advance by its line's height)
/// while laying the text out, and hits the run where the pointer is within the hit radius of
/// their union (rive-runtime `text.cpp`, `text_value_run.cpp`, `HitTextRun` in
/// `state_machine_instance.cpp`); built without text it never lays text out, so a run is never
/// hit. Fixture: two runs, "Press " and "here", at 40 points in DejaVu Sans; listeners set
/// `hit 0` on a pointer down over the first run, `hit 1` on an up over the second, `hit 2` on
/// a move over the second.
@Suite("Listeners on text runs")
struct TextRunListenerTests {
  static let size: Float = 40

  static func fixture() throws -> TextFixture {
    var fixture = TextFixture(
      fonts: [try TextTestFonts.sans()], styles: [.init(fontSize: size)],
      runs: [.init("Press "), .init("here")])
    fixture.runListeners = [(run: 0, type: 2), (run: 1, type: 3), (run: 1, type: 4)]
    return fixture
  }

  /// A point over the middle of each run's glyphs, halfway between baseline and ascender.
  static func centres(_ fixture: TextFixture) throws -> [Int: (x: Float, y: Float)] {
    let glyphs = try TextDrawTests.glyphs(fixture)
    var result: [Int: (x: Float, y: Float)] = [:]
    for run in [0, 1] {
      let own = glyphs.filter { $0.run == run }
      let first = try #require(own.first)
      let last = try #require(own.last)
      result[run] = ((first.x + last.x + last.advance) / 2, first.baseline - size / 3)
    }
    return result
  }

  static func player(_ fixture: TextFixture, text: Bool) throws -> ArtboardPlayback {
    let file = try fixture.file()
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    if text { player.measureText(with: TextFonts(document: file.document)) }
    player.advance()
    return player
  }

  @Test("down, up and move over a run's glyphs fire that run's listeners only")
  func runListenersFire() throws {
    let fixture = try Self.fixture()
    let centres = try Self.centres(fixture)
    let press = try #require(centres[0])
    let here = try #require(centres[1])
    var player = try Self.player(fixture, text: true)
    func inputs() -> [InputValue] { player.machine?.inputs ?? [] }
    player.pointerEvent(.down, x: here.x, y: here.y)
    player.advance()
    #expect(inputs() == [.bool(false), .bool(false), .bool(false)])
    player.pointerEvent(.up, x: here.x, y: here.y)
    player.advance()
    #expect(inputs() == [.bool(false), .bool(true), .bool(false)])
    player.pointerEvent(.down, x: press.x, y: press.y)
    player.advance()
    #expect(inputs() == [.bool(true), .bool(true), .bool(false)])
    // Far below the text: nothing.
    player.pointerEvent(.move, x: here.x, y: here.y + 3 * Self.size)
    player.advance()
    #expect(inputs()[2] == .bool(false))
    player.pointerEvent(.move, x: here.x, y: here.y)
    player.advance()
    #expect(inputs()[2] == .bool(true))
  }

  @Test("without text laid out (the runtime built without text) a run is never hit")
  func textOffNeverHits() throws {
    let fixture = try Self.fixture()
    let here = try #require(try Self.centres(fixture)[1])
    var player = try Self.player(fixture, text: false)
    player.pointerEvent(.up, x: here.x, y: here.y)
    player.pointerEvent(.move, x: here.x, y: here.y)
    player.advance()
    #expect(player.machine?.inputs == [.bool(false), .bool(false), .bool(false)])
  }
}
