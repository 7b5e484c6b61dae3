import Foundation
import RiveCore
import RiveFormat
import RiveMigrationTesting
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// Both API generations draw the same picture: corpus files whose images are swapped through
/// a legacy loader's `renderImage` and through the current API (the adapter, or a ported
/// global registration), played to the same times, frames compared pixel by pixel.
@Suite("Frames side by side on the corpus", SharedCorpus.requirement)
struct FrameSideBySideTests {
  /// Files with image assets (embedded or referenced) and a state machine, whose engine
  /// frames match the official renderer's (see `EngineReferencePixelTests`).
  static let files = [
    "referenced_image_asset.riv", "embedded_assets.riv", "in_band_asset.riv",
    "image_fit_alignment_3.riv",
  ]

  /// A PNG of `width`×`height` in 8-pixel squares of two colours taken from `seed`, so that a
  /// misplaced or missing image shows.
  static func pattern(width: Float?, height: Float?, seed: String) -> Data {
    let width = max(1, min(2048, Int((width ?? 64).rounded())))
    let height = max(1, min(2048, Int((height ?? 64).rounded())))
    let digest = SHA256.hash(Array(seed.utf8)).bytes
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (x / 8 + y / 8) % 2 == 0 ? 0 : 3
        rgb += [digest[offset], digest[offset + 1], digest[offset + 2] | 0x40]
      }
    }
    return Data(PNGFixtureEncoder.compressed(rgb: rgb, width: width, height: height) ?? [])
  }

  /// The legacy closure: every image asset (embedded ones too) gets a pattern at its authored
  /// size, the same bytes on every call.
  static func legacyLoader(file: String, seed: String = "") -> LoadAsset {
    { asset, _, factory in
      guard let image = asset as? RiveImageAsset else { return false }
      image.renderImage(
        factory.decodeImage(
          pattern(
            width: Float(image.size.width), height: Float(image.size.height),
            seed: "\(file):\(asset.uniqueName())\(seed)")))
      return true
    }
  }

  /// The ported code: the same patterns registered globally under each asset's unique name.
  static func ported(file: String, seed: String = "") -> SideBySide.CurrentPath {
    .ported { worker, loaded in
      let document = try RiveDocument(data: try Fixtures.data(file), depth: .assets)
      for asset in try await loaded.getAssets() where asset.type == .image {
        let authored = document.asset(uniqueName: asset.uniqueName)
        let bytes = pattern(
          width: authored?.width, height: authored?.height,
          seed: "\(file):\(asset.uniqueName)\(seed)")
        worker.addGlobalImageAsset(
          try await worker.decodeImage(from: bytes), name: asset.uniqueName)
      }
    }
  }

  @Test("legacy loader and adapter, and legacy loader and ported registration, draw the same")
  @MainActor
  func identical() async throws {
    var compared = 0
    for name in Self.files {
      let data = try Fixtures.data(name)
      for current in [SideBySide.CurrentPath.adapter, Self.ported(file: name)] {
        let comparison = try await SideBySide.compareFrames(
          data: data, name: name, legacyLoader: Self.legacyLoader(file: name), current: current,
          times: [0, 0.25, 1])
        expectFramesMatch(comparison)
        #expect(comparison.isIdentical)
        #expect(comparison.samples.count == 3)
        #expect(comparison.samples.allSatisfy { $0.differenceImage == nil })
        compared += comparison.samples.count
      }
    }
    #expect(compared == Self.files.count * 6)
  }

  @Test("the swapped images are what is drawn: frames differ from the file's own images")
  @MainActor
  func swapShows() async throws {
    for name in Self.files {
      let data = try Fixtures.data(name)
      let comparison = try await SideBySide.compareFrames(
        data: data, name: name, legacyLoader: Self.legacyLoader(file: name), times: [0])
      let swapped = try #require(comparison.samples.first).current
      // The same file with nothing swapped (embedded images as they are, referenced ones
      // missing).
      let worker = try await Worker()
      let file = try await File(source: .data(data), worker: worker)
      let own = try await file.createArtboard().renderFrame(worker: worker)
      #expect(own.width == swapped.width && own.height == swapped.height)
      let difference = try swapped.raster.difference(from: own.raster)
      #expect(difference.differingPixelCount > 0, "\(name): \(difference)")
      #expect(!swapped.raster.isBlank, "\(name)")
    }
  }

  @Test("a different image is reported with its largest difference and a difference picture")
  @MainActor
  func differenceReported() async throws {
    let name = "referenced_image_asset.riv"
    let comparison = try await SideBySide.compareFrames(
      data: try Fixtures.data(name), name: name, legacyLoader: Self.legacyLoader(file: name),
      current: Self.ported(file: name, seed: "other"), times: [0, 0.5])
    #expect(!comparison.isIdentical)
    #expect(comparison.largestDifference > 16)
    #expect(!comparison.isWithin(tolerance: 16))
    let sample = try #require(comparison.samples.first)
    let picture = try #require(sample.differenceImage)
    #expect(picture.width == sample.legacy.width && picture.height == sample.legacy.height)
    #expect(comparison.description.contains("largest pixel difference"))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "frame-differences-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let written = try comparison.writeDifferences(to: directory)
    #expect(written.count == 6)
    let decoded = try ImageDecoder.decode(Data(contentsOf: try #require(written.last)))
    #expect(decoded.width == picture.width)
    // Red where they differ.
    #expect(decoded.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element >= 128 })
  }

  @Test("state after advances: both generations draw the animation's later frame")
  @MainActor
  func advances() async throws {
    // A skinned character whose bones move between frames 0 and 30 (0.5 s) in the reference
    // streams; its 14 embedded images are swapped on both paths.
    let name = "bad_skin.riv"
    let comparison = try await SideBySide.compareFrames(
      data: try Fixtures.data(name), name: name, legacyLoader: Self.legacyLoader(file: name),
      times: [0, 0.5])
    #expect(comparison.isIdentical)
    let first = try #require(comparison.samples.first).current.raster
    let later = try #require(comparison.samples.last).current.raster
    #expect(try first.difference(from: later).differingPixelCount > 0)
  }

  @Test("a view model's snapshot is its view's; the current API's fit and background apply")
  @MainActor
  func snapshotsAndFit() async throws {
    let name = "referenced_image_asset.riv"
    let data = try Fixtures.data(name)
    let legacyFile = try RiveFile(
      data: data, loadCdn: false, customAssetLoader: Self.legacyLoader(file: name))
    let viewModel = RiveViewModel(
      RiveModel(riveFile: legacyFile), stateMachineName: nil, autoPlay: false)
    let withoutView = try viewModel.snapshot(width: 100, height: 100)
    let view = viewModel.createRiveView()
    let withView = try viewModel.snapshot(width: 100, height: 100)
    #expect(withoutView == withView)
    #expect(try view.snapshot(width: 100, height: 100) == withView)
    #expect(!withView.raster.isBlank)

    let worker = try await Worker()
    let file = try await File(source: .data(data), worker: worker)
    let rive = try await Rive(
      file: file, fit: .contain(alignment: .topLeft),
      backgroundColor: Color(red: 0, green: 255, blue: 0))
    // A square artboard in a wide frame, aligned left: green on the right.
    let frame = try await rive.renderFrame(width: 200, height: 100)
    #expect(frame.width == 200 && frame.height == 100)
    #expect(
      frame.pixel(x: 190, y: 50).map { [$0.red, $0.green, $0.blue, $0.alpha] } == [0, 255, 0, 255])
    // Nothing registered: the referenced image draws nothing, unlike the legacy frame.
    let plain = try await Rive(file: file).renderFrame(width: 100, height: 100)
    #expect(try plain.raster.difference(from: withView.raster).differingPixelCount > 0)
  }
}
