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

  @Test("a string that claims 2^60 bytes is malformed, not allocated")
  func hugeLength() {
    var body: [UInt8] = [23, 0, 105]
    body.appendVarUInt(UInt64(PropertyKey.assetName))
    body.appendVarUInt(1 << 60)
    let before = ResidentMemory.current()
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: Self.file(body)) }
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("claims 1152921504606846976 bytes") == true)
    #expect(ResidentMemory.isSanitized || ResidentMemory.current() - before < 16 << 20)
  }

  @Test("a table of contents of 60,000 keys without its type words is truncated")
  func hugeTableOfContents() {
    var bytes = Array("RIVE".utf8) + [7, 0, 0]
    for key in 1...60_000 { bytes.appendVarUInt(UInt64(key)) }
    bytes.append(0)
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: Data(bytes)) }
    #expect(error?.code == .truncated)
  }

  @Test("100,000 assets read in one pass with memory proportional to the file")
  func manyAssets() throws {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    for index in 0..<100_000 {
      writer.object(TypeKey.blobAsset, [(PropertyKey.fileAssetAssetId, .uint(UInt64(index % 7)))])
    }
    let data = Data(writer.bytes)
    let before = ResidentMemory.current()
    let document = try RiveDocument(data: data, depth: .assets)
    #expect(document.assets.count == 100_000)
    // Ids repeat every 7 assets: de-duplication gives every asset a distinct id.
    #expect(Set(document.assets.map(\.assetID)).count == 100_000)
    #expect(ResidentMemory.isSanitized || ResidentMemory.current() - before < 256 << 20)
  }

  @Test("a varuint of ten 0xFF bytes overflows 64 bits and is malformed")
  func varUIntOverflow() {
    let body: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x7F]
    let error = #expect(throws: RiveError.self) { try RiveDocument(data: Self.file(body)) }
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("64 bits") == true)
  }

  @Test("an embedded image whose header claims 100000×100000 fails to decode quickly")
  func embeddedBomb() throws {
    // PNG signature + IHDR claiming 100000×100000, nothing else.
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    png += Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
    let blueprint = RiveFileBlueprint(assets: [
      .embedded(.image, name: "bomb.png", id: 1, bytes: png)
    ])
    let file = try LoadedFile(data: blueprint.data, displayName: "bomb.riv")
    let before = ResidentMemory.current()
    let result = try #require(file.embeddedContent(ofAssetAt: 0))
    guard case .failure(let error) = result else {
      Issue.record("a 10-gigapixel claim must not decode")
      return
    }
    #expect(error.code == .tooLarge || error.code == .malformed)
    #expect(ResidentMemory.isSanitized || ResidentMemory.current() - before < 64 << 20)
    let report = ResolutionReport.resolve(file)
    #expect(report.entries.first?.origin.className == "failed")
  }
}
