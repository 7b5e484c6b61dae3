import Foundation
import RiveConcurrency
import RiveCore
import RiveExport
import RiveFrames
import RiveLegacy
import RiveMigrationTesting
import RiveNetworking
import RiveRasterTestSupport
import RiveReference
import Testing

/// Every public error type of the package conforms to `CodedError`: each error, made by a real
/// failure where one is cheap to cause, has a code, a message, and a description that names
/// what failed and where.
@Suite("Coded errors")
struct CodedErrorTests {
  /// An error and a piece of text naming where it happened, which its description must hold.
  struct Sample: CustomStringConvertible, Sendable {
    let error: any CodedError & Sendable
    let place: String

    var description: String { "\(type(of: error))" }
  }

  /// The first error `body` throws.
  private static func failure<E: CodedError & Sendable>(
    _ type: E.Type, _ body: () throws -> Void
  ) -> E? {
    do {
      try body()
      return nil
    } catch {
      return error as? E
    }
  }

  @MainActor
  static func samples() async -> [Sample] {
    var samples: [Sample] = []
    func add(_ error: (any CodedError & Sendable)?, _ place: String) {
      if let error { samples.append(Sample(error: error, place: place)) }
    }
    // The header's minor version is an 11-byte varuint.
    let file = Data(Array("RIVE".utf8) + [7] + [UInt8](repeating: 0x80, count: 10) + [0])
    add(failure(RiveError.self) { _ = try RiveDocument(data: file) }, "byte 5")
    add(failure(DecodingError.self) { _ = try AudioDecoder.decode([0, 1, 2, 3]) }, "audio")
    add(failure(TextFontError.self) { _ = try TextFont(bytes: [UInt8]()) }, "font")
    add(
      failure(DisplayListJSONError.self) { _ = try DisplayList(jsonArray: [["op": "save"], 7]) },
      "draw op 1")
    let badScript = Data(#"{"format": 1, "events": 3}"#.utf8)
    let scriptError = failure(InputScriptError.self) {
      _ = try InputScript(json: badScript, source: "intro.json")
    }
    add(scriptError, "intro.json")
    add(scriptError.map { ArtboardFrameError($0) }, "intro.json")
    add(
      failure(AssetLookupError.self) {
        _ = try AssetLookup(json: Data("[]".utf8), relativeTo: nil, origin: "lookup.json")
      }, "lookup.json")
    add(failure(RasterError.self) { _ = try Rasterizer(width: 0, height: 10) }, "canvas 0×10")
    add(
      failure(SilverStreamError.self) {
        _ = try SilverStream.decode(Array("SRIV".utf8) + [1, 19])
      },
      "byte 5")
    add(
      failure(SilverScenarioError.self) {
        _ = try SilverScenario.scenarios(json: Data(#"{"format": 1, "scenarios": [3]}"#.utf8))
      }, "scenario 1")
    add(SilverPlayError(step: 4, message: "no input named \"go\""), "step 4")
    do {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("coded-error-\(ProcessInfo.processInfo.processIdentifier)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let stream = directory.appendingPathComponent("list.riv.json")
      try Data("[1, 2]".utf8).write(to: stream)
      _ = try ReferenceDrawStream(contentsOf: stream)
    } catch let error as ReferenceStreamError {
      add(error, "list.riv.json")
    } catch {
      Issue.record("reading a reference stream: \(error)")
    }
    do {
      _ = try await SideBySide.compareFrames(
        data: Data(), name: "card.riv", legacyLoader: { _, _, _ in false }, times: [1, 0])
    } catch let error as FrameComparisonError {
      add(error, "card.riv")
    } catch {
      Issue.record("comparing frames: \(error)")
    }
    add(
      ExportError(
        .encoder, output: "clip.mp4", frameIndex: 3, message: "the encoder refused the frame"),
      "clip.mp4: frame 3")
    add(
      AssetDownloadError(
        assetName: "Inter", url: "https://cdn.example/inter", reason: .httpStatus(404)),
      "https://cdn.example/inter")
    add(
      AssetCacheError(
        .corruptEntry, path: "/cache", url: "https://cdn.example/inter",
        message: "the entry's digest does not match its bytes"),
      "/cache")
    // The current API's enumerations (upstream's cases) and the legacy text-run error.
    do {
      let worker = try await Worker()
      do {
        _ = try await File(source: .data(file), worker: worker)
      } catch let error as FileError {
        add(error, "byte 5")
      }
      do {
        _ = try await worker.decodeImage(from: Data([1, 2, 3]))
      } catch let error as ImageError {
        add(error, "image")
      }
      do {
        _ = try await worker.decodeFont(from: Data([1, 2, 3]))
      } catch let error as FontError {
        add(error, "font")
      }
    } catch {
      Issue.record("the current API's failures: \(error)")
    }
    add(ArtboardError.invalidStateMachine("no state machine named \"Go\""), "Go")
    add(StateMachineError.error("no input named \"go\""), "go")
    add(ViewModelInstanceError.valueMismatch("number", "string"), "number")
    add(WorkerError.missingDevice, "Metal")
    add(AudioError.failedDecoding("not an audio file"), "audio")
    add(BlobError.failedDecoding("empty blob"), "blob")
    add(RiveViewModel.TextRunError.textValueRunError("no text run named \"title\""), "title")
    return samples
  }

  @Test("every conforming type has a sample")
  @MainActor
  func everyType() async {
    let names = Set(await Self.samples().map(\.description))
    #expect(
      names == [
        "RiveError", "DecodingError", "TextFontError", "DisplayListJSONError", "InputScriptError",
        "ArtboardFrameError", "AssetLookupError", "RasterError", "SilverStreamError",
        "SilverScenarioError", "SilverPlayError", "ReferenceStreamError", "FrameComparisonError",
        "ExportError", "AssetDownloadError", "AssetCacheError", "FileError", "ImageError",
        "FontError", "ArtboardError", "StateMachineError", "ViewModelInstanceError", "WorkerError",
        "AudioError", "BlobError", "TextRunError",
      ])
  }

  /// The error types shaped as upstream's (enumerations of its cases), which print as upstream's.
  static let upstreamShaped: Set<String> = [
    "FileError", "ImageError", "FontError", "ArtboardError", "StateMachineError",
    "ViewModelInstanceError", "WorkerError", "AudioError", "BlobError", "TextRunError",
  ]

  @Test("upstream's enumerations print their case as Swift prints it")
  func upstreamPrinting() {
    #expect(
      "\(ArtboardError.invalidStateMachine("no \"Go\""))" == #"invalidStateMachine("no \"Go\"")"#)
    #expect(
      "\(ViewModelInstanceError.valueMismatch("number", "string"))"
        == #"valueMismatch("number", "string")"#)
    #expect("\(FileError.cancelled)" == "cancelled")
    #expect("\(ImageError.failedDecoding("not a PNG"))" == "failedDecoding(not a PNG)")
    #expect(FileError.invalidFile("bad").code.name == "invalidFile")
  }

  @Test("each error has a code and a message, and its description names what and where")
  @MainActor
  func codesMessagesPlaces() async {
    for sample in await Self.samples() {
      let error = sample.error
      #expect(!"\(error.code)".isEmpty, "\(sample)")
      #expect(!error.message.isEmpty, "\(sample)")
      if Self.upstreamShaped.contains(sample.description) {
        // Upstream's enumerations print as Swift prints a case (`invalidFile(…)`), as they do
        // upstream; the message is upstream's text, naming the place.
        #expect(error.description.hasPrefix("\(error.code)"), "\(sample): \(error)")
        #expect(error.message.contains(sample.place), "\(sample): \(error.message)")
      } else {
        #expect(error.description.contains(error.message), "\(sample): \(error)")
        #expect(error.description.contains(sample.place), "\(sample): \(error)")
      }
      if let place = error.place {
        #expect(place.contains(sample.place) || error.message.contains(sample.place), "\(sample)")
      }
      #expect(error.detailedDescription.hasPrefix(error.description), "\(sample)")
    }
  }

  @Test("a frame error over an input-script error lists it as its cause")
  func causes() throws {
    let scriptError = try #require(
      Self.failure(InputScriptError.self) {
        _ = try InputScript(json: Data("{".utf8), source: "bad.json")
      })
    let frameError = ArtboardFrameError(scriptError)
    #expect("\(frameError.code)" == "inputScript")
    #expect((frameError.cause as? InputScriptError) == scriptError)
    let lines = frameError.detailedDescription.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("  caused by: bad.json") == true)
  }

  @Test("the default description is the code, the message and the place")
  func defaultDescription() {
    let error = RiveError(.truncated, "object type key needs 1 byte, but the data ends", at: 12)
    #expect(error.place == "byte 12")
    #expect(
      error.description
        == "truncated: object type key needs 1 byte, but the data ends (at byte 12)")
    let raster = RasterError(.invalidSize, message: "canvas 0×10 is outside the limits")
    #expect(raster.place == nil)
    #expect(raster.description == "invalidSize: canvas 0×10 is outside the limits")
  }
}
