import Foundation
import RiveCore
import RiveRaster
import RiveRasterTestSupport
import Testing

/// Every reference draw stream of the corpus rendered straight to pixels (frames 0 and 30 at
/// the artboard's own size, with the file's embedded images in decode order).
@Suite(
  "Reference draw streams", .enabled(if: ReferenceRendering.isAvailable, "../shared is absent"))
struct ReferenceStreamTests {
  static let names = ReferenceRendering.streamNames()

  @Test("every stream renders; frames that fill something opaque are not blank", arguments: names)
  func render(name: String) throws {
    let (stream, images) = try ReferenceRendering.load(name)
    guard stream.isDrawable else {
      #expect(stream.frames.isEmpty || stream.artboard == nil || stream.width <= 0)
      return
    }
    for frame in [0, 30] {
      let list = try #require(stream.frames[frame])
      let rendered = try ReferenceRendering.render(stream, frame: frame, images: images)
      #expect(rendered.width == Int(stream.width.rounded(.up)))
      if DisplayListProbe.drawsOpaque(list, width: stream.width, height: stream.height) {
        #expect(!rendered.isBlank, "\(name) frame \(frame) is blank")
      }
    }
  }

  @Test("the embedded images of every file match the streams' decode requests")
  func decodeOrder() throws {
    var checked = 0
    for name in Self.names {
      let stream = try ReferenceDrawStream(
        contentsOf: ReferenceRendering.streamDirectory.appendingPathComponent(name))
      guard !stream.images.isEmpty else { continue }
      let url = ReferenceRendering.corpusDirectory.appendingPathComponent(stream.file)
      let mismatch = try ReferenceImages.mismatch(ofFileAt: url, and: stream)
      #expect(mismatch == nil, "\(name): \(mismatch ?? "")")
      let decoded = try ReferenceImages.decodeOrder(ofFileAt: url)
      for request in stream.images where decoded.indices.contains(request.id) {
        // An image whose header the runtime could read decodes to that size; one it could
        // not read (format unknown) does not decode.
        let image = decoded[request.id]
        if request.width > 0 {
          #expect(image?.width == request.width && image?.height == request.height, "\(name)")
        } else {
          #expect(image == nil, "\(name) #\(request.id)")
        }
      }
      checked += 1
    }
    #expect(checked > 20)
  }

  @Test("a stream through its JSON form renders the same pixels (PSNR ∞)")
  func jsonRoundTrip() throws {
    for name in ["car_widgets_v01.riv.json", "echo_show_demo.riv.json", "coin.riv.json"]
    where Self.names.contains(name) {
      let (stream, images) = try ReferenceRendering.load(name)
      let list = try #require(stream.frames[30])
      guard case .array(let values) = list.jsonValue else { continue }
      let text = JSONValue.array(values).serialized(indent: 0)
      let reparsed = try DisplayList(
        jsonArray: try #require(
          try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]))
      let difference = try ReferenceRendering.difference(
        of: reparsed, from: stream, frame: 30, images: images)
      #expect(difference.psnr >= 60, "\(name): \(difference)")
    }
  }
}
