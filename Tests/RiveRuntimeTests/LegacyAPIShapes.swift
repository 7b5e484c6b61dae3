import RiveRuntime

/// The legacy-API lines of `reference/usage-shapes.md`, each written as users write it, with
/// `import RiveRuntime` as this file's only import (`UIFont` and `CGSize` come through it). Only
/// the bundle differs from an Apple program. `UsageShapesTests` runs every function and checks
/// what it returns.
enum LegacyAPIShapes {
  /// What the view-model initializers with closures did.
  struct ViewModels {
    /// Whether the published `fileName:` forms (`Bundle.main`, which has no such file on Linux)
    /// recorded a load error instead of crashing.
    var publishedFormsFailedSoftly: [Bool] = []
    /// The unique file names offered to the closure, in order.
    var offered: [String] = []
    /// Where the offered assets' content came from.
    var origins: [ResolutionReport.Origin] = []
    /// Whether `view()` gave the view model's own view.
    var viewIsTheModelsView = false
    /// Whether the `in:fit:alignment:autoPlay:` form loaded, with its fit and alignment.
    var fullFormLoaded = false
  }

  /// The `RiveViewModel(fileName:…customLoader:)` shapes and `view()`.
  static func viewModels(bundle: Bundle) -> ViewModels {
    var result = ViewModels()
    let published = RiveViewModel(
      fileName: "simple_assets", loadCdn: false,
      customLoader: { (asset: RiveFileAsset, data: Data, factory: RiveFactory) -> Bool in
        false
      })
    let notAutoPlaying = RiveViewModel(
      fileName: "simple_assets", autoPlay: false, loadCdn: false, customLoader: { _, _, _ in false }
    )
    result.publishedFormsFailedSoftly = [published, notAutoPlaying].map {
      $0.riveModel == nil && $0.loadError != nil
    }

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
    result.offered = offered
    result.origins =
      riveInstance.riveModel?.riveFile.resolutionReport().entries.map(\.origin) ?? []
    let view: RiveView = riveInstance.view()  // headless on Linux
    result.viewIsTheModelsView = view === riveInstance.riveView

    let name = "hosted_assets"
    let declining = RiveViewModel(
      fileName: name, in: bundle, fit: .contain, alignment: .center, autoPlay: true, loadCdn: false,
      customLoader: { _, _, _ in false })
    result.fullFormLoaded =
      declining.loadError == nil && declining.fit == .contain && declining.alignment == .center
    return result
  }

  /// What the asset accessors returned.
  struct Accessors {
    /// The authored sizes of the image assets.
    var requestedSizes: [CGSize] = []
    /// `name()`, `uniqueFilename()`, `fileExtension()`, `cdnBaseUrl()`, `cdnUuid()` per asset.
    var strings: [[String]] = []
    /// Whether the font was given a system font.
    var fontAssigned = false
  }

  /// The asset accessors, `as?` and `as!` casts and the system-font shape.
  static func accessors(bundle: Bundle) throws -> Accessors {
    var result = Accessors()
    let file = try RiveFile(name: "hosted_assets", in: bundle, loadCdn: false) {
      asset, data, factory in
      result.strings.append([
        asset.name(), asset.uniqueFilename(), asset.fileExtension(), asset.cdnBaseUrl(),
        asset.cdnUuid(),
      ])
      if asset is RiveFontAsset {
        // swift-format-ignore
        (asset as! RiveFontAsset).font(factory.decodeFont(UIFont.systemFont(ofSize: 12)))   // size/weight ignored
        return true
      }
      guard let imageAsset = asset as? RiveImageAsset else { return false }
      let requestedSize = imageAsset.size  // CGSize authored in the file
      result.requestedSizes.append(requestedSize)
      return false
    }
    result.fontAssigned = file.resolutionReport().entries.contains {
      $0.asset.kind == .font && $0.origin == .customLoader
    }
    return result
  }

  /// Caches a legacy file and shares it: the artboard the shared view model shows.
  static func sharedFile(bundle: Bundle) throws -> (artboard: String?, loadError: (any Error)?) {
    // swift-format-ignore
    let file = try! RiveFile(resource: "multipleartboards", in: bundle, loadCdn: false)
    let stateMachine: String? = nil
    let artboard: String? = "artboard1"
    let model = RiveModel(riveFile: file)  // one model per view model
    let shared = RiveViewModel(model, stateMachineName: stateMachine, artboardName: artboard)
    return (shared.riveModel?.artboard?.name(), shared.loadError)
  }

  /// An app team's coordinator: a player and state-machine delegate that treats *paused* as
  /// "animation finished".
  final class Coordinator: RivePlayerDelegate, RiveStateMachineDelegate {
    /// How many times playback finished (paused).
    var finished = 0
    /// How many advances were reported.
    var advanced = 0
    func player(playedWithModel riveModel: RiveModel?) {}
    func player(pausedWithModel riveModel: RiveModel?) { finished += 1 }
    func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
    func player(stoppedWithModel riveModel: RiveModel?) {}
    func player(didAdvanceby seconds: Double, riveModel: RiveModel?) { advanced += 1 }
  }

  /// The app team's wrapper around the legacy view model: plays `flux_capacitor.riv` once,
  /// half its duration and then past its end, and returns the coordinator's counts after each.
  static func wrapper(bundle: Bundle) -> [(finished: Int, advanced: Int)] {
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
    guard let duration = viewModel.riveModel?.animation?.effectiveDurationInSeconds() else {
      return []
    }
    var counts: [(finished: Int, advanced: Int)] = []
    view.advance(delta: Double(duration) / 2)
    counts.append((coordinator.finished, coordinator.advanced))
    view.advance(delta: Double(duration))
    counts.append((coordinator.finished, coordinator.advanced))
    return counts
  }
}
