import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("View-model instance values", SharedCorpus.requirement)
struct ViewModelInstanceValueTests {
  @Test("string, number, boolean and color values are read per property")
  func scalarValues() throws {
    let document = try RiveDocument(data: try Corpus.data("data_binding_test.riv"))
    let viewModel = try #require(document.viewModels.first { $0.name == "vm1" })
    let instance = try #require(viewModel.instances.first)
    func index(_ name: String) throws -> Int {
      try #require(viewModel.properties.firstIndex { $0.name == name })
    }
    #expect(instance.value(ofPropertyAt: try index("text")) == .string("bound text"))
    #expect(instance.value(ofPropertyAt: try index("width")) == .number(100))
    #expect(instance.value(ofPropertyAt: try index("rotation")) == .number(90))
    #expect(instance.value(ofPropertyAt: try index("color")) == .color(0xFFFF_0000))
    #expect(instance.value(ofPropertyAt: try index("orient")) == .boolean(false))
    #expect(instance.values.count == viewModel.properties.count)
  }

  @Test("enum values are indices into the enum's values")
  func enumValues() throws {
    let document = try RiveDocument(data: try Corpus.data("data_binding_test.riv"))
    let viewModel = try #require(document.viewModels.first { $0.name == "vm2" })
    let property = try #require(viewModel.properties.firstIndex { $0.name == "state" })
    #expect(viewModel.properties[property].enumName == "states")
    #expect(viewModel.instances.first?.value(ofPropertyAt: property) == .enumIndex(0))
    // A trigger stores no value.
    let trigger = try #require(viewModel.properties.firstIndex { $0.name == "trigger-prop" })
    #expect(viewModel.instances.first?.value(ofPropertyAt: trigger) == nil)
  }

  @Test("asset values stay asset references, not values")
  func assetValuesAreReferences() throws {
    let document = try RiveDocument(data: try Corpus.data("data_bind_font_test.riv"))
    let instance = try #require(document.viewModels.first?.instances.first)
    #expect(instance.values.isEmpty)
    #expect(instance.assetReferences.count == 2)
  }
}
