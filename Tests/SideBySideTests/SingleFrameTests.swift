import Foundation
import RiveCore
import RiveFormat
import RiveReference
import RiveTestSupport
import Testing

@testable import RiveConcurrency
@testable import RiveLegacy

/// A frame drawn on its own is the first draw of a fresh instance, in every path: `render`'s
/// single frame, the legacy state machine and the current API's state machine after the same
/// advances. The official runtime drawing frame 30 of a fresh instance gives the same stream
/// (checked on every corpus file with the official runtime built beside the project; see
/// DIFFERENCES, runtime #5): the artboard's clip keeps the clockwise rule of a path no fill has
/// drawn yet, where the second draw of a sequence shows the rule the background fill set.
@Suite("Single frames", SharedCorpus.requirement)
@MainActor
struct SingleFrameTests {
  /// Files with a clipped artboard and a background fill (their clip's rule tells the two
  /// cases apart), and files with state machines, animations and images.
  nonisolated static let files = [
    "bankcard.riv", "click_event.riv", "timeline_event_test.riv", "walle.riv",
    "data_binding_test.riv",
  ]

  /// Where two display lists first differ (nil when they are equal).
  static func difference(_ a: DisplayList, _ b: DisplayList) -> String? {
    if a == b { return nil }
    guard a.operations.count == b.operations.count else {
      return "\(a.operations.count) operations against \(b.operations.count)"
    }
    let index = a.operations.indices.first { a.operations[$0] != b.operations[$0] } ?? 0
    return "operation \(index) differs"
  }

  @Test(
    "render, the legacy machine and the current machine draw the same fresh frame 30",
    arguments: files)
  func samePaths(_ name: String) async throws {
    let data = try SharedCorpus.data(name)
    let runtime = try RuntimeFile(data: data)
    // Layout solved, text not drawn: as both APIs' artboards play and drawFrame draws.
    let recorder = DrawRecorder(file: runtime, layout: true)
    let single = try #require(recorder.displayLists(frames: [30])?.first?.1)
    let sequence = try #require(recorder.displayLists(frames: [0, 30])?.last?.1)
    let document = try RiveDocument(data: data)
    let images = DrawImages(document: document)

    // The legacy API: the default artboard and its default (else first) state machine.
    // (Bound to the default view model's default instance, as the references are drawn.)
    let legacyFile = try RiveFile(data: data, loadCdn: false)
    let artboard = try legacyFile.artboard()
    if let machine = artboard.defaultStateMachine() ?? (try? artboard.stateMachine(from: 0)) {
      if let instance = legacyFile.defaultViewModel(for: artboard)?.createDefaultInstance() {
        machine.bind(viewModelInstance: instance)
      }
      machine.advance(by: 0)
      for _ in 0..<30 { machine.advance(by: Double(ArtboardPlayback.frameStep)) }
      let legacy = try #require(machine.drawFrame { playback, _ in playback.drawn(images: images) })
      #expect(Self.difference(legacy.displayList, single) == nil, "\(name): legacy")
    }

    // The current API.
    let worker = try await Worker()
    let file = try await File(source: .data(data), worker: worker)
    let currentArtboard = try await file.createArtboard()
    if let machine = try? await currentArtboard.createStateMachine() {
      if let instance = try? await file.createViewModelInstance(
        .viewModelDefault(from: .artboardDefault(currentArtboard)))
      {
        machine.bindViewModelInstance(instance)
      }
      machine.advance(by: 0)
      for _ in 0..<30 { machine.advance(by: Double(ArtboardPlayback.frameStep)) }
      let current = try #require(
        machine.drawFrame { playback, _ in playback.drawn(images: images) })
      #expect(Self.difference(current.displayList, single) == nil, "\(name): current")
    }

    // A sequence differs only where a fill set the rule of a path the clip shares.
    #expect(single.operations.count == sequence.operations.count)
    let differing = zip(single.operations, sequence.operations).filter { $0 != $1 }
    for (alone, inSequence) in differing {
      guard case .clipPath(let aloneClip) = alone, case .clipPath(let sequenceClip) = inSequence
      else {
        Issue.record("\(name): \(alone) differs from \(inSequence)")
        continue
      }
      #expect(aloneClip.fillRule == .clockwise)
      #expect(aloneClip.commands == sequenceClip.commands)
    }
  }
}
