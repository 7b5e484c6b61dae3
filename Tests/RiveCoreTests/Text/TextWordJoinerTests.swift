import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Word joiners (U+2060) in a word too long for its line: the word is broken between
/// characters, but not next to a joiner. As in the runtime, only a run's joiners before its
/// last one hold (the runtime's search excludes the last), so a lone joiner does nothing.
/// Each text is compared with the same text with zero-width non-joiners (U+200C) in place of
/// the joiners: as wide, and never holding.
@Suite("Text word joiners")
struct TextWordJoinerTests {
  static let joiner = "\u{2060}"
  static let nonJoiner = "\u{200C}"

  /// The line of each scalar of `text` laid out 95 wide at size 20.
  static func lines(_ text: String) throws -> [Int] {
    var fixture = TextFixture(
      fonts: [try TextTestFonts.sans()], styles: [.init(fontSize: 20)], runs: [.init(text)])
    fixture.properties = [
      (PropertyKey.textSizingValue, .uint(2)), (PropertyKey.textWidth, .float(95)),
      (PropertyKey.textHeight, .float(300)),
    ]
    let glyphs = try TextDrawTests.glyphs(fixture)
    #expect(glyphs.count == text.unicodeScalars.count)
    return glyphs.map(\.line)
  }

  @Test("the characters either side of a joiner stay on one line")
  func joinerHolds() throws {
    // "abcdefgh" fills the first line; the joiner after it holds "h" to "i".
    let parts = ["abcdefgh", "ijklm", "nopqrstuvwxyz"]
    let joined = try Self.lines(parts.joined(separator: Self.joiner))
    let plain = try Self.lines(parts.joined(separator: Self.nonJoiner))
    // Scalars 7 ("h") and 9 ("i") either side of scalar 8, the first joiner.
    #expect(plain[7] != plain[9], "the plain text breaks there: \(plain)")
    #expect(joined[7] == joined[8] && joined[8] == joined[9], "\(joined)")
    #expect(joined != plain)
  }

  @Test("a run's last joiner, and so a lone joiner, does not hold")
  func lastJoinerDoesNot() throws {
    let parts = ["abcdefgh", "ijklmnopqrstuvwxyz"]
    #expect(
      try Self.lines(parts.joined(separator: Self.joiner))
        == Self.lines(parts.joined(separator: Self.nonJoiner)))
  }

  @Test("consecutive joiners hold together")
  func consecutiveJoiners() throws {
    let text = "abcdefgh" + Self.joiner + Self.joiner + "ijklm" + Self.joiner + "nopqrstu"
    let lines = try Self.lines(text)
    // "h", both joiners and "i" on one line.
    #expect(Set(lines[7...10]).count == 1, "\(lines)")
    let plain = try Self.lines(text.replacingOccurrences(of: Self.joiner, with: Self.nonJoiner))
    #expect(plain[7] != plain[10], "the plain text breaks there: \(plain)")
  }
}
