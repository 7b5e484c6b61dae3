import Foundation
import RiveConcurrency
import RiveCore
import RiveTestSupport
import Testing

/// The current-API call shapes of the published documentation (`usage-shapes.md`), written out
/// as users write them, with `SystemFont` standing in for `UIFont` and the corpus folder for
/// `.main`. Compiling this file is half the test; running it checks the shapes mean what they say.
@Suite("Usage shapes of the current API", SharedCorpus.requirement)
@MainActor
struct UsageShapesTests {
  @Test("every documented current-API line compiles and does what its comment says")
  func shapes() async throws {
    let bundle = try Corpus.bundle
    let worker = try await Worker()
    let file = try await File(source: .local("embedded_assets", bundle), worker: worker)
    var seen: [String] = []
    for asset in try await file.getAssets() {
      if case .unknown = asset.type { continue }
      switch asset.type {
      case .image: seen.append("image \(asset.name)")
      case .font: seen.append("font \(asset.name)")
      case .audio: seen.append("audio \(asset.name)")
      case .blob, .unknown: break
      }
      _ = Bundle.main.url(forResource: asset.uniqueName, withExtension: asset.fileExtension)
      let id: UInt32 = asset.assetID
      #expect(id > 0)
      guard asset.type == .image, let cdn = asset.cdn, let baseURL = URL(string: cdn.baseURL) else {
        continue
      }
      let url = baseURL.appendingPathComponent(cdn.uuid)
      Issue.record("embedded assets have no CDN address, got \(url)")
    }
    #expect(seen == ["image 1x1.png", "font Inter"])

    let assets = try await file.getAssets()
    let imageAsset = try #require(assets.first { $0.type == .image })
    let fontAsset = try #require(assets.first { $0.type == .font })
    let data = try Corpus.data("1x1_png.png")
    let image = try await worker.decodeImage(from: data)
    worker.addGlobalImageAsset(image, name: imageAsset.uniqueName)
    let font = try await worker.decodeFont(from: try Corpus.data("OpenSans-Italic.ttf"))
    worker.addGlobalFontAsset(font, name: fontAsset.uniqueName)
    let audio = try await worker.decodeAudio(from: try Media.wav())
    worker.addGlobalAudioAsset(audio, name: "embedded-0")
    let blob = try await worker.decodeBlob(from: Data([1, 2, 3]))
    #expect(blob.count == 3)
    let registered = await file.resolutionReport()
    #expect(registered.origin(of: imageAsset.uniqueName) == .globalRegistration)
    #expect(registered.origin(of: fontAsset.uniqueName) == .globalRegistration)

    worker.removeGlobalImageAsset(name: imageAsset.uniqueName)
    worker.removeGlobalFontAsset(fontAsset.uniqueName)
    worker.removeGlobalAudioAsset(name: "embedded-0")
    let removed = await file.resolutionReport()
    #expect(removed.origin(of: imageAsset.uniqueName) == .embedded)
    #expect(removed.origin(of: fontAsset.uniqueName) == .embedded)

    let systemFont = try await worker.decodeFont(from: SystemFont.systemFont(ofSize: 12))
    #expect(!systemFont.familyName.isEmpty)
  }

  @Test("caching a file and making unique instances from it")
  func cachedFile() async throws {
    let bundle = try Corpus.bundle
    let worker = try await Worker()
    let file = try await File(source: .local("defaultstatemachine", bundle), worker: worker)
    for (artboard, stateMachine) in [(nil, nil), ("New Artboard", "SM3")] as [(String?, String?)] {
      let artboardInstance = try await file.createArtboard(artboard ?? .default)
      let stateMachineInstance = try await artboardInstance.createStateMachine(
        stateMachine ?? .default)
      let rive = try await Rive(
        file: file, artboard: artboardInstance, stateMachine: stateMachineInstance)
      #expect(rive.artboard === artboardInstance)
      #expect(rive.stateMachine === stateMachineInstance)
      #expect(stateMachineInstance.name == (stateMachine ?? "DefaultSM"))
      let again = try await file.createArtboard(artboard ?? .default)
      #expect(again !== artboardInstance)
    }
  }
}
