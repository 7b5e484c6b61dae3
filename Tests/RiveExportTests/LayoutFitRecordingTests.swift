import Foundation
import RiveCore
import RiveExport
import RiveFrames
import RiveRuntime
import RiveTestSupport
import Testing

/// The `layout` fit in frame sequences and recordings of files and of both APIs, on
/// ``LayoutFixture/fit()`` (a 200 × 100 artboard whose layout `F` fills it and holds `A`
/// 20 × 10 at its top-left): with a scale factor of 2, a 300 × 160 frame lays the artboard out
/// at 150 × 80 and draws it at twice the size, so `A` covers 40 × 20 pixels.
@Suite("Export: the layout fit")
struct LayoutFitRecordingTests {
  static let times = [0, 0.25]

  static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> [UInt8]? {
    pixel.map { [$0.red, $0.green, $0.blue] }
  }

  static func rgb(_ color: UInt32) -> [UInt8] {
    [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
  }

  /// Checks a 300 × 160 frame laid out at 150 × 80 and drawn at twice the size.
  static func expectHalfScale(_ frame: RasterFrame) {
    let f = rgb(LayoutFixture.color("F"))
    let a = rgb(LayoutFixture.color("A"))
    #expect(frame.width == 300 && frame.height == 160)
    #expect(rgb(frame.pixel(x: 299, y: 159)) == f)
    #expect(rgb(frame.pixel(x: 1, y: 1)) == a)
    #expect(rgb(frame.pixel(x: 38, y: 18)) == a)
    #expect(rgb(frame.pixel(x: 42, y: 10)) == f)
    #expect(rgb(frame.pixel(x: 10, y: 22)) == f)
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-export-layout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func viewModel() throws -> RiveViewModel {
    let file = try RiveFile(data: LayoutFixture.fit(), loadCdn: false)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: file), stateMachineName: nil, fit: .layout, autoPlay: false)
    viewModel.layoutScaleFactor = 2
    return viewModel
  }

  @Test("a file, a current Rive and a legacy view model draw the same laid-out frames")
  @MainActor
  func framesOnEveryPath() async throws {
    var player = try FramePlayer(data: LayoutFixture.fit())
    let fromFile = try player.frames(
      at: Self.times, width: 300, height: 160, fit: .layout, scaleFactor: 2)
    let worker = try await Worker()
    let file = try await File(source: .data(LayoutFixture.fit()), worker: worker)
    let rive = try await Rive(file: file, fit: .layout(scaleFactor: .explicit(2)))
    let fromRive = try await rive.frames(at: Self.times, width: 300, height: 160).map(\.raster)
    // The legacy recording keeps the view model's layoutScaleFactor.
    let fromLegacy = try Self.viewModel().frames(at: Self.times, width: 300, height: 160)
      .map(\.raster)
    for frame in fromFile { Self.expectHalfScale(frame) }
    #expect(fromRive == fromFile)
    #expect(fromLegacy == fromFile)
  }

  @Test("recordings: a legacy view model's PNG frames and a file's frame size follow the factor")
  @MainActor
  func recordings() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let legacy = directory.appendingPathComponent("legacy/%02d.png").path
    let settings = RecordingSettings(fps: 10, length: .seconds(0.2), width: 300, height: 160)
    _ = try Self.viewModel().record(to: legacy, settings: settings)
    for index in 0..<2 {
      let url = directory.appendingPathComponent(String(format: "legacy/%02d.png", index))
      let image = try ImageDecoder.decode(Data(contentsOf: url))
      Self.expectHalfScale(
        try RasterFrame(width: image.width, height: image.height, rgba: image.pixels))
    }

    // A file recorded with the layout fit and no size: the artboard's own size times the
    // factor, laid out at the artboard's own size.
    let file = directory.appendingPathComponent("file/%02d.png").path
    var player = try FramePlayer(data: LayoutFixture.fit())
    let result = try player.record(
      to: file,
      settings: RecordingSettings(
        fps: 10, length: .seconds(0.1), fit: .layout, layoutScaleFactor: 2))
    #expect(result.summary.width == 400 && result.summary.height == 200)
    let image = try ImageDecoder.decode(
      Data(contentsOf: directory.appendingPathComponent("file/00.png")))
    let frame = try RasterFrame(width: image.width, height: image.height, rgba: image.pixels)
    #expect(Self.rgb(frame.pixel(x: 38, y: 18)) == Self.rgb(LayoutFixture.color("A")))
    #expect(Self.rgb(frame.pixel(x: 399, y: 199)) == Self.rgb(LayoutFixture.color("F")))
  }
}
