import RiveRuntime

/// A small app written the way upstream's example apps and tests are written, with `import
/// RiveRuntime` as this file's only import: compiling it is half the test. The app keeps the
/// out-of-band assets its legacy loader is offered and fills them once their content arrives,
/// gives a `RiveViewModel` its out-of-band audio, shares one `Worker` between several `File`s,
/// registers a system font and hosted images fetched with `URLSession.shared`, and starts the
/// way the quick start does. As on Linux every such program must, it passes a bundle (the
/// corpus folder, as `Bundle.module` would be) where an Apple app would rely on `.main`.
///
/// Each part returns plain values saying what happened; `UpstreamAppProgramTests` runs the
/// parts and checks those values against the official runtime's reference reports and the
/// corpus files.
enum UpstreamAppProgram {
  // MARK: Legacy: out-of-band assets kept by the loader, filled later

  /// The app's out-of-band assets: its legacy loader keeps the factory it is handed and every
  /// image, font and audio asset that comes without bytes, and claims those (so the runtime
  /// neither decodes nor downloads anything for them). Content that arrives later, from the
  /// app's own storage or network, is decoded with the kept factory and given to the kept
  /// asset, which the file then uses.
  final class OutOfBandAssets {
    /// The factory the loader was handed, kept to decode late content with.
    private(set) var factory: RiveFactory?
    /// The assets claimed, by unique file name (`walle-370.png`).
    private(set) var kept: [String: RiveFileAsset] = [:]
    /// Every asset offered, as `uniqueFilename bytes`, in the order offered.
    private(set) var offers: [String] = []

    /// The custom loader to pass to `RiveViewModel(fileName:…customLoader:)` or
    /// `RiveFile(name:…customLoader:)`.
    var loader: LoadAsset {
      return { [self] (asset: RiveFileAsset, data: Data, factory: RiveFactory) -> Bool in
        offers.append("\(asset.uniqueFilename()) \(data.count)")
        self.factory = factory
        // Embedded: the runtime decodes the bytes itself.
        guard data.isEmpty else { return false }
        kept[asset.uniqueFilename()] = asset
        return true
      }
    }

    /// Gives each kept asset whose content is in `files` (keyed by unique file name, as the
    /// app stores what it downloaded) that content.
    ///
    /// - Returns: The unique file names filled, sorted.
    @discardableResult
    func fill(from files: [String: Data]) -> [String] {
      guard let factory else { return [] }
      var filled: [String] = []
      for (name, asset) in kept.sorted(by: { $0.key < $1.key }) {
        guard let data = files[name] else { continue }
        if let image = asset as? RiveImageAsset {
          image.renderImage(factory.decodeImage(data))
        } else if let font = asset as? RiveFontAsset {
          font.font(factory.decodeFont(data))
        } else if let audio = asset as? RiveAudioAsset, let sound = factory.decodeAudio(data) {
          audio.audio(sound)
        } else {
          continue
        }
        filled.append(name)
      }
      return filled
    }

    /// Gives every kept font asset the platform font `systemFont`.
    ///
    /// - Returns: The unique file names filled, sorted.
    @discardableResult
    func fillFonts(with systemFont: UIFont) -> [String] {
      guard let factory else { return [] }
      var filled: [String] = []
      for (name, asset) in kept.sorted(by: { $0.key < $1.key }) {
        guard let fontAsset = asset as? RiveFontAsset, let font = factory.decodeFont(systemFont)
        else { continue }
        fontAsset.font(font)
        filled.append(name)
      }
      return filled
    }
  }

  /// Where each asset of a legacy file gets its content now, by unique name.
  static func origins(of file: RiveFile?) -> [String: ResolutionReport.Origin] {
    var origins: [String: ResolutionReport.Origin] = [:]
    for entry in file?.resolutionReport().entries ?? [] {
      origins[entry.asset.uniqueName] = entry.origin
    }
    return origins
  }

