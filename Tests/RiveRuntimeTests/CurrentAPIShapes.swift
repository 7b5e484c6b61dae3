import RiveRuntime

/// The current-API lines of `reference/usage-shapes.md`, each written as users write it, with
/// `import RiveRuntime` as this file's only import: compiling the file is half the test. The
/// only change from an Apple program is the bundle (the corpus folder, as `Bundle.module` would
/// be on Linux). `UsageShapesTests` runs every function and checks what it returns.
@MainActor
enum CurrentAPIShapes {
  /// What the asset loop and the global registration shapes saw.
  struct Registration {
    /// `kind name` of every image, font and audio asset, in file order.
    var seen: [String] = []
    /// Every asset's `assetID`.
    var assetIDs: [UInt32] = []
    /// The CDN URLs built from `cdn.baseURL` and `cdn.uuid`.
    var cdnURLs: [URL] = []
    /// Whether `Bundle.main.url(forResource:withExtension:)` found anything.
    var foundInMain = false
    /// Where the image's and the font's content came from after the registrations.
    var registered: [ResolutionReport.Origin?] = []
    /// Where the image's and the font's content came from after the removals.
    var removed: [ResolutionReport.Origin?] = []
    /// The decoded blob's size.
    var blobCount = 0
    /// The family of the system font (`UIFont` is `SystemFont` on Linux).
    var systemFontFamily = ""
    /// The error of loading a `.main` resource (there is none on Linux).
    var mainBundleError: (any Error)?
  }

  /// Runs the asset loop on `embedded_assets.riv` and `hosted_assets.riv`, then the
  /// registration shapes on `embedded_assets.riv`.
  static func registration(
    bundle: Bundle, image imageData: Data, font fontData: Data, audio audioData: Data
  ) async throws -> Registration {
    var result = Registration()
    let worker = try await Worker()  // async throws; from a @MainActor context
    do {
      _ = try await File(source: .local("my_rive_file", .main), worker: worker)
    } catch {
      result.mainBundleError = error
    }
    for name in ["embedded_assets", "hosted_assets"] {
      let file = try await File(source: .local(name, bundle), worker: worker)
      for asset in try await file.getAssets() {  // embedded and referenced assets
        if case .unknown = asset.type { continue }  // type is an enum with .unknown(UInt16)
        switch asset.type {
        case .image: result.seen.append("image \(asset.name)")
        case .font: result.seen.append("font \(asset.name)")
        case .audio: result.seen.append("audio \(asset.name)")
        case .blob, .unknown: break
        }
        if Bundle.main.url(forResource: asset.uniqueName, withExtension: asset.fileExtension)
          != nil
        {
          result.foundInMain = true
        }
        let id: UInt32 = asset.assetID
        result.assetIDs.append(id)
        guard asset.type == .image, let cdn = asset.cdn, let baseURL = URL(string: cdn.baseURL)
        else { continue }
        let url = baseURL.appendingPathComponent(cdn.uuid)  // cdn.uuid is a String
        result.cdnURLs.append(url)
      }
    }

    let file = try await File(source: .local("embedded_assets", bundle), worker: worker)
    let assets = try await file.getAssets()
    guard let imageAsset = assets.first(where: { $0.type == .image }),
      let fontAsset = assets.first(where: { $0.type == .font })
    else { return result }
    let data = imageData
    let image = try await worker.decodeImage(from: data)  // data: Data
    worker.addGlobalImageAsset(image, name: imageAsset.uniqueName)
    let font = try await worker.decodeFont(from: fontData)
    worker.addGlobalFontAsset(font, name: fontAsset.uniqueName)
    let audio = try await worker.decodeAudio(from: audioData)
    worker.addGlobalAudioAsset(audio, name: "embedded-0")
    let blob = try await worker.decodeBlob(from: Data([1, 2, 3]))  // through BlobProperty only
    result.blobCount = blob.count
    let registered = await file.resolutionReport()
    result.registered = [imageAsset, fontAsset].map {
      registered.entry(uniqueName: $0.uniqueName)?.origin
    }

    worker.removeGlobalImageAsset(name: imageAsset.uniqueName)
    worker.removeGlobalFontAsset(fontAsset.uniqueName)  // no label, as published
    worker.removeGlobalAudioAsset(name: "embedded-0")
    let removed = await file.resolutionReport()
    result.removed = [imageAsset, fontAsset].map {
      removed.entry(uniqueName: $0.uniqueName)?.origin
    }

    let systemFont = try await worker.decodeFont(from: UIFont.systemFont(ofSize: 12))
    result.systemFontFamily = systemFont.familyName
    return result
  }

  /// What the caching shapes made, per (artboard, state machine) request.
  struct Instances {
    /// The state machines' names.
    var stateMachineNames: [String] = []
    /// Whether `Rive` holds exactly the artboard and state machine it was given.
    var boundTheGivenInstances: [Bool] = []
    /// Whether a second `createArtboard` gave a new instance.
    var secondArtboardIsNew: [Bool] = []
  }

  /// Caches a file and makes unique instances from it (`artboard` and `stateMachine` are
  /// `String?`), on `defaultstatemachine.riv`.
  static func instances(bundle: Bundle) async throws -> Instances {
    var result = Instances()
    let worker = try await Worker()
    let file = try await File(source: .local("defaultstatemachine", bundle), worker: worker)
    for (artboard, stateMachine) in [(nil, nil), ("New Artboard", "SM3")] as [(String?, String?)] {
      let artboardInstance = try await file.createArtboard(artboard ?? .default)
      let stateMachineInstance = try await artboardInstance.createStateMachine(
        stateMachine ?? .default)
      let rive = try await Rive(
        file: file, artboard: artboardInstance, stateMachine: stateMachineInstance)
      result.stateMachineNames.append(stateMachineInstance.name)
      result.boundTheGivenInstances.append(
        rive.artboard === artboardInstance && rive.stateMachine === stateMachineInstance)
      let again = try await file.createArtboard(artboard ?? .default)
      result.secondArtboardIsNew.append(again !== artboardInstance)
    }
    return result
  }
}
