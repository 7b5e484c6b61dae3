import RiveRuntime
import RiveTestSupport
import Testing

/// Runs every line of `reference/usage-shapes.md`. The shapes themselves live in
/// `CurrentAPIShapes.swift` and `LegacyAPIShapes.swift`, whose only import is `RiveRuntime`, so
/// they prove the umbrella alone is enough; this file checks that each shape does what its
/// comment says.
@Suite("Usage shapes through import RiveRuntime", SharedCorpus.requirement)
@MainActor
struct UsageShapesTests {
  @Test("current API: the asset loop, global registration and removal, system fonts")
  func currentRegistration() async throws {
    let samples = AudioFixtureEncoder.sine(frameCount: 441, channelCount: 1, sampleRate: 44_100)
    let wav = try AudioFixtureEncoder.encode(
      samples: samples, channelCount: 1, sampleRate: 44_100, format: .wav
    ).get()
    let result = try await CurrentAPIShapes.registration(
      bundle: try SharedCorpus.bundle, image: try SharedCorpus.data("1x1_png.png"),
      font: try SharedCorpus.data("OpenSans-Italic.ttf"), audio: Data(wav))
    #expect(result.mainBundleError is FileError)
    #expect(Array(result.seen.prefix(2)) == ["image 1x1.png", "font Inter"])
    #expect(result.seen.count > 2, "hosted_assets.riv offered nothing")
    #expect(result.assetIDs.allSatisfy { $0 > 0 })
    #expect(!result.foundInMain)
    #expect(!result.cdnURLs.isEmpty)
    #expect(result.cdnURLs.allSatisfy { $0.absoluteString.hasPrefix("https://") })
    #expect(result.registered == [.globalRegistration, .globalRegistration])
    #expect(result.removed == [.embedded, .embedded])
    #expect(result.blobCount == 3)
    #expect(!result.systemFontFamily.isEmpty)
  }

  @Test("current API: caching a file and making unique instances from it")
  func currentInstances() async throws {
    let result = try await CurrentAPIShapes.instances(bundle: try SharedCorpus.bundle)
    #expect(result.stateMachineNames == ["DefaultSM", "SM3"])
    #expect(result.boundTheGivenInstances == [true, true])
    #expect(result.secondArtboardIsNew == [true, true])
  }

  @Test("legacy API: view-model initializers with closures, view()")
  func legacyViewModels() throws {
    let result = LegacyAPIShapes.viewModels(bundle: try SharedCorpus.bundle)
    #expect(result.publishedFormsFailedSoftly == [true, true])
    #expect(result.offered == ["1x1-49935.png", "Inter-45562.ttf"])
    #expect(result.origins == [.customLoader, .customLoader])
    #expect(result.viewIsTheModelsView)
    #expect(result.fullFormLoaded)
  }

  @Test("legacy API: asset accessors, casts and system fonts")
  func legacyAccessors() throws {
    let result = try LegacyAPIShapes.accessors(bundle: try SharedCorpus.bundle)
    #expect(result.requestedSizes == [CGSize(width: 192, height: 162)])
    #expect(result.strings.first?.first == "image.png")
    #expect(result.strings.last?.last == "60ad5ede-993c-4e03-9a80-e56888b2cff3")
    #expect(result.fontAssigned)
  }

  @Test("legacy API: caching a file and sharing it")
  func legacySharedFile() throws {
    let result = try LegacyAPIShapes.sharedFile(bundle: try SharedCorpus.bundle)
    #expect(result.artboard == "artboard1")
    #expect(result.loadError == nil)
  }

  @Test("legacy API: an app team's wrapper and its delegates")
  func legacyWrapper() throws {
    let counts = LegacyAPIShapes.wrapper(bundle: try SharedCorpus.bundle)
    #expect(counts.map(\.finished) == [0, 1])
    #expect(counts.map(\.advanced) == [1, 2])
  }
}
