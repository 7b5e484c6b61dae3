import Foundation
import RiveCore
import RiveFormat
import RiveFrames
import RiveRasterTestSupport
import RiveTestSupport
import Testing

/// Every reference draw stream of the corpus rendered straight to pixels (frames 0 and 30 at
/// the artboard's own size, with the file's embedded images in decode order).
///
/// The rendering runs on ``OffPool`` so that it never holds the cooperative threads other
/// suites' downloads need.
@Suite(
  "Reference draw streams",
  .enabled(
    if: ReferenceRendering.isAvailable || SharedCorpus.isRequired,
    "../shared/corpus or ../shared/reference/draw is absent: skipped (RIVE_REQUIRE_CORPUS=1 fails)"
  ))
struct ReferenceStreamTests {
  static let names = ReferenceRendering.streamNames()

  @Test("the streams and the corpus are there")
  func present() {
    #expect(ReferenceRendering.isAvailable)
    #expect(Self.names.count > 250, "\(Self.names.count) streams")
  }

  /// What rendering one stream found.
  struct Outcome: Sendable {
    var isDrawable = false
    var problems: [String] = []
  }

  /// Every stream rendered once, over `OffPool`'s threads.
  static let outcomes = Task {
    await OffPool.results(for: names) { name throws -> Outcome in
      let (stream, images) = try ReferenceRendering.load(name)
      var outcome = Outcome(isDrawable: stream.isDrawable)
      guard stream.isDrawable else { return outcome }
      for frame in [0, 30] {
        guard let list = stream.frames[frame] else {
          outcome.problems.append("no frame \(frame)")
          continue
        }
        let rendered = try ReferenceRendering.render(stream, frame: frame, images: images)
        if rendered.width != Int(stream.width.rounded(.up)) {
          outcome.problems.append("frame \(frame) is \(rendered.width) wide")
        }
        if DisplayListProbe.drawsOpaque(list, width: stream.width, height: stream.height),
          rendered.isBlank
        {
          outcome.problems.append("frame \(frame) is blank")
        }
      }
      return outcome
    }
  }

  @Test("every stream renders; frames that fill something opaque are not blank", arguments: names)
  func render(name: String) async throws {
    let outcome = try #require(await Self.outcomes.value[name]).get()
    #expect(outcome.problems.isEmpty, "\(name): \(outcome.problems)")
  }

  @Test("the embedded images of every file match the streams' decode requests")
  func decodeOrder() async throws {
    let problems = try await OffPool.run { () throws -> (checked: Int, problems: [String]) in
      var checked = 0
      var problems: [String] = []
      for name in Self.names {
        let stream = try ReferenceDrawStream(
          contentsOf: ReferenceRendering.streamDirectory.appendingPathComponent(name))
        guard !stream.images.isEmpty else { continue }
        let url = ReferenceRendering.corpusDirectory.appendingPathComponent(stream.file)
        if let mismatch = try ReferenceImages.mismatch(ofFileAt: url, and: stream) {
          problems.append("\(name): \(mismatch)")
        }
        let decoded = try ReferenceImages.decodeOrder(ofFileAt: url)
        for request in stream.images where decoded.indices.contains(request.id) {
          // An image whose header the runtime could read decodes to that size; one it could
          // not read (format unknown) does not decode.
          let image = decoded[request.id]
          let isExpected =
            request.width > 0
            ? image?.width == request.width && image?.height == request.height : image == nil
          if !isExpected { problems.append("\(name): image \(request.id)") }
        }
        checked += 1
      }
      return (checked, problems)
    }
    #expect(problems.problems.isEmpty, "\(problems.problems)")
    #expect(problems.checked > 20)
  }

  @Test("a stream through its JSON form renders the same pixels")
  func jsonRoundTrip() async throws {
    let names = ["car_widgets_v01.riv.json", "echo_show_demo.riv.json", "coin.riv.json"]
      .filter(Self.names.contains)
    let differences = try await OffPool.run { () throws -> [String: FrameDifference] in
      var differences: [String: FrameDifference] = [:]
      for name in names {
        let (stream, images) = try ReferenceRendering.load(name)
        guard let list = stream.frames[30], case .array(let values) = list.jsonValue else {
          continue
        }
        let text = JSONValue.array(values).serialized(indent: 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] ?? []
        let reparsed = try DisplayList(jsonArray: parsed)
        differences[name] = try ReferenceRendering.difference(
          of: reparsed, from: stream, frame: 30, images: images)
      }
      return differences
    }
    #expect(differences.count == names.count)
    for (name, difference) in differences {
      #expect(difference.psnr >= 60, "\(name): \(difference)")
    }
  }
}
