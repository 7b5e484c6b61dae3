import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("Data binding", SharedCorpus.requirement)
@MainActor
struct DataBindingTests {
  @Test("two instances of one view model hold different images; no registration involved")
  func imagesPerInstance() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_image_test.riv", worker: worker)
    let first = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm")))
    let second = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm")))
    let red = try await worker.decodeImage(from: Media.png(width: 2, height: 2, value: 250))
    let blue = try await worker.decodeImage(from: Media.png(width: 3, height: 3, value: 5))
    #expect(await first.resolutionReport().entries.map(\.origin) == [.unresolved])

    first.setValue(of: ImageProperty(path: "img"), to: red)
    second.setValue(of: ImageProperty(path: "img"), to: blue)
    let firstReport = await first.resolutionReport()
    let secondReport = await second.resolutionReport()
    #expect(firstReport.entries.map(\.origin) == [.dataBinding(path: "img")])
    #expect(firstReport.entries.first?.content?.digest == red.digest)
    #expect(secondReport.entries.first?.content?.digest == blue.digest)
    #expect(firstReport.entries.first?.propertyPath == "img")
    // The file's own assets are not affected by data binding.
    let fileReport = await file.resolutionReport()
    #expect(fileReport.entries.allSatisfy { $0.origin == .embedded })

