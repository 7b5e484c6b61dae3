import Foundation
import RiveCore
import RiveTestSupport
import Testing

/// `render` and `record` with `--fit layout --size WxH` on ``LayoutFixture/fit()``: a 200 × 100
/// artboard whose layout `F` fills it and holds `A` 20 × 10 at its top-left. The layout fit
/// gives the artboard the frame's size and lays it out again, so `F` fills the whole frame and
/// `A` keeps its 20 × 10; `contain` instead scales the 200 × 100 artboard into the frame.
@Suite("rive-assets render and record with the layout fit")
struct LayoutFitCommandTests {
  static func rgb(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * image.width + x) * 4
    return Array(image.pixels[offset..<offset + 3])
  }

  static func rgb(_ color: UInt32) -> [UInt8] {
    [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
  }

  static let f = rgb(LayoutFixture.color("F"))
  static let a = rgb(LayoutFixture.color("A"))

  /// Checks a 300 × 160 frame drawn with the layout fit: `F` everywhere but `A`'s 20 × 10.
  static func expectLaidOut(_ image: DecodedImage) {
    #expect(image.width == 300 && image.height == 160)
    #expect(rgb(image, 299, 0) == f)
    #expect(rgb(image, 0, 159) == f)
    #expect(rgb(image, 299, 159) == f)
    #expect(rgb(image, 1, 1) == a)
    #expect(rgb(image, 18, 8) == a)
    #expect(rgb(image, 22, 8) == f)
    #expect(rgb(image, 5, 12) == f)
  }

  @Test("render --fit layout lays the artboard out at the frame's size; contain scales it")
  func render() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("fit.riv")
    try LayoutFixture.fit().write(to: riv)
    let output = directory.appendingPathComponent("fit.png")
    let laidOut = try await ToolRunner.run([
      "render", riv.path, "-o", output.path, "--fit", "layout", "--size", "300x160",
    ])
    #expect(laidOut.status == 0, "\(laidOut.standardError)")
    Self.expectLaidOut(try ImageDecoder.decode(Data(contentsOf: output)))

    // contain: scale 1.5, the artboard 300 × 150 from y 5; A is 30 × 15 there.
    let contained = try await ToolRunner.run([
      "render", riv.path, "-o", output.path, "--fit", "contain", "--size", "300x160",
    ])
    #expect(contained.status == 0, "\(contained.standardError)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(Self.rgb(image, 25, 12) == Self.a)
    #expect(image.pixels[(2 * 300 + 150) * 4 + 3] == 0)
  }

  @Test("record --fit layout draws every frame laid out at the frame's size")
  func record() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("fit.riv")
    try LayoutFixture.fit().write(to: riv)
    let pattern = directory.appendingPathComponent("frames/%02d.png").path
    let result = try await ToolRunner.run([
      "record", riv.path, "-o", pattern, "--fit", "layout", "--size", "300x160", "--duration",
      "0.2", "--fps", "10",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("frames").path
    ).sorted()
    #expect(names == ["00.png", "01.png"])
    for name in names {
      let url = directory.appendingPathComponent("frames/\(name)")
      Self.expectLaidOut(try ImageDecoder.decode(Data(contentsOf: url)))
    }
  }
}
