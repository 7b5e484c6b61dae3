import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// The images the reference-stream harness draws with, in files made by the package's writer.
@Suite("Draw images")
struct DrawImagesTests {
  @Test("a script asset's contents replace the previous image's bytes, as without scripting")
  func scriptContentsReplaceTheImagesBytes() throws {
    func png(_ width: Int, _ height: Int) -> [UInt8] {
      PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .grey, bitDepth: 8,
        samples: [UInt16](repeating: 128, count: width * height))
    }
    let first = png(40, 30)
    let second = png(278, 278)
    let script = Array("return {}".utf8)
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    for (name, id, bytes) in [("first", 1, first), ("second", 2, second)] {
      writer.object(
        TypeKey.imageAsset,
        [(PropertyKey.assetName, .string(name)), (PropertyKey.fileAssetAssetId, .uint(UInt64(id)))])
      writer.object(
        TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(bytes))])
    }
    writer.object(TypeKey.scriptAsset, [(PropertyKey.assetName, .string("script"))])
    writer.object(TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(script))])
    let document = try RiveDocument(data: Data(writer.bytes))
    let images = DrawImages(document: document).images
    // The second image is decoded from the script's bytes: no known format, no size.
    #expect(images.map(\.width) == [40, 0])
    #expect(images.map(\.format) == ["png", "unknown"])
    #expect(images.map(\.bytes) == [first.count, script.count])
    // The document itself keeps each image's own bytes (what extraction writes).
    #expect(document.assets[1].contents?.count == second.count)
  }
}
