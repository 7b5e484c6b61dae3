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
  ///   `cancelled`, or `undecodable` (also for kinds that cannot be registered, such as blobs).
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
    let outcomes = await withTaskGroup(
      of: (Int, HostedAssetResult.Outcome).self
    ) { group in
      for (position, asset) in hosted.enumerated() {
        group.addTask {
          do throws(AssetDownloadError) {
            let content = try await Self.registerHosted(
              asset, engine: engine, downloader: downloader)
            return (position, .registered(content.digest))
          } catch {
            return (position, .failed(error))
          }
        }
      }
      var outcomes: [Int: HostedAssetResult.Outcome] = [:]
      for await (position, outcome) in group { outcomes[position] = outcome }
      return outcomes
    }
    return hosted.enumerated().compactMap { position, asset in
      outcomes[position].map { HostedAssetResult(asset: File.Asset(asset), outcome: $0) }
    }
  }

  private static func registerHosted(
    _ asset: RiveDocument.Asset, engine: WorkerEngine, downloader: AssetDownloader
  ) async throws(AssetDownloadError) -> DecodedAsset {
    guard let address = asset.cdnURL, let url = URL(string: address) else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnBaseURL, reason: .notHosted)
    }
    guard let kind = asset.kind.mediaKind, kind != .blob else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: address,
        reason: .undecodable("\(asset.kind) assets cannot be registered globally"))
    }
    let body = try await downloader.fetch(url, assetName: asset.uniqueName)
    let limits = downloader.limits
    let decoded = await engine.run {
      Result { () throws(DecodingError) in try DecodedAsset.decode(body, as: kind, limits: limits) }
    }
    switch decoded {
    case .success(let content):
      engine.registry.register(content, name: asset.uniqueName)
      return content
    case .failure(let error):
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: address, reason: .undecodable(error.description))
    }
  }
}
