import Foundation
import RiveCore
import RiveFormat
import RiveNetworking

extension Worker {
  /// Downloads a hosted asset from its CDN address, decodes it on this worker and registers it
  /// globally under its unique name — the documented recipe in one call.
  ///
  /// The address is `cdn.baseURL` + `/` + `cdn.uuid`. The downloader requires a 2xx status and
  /// a non-empty body within its timeout and size cap; with an `AssetCache` it serves fresh
  /// copies without a request. A failure leaves every registration as it was.
  ///
  /// - Parameters:
  ///   - asset: A hosted image, font or audio asset (see ``File/Asset/cdn``).
  ///   - downloader: The fetcher, timeout, size cap and cache to use (inject an
  ///     `HTTPDataFetching` to test without a network).
  /// - Returns: The digest of the registered content.
  /// - Throws: `AssetDownloadError` naming the asset and the URL: `notHosted` when the asset
  ///   has no CDN uuid, `httpStatus`, `emptyBody`, `tooLarge`, `timedOut`, `transport`,
  ///   `cancelled`, `offline` (an offline cache without a copy), `undecodable` (with the
  ///   `DecodingError` as cause), or `unsupportedKind` for kinds that cannot be registered,
  ///   such as blobs.
  @MainActor
  @discardableResult
  public func registerHostedAsset(
    _ asset: File.Asset, using downloader: AssetDownloader = AssetDownloader()
  ) async throws -> ContentDigest {
    try await Self.registerHosted(asset.core, engine: engine, downloader: downloader).content
      .digest
  }

  /// Downloads, decodes and registers every hosted image, font and audio asset of `file`,
  /// concurrently.
  ///
  /// With an `AssetCache` in `downloader`, each result's ``HostedAssetResult/delivery`` says
  /// whether the content came from the network, the disk cache or memory, and so does the
  /// file's ``File/resolutionReport()``.
  ///
  /// - Parameters:
  ///   - file: A file loaded by any worker; registrations go to this worker.
  ///   - downloader: The fetcher, timeout, size cap and cache to use.
  /// - Returns: One result per hosted image, font or audio asset, in file order.
  @MainActor
  public func loadHostedAssets(
    of file: File, using downloader: AssetDownloader = AssetDownloader()
  ) async -> [HostedAssetResult] {
    await loadHosted(of: file, using: downloader, deadline: nil)
  }

  /// The load policy of the current API: downloads, decodes and registers every hosted image,
  /// font and audio asset of `file`, concurrently, and returns when each one is registered,
  /// has failed, or the deadline has passed — the counterpart of legacy
  /// `RiveFile.waitForAssets(timeout:)`, with the outcome of each asset.
  ///
  /// At the deadline, the downloads still running are cancelled and their assets are
  /// ``HostedAssetResult/Outcome/timedOut(deadline:)``; nothing is registered for them later,
  /// so the results describe the worker's registrations exactly. (A download shared with
  /// another caller through an `AssetCache` goes on for that caller, and fills the cache.)
  ///
  /// - Parameters:
  ///   - file: A file loaded by any worker; registrations go to this worker.
  ///   - downloader: The fetcher, timeout, size cap and cache to use. Its own timeout still
  ///     applies to each request.
  ///   - deadline: Seconds from now by which every hosted asset must be resolved.
  /// - Returns: One result per hosted image, font or audio asset, in file order.
  @MainActor
  public func loadHostedAssets(
    of file: File, using downloader: AssetDownloader = AssetDownloader(),
    deadline: TimeInterval
  ) async -> [HostedAssetResult] {
    await loadHosted(of: file, using: downloader, deadline: deadline.isNaN ? 0 : max(0, deadline))
  }

  @MainActor
  private func loadHosted(
    of file: File, using downloader: AssetDownloader, deadline: TimeInterval?
  ) async -> [HostedAssetResult] {
    let hosted = file.loaded.document.assets.filter { asset in
      asset.cdnURL != nil && [.image, .font, .audio].contains(asset.kind.mediaKind)
    }
    let engine = engine
    let operation = { @Sendable (asset: RiveDocument.Asset) async throws(AssetDownloadError) in
      try await Self.registerHosted(asset, engine: engine, downloader: downloader)
    }
    let results: [Result<DownloadedAsset, AssetDownloadError>?]
    if let deadline {
      results = await AssetDownloader.downloadConcurrently(
        hosted, deadline: deadline, operation)
    } else {
      results = await AssetDownloader.downloadConcurrently(hosted, operation).map { $0 }
    }
    return zip(hosted, results).map { asset, result in
      switch result {
      case .success(let downloaded)?:
        HostedAssetResult(
          asset: File.Asset(asset), outcome: .registered(downloaded.content.digest),
          delivery: downloaded.delivery)
      case .failure(let error)?:
        HostedAssetResult(asset: File.Asset(asset), outcome: .failed(error), delivery: nil)
      case nil:
        HostedAssetResult(
          asset: File.Asset(asset), outcome: .timedOut(deadline: deadline ?? 0), delivery: nil)
      }
    }
  }

  /// Downloads a hosted asset through `downloader`, decodes it on the worker's engine and
  /// registers it under its unique name (with its source and delivery). A download that is
  /// cancelled registers nothing.
  private static func registerHosted(
    _ asset: RiveDocument.Asset, engine: WorkerEngine, downloader: AssetDownloader
  ) async throws(AssetDownloadError) -> DownloadedAsset {
    if asset.cdnURL != nil, asset.kind.mediaKind == nil || asset.kind.mediaKind == .blob {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnURL ?? asset.cdnBaseURL,
        reason: .unsupportedKind)
    }
    let downloaded = try await downloader.downloadDelivered(asset) { body, kind, limits in
      await engine.run {
        Result { () throws(DecodingError) in
          try DecodedAsset.decode(body, as: kind, limits: limits)
        }
      }
    }
    guard !Task.isCancelled else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: downloaded.url, reason: .cancelled)
    }
    engine.registry.register(
      downloaded.content, name: asset.uniqueName, source: downloaded.source,
      delivery: downloaded.delivery)
    return downloaded
  }
}