  /// What filling the referenced images of a view model's file after load did.
  struct LateImages {
    /// The loader's offers, `uniqueFilename bytes`.
    var offers: [String] = []
    /// The assets the loader claimed.
    var kept: [String] = []
    /// The assets filled when their content arrived.
    var filled: [String] = []
    /// The assets filled again with new content.
    var refilled: [String] = []
    /// Where each asset's content came from before anything arrived.
    var originsBeforeFill: [String: ResolutionReport.Origin] = [:]
    /// Where each asset's content came from after the filling.
    var originsAfterFill: [String: ResolutionReport.Origin] = [:]
    /// The view's frame before anything arrived, after the first content and after the
    /// replacement.
    var frames: [RiveFrame] = []
    /// Why the view model did not load, if it did not.
    var loadError: String?
  }

  /// `out_of_band_walle.riv` references two images the app downloads itself: the view model
  /// is created at once, its images are filled when they arrive and one is replaced later.
  static func lateImages(
    bundle: Bundle, arrived: [String: Data], replacement: [String: Data]
  ) throws -> LateImages {
    var result = LateImages()
    let store = OutOfBandAssets()
    let viewModel = RiveViewModel(
      fileName: "out_of_band_walle", in: bundle, autoPlay: false, loadCdn: false,
      customLoader: store.loader)
    result.loadError = viewModel.loadError.map { "\($0)" }
    let view = viewModel.createRiveView()
    result.offers = store.offers
    result.kept = store.kept.keys.sorted()
    result.originsBeforeFill = origins(of: viewModel.riveModel?.riveFile)
    result.frames.append(try view.snapshot())

    result.filled = store.fill(from: arrived)
    result.frames.append(try view.snapshot())
    result.refilled = store.fill(from: replacement)
    result.frames.append(try view.snapshot())
    result.originsAfterFill = origins(of: viewModel.riveModel?.riveFile)
    return result
  }

  /// What giving a view model's file its out-of-band audio did.
  struct OutOfBandAudio {
    /// The loader's offers, `uniqueFilename bytes`.
    var offers: [String] = []
    /// The assets the loader claimed.
    var kept: [String] = []
    /// The assets filled when their content arrived.
    var filled: [String] = []
    /// The state machine the view model plays.
    var stateMachine: String?
    /// Where each asset's content came from before the filling.
    var originsBeforeFill: [String: ResolutionReport.Origin] = [:]
    /// Where each asset's content came from after the filling.
    var originsAfterFill: [String: ResolutionReport.Origin] = [:]
    /// The frame count and sample rate of each audio asset's content after the filling.
    var clips: [String: (frames: Int, sampleRate: Int)] = [:]
  }

  /// `audio_test.riv` embeds one sound and hosts another; the app ships the hosted one and
  /// gives it to the view model after load, while its view advances.
  static func outOfBandAudio(bundle: Bundle, arrived: [String: Data]) -> OutOfBandAudio {
    var result = OutOfBandAudio()
    let store = OutOfBandAssets()
    let viewModel = RiveViewModel(
      fileName: "audio_test", in: bundle, loadCdn: false, customLoader: store.loader)
    let view = viewModel.createRiveView()
    view.advance(delta: 1.0 / 60)
    result.offers = store.offers
    result.kept = store.kept.keys.sorted()
    result.stateMachine = viewModel.riveModel?.stateMachine?.name()
    result.originsBeforeFill = origins(of: viewModel.riveModel?.riveFile)

    result.filled = store.fill(from: arrived)
    view.advance(delta: 1.0 / 60)
    result.originsAfterFill = origins(of: viewModel.riveModel?.riveFile)
    for entry in viewModel.riveModel?.riveFile.resolutionReport().entries ?? [] {
      guard let clip = entry.content?.audio else { continue }
      result.clips[entry.asset.uniqueName] = (clip.frameCount, clip.sampleRate)
    }
    return result
  }

  /// What filling a hosted font with the platform font after load did.
  struct LateSystemFont {
    /// The assets the loader claimed.
    var kept: [String] = []
    /// The assets filled.
    var filled: [String] = []
    /// Where the font came from before the filling.
    var originsBeforeFill: [String: ResolutionReport.Origin] = [:]
    /// Where the font came from after the filling.
    var originsAfterFill: [String: ResolutionReport.Origin] = [:]
    /// The family of the font the file uses now.
    var family: String?
    /// The weight asked for.
    var weight: Double = 0
  }

