import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Text laid out in the update pass (`measureText(with:)`) reaches the artboards made after
/// it was turned on: the items of an artboard list, made when the list's view-model items
/// bind. A file made by the package's writer: view model "Item" (no properties), view model
/// "Main" with a list of two items bound to artboard "Main"'s artboard list, and artboard
/// "Item" holding one text in the embedded font.
@Suite("Text laid out in later artboards")
struct TextMeasureListTests {
  static func listFile() throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(
      TypeKey.fontAsset,
      [(PropertyKey.assetName, .string("font0")), (PropertyKey.fileAssetAssetId, .uint(0))])
    writer.object(
      TypeKey.fileAssetContents,
      [(PropertyKey.fileAssetContentsBytes, .bytes(try TextTestFonts.sans()))])
    writer.itemListViewModels(numberProperty: nil, numbers: [0, 0])
    writer.boundArtboard("Main", width: 200, height: 100, viewModel: 1)
    writer.object(TypeKey.artboardComponentList, [(PropertyKey.componentParentId, .uint(0))])
    writer.bind(PropertyKey.artboardComponentListListSource, to: [1, 0])
    // Artboard "Item": text 1, its style 2, its run 3.
    writer.boundArtboard("Item", width: 100, height: 40, viewModel: 0)
    writer.object(TypeKey.text, [(PropertyKey.componentParentId, .uint(0))])
    writer.object(
      TypeKey.textStylePaint,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.textStyleFontAssetId, .uint(0)),
        (PropertyKey.textStyleFontSize, .float(20)),
      ])
    writer.object(
      TypeKey.textValueRun,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.textValueRunStyleId, .uint(2)),
        (PropertyKey.textValueRunText, .string("Item")),
      ])
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// How many layouts each list item's artboard made.
  static func itemLayouts(measuring: Bool) throws -> [Int] {
    let file = try listFile()
    var artboard = file.artboards[0].instance()
    if measuring { artboard.measureText(with: TextFonts(document: file.document)) }
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    let items = try #require(artboard.componentLists.first?.items)
    return items.map { $0.artboard?.textWork.layouts ?? -1 }
  }

  @Test("list items made after measuring was turned on lay their text out while updating")
  func listItemsMeasure() throws {
    #expect(try Self.itemLayouts(measuring: true) == [1, 1])
    // Without it, nothing is laid out until drawn.
    #expect(try Self.itemLayouts(measuring: false) == [0, 0])
  }
}
