import Foundation
import RiveCore
import RiveLegacy
import RiveTestSupport
import Testing

// The umbrella module will declare this on Linux; until then the test declares it.
private typealias UIFont = SystemFont

/// An app team's coordinator: a player and state-machine delegate that treats *paused* as
/// "animation finished".
private final class Coordinator: RivePlayerDelegate, RiveStateMachineDelegate {
  var finished = 0
  var advanced = 0
  func player(playedWithModel riveModel: RiveModel?) {}
  func player(pausedWithModel riveModel: RiveModel?) { finished += 1 }
  func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  func player(stoppedWithModel riveModel: RiveModel?) {}
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?) { advanced += 1 }
}

/// Every legacy call shape of `reference/usage-shapes.md`, compiled and run. Only the bundle
/// differs from an Apple program (`bundle` is the corpus folder, as `Bundle.module` would be).
@Suite("Legacy usage shapes", SharedCorpus.requirement)
struct SourceCompatibilityTests {
  @Test func fileNameInitializersWithClosures() throws {
    LogCapture.install()
    // Exactly as published: `Bundle.main` has no "simple_assets" on Linux, so the error is
    // recorded instead of crashing.
    let published = RiveViewModel(
      fileName: "simple_assets", loadCdn: false,
      customLoader: { (asset: RiveFileAsset, data: Data, factory: RiveFactory) -> Bool in
        false
      })
    #expect(published.riveModel == nil && published.loadError != nil)
    let notAutoPlaying = RiveViewModel(
      fileName: "simple_assets", autoPlay: false, loadCdn: false, customLoader: { _, _, _ in false }
    )
    #expect(notAutoPlaying.loadError != nil)

    // The same shapes with the bundle a Linux program passes.
    let bundle = try Corpus.bundle
    var offered: [String] = []
    let riveInstance = RiveViewModel(
      fileName: "embedded_assets", in: bundle, loadCdn: false,
      customLoader: { (asset: RiveFileAsset, data: Data, factory: RiveFactory) -> Bool in
        offered.append(asset.uniqueFilename())
        // swift-format-ignore
        if (asset is RiveImageAsset) { (asset as! RiveImageAsset).renderImage(factory.decodeImage(data)); return true }
        // swift-format-ignore
        if (asset is RiveFontAsset)  { (asset as! RiveFontAsset).font(factory.decodeFont(data)); return true }
        return false
      })
    #expect(offered == ["1x1-49935.png", "Inter-45562.ttf"])
    let report = try #require(riveInstance.riveModel?.riveFile.resolutionReport())
    #expect(report.entries.map(\.origin) == [.customLoader, .customLoader])
    let view: RiveView = riveInstance.view()
    #expect(view === riveInstance.riveView)

    let name = "hosted_assets"
    let declining = RiveViewModel(
      fileName: name, in: bundle, fit: .contain, alignment: .center, autoPlay: true, loadCdn: false,
      customLoader: { _, _, _ in false })
    #expect(declining.loadError == nil)
    #expect(declining.fit == .contain && declining.alignment == .center)
  }

  @Test func assetAccessorsAndSystemFonts() throws {
    var requestedSizes: [CGSize] = []
    var strings: [[String]] = []
    _ = try RiveFile(name: "hosted_assets", in: Corpus.bundle, loadCdn: false) {
      asset, data, factory in
      strings.append([
        asset.name(), asset.uniqueFilename(), asset.fileExtension(), asset.cdnBaseUrl(),
        asset.cdnUuid(),
      ])
      if asset is RiveFontAsset {
        // swift-format-ignore
        (asset as! RiveFontAsset).font(factory.decodeFont(UIFont.systemFont(ofSize: 12)))
        return true
      }
      guard let imageAsset = asset as? RiveImageAsset else { return false }
      let requestedSize = imageAsset.size
      requestedSizes.append(requestedSize)
      return false
    }
    #expect(requestedSizes == [CGSize(width: 192, height: 162)])
    #expect(strings.first?.first == "image.png")
    #expect(strings.last?.last == "60ad5ede-993c-4e03-9a80-e56888b2cff3")
  }

  @Test func cachingAFileAndSharingIt() throws {
    let bundle = try Corpus.bundle
    // swift-format-ignore
    let file = try! RiveFile(resource: "multipleartboards", in: bundle, loadCdn: false)
    let stateMachine: String? = nil
    let artboard: String? = "artboard1"
    let model = RiveModel(riveFile: file)  // one model per view model
    let shared = RiveViewModel(model, stateMachineName: stateMachine, artboardName: artboard)
    #expect(shared.riveModel?.artboard?.name() == "artboard1")
    #expect(shared.loadError == nil)
  }

  @Test func appTeamWrapper() throws {
    let bundle = try Corpus.bundle
    let fit: RiveFit = .contain
    let alignment: RiveAlignment = .center
    let autoPlay = true
    let coordinator = Coordinator()
    let viewModel = RiveViewModel(
      fileName: "flux_capacitor", in: bundle, fit: fit, alignment: alignment, autoPlay: autoPlay,
      loadCdn: false, customLoader: { _, _, _ in false })
    let view = viewModel.createRiveView()
    view.playerDelegate = coordinator  // RivePlayerDelegate
    view.stateMachineDelegate = coordinator  // RiveStateMachineDelegate
    viewModel.update(view: view)
    viewModel.riveModel?.animation?.loop(0)  // play once, so it finishes
    let duration = try #require(viewModel.riveModel?.animation?.effectiveDurationInSeconds())
    view.advance(delta: Double(duration) / 2)
    #expect(coordinator.finished == 0)
    view.advance(delta: Double(duration))
    #expect(coordinator.finished == 1)
    #expect(coordinator.advanced == 2)
  }
}