  /// `hosted_font_file.riv` hosts its font; offline, the app uses the platform's semibold
  /// system font instead, as upstream's font test decodes it.
  static func lateSystemFont(bundle: Bundle) throws -> LateSystemFont {
    var result = LateSystemFont()
    let store = OutOfBandAssets()
    let file = try RiveFile(
      name: "hosted_font_file", in: bundle, loadCdn: false, customLoader: store.loader)
    result.kept = store.kept.keys.sorted()
    result.originsBeforeFill = origins(of: file)
    let semibold = UIFont.systemFont(ofSize: 16, weight: .semibold)
    result.weight = Double(semibold.weight.rawValue)
    result.filled = store.fillFonts(with: semibold)
    result.originsAfterFill = origins(of: file)
    let fonts = file.resolutionReport().entries.compactMap { $0.content?.font }
    result.family = fonts.first?.familyName
    return result
  }

  // MARK: Current API: one worker, several files

  /// One hosted image fetched by the documented recipe.
  struct HostedFetch {
    var uniqueName: String
    /// The URL the recipe built from `cdn.baseURL` and `cdn.uuid`.
    var documentedURL: URL
    var bytes: Int
    var width: Int
    var height: Int
    var digest: ContentDigest
  }

  /// The app's CDN mirror: the same path on another host (a caching proxy in production, a
  /// loopback server in the tests). No mirror leaves the URL as it is.
  static func routed(_ url: URL, through mirror: URL?) -> URL {
    guard let mirror, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url
    }
    parts.scheme = mirror.scheme
    parts.host = mirror.host
    parts.port = mirror.port
    return parts.url ?? url
  }

  /// The documented hosted-asset recipe: for every hosted image of `file`, fetch
  /// `cdn.baseURL/cdn.uuid` with `URLSession.shared`, decode it with the worker and register
  /// it under the asset's unique name.
  @MainActor
  static func registerHostedImages(
    of file: File, on worker: Worker, mirror: URL?
  ) async throws -> [HostedFetch] {
    var fetched: [HostedFetch] = []
    for asset in try await file.getAssets() {
      guard asset.type == .image, let cdn = asset.cdn, let baseURL = URL(string: cdn.baseURL)
      else { continue }
      let url = baseURL.appendingPathComponent(cdn.uuid)
      let (data, _) = try await URLSession.shared.data(from: routed(url, through: mirror))
      let image = try await worker.decodeImage(from: data)
      worker.addGlobalImageAsset(image, name: asset.uniqueName)
      fetched.append(
        HostedFetch(
          uniqueName: asset.uniqueName, documentedURL: url, bytes: data.count, width: image.width,
          height: image.height, digest: image.digest))
    }
    return fetched
  }

  /// What the shared worker did.
  struct SharedWorker {
    /// `type uniqueName` of every asset the catalog file lists.
    var catalog: [String] = []
    /// The hosted images fetched and registered.
    var hosted: [HostedFetch] = []
    /// The family of the system font registered for every font.
    var fontFamily = ""
    /// The digest of that font.
    var fontDigest: ContentDigest?
    /// The unique names the font was registered under.
    var fontNames: [String] = []
    /// Per file loaded after the registrations (`name#n`): each asset's origin and digest.
    var files: [String: [String: (origin: ResolutionReport.Origin, digest: ContentDigest?)]] = [:]
    /// Whether every file is on the one worker.
    var oneWorker = false
    /// A frame of the last hosted file, drawn with the registrations.
    var frame: RiveFrame?
  }

  /// One worker for the whole app: the catalog file says which assets the screens need; the
  /// system font and the hosted images are registered under their unique names, then the
  /// screens' files are loaded on the same worker, as upstream requires (registrations reach
  /// files loaded afterwards).
  @MainActor
  static func sharedWorker(bundle: Bundle, mirror: URL?) async throws -> SharedWorker {
    var result = SharedWorker()
    let worker = try await Worker()
    let font = try await worker.decodeFont(from: UIFont.systemFont(ofSize: 16, weight: .semibold))
    result.fontFamily = font.familyName
    result.fontDigest = font.digest

    let catalog = try await File(source: .local("hosted_assets", bundle), worker: worker)
    for asset in try await catalog.getAssets() {
      switch asset.type {
      case .image: result.catalog.append("image \(asset.uniqueName)")
      case .font:
        result.catalog.append("font \(asset.uniqueName)")
        worker.addGlobalFontAsset(font, name: asset.uniqueName)
        result.fontNames.append(asset.uniqueName)
      case .audio: result.catalog.append("audio \(asset.uniqueName)")
      case .blob, .unknown: continue
      }
    }
    result.hosted = try await registerHostedImages(of: catalog, on: worker, mirror: mirror)

    var files: [File] = []
    for name in ["embedded_assets", "hosted_assets", "hosted_assets"] {
      let file = try await File(source: .local(name, bundle), worker: worker)
      files.append(file)
      var entries: [String: (origin: ResolutionReport.Origin, digest: ContentDigest?)] = [:]
      for entry in await file.resolutionReport().entries {
        entries[entry.asset.uniqueName] = (entry.origin, entry.content?.digest)
      }
      result.files["\(name)#\(files.count)"] = entries
    }
    result.oneWorker = files.allSatisfy { $0.worker === worker }
    if let last = files.last {
      let rive = try await Rive(file: last)
      rive.stateMachine.advance(by: 0)
      result.frame = try await rive.renderFrame()
    }
    return result
  }

  // MARK: Quick start

  /// What the quick start showed, in either API generation.
  struct QuickStart {
    /// The artboard, state machine and view model the defaults chose.
    var artboard = ""
    var stateMachine = ""
    var viewModel = ""
    /// How many view-model instances were bound automatically.
    var autoBound = 0
    /// The frame as authored, and after the picture was given to the image property.
    var frames: [RiveFrame] = []
  }

  /// The current API's quick start on `data_binding_image_test.riv`: a worker, a file, a
  /// `Rive` with its defaults (the default artboard, state machine and view-model instance,
  /// bound automatically), then a picture given to the instance's image property at `path`.
  @MainActor
  static func quickStart(bundle: Bundle, imagePath path: String, picture: Data) async throws
    -> QuickStart
  {
    var result = QuickStart()
    let worker = try await Worker()
    let file = try await File(source: .local("data_binding_image_test", bundle), worker: worker)
    let rive = try await Rive(file: file)
    result.artboard = rive.artboard.name
    result.stateMachine = rive.stateMachine.name
    guard let instance = rive.viewModelInstance else { return result }
    result.autoBound = 1
    result.viewModel = try await instance.viewModelName()
    rive.stateMachine.advance(by: 0)
    result.frames.append(try await rive.renderFrame())
    let image = try await worker.decodeImage(from: picture)
    instance.setValue(of: ImageProperty(path: path), to: image)
    rive.stateMachine.advance(by: 1.0 / 60)
    result.frames.append(try await rive.renderFrame())
    return result
  }

  /// The legacy quick start on the same file: `RiveViewModel(fileName:)` and its view, with
  /// auto-binding; the picture is given to the bound instance's image property.
  static func legacyQuickStart(bundle: Bundle, imagePath path: String, picture: Data) throws
    -> QuickStart
  {
    var result = QuickStart()
    var bound: [RiveDataBindingViewModel.Instance] = []
    let viewModel = RiveViewModel(fileName: "data_binding_image_test", in: bundle)
    viewModel.riveModel?.enableAutoBind { instance in
      bound.append(instance)
    }
    let view = viewModel.view()
    result.artboard = viewModel.riveModel?.artboard?.name() ?? ""
    result.stateMachine = viewModel.riveModel?.stateMachine?.name() ?? ""
    result.autoBound = bound.count
    guard let instance = bound.last, let model = viewModel.riveModel,
      let artboard = model.artboard
    else { return result }
    result.viewModel = model.riveFile.defaultViewModel(for: artboard)?.name ?? ""
    view.advance(delta: 0)
    result.frames.append(try view.snapshot())
    instance.imageProperty(fromPath: path)?.setValue(RiveRenderImage(data: picture))
    view.advance(delta: 1.0 / 60)
    result.frames.append(try view.snapshot())
    return result
  }
}
