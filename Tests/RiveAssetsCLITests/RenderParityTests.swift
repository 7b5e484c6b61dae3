import Foundation
import RiveConcurrency
import RiveCore
import RiveTestSupport
import Testing

/// `rive-assets render --assets DIR` resolves a file's assets through the same directory source
/// and `ResolvedAssets` as the APIs: a referenced font found in the folder and the system
/// fallback font draw the same pixels as the current API's frame of the same file with the same
/// font registered.
///
/// The file is ``FontSwapFixture/referencing(text:)``: one line of text whose font asset
/// (`Label-0`) is referenced. The font given is Inter; the line mixes Latin letters with
/// Armenian ones, which Inter lacks and the system's fallback sans-serif (DejaVu Sans) has.
@Suite("rive-assets render and the current API draw alike")
@MainActor
struct RenderParityTests {
  static let text = "Rive Բարեւ 0123"

  static func inter() throws -> [UInt8] {
    let font = try SystemFont(name: "Inter", size: 12).decode()
    try #require(font.familyName == "Inter", "fontconfig gave \(font.familyName) for Inter")
    return font.bytes
  }

  /// The current API's first frame of `data` with `font` registered under the asset's unique
  /// name, and the worker's fallback fonts (the system default unless `fallbacks` is given).
  static func currentFrame(_ data: Data, font: [UInt8], fallbacks: [Font]? = nil) async throws
    -> (width: Int, height: Int, rgba: [UInt8])
  {
    let worker = try await Worker()
    if let fallbacks { worker.fallbackFonts = fallbacks }
    worker.addGlobalFontAsset(
      try await worker.decodeFont(from: Data(font)), name: FontSwapFixture.fontUniqueName)
    let file = try await File(source: .data(data), worker: worker)
    let rive = try await Rive(file: file)
    let frame = try await rive.renderFrame()
    return (frame.width, frame.height, frame.rgba)
  }

  @Test("a referenced font from --assets and the fallback font: the same pixels as the API")
  func referencedFontAndFallback() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = FontSwapFixture.referencing(text: Self.text)
    let riv = directory.appendingPathComponent("label.riv")
    try data.write(to: riv)
    let assets = directory.appendingPathComponent("assets")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    let font = try Self.inter()
    try TestFixtures.write(font, named: "Label-0.ttf", in: assets)
    let output = directory.appendingPathComponent("label.png")

    let result = try await ToolRunner.run([
      "render", riv.path, "-o", output.path, "--assets", assets.path,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("not found"), "\(result.standardOutput)")
    let drawn = try ImageDecoder.decode(Data(contentsOf: output))
    let current = try await Self.currentFrame(data, font: font)
    #expect(drawn.width == current.width && drawn.height == current.height)
    #expect(drawn.pixels == current.rgba, "the tool and the current API drew different pixels")
    // There is text, and the Armenian letters came from the fallback: without fallback fonts
    // the API draws another frame.
    #expect(FontSwapFixture.inkPixels(rgba: current.rgba) > 200)
    let withoutFallback = try await Self.currentFrame(data, font: font, fallbacks: [])
    #expect(withoutFallback.rgba != current.rgba)

    // Without --assets the font is found nowhere: reported, and no text is drawn.
    let bare = try await ToolRunner.run(["render", riv.path, "-o", output.path])
    #expect(bare.status == 0, "\(bare.standardError)")
    #expect(bare.standardOutput.contains("font not found: Label-0"), "\(bare.standardOutput)")
    let empty = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(FontSwapFixture.inkPixels(rgba: empty.pixels) == 0)
  }
}
