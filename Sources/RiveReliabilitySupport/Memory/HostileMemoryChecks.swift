import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// The hostile inputs whose memory the limit and corruption tests bound, as work that
/// `rive-bench memory` runs in a process of its own under the allocation counter: measured in
/// the test process, beside suites allocating in parallel, the figure moved with them.
///
/// Each check does its work and returns nothing but whether the work went as the tests
/// expect (the typed error, the asset count); the caller measures the heap around it.
package enum HostileMemoryCheck: String, CaseIterable, Sendable {
  /// A string property claiming 2⁶⁰ bytes: a malformed file, nothing allocated for it.
  case hugeLength = "huge-length"
  /// 100,000 assets read in one pass.
  case manyAssets = "many-assets"
  /// An embedded PNG whose header claims 100000×100000 pixels: refused before decoding.
  case embeddedBomb = "embedded-bomb"
  /// A seeded corruption sweep (seed 7, 200 flips, 20 chunk edits) of one file's bytes.
  case corruptionSweep = "corruption-sweep"

  /// The header and body of a file of one backboard-less object stream.
  static func file(_ body: [UInt8]) -> Data {
    Data(RiveHeader(fileID: 1, tableOfContents: []).serialized + body)
  }

  /// A file whose image asset's name claims 2⁶⁰ bytes.
  package static func hugeLengthFile() -> Data {
    var body: [UInt8] = [23, 0, 105]
    body.appendVarUInt(UInt64(PropertyKey.assetName))
    body.appendVarUInt(1 << 60)
    return file(body)
  }

  /// A file of a backboard and 100,000 blob assets whose ids repeat every 7.
  package static func manyAssetsFile() -> Data {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    for index in 0..<100_000 {
      writer.object(TypeKey.blobAsset, [(PropertyKey.fileAssetAssetId, .uint(UInt64(index % 7)))])
    }
    return Data(writer.bytes)
  }

  /// A PNG signature and an IHDR claiming 100000×100000 pixels, nothing else.
  package static var bombPNG: [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
  }

  /// A file embedding ``bombPNG`` as an image asset.
  package static func embeddedBombFile() -> Data {
    RiveFileBlueprint(assets: [.embedded(.image, name: "bomb.png", id: 1, bytes: bombPNG)]).data
  }

  /// Runs the check's work; `input` is the file of the corruption sweep. Returns a line that
  /// says what the work found (the tests compare it), or nil when it did not go as expected.
  package func run(input: Data?) -> String? {
    switch self {
    case .hugeLength:
      do {
        _ = try RiveDocument(data: Self.hugeLengthFile())
        return nil
      } catch {
        return error.code == .malformed ? "malformed" : nil
      }
    case .manyAssets:
      guard let document = try? RiveDocument(data: Self.manyAssetsFile(), depth: .assets) else {
        return nil
      }
      return "assets \(document.assets.count)"
    case .embeddedBomb:
      guard let file = try? LoadedFile(data: Self.embeddedBombFile(), displayName: "bomb.riv"),
        case .failure(let error)? = file.embeddedContent(ofAssetAt: 0)
      else { return nil }
      return error.code == .tooLarge || error.code == .malformed ? "refused" : nil
    case .corruptionSweep:
      guard let input else { return nil }
      let result = CorruptionSweep.run(input, seed: 7, flips: 200, chunkEdits: 20)
      return "reads \(result.reads)"
    }
  }
}
