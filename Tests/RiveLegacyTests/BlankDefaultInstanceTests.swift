import Foundation
import RiveCore
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveLegacy
import Testing

/// A view model that defines no instance still has a default instance: a blank one, every
/// property at its type's default, as rive-runtime's `File::createDefaultViewModelInstance`
/// falls back to `createViewModelInstance` (and `ViewModelRuntime::createDefaultInstance`,
/// which upstream's `RiveDataBindingViewModel.createDefaultInstance()` calls, with it).
@Suite("Legacy default instance of a view model without instances")
struct BlankDefaultInstanceTests {
  private func file() throws -> RiveFile {
    try RiveFile(data: ViewModelDefaultsFixture.noInstances(), loadCdn: false)
  }

  @Test("createDefaultInstance gives a blank instance")
  func blankDefaultInstance() throws {
    let viewModel = try #require(try file().viewModelNamed("Card"))
    #expect(viewModel.instanceCount == 0)
    let instance = try #require(viewModel.createDefaultInstance())
    #expect(instance.name == "")
    #expect(instance.numberProperty(fromPath: "x")?.value == 0)
    #expect(instance.stringProperty(fromPath: "label")?.value == "")
    #expect(instance.booleanProperty(fromPath: "on")?.value == false)
    #expect(instance.enumProperty(fromPath: "mode")?.value == "first")
    #expect(
      instance.colorProperty(fromPath: "tint")?.value
        == UIColor(red: 0, green: 0, blue: 0, alpha: 1))
    // The nested instance is blank too.
    #expect(instance.stringProperty(fromPath: "detail/title")?.value == "")
    // A view-model property written without its reference refers to view model 0.
    #expect(instance.stringProperty(fromPath: "implicit/title")?.value == "")
    // Each call makes a new instance.
    let other = try #require(viewModel.createDefaultInstance())
    other.numberProperty(fromPath: "x")?.value = 5
    #expect(instance.numberProperty(fromPath: "x")?.value == 0)
    #expect(instance != other)
  }

  /// Values the file leaves out are the schema's defaults (`ViewModelInstance*` in rive-runtime
  /// `dev/defs`): the colour is opaque black.
  @Test("a stored instance without values reads the schema's defaults")
  func unstoredValues() throws {
    let file = try RiveFile(data: ViewModelDefaultsFixture.unstoredValues(), loadCdn: false)
    let instance = try #require(file.viewModelNamed("Card")?.createDefaultInstance())
    #expect(instance.name == "Stored")
    #expect(instance.numberProperty(fromPath: "x")?.value == 0)
    #expect(instance.stringProperty(fromPath: "label")?.value == "")
    #expect(instance.booleanProperty(fromPath: "on")?.value == false)
    #expect(
      instance.colorProperty(fromPath: "tint")?.value
        == UIColor(red: 0, green: 0, blue: 0, alpha: 1))
    #expect(instance.enumProperty(fromPath: "mode")?.value == "first")
  }

  /// Upstream's legacy instance is an Objective-C object compared by identity, and it caches
  /// nested instances by name, so two lookups of one nested instance are the same object.
  @Test("instances compare by identity; lookups of one nested instance are equal")
  func identity() throws {
    let viewModel = try #require(try file().viewModelNamed("Card"))
    let instance = try #require(viewModel.createDefaultInstance())
    let detail = try #require(instance.viewModelInstanceProperty(fromPath: "detail"))
    #expect(instance.viewModelInstanceProperty(fromPath: "detail") == detail)
    #expect(detail != instance)
    #expect(Set([detail, instance, detail]).count == 2)
  }

  @Test("auto-binding calls back with the blank instance and binds it")
  func autoBindCallsBack() throws {
    let model = RiveModel(riveFile: try file())
    var bound: [RiveDataBindingViewModel.Instance] = []
    model.enableAutoBind { bound.append($0) }
    try model.setArtboard()
    #expect(bound.count == 1)
    try model.setStateMachine("Machine")
    // Once for the artboard, once for the machine, as upstream's model binds on each.
    #expect(bound.count == 2)
    let instance = try #require(bound.last)
    let machine = try #require(model.stateMachine)
    machine.advance(by: 0)
    let shape = ViewModelDefaultsFixture.boundShape
    func shapeX() -> RiveCore.PropertyValue? {
      machine.withRuntime { _, artboard in artboard.value(of: shape, property: PropertyKey.nodeX) }
        ?? nil
    }
    // The blank instance's x (0) reached the shape authored at 25.
    #expect(
      machine.withRuntime { _, artboard in artboard.value(of: shape, property: PropertyKey.nodeX) }
        == .number(0))
    instance.numberProperty(fromPath: "x")?.value = 40
    machine.advance(by: 1.0 / 60)
    #expect(
      machine.withRuntime { _, artboard in artboard.value(of: shape, property: PropertyKey.nodeX) }
        == .number(40))
  }
}