    first.setValue(of: ImageProperty(path: "img"), to: nil)
    #expect(await first.resolutionReport().entries.map(\.origin) == [.unresolved])
    #expect(await second.resolutionReport().entries.first?.content?.digest == blue.digest)
  }

  @Test("the instance keeps a bound image alive after the caller drops it")
  func bindingKeepsAlive() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_image_test.riv", worker: worker)
    let instance = try await file.createViewModelInstance(.blank(from: .name("vm")))
    var digest: ContentDigest?
    do {
      let image = try await worker.decodeImage(from: Media.png(width: 5, height: 5))
      digest = image.digest
      instance.setValue(of: ImageProperty(path: "img"), to: image)
    }
    let entry = try #require(await instance.resolutionReport().entries.first)
    #expect(entry.content?.digest == digest)
    #expect(entry.content?.image?.width == 5)
  }

  @Test("font properties fall back to the file's referenced asset, including registrations")
  func fonts() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_bind_font_test.riv", worker: worker)
    let instance = try await file.createViewModelInstance(
      .name("Instance", from: .name("ViewModel1")))
    let report = await instance.resolutionReport()
    #expect(report.entries.map(\.propertyPath) == ["fontSource", "fontProperty"])
    #expect(report.entries.map(\.origin) == [.embedded, .embedded])
    #expect(
      report.entries.map(\.asset.uniqueName) == [
        "ImperialScript-Regular-116348", "ImperialScript-Regular-116348",
      ])

    let font = try await worker.decodeFont(from: try Media.font())
    worker.addGlobalFontAsset(font, name: "ImperialScript-Regular-116348")
    #expect(
      await instance.resolutionReport().entries.map(\.origin) == [
        .globalRegistration, .globalRegistration,
      ])

    let other = try await worker.decodeFont(from: SystemFont.systemFont(ofSize: 12))
    instance.setValue(of: FontProperty(path: "fontProperty"), to: other)
    let bound = await instance.resolutionReport()
    #expect(
      bound.entries.map(\.origin) == [.globalRegistration, .dataBinding(path: "fontProperty")])
    #expect(bound.entries.last?.content?.digest == other.digest)
    // A blank instance points at no asset.
    let blank = try await file.createViewModelInstance(.blank(from: .name("ViewModel1")))
    #expect(await blank.resolutionReport().entries.map(\.origin) == [.unresolved, .unresolved])
  }

  @Test("blob properties bind per instance")
  func blobs() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_bind_blob_test.riv", worker: worker)
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("Main")))
    let initial = try #require(await instance.resolutionReport().entries.first)
    #expect(initial.propertyPath == "xml")
    #expect(initial.origin == .embedded)
    #expect(initial.asset.uniqueName == "trigger_listener_trigger-116977")
    let blob = try await worker.decodeBlob(from: Data("<root/>".utf8))
    instance.setValue(of: BlobProperty(path: "xml"), to: blob)
    let bound = try #require(await instance.resolutionReport().entries.first)
    #expect(bound.origin == .dataBinding(path: "xml"))
    #expect(bound.content?.blob?.count == 7)
    // Wrong property type: ignored.
    instance.setValue(of: ImageProperty(path: "xml"), to: nil)
    #expect(await instance.resolutionReport().entries.first?.origin == .dataBinding(path: "xml"))
  }

  @Test("values start from the file's stored values and keep what they are given")
  func values() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_test.riv", worker: worker)
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm1")))
    #expect(try await instance.value(of: StringProperty(path: "text")) == "bound text")
    #expect(try await instance.value(of: NumberProperty(path: "width")) == 100)
    #expect(try await instance.value(of: BoolProperty(path: "orient")) == false)
    #expect(
      try await instance.value(of: ColorProperty(path: "color"))
        == Color(red: 255, green: 0, blue: 0))

    instance.setValue(of: StringProperty(path: "text"), to: "changed")
    instance.setValue(of: NumberProperty(path: "width"), to: 12.5)
    instance.setValue(of: BoolProperty(path: "orient"), to: true)
    instance.setValue(of: ColorProperty(path: "color"), to: Color(0x8000_FF00))
    #expect(try await instance.value(of: StringProperty(path: "text")) == "changed")
    #expect(try await instance.value(of: NumberProperty(path: "width")) == 12.5)
    #expect(try await instance.value(of: BoolProperty(path: "orient")) == true)
    #expect(try await instance.value(of: ColorProperty(path: "color")).argbValue == 0x8000_FF00)

    let other = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm1")))
    #expect(try await other.value(of: StringProperty(path: "text")) == "bound text")
    let blank = try await file.createViewModelInstance(.blank(from: .name("vm1")))
    #expect(try await blank.value(of: StringProperty(path: "text")) == "")
    #expect(try await blank.value(of: NumberProperty(path: "width")) == 0)

    let enums = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm2")))
    #expect(try await enums.value(of: EnumProperty(path: "state")) == "state-red")
    enums.setValue(of: EnumProperty(path: "state"), to: "state-blue")
    #expect(try await enums.value(of: EnumProperty(path: "state")) == "state-blue")
    enums.setValue(of: EnumProperty(path: "state"), to: "not-a-state")
    #expect(try await enums.value(of: EnumProperty(path: "state")) == "state-blue")
  }

  @Test("type mismatch is valueMismatch, an unknown path is message, and neither writes")
  func errors() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_test.riv", worker: worker)
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm1")))
    let mismatch = await #expect(throws: ViewModelInstanceError.self) {
      _ = try await instance.value(of: NumberProperty(path: "text"))
    }
    guard case .valueMismatch(let expected, let actual) = mismatch else {
      Issue.record("expected valueMismatch, got \(String(describing: mismatch))")
      return
    }
    #expect(expected == "number")
    #expect(actual == "string")
    let unknown = await #expect(throws: ViewModelInstanceError.self) {
      _ = try await instance.value(of: StringProperty(path: "missing"))
    }
    guard case .message(let message) = unknown else {
      Issue.record("expected message, got \(String(describing: unknown))")
      return
    }
    #expect(message.contains("missing"))
    instance.setValue(of: NumberProperty(path: "text"), to: 3)
    #expect(try await instance.value(of: StringProperty(path: "text")) == "bound text")
  }

  @Test("dirtyStream yields once per mutating call, rejected ones included, to every subscriber")
  func dirtyStream() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_test.riv", worker: worker)
    var streams: [AsyncStream<Void>] = []
    do {
      let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("vm2")))
      streams = [instance.dirtyStream(), instance.dirtyStream()]
      instance.fire(trigger: TriggerProperty(path: "trigger-prop"))
      instance.setValue(of: EnumProperty(path: "state"), to: "state-green")
      instance.setValue(of: StringProperty(path: "nope"), to: "rejected: unknown path")
      instance.setValue(of: EnumProperty(path: "trigger-prop"), to: "rejected: wrong type")
      instance.fire(trigger: TriggerProperty(path: "trigger-prop"))
    }
    // The instance is gone, so its streams end after the events they buffered. Upstream's
    // service yields on every call, before it is carried out (rejected or not).
    for stream in streams {
      var count = 0
      for await _ in stream { count += 1 }
      #expect(count == 5)
    }
  }

  @Test("nested view-model properties resolve through Nested/Prop paths")
  func nested() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.assets = [.embedded(.image, name: "pic.png", id: 3, bytes: Array(Media.png()))]
    blueprint.viewModels = [
      .init(
        name: "Child",
        properties: [
          .init(name: "Title", dataType: .string), .init(name: "Picture", dataType: .assetImage),
        ],
        instances: [.init(name: "ChildDefault", assetValues: [1: 0])]),
      .init(
        name: "Parent",
        properties: [
          .init(name: "Child", dataType: .viewModel, viewModelIndex: 0),
          .init(name: "Count", dataType: .number),
        ],
        instances: [.init(name: "Main")]),
    ]
    blueprint.artboards = [.init(name: "A", viewModelIndex: 1)]
    let worker = try await Worker()
    let file = try await File(source: .data(blueprint.data), worker: worker)
    #expect(try await file.getProperties(of: "Parent").first?.metaData == "Child")
    let parent = try await file.createViewModelInstance(.viewModelDefault(from: .name("Parent")))
    let other = try await file.createViewModelInstance(.viewModelDefault(from: .name("Parent")))
    parent.setValue(of: StringProperty(path: "Child/Title"), to: "hello")
    #expect(try await parent.value(of: StringProperty(path: "Child/Title")) == "hello")
    #expect(try await other.value(of: StringProperty(path: "Child/Title")) == "")
    let child = parent.value(of: ViewModelInstanceProperty(path: "Child"))
    #expect(try await child.viewModelName() == "Child")
    #expect(try await child.value(of: StringProperty(path: "Title")) == "hello")
    await #expect(throws: ViewModelInstanceError.self) {
      _ = try await parent.value(of: StringProperty(path: "Count/Title"))
    }

    // Replacing the nested instance routes the path to the new one, including its assets.
    let replacement = try await file.createViewModelInstance(
      .name("ChildDefault", from: .name("Child")))
    replacement.setValue(of: StringProperty(path: "Title"), to: "replaced")
    parent.setValue(of: ViewModelInstanceProperty(path: "Child"), to: replacement)
    #expect(try await parent.value(of: StringProperty(path: "Child/Title")) == "replaced")
    let report = await parent.resolutionReport()
    #expect(report.entries.map(\.propertyPath) == ["Child/Picture"])
    #expect(report.entries.map(\.origin) == [.embedded])
    let image = try await worker.decodeImage(from: Media.png(width: 9, height: 9))
    parent.setValue(of: ImageProperty(path: "Child/Picture"), to: image)
    #expect(await replacement.resolutionReport().entries.first?.content?.digest == image.digest)
  }

  @Test("a nested instance keeps the name of the file's instance it is a copy of")
  func nestedInstanceName() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.viewModels = [
      .init(
        name: "Child", properties: [.init(name: "Title", dataType: .string)],
        instances: [.init(name: "First kid"), .init(name: "Second kid")]),
      .init(
        name: "Parent",
        properties: [.init(name: "Child", dataType: .viewModel, viewModelIndex: 0)],
        instances: [.init(name: "Main", nestedInstances: [0: 1])]),
    ]
    blueprint.artboards = [.init(name: "A", viewModelIndex: 1)]
    let worker = try await Worker()
    let file = try await File(source: .data(blueprint.data), worker: worker)
    let parent = try await file.createViewModelInstance(.name("Main", from: .name("Parent")))
    #expect(try await parent.name() == "Main")
    let child = parent.value(of: ViewModelInstanceProperty(path: "Child"))
    #expect(try await child.name() == "Second kid")
    // A blank parent's nested instance is blank too.
    let blank = try await file.createViewModelInstance(.blank(from: .name("Parent")))
    #expect(try await blank.value(of: ViewModelInstanceProperty(path: "Child")).name() == "")
  }
}
