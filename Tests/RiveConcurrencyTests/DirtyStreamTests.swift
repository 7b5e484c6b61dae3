import Foundation
import RiveConcurrency
import RiveFixtures
import Testing

/// Dirty streams and equality of view-model instances as upstream's `ViewModelInstance` has
/// them (rive-ios `ViewModelInstanceService`): every mutating call emits on the dirty streams of
/// the handle it was made through, before the command is even carried out, so whether its path
/// resolves does not matter; `==` compares handles, and each read of a nested instance or list
/// item makes a new handle.
@Suite("Dirty streams and handles")
@MainActor
struct DirtyStreamTests {
  private func card(_ worker: Worker) async throws -> (File, ViewModelInstance) {
    let file = try await File(
      source: .data(ViewModelDefaultsFixture.noInstances()), worker: worker)
    return (file, try await file.createViewModelInstance(.blank(from: .name("Card"))))
  }

  /// Counts what a stream yields until it ends.
  private func count(_ stream: AsyncStream<Void>) async -> Int {
    var count = 0
    for await _ in stream { count += 1 }
    return count
  }

  @Test("every mutating call yields, whether or not its path resolves")
  func everyMutatingCall() async throws {
    let worker = try await Worker()
    let image = try await worker.decodeImage(from: Media.png(width: 2, height: 2, value: 9))
    var streams: [AsyncStream<Void>] = []
    do {
      let (file, instance) = try await card(worker)
      let artboard = try await file.createArtboard()
      let other = try await file.createViewModelInstance(.blank(from: .name("Detail")))
      streams = [instance.dirtyStream(), instance.dirtyStream()]
      // The mutating calls of upstream's API, on paths the view model does not have.
      instance.setValue(of: StringProperty(path: "no/string"), to: "a")
      instance.setValue(of: NumberProperty(path: "no/number"), to: 1)
      instance.setValue(of: BoolProperty(path: "no/bool"), to: true)
      instance.setValue(of: ColorProperty(path: "no/color"), to: Color(0xFF00_FF00))
      instance.setValue(of: EnumProperty(path: "no/enum"), to: "second")
      instance.setValue(of: ImageProperty(path: "no/image"), to: image)
      instance.setValue(of: ArtboardProperty(path: "no/artboard"), to: artboard)
      instance.setValue(of: ViewModelInstanceProperty(path: "no/nested"), to: other)
      let list = ListProperty(path: "no/list")
      instance.appendInstance(other, to: list)
      instance.insertInstance(other, to: list, at: 0)
      instance.removeInstance(at: 0, from: list)
      instance.removeInstance(other, from: list)
      instance.swapInstance(atIndex: 0, withIndex: 1, in: list)
      instance.fire(trigger: TriggerProperty(path: "no/trigger"))
      // Calls of the wrong type on real paths, and real writes.
      instance.setValue(of: StringProperty(path: "x"), to: "not a number")
      instance.setValue(of: NumberProperty(path: "x"), to: 3)
      instance.fire(trigger: TriggerProperty(path: "ping"))
      #expect(try await instance.value(of: NumberProperty(path: "x")) == 3)
    }
    // The instance is gone, so its streams end after what they buffered.
    for stream in streams { #expect(await count(stream) == 17) }
  }

  @Test("a nested instance read twice is two handles, each with its own dirty streams")
  func nestedHandles() async throws {
    let worker = try await Worker()
    var parentStream: AsyncStream<Void>?
    var childStream: AsyncStream<Void>?
    do {
      let (_, parent) = try await card(worker)
      let property = ViewModelInstanceProperty(path: "detail")
      let child = parent.value(of: property)
      let again = parent.value(of: property)
      #expect(child == child)
      #expect(child != again)
      #expect(parent != child)
      parentStream = parent.dirtyStream()
      childStream = child.dirtyStream()
      // One set of values behind the handles.
      child.setValue(of: StringProperty(path: "title"), to: "one")
      #expect(try await again.value(of: StringProperty(path: "title")) == "one")
      parent.setValue(of: StringProperty(path: "detail/title"), to: "two")
      #expect(try await child.value(of: StringProperty(path: "title")) == "two")
      again.setValue(of: StringProperty(path: "title"), to: "three")
      #expect(try await parent.value(of: StringProperty(path: "detail/title")) == "three")
    }
    // Each handle counted only the call made through it.
    #expect(await count(try #require(parentStream)) == 1)
    #expect(await count(try #require(childStream)) == 1)
  }
}
