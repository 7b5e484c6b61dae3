import Foundation
import RiveCore
import RiveNetworking

extension Worker {
  /// Downloads a hosted asset from its CDN address, decodes it on this worker and registers it
  /// globally under its unique name — the documented recipe in one call.
  ///
  /// The address is `cdn.baseURL` + `/` + `cdn.uuid`. The downloader requires a 2xx status and
  /// a non-empty body within its timeout and size cap. A failure leaves every registration as
  /// it was.
  ///
  /// - Parameters:
  ///   - asset: A hosted image, font or audio asset (see ``File/Asset/cdn``).
  ///   - downloader: The fetcher, timeout and size cap to use (inject an `HTTPDataFetching`
  ///     to test without a network).
  /// - Returns: The digest of the registered content.
  /// - Throws: `AssetDownloadError` naming the asset and the URL: `notHosted` when the asset
  ///   has no CDN uuid, `httpStatus`, `emptyBody`, `tooLarge`, `timedOut`, `transport`,
  ///   `cancelled`, `undecodable` (with the `DecodingError` as cause), or `unsupportedKind` for
  ///   kinds that cannot be registered, such as blobs.
  @MainActor
  @discardableResult
  public func registerHostedAsset(
    _ asset: File.Asset, using downloader: AssetDownloader = AssetDownloader()
  ) async throws -> ContentDigest {
    try await Self.registerHosted(asset.core, engine: engine, downloader: downloader).digest
  }

  /// Downloads, decodes and registers every hosted image, font and audio asset of `file`,
  /// concurrently.
  ///
  /// - Parameters:
  ///   - file: A file loaded by any worker; registrations go to this worker.
  ///   - downloader: The fetcher, timeout and size cap to use.
  /// - Returns: One result per hosted image, font or audio asset, in file order.
  @MainActor
  public func loadHostedAssets(
    of file: File, using downloader: AssetDownloader = AssetDownloader()
  ) async -> [HostedAssetResult] {
    let hosted = file.loaded.document.assets.filter { asset in
      asset.cdnURL != nil && [.image, .font, .audio].contains(asset.kind.mediaKind)
    }
    let engine = engine
    let results = await AssetDownloader.downloadConcurrently(hosted) {
      (asset) throws(AssetDownloadError) in
      try await Self.registerHosted(asset, engine: engine, downloader: downloader)
    }
    return zip(hosted, results).map { asset, result in
      switch result {
      case .success(let content):
        HostedAssetResult(asset: File.Asset(asset), outcome: .registered(content.digest))
      case .failure(let error):
        HostedAssetResult(asset: File.Asset(asset), outcome: .failed(error))
      }
    }
  }

  /// Downloads a hosted asset through `downloader`, decodes it on the worker's engine and
  /// registers it under its unique name.
  private static func registerHosted(
    _ asset: RiveDocument.Asset, engine: WorkerEngine, downloader: AssetDownloader
  ) async throws(AssetDownloadError) -> DecodedAsset {
    if asset.cdnURL != nil, asset.kind.mediaKind == nil || asset.kind.mediaKind == .blob {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnURL ?? asset.cdnBaseURL,
        reason: .unsupportedKind)
    }
    let content = try await downloader.download(asset) { body, kind, limits in
      await engine.run {
        Result { () throws(DecodingError) in
          try DecodedAsset.decode(body, as: kind, limits: limits)
        }
      }
    }
    engine.registry.register(content, name: asset.uniqueName)
    return content
  }
}
