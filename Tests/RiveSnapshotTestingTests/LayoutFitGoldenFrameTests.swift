import Foundation
import RiveCore
import RiveFrames
import RiveRuntime
import RiveSnapshotTesting
import RiveTestSupport
import Testing

/// Golden frames with the `layout` fit (``LayoutFixture/fit()``: a 200 × 100 artboard whose
/// layout `F` fills it and holds `A` 20 × 10 at its top-left): a file with a scale factor of 2,
/// a legacy view model with `fit = .layout` and `layoutScaleFactor = 2` and a current `Rive`
/// with `.layout(scaleFactor: .explicit(2))` all lay the artboard out at half the 300 × 160
/// frame and match one reference.
@Suite("Snapshot testing: the layout fit")
struct LayoutFitGoldenFrameTests {
  static func rgb(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * image.width + x) * 4
    return Array(image.pixels[offset..<offset + 3])
  }

  static func rgb(_ color: UInt32) -> [UInt8] {
    [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
  }

  @Test("a file, a legacy view model and a current Rive match one laid-out reference")
  @MainActor
  func everyAPIMatchesOneReference() async throws {
    let space = try GoldenFrameTests.Workspace()
    try LayoutFixture.fit().write(to: space.riv)
    let configuration = space.configuration()
    let size = SnapshotSize(width: 300, height: 160)
    let recorded = withSnapshotTesting(configuration) {
      assertFrame(
        of: space.riv, at: 0.1, size: size, fit: .layout, layoutScaleFactor: 2,
        named: "fit", snapshotDirectory: space.references)
    }
    #expect(recorded.failure?.recorded == true)
    let image = try ImageDecoder.decode(
      Data(
        contentsOf: URL(fileURLWithPath: space.references).appendingPathComponent(
          "everyAPIMatchesOneReference.fit.png")))
    // The artboard laid out at 150 × 80 and drawn at twice the size: A covers 40 × 20 pixels.
    #expect(image.width == 300 && image.height == 160)
    #expect(Self.rgb(image, 38, 18) == Self.rgb(LayoutFixture.color("A")))
    #expect(Self.rgb(image, 42, 10) == Self.rgb(LayoutFixture.color("F")))
    #expect(Self.rgb(image, 299, 159) == Self.rgb(LayoutFixture.color("F")))

    let legacyFile = try RiveFile(data: LayoutFixture.fit(), loadCdn: false)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: legacyFile), stateMachineName: nil, fit: .layout, autoPlay: false)
    viewModel.layoutScaleFactor = 2
    let legacy = withSnapshotTesting(configuration) {
      assertFrame(
        of: viewModel, at: 0.1, size: size, named: "fit", snapshotDirectory: space.references)
    }
    #expect(legacy.isMatch, "\(legacy.failure?.message ?? "")")

    let worker = try await Worker()
    let file = try await File(source: .data(LayoutFixture.fit()), worker: worker)
    let rive = try await Rive(file: file, fit: .layout(scaleFactor: .explicit(2)))
    let current = await withSnapshotTesting(configuration) {
      await assertFrame(
        of: rive, at: 0.1, size: size, named: "fit", snapshotDirectory: space.references)
    }
    #expect(current.isMatch, "\(current.failure?.message ?? "")")
  }
}
