import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("rive-assets sheet")
struct SheetCommandTests {
  // The layout constants documented in `sheet --help`.
  static let margin = 12
  static let thumbnail = 160
  static let label = 48
  static let title = 28

  /// The pixel at (`x`, `y`) of an RGBA image.
  static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * image.width + x) * 4
    return Array(image.pixels[offset..<(offset + 4)])
  }

  /// Whether any pixel in the rectangle satisfies `test`.
  static func any(
    _ image: DecodedImage, x: Int, y: Int, width: Int, height: Int, _ test: ([UInt8]) -> Bool
  ) -> Bool {
    for row in y..<(y + height) {
      for column in x..<(x + width) where test(pixel(image, column, row)) { return true }
    }
    return false
  }

  @Test(
    "nine embedded images: grid size, a picture in every box and text in every label strip",
    SharedCorpus.requirement)
  func corpusSheet() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("sheet.png")
    let riv = TestFixtures.corpus("data_binding_image_test.riv").path
    let result = try await ToolRunner.run(["sheet", riv, "-o", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    let columns = 4
    let rows = 3  // ⌈9 ÷ 4⌉
    #expect(image.width == Self.margin + columns * (Self.thumbnail + Self.margin))
    #expect(
      image.height == Self.title + Self.margin + rows * (Self.thumbnail + Self.label + Self.margin))
    let checker: Set<[UInt8]> = [[255, 255, 255, 255], [0xD8, 0xD8, 0xDC, 255]]
    for index in 0..<9 {
      let x = Self.margin + (index % columns) * (Self.thumbnail + Self.margin)
      let y =
        Self.title + Self.margin + (index / columns) * (Self.thumbnail + Self.label + Self.margin)
      // Inside the border: some pixel is neither background nor checkerboard.
      #expect(
        Self.any(image, x: x + 2, y: y + 2, width: Self.thumbnail - 4, height: Self.thumbnail - 4) {
          !checker.contains($0)
        }, "thumbnail \(index) is empty")
      // The label strip has dark (text) pixels.
      #expect(
        Self.any(
          image, x: x, y: y + Self.thumbnail + 1, width: Self.thumbnail, height: Self.label - 1
        ) {
          Int($0[0]) + Int($0[1]) + Int($0[2]) < 3 * 0x70
        }, "label \(index) has no text")
    }
    // The empty cells of the last row stay background.
    let emptyX = Self.margin + 1 * (Self.thumbnail + Self.margin)
    let emptyY = Self.title + Self.margin + 2 * (Self.thumbnail + Self.label + Self.margin)
    #expect(
      !Self.any(image, x: emptyX, y: emptyY, width: Self.thumbnail, height: Self.thumbnail) {
        $0 != [255, 255, 255, 255]
      })
  }

  @Test("a missing image is a crossed placeholder; a bundled one is drawn from the bundle")
  func placeholdersAndBundle() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let output = directory.appendingPathComponent("sheet.png")
    let result = try await ToolRunner.run(["sheet", riv, "-o", output.path, "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(try TestFixtures.json(result.standardOutput) as? [String: Any])
    let cells = try #require(report["cells"] as? [[String: Any]])
    #expect(cells.map { $0["origin"] as? String } == ["embedded", "missing"])
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == report["width"] as? Int && image.height == report["height"] as? Int)
    let x = try #require(cells[1]["x"] as? Int)
    let y = try #require(cells[1]["y"] as? Int)
    // The placeholder's cross runs through the centre of its box in red.
    let centre = Self.pixel(image, x + Self.thumbnail / 2, y + Self.thumbnail / 2)
    #expect(centre[0] > 0xA0 && centre[1] < 0x60)

    let bundle = directory.appendingPathComponent("bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try TestFixtures.write(
      try TestFixtures.png(width: 64, height: 36), named: "hero-103.png", in: bundle)
    let bundled = try await ToolRunner.run([
      "sheet", riv, "--assets", bundle.path, "-o", output.path, "--json",
    ])
    let bundledReport = try #require(
      try TestFixtures.json(bundled.standardOutput) as? [String: Any])
    let bundledCells = try #require(bundledReport["cells"] as? [[String: Any]])
    #expect(bundledCells[1]["origin"] as? String == "bundle")
    #expect(bundledCells[1]["width"] as? Int == 64)
  }

  @Test(
    "a file without images or a corrupt file exits 1; no output option exits 2",
    SharedCorpus.requirement)
  func failures() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("sheet.png").path
    let junk = try await ToolRunner.run([
      "sheet", TestFixtures.corpus("junk.riv").path, "-o", output,
    ])
    #expect(junk.status == 1)
    #expect(junk.standardError.contains("junk.riv: not a Rive file"))
    let audio = try await ToolRunner.run([
      "sheet", TestFixtures.corpus("audio_test.riv").path, "-o", output,
    ])
    #expect(audio.status == 1)
    #expect(audio.standardError.contains("no image assets"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(
      try await ToolRunner.run(["sheet", TestFixtures.corpus("audio_test.riv").path]).status == 2)
  }
}
