import Foundation
import RiveCore
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// What a view-model value is when the file leaves it out: the schema's initial value of the
/// value object's property (rive-runtime `dev/defs/viewmodel/viewmodel_instance_*.json` at the
/// reference commit), as the runtime's generated constructors start it. Expected values are
/// the schema's, stated here: number 0, string "", boolean false, colour 0xFF000000, enum
/// index 0; a view-model property's reference defaults to view model 0.
@Suite("View-model values the file leaves out")
struct ViewModelDefaultValueTests {
  @Test("the reader gives each left-out value its schema default")
  func readerDefaults() throws {
    let document = try RiveDocument(data: ViewModelDefaultsFixture.unstoredValues())
    let card = try #require(document.viewModels.first { $0.name == "Card" })
    #expect(card.properties.map(\.name) == ViewModelDefaultsFixture.properties)
    let stored = try #require(card.instances.first)
    #expect(stored.name == "Stored")
    func value(_ name: String) throws -> RiveDocument.ViewModelInstance.Value.Content? {
      stored.value(ofPropertyAt: try #require(card.properties.firstIndex { $0.name == name }))
    }
    #expect(try value("x") == .number(0))
    #expect(try value("label") == .string(""))
    #expect(try value("on") == .boolean(false))
    #expect(try value("tint") == .color(0xFF00_0000))
    #expect(try value("mode") == .enumIndex(0))
    // The reference the file leaves out is view model 0, as the runtime resolves it.
    let implicit = try #require(card.properties.first { $0.name == "implicit" })
    #expect(implicit.viewModelReferenceIndex == 0)
    #expect(card.properties.first { $0.name == "detail" }?.viewModelReferenceIndex == 0)
  }

  @Test("the runtime's store holds the same defaults, stored or blank", arguments: [false, true])
  func storeDefaults(stored: Bool) throws {
    let data =
      stored ? ViewModelDefaultsFixture.unstoredValues() : ViewModelDefaultsFixture.noInstances()
    let file = try RuntimeFile(data: data)
    let model = try #require(file.artboards.first)
    var player = ArtboardPlayback(artboard: model, file: file)
    player.advance()
    let values = try #require(player.artboard.viewModels)
    #expect(values.value(at: "x") == .number(0))
    #expect(values.value(at: "label") == .string(""))
    #expect(values.value(at: "on") == .boolean(false))
    #expect(values.value(at: "tint") == .color(0xFF00_0000))
    #expect(values.value(at: "mode") == .enumeration(0))
    #expect(values.value(at: "ping") == .trigger(0))
    // Assets and artboards: the runtime's `propertyValue` default, -1 (none).
    for name in ["picture", "typeface", "data"] {
      #expect(values.value(at: name) == .asset(UInt32.max), "\(name)")
    }
    #expect(values.value(at: "board") == .artboard(UInt32.max))
    #expect(values.value(at: "items") == .list([]))
    if !stored {
      // A blank instance makes an instance of the implicitly referenced view model (0).
      // (The stored instance writes no value for its view-model properties, so, as in the
      // runtime, they hold none.)
      #expect(values.value(at: "implicit/title") == .string(""))
    }
  }

  @Test("schema defaults are looked up by type and key")
  func schemaLookup() {
    let table = TypeTable.shared
    #expect(
      table.defaultBits(
        type: TypeKey.viewModelInstanceColor, key: PropertyKey.viewModelInstanceColorPropertyValue)
        == 0xFF00_0000)
    // The bindable colour's default is another one.
    #expect(
      table.defaultBits(
        type: TypeKey.bindablePropertyColor, key: PropertyKey.bindablePropertyColorPropertyValue)
        == 0xFF1D_1D1D)
    #expect(
      table.defaultString(type: TypeKey.imageAsset, key: PropertyKey.fileAssetCdnBaseUrl)
        == "https://public.rive.app/cdn/uuid")
    #expect(
      table.defaultBits(type: TypeKey.linearAnimation, key: PropertyKey.linearAnimationSpeed)
        == Float(1).bitPattern)
    #expect(
      table.defaultBits(type: TypeKey.artboard, key: PropertyKey.artboardViewModelId)
        == UInt32.max)
    // A property the type does not have.
    #expect(table.defaultBits(type: TypeKey.artboard, key: PropertyKey.linearAnimationSpeed) == nil)
    #expect(
      table.defaultString(type: TypeKey.artboard, key: PropertyKey.layoutComponentWidth) == nil)
  }
}
