import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Hostile size claims give typed errors quickly, without allocating what they claim.
@Suite("Limits")
struct LimitsTests {
  static func file(_ body: [UInt8], toc: [RiveHeader.TableOfContentsEntry] = []) -> Data {
    Data(RiveHeader(fileID: 1, tableOfContents: toc).serialized + body)
  }

  /// (What it allocates is bounded in `ReliabilityTests/HostileMemoryTests`, in a process of
  /// its own.)
  @Test("a string that claims 2^60 bytes is malformed, not allocated")
  func hugeLength() {
    let error = #expect(throws: RiveError.self) {
      try RiveDocument(data: HostileMemoryCheck.hugeLengthFile())
    }
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("claims 1152921504606846976 bytes") == true)
  }

  @Test("a table of contents of 60,000 keys without its type words is truncated")
  func hugeTableOfContents() {
    var bytes = Array("RIVE".utf8) + [7, 0, 0]
    for key in 1...60_000 { bytes.appendVarUInt(UInt64(key)) }
    bytes.append(0)
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: Data(bytes)) }
    #expect(error?.code == .truncated)
  }

  /// (Its memory is bounded in `ReliabilityTests/HostileMemoryTests`.)
  @Test("100,000 assets read in one pass")
  func manyAssets() throws {
    let document = try RiveDocument(data: HostileMemoryCheck.manyAssetsFile(), depth: .assets)
    #expect(document.assets.count == 100_000)
    // Ids repeat every 7 assets: de-duplication gives every asset a distinct id.
    #expect(Set(document.assets.map(\.assetID)).count == 100_000)
  }

  @Test("a varuint of ten 0xFF bytes overflows 64 bits and is malformed")
  func varUIntOverflow() {
    let body: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x7F]
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: Self.file(body)) }
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("64 bits") == true)
  }

  /// (What it allocates is bounded in `ReliabilityTests/HostileMemoryTests`.)
  @Test("an embedded image whose header claims 100000×100000 fails to decode quickly")
  func embeddedBomb() throws {
    let file = try LoadedFile(
      data: HostileMemoryCheck.embeddedBombFile(), displayName: "bomb.riv")
    let result = try #require(file.embeddedContent(ofAssetAt: 0))
    guard case .failure(let error) = result else {
      Issue.record("a 10-gigapixel claim must not decode")
      return
    }
    #expect(error.code == .tooLarge || error.code == .malformed)
    let report = ResolutionReport.resolve(file)
    #expect(report.entries.first?.origin.className == "failed")
  }
}
