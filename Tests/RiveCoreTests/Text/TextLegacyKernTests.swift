import Foundation
import RiveFixtures
import RiveTestSupport
import Testing

@testable import RiveCore

/// The runtime's HarfBuzz is built without legacy tables (`HB_NO_LEGACY`): a font whose only
/// kerning is a `kern` table is not kerned by it, while GPOS kerning is. The system HarfBuzz the
/// tests call directly has the legacy table, which shows the fixture's table works.
@Suite("Legacy kern tables")
struct TextLegacyKernTests {
  static let size: Float = 40

  static func advances(_ bytes: [UInt8]) throws -> [Float] {
    try TextDrawTests.glyphs(
      TextFixture(fonts: [bytes], styles: [.init(fontSize: size)], runs: [.init("AV")])
    ).map(\.advance)
  }

  @Test("a font kerned only by a kern table is laid out unkerned; GPOS kerning still applies")
  func legacyKernIgnored() throws {
    let sans = try TextTestFonts.sans()
    let ids = TextTestFonts.shape("AV", bytes: sans, size: Self.size).map { UInt16($0.glyph) }
    try #require(ids.count == 2)
    let kerned = try #require(
      FontFixtures.withLegacyKerning(
        sans, pairs: [(left: ids[0], right: ids[1], value: Int16(-400))]))
    let plain = try #require(FontFixtures.withLegacyKerning(sans, pairs: []))
    let direct = TextTestFonts.shape("AV", bytes: kerned, size: Self.size)
    let unkerned = TextTestFonts.shape("AV", bytes: plain, size: Self.size)
    // HarfBuzz applies the table: 400 units of 2048 at 40 is about 7.8, half of it taken from
    // the first glyph's advance (HarfBuzz splits a legacy kern between the two glyphs).
    #expect(abs(unkerned[0].advance - direct[0].advance - 3.906) < 0.05)
    let laidOut = try Self.advances(kerned)
    #expect(laidOut.count == 2)
    #expect(abs(laidOut[0] - unkerned[0].advance) <= Self.size / 2048, "\(laidOut) \(unkerned)")
    // The original font kerns A and V in GPOS: kerned here as HarfBuzz kerns it.
    let gpos = TextTestFonts.shape("AV", bytes: sans, size: Self.size)
    #expect(gpos[0].advance < unkerned[0].advance - 0.1)
    #expect(abs(try Self.advances(sans)[0] - gpos[0].advance) <= Self.size / 2048)
  }
}
