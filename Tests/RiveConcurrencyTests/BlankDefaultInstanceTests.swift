import Foundation
import RiveConcurrency
import RiveCore
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// A view model that defines no instance still has a default instance: a blank one, every
/// property at its type's default, as rive-runtime's `File::createDefaultViewModelInstance`
/// falls back to `createViewModelInstance` (upstream's command server makes the current API's
/// `.viewModelDefault` instance and its default view-model info through it).
@Suite("Default instance of a view model without instances")
@MainActor
struct BlankDefaultInstanceTests {
  private func file(_ worker: Worker) async throws -> File {
    try await File(source: .data(ViewModelDefaultsFixture.noInstances()), worker: worker)
  }

  @Test(".viewModelDefault gives a blank instance, by name and from the artboard")
  func blankDefaultInstance() async throws {
    let worker = try await Worker()
    let file = try await file(worker)
    let artboard = try await file.createArtboard()
    for source in [ViewModelSource.name("Card"), .artboardDefault(artboard)] {
      let instance = try await file.createViewModelInstance(.viewModelDefault(from: source))
      #expect(try await instance.viewModelName() == "Card")
      #expect(try await instance.name() == "")
      #expect(try await instance.value(of: NumberProperty(path: "x")) == 0)
      #expect(try await instance.value(of: StringProperty(path: "label")) == "")
      #expect(try await instance.value(of: BoolProperty(path: "on")) == false)
      #expect(try await instance.value(of: EnumProperty(path: "mode")) == "first")
      #expect(try await instance.value(of: ColorProperty(path: "tint")) == Color(0xFF00_0000))
      #expect(try await instance.value(of: StringProperty(path: "detail/title")) == "")
      // A view-model property written without its reference refers to view model 0.
      #expect(try await instance.value(of: StringProperty(path: "implicit/title")) == "")
    }
    let info = try await file.getDefaultViewModelInfo(for: artboard)
    #expect(info.viewModelName == "Card")
    #expect(info.instanceName == "")
    // A named instance that does not exist is still an error.
    await #expect(throws: FileError.self) {
      _ = try await file.createViewModelInstance(.name("Stored", from: .name("Card")))
    }
  }

  /// Values the file leaves out are the schema's defaults (`ViewModelInstance*` in rive-runtime
  /// `dev/defs`): the colour is opaque black, also in a value stream's first value.
  @Test("a stored instance without values reads the schema's defaults")
  func unstoredValues() async throws {
    let worker = try await Worker()
    let file = try await File(
      source: .data(ViewModelDefaultsFixture.unstoredValues()), worker: worker)
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("Card")))
    #expect(try await instance.name() == "Stored")
    #expect(try await instance.value(of: NumberProperty(path: "x")) == 0)
    #expect(try await instance.value(of: StringProperty(path: "label")) == "")
    #expect(try await instance.value(of: BoolProperty(path: "on")) == false)
    #expect(try await instance.value(of: ColorProperty(path: "tint")) == Color(0xFF00_0000))
    #expect(try await instance.value(of: EnumProperty(path: "mode")) == "first")
  }

  @Test(".auto binds the blank instance")
  func autoBindsBlankInstance() async throws {
    let worker = try await Worker()
    let rive = try await Rive(file: try await file(worker))
    let instance = try #require(rive.viewModelInstance)
    let shape = ViewModelDefaultsFixture.boundShape
    func shapeX() -> RiveCore.PropertyValue? {
      rive.stateMachine.withRuntime { _, artboard in
        artboard.value(of: shape, property: PropertyKey.nodeX)
      } ?? nil
    }
    _ = rive.advance(by: 0)
    #expect(
      rive.stateMachine.withRuntime { _, artboard in
        artboard.value(of: shape, property: PropertyKey.nodeX)
      } == .number(0))
    instance.setValue(of: NumberProperty(path: "x"), to: 40)
    _ = rive.advance(by: 1.0 / 60)
    #expect(
      rive.stateMachine.withRuntime { _, artboard in
        artboard.value(of: shape, property: PropertyKey.nodeX)
      } == .number(40))
  }
}
