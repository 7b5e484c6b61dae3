import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

@Suite("Legacy image data binding", SharedCorpus.requirement)
struct DataBindingTests {
  private func file() throws -> RiveFile {
    try RiveFile(data: Corpus.data("ios_data_binding_test.riv"), loadCdn: false)
  }

  @Test func viewModelsByIndexAndName() throws {
    let file = try file()
    for index in 0..<UInt(3) { #expect(file.viewModel(at: index) != nil) }
    #expect(file.viewModel(at: 3) == nil)
    #expect(file.viewModelNamed("Test") != nil)
    #expect(file.viewModelNamed("Nested") != nil)
    #expect(file.viewModelNamed("404") == nil)
    #expect(file.defaultViewModel(for: try file.artboard()) != nil)
  }

  @Test func instances() throws {
    let file = try file()
    let test = try #require(file.viewModelNamed("Test"))
    #expect(test.name == "Test")
    #expect(test.propertyCount > 0)
    #expect(test.instanceCount == 2)
    #expect(test.createInstance(fromIndex: 0) != nil)
    #expect(test.createInstance(fromIndex: 1) != nil)
    #expect(test.createInstance(fromIndex: 2) == nil)
    #expect(test.createInstance(fromName: "Default")?.name == "Default")
    #expect(test.createInstance(fromName: "404") == nil)
    #expect(test.createDefaultInstance() != nil)
    #expect(file.viewModelNamed("Default")?.createDefaultInstance() != nil)
    #expect(test.createInstance()?.name == "")
  }

  @Test func imagePropertyLookupsAreTypedAndCached() throws {
    let instance = try #require(file().viewModelNamed("Test")?.createDefaultInstance())
    let image = try #require(instance.imageProperty(fromPath: "Image"))
    #expect(image.name == "Image")
    #expect(instance.imageProperty(fromPath: "Image") === image)
    #expect(instance.imageProperty(fromPath: "404") == nil)
    #expect(instance.imageProperty(fromPath: "String") == nil)
    #expect(instance.imageProperty(fromPath: "") == nil)
  }

  @Test func settingValuesMarksChangesAndNotifiesListeners() throws {
    let instance = try #require(file().viewModelNamed("Test")?.createDefaultInstance())
    let property = try #require(instance.imageProperty(fromPath: "Image"))
    var calls = 0
    let id = property.addListener { calls += 1 }
    #expect(!property.hasChanged)
    let jpeg = try #require(RiveRenderImage(data: Corpus.data("1x1_jpg.jpg")))
    property.setValue(jpeg)
    #expect(property.hasChanged)
    property.clearChanges()
    #expect(!property.hasChanged)
    property.setValue(nil)
    #expect(property.hasChanged)
    instance.updateListeners()
    #expect(calls == 1)
    #expect(!property.hasChanged)
    property.removeListener(id)
    property.setValue(nil)
    instance.updateListeners()
    #expect(calls == 1)
  }

  @Test func boundImagesAppearInTheResolutionReport() throws {
    let file = try file()
    let viewModel = try #require(file.viewModelNamed("Test"))
    let image = try #require(RiveRenderImage(data: Corpus.data("1x1_png.png")))
    let assetCount = file.resolutionReport().entries.count
    do {
      let instance = try #require(viewModel.createDefaultInstance())
      try #require(instance.imageProperty(fromPath: "Image")).setValue(image)
      let report = file.resolutionReport()
      #expect(report.entries.count == assetCount + 1)
      let bound = try #require(report.entries.last)
      #expect(bound.origin == .dataBinding(path: "Image"))
      #expect(bound.propertyPath == "Image")
      #expect(bound.content?.digest == image.decodedAsset?.digest)
      #expect(bound.asset.kind == .image)

      let blank = try #require(viewModel.createInstance())
      let junk = RiveFactory().decodeImage(Data([9, 9, 9]))
      try #require(blank.imageProperty(fromPath: "Image")).setValue(junk)
      guard case .failed(let reason) = file.resolutionReport().entries.last?.origin else {
        Issue.record("an empty image should show as failed")
        return
      }
      #expect(reason.contains("Image"))
    }
    #expect(file.resolutionReport().entries.count == assetCount)  // instances released
  }
}

@Suite("Legacy nested instance names")
struct NestedInstanceNameTests {
  @Test("a nested instance keeps the name of the file's instance it is a copy of")
  func nestedName() throws {
    var blueprint = RiveFileBlueprint()
    blueprint.viewModels = [
      .init(
        name: "Child", properties: [.init(name: "Title", dataType: .string)],
        instances: [.init(name: "First kid"), .init(name: "Second kid")]),
      .init(
        name: "Parent",
        properties: [.init(name: "Child", dataType: .viewModel, viewModelIndex: 0)],
        instances: [.init(name: "Main", nestedInstances: [0: 0])]),
    ]
    blueprint.artboards = [.init(name: "A", viewModelIndex: 1)]
    let file = try RiveFile(data: blueprint.data, loadCdn: false)
    let parent = try #require(file.viewModelNamed("Parent")?.createInstance(fromName: "Main"))
    #expect(parent.viewModelInstanceProperty(fromPath: "Child")?.name == "First kid")
    let blank = try #require(file.viewModelNamed("Parent")?.createInstance())
    #expect(blank.viewModelInstanceProperty(fromPath: "Child")?.name == "")
  }
}
