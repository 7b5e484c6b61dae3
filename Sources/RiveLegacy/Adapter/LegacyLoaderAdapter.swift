import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveNetworking
import Synchronization

/// Runs legacy `customLoader` closures on top of the current API: what a closure assigns becomes
/// a global registration on a `Worker`, keyed by the asset's unique name.
///
/// For each image, font and audio asset of the file, in file order, the closure is called with
/// a legacy asset object whose accessors give exactly the legacy strings, the embedded bytes
/// (empty for referenced and hosted assets) and a ``RiveFactory``. Content it assigns — during
/// the call or later, through a kept asset object — is registered with
/// `addGlobal…Asset(_:name: asset.uniqueName)`; assigning again replaces the registration.
/// Returning `false` registers nothing; with `loadCdn` the adapter downloads hosted assets
/// (2xx required) and registers them.
///
/// A legacy loader is per file, a registration is per worker: see ``Isolation`` and
/// ``LegacyAdapterReport/Conflict``.
@MainActor
public final class LegacyLoaderAdapter {
  /// How files share workers.
  public enum Isolation: Sendable, Hashable {
    /// Every file is loaded on the adapter's worker: registrations reach all of them, as in the
    /// current API, and different content under one unique name is reported as a conflict.
    case sharedWorker
    /// Every file gets a worker of its own, so each file sees only its own loader's content —
    /// legacy per-file behaviour, exactly.
    case workerPerFile
  }

  /// The worker files are loaded on in ``Isolation/sharedWorker`` mode.
  public let worker: Worker
  /// Whether hosted assets the closure declines are downloaded.
  public let loadCdn: Bool
  /// How files share workers.
  public let isolation: Isolation
  /// The downloader used for hosted assets (give it an `AssetCache` to cache them).
  public var downloader: AssetDownloader
  private let ledger = RegistrationLedger()

  /// Creates an adapter.
  ///
  /// - Parameters:
  ///   - worker: The worker to register on (and to load files on in shared mode).
  ///   - loadCdn: Download hosted assets the closure declines, as legacy `loadCdn: true` does.
  ///   - isolation: Whether files share the worker.
  ///   - downloader: How hosted assets are fetched (inject one to test or to add caching).
  public init(
    worker: Worker, loadCdn: Bool = false, isolation: Isolation = .sharedWorker,
    downloader: AssetDownloader = AssetDownloader()
  ) {
    self.worker = worker
    self.loadCdn = loadCdn
    self.isolation = isolation
    self.downloader = downloader
  }

  /// Every conflict found so far, across the files loaded through this adapter.
  public var conflicts: [LegacyAdapterReport.Conflict] { ledger.conflicts }

  /// Loads a file and applies `loader` to it.
  ///
  /// In ``Isolation/workerPerFile`` mode the file is loaded on a new worker with the same
  /// limits as ``worker``.
  ///
  /// - Returns: The file and what happened to each of its assets.
  /// - Throws: The errors of `File(source:worker:)`.
  public func load(_ source: Source, loader: @escaping LoadAsset) async throws -> (
    file: File, report: LegacyAdapterReport
  ) {
    let target = isolation == .sharedWorker ? worker : try await Worker(limits: worker.limits)
    let file = try await File(source: source, worker: target)
    let report = await apply(loader, to: file)
    return (file, report)
  }

  /// Applies `loader` to a loaded file, registering on the file's own worker.
  ///
  /// - Returns: What happened to each image, font and audio asset, in file order.
  public func apply(_ loader: @escaping LoadAsset, to file: File) async -> LegacyAdapterReport {
    let loaded = file.loaded
    let fileName = loaded.displayName
    let sink = AdapterSink(
      registry: file.worker.engine.registry, assets: loaded.document.assets, fileName: fileName,
      fileIdentity: ObjectIdentifier(loaded), ledger: ledger)
    var outcomes: [Int: LegacyAdapterReport.Outcome] = [:]
    var downloads: [RiveDocument.Asset] = []
    let offer = LegacyOffer(loadCdn: loadCdn)
    offer.run(loaded.document, loader: loader, sink: sink) { asset, decision in
      if let assigned = sink.outcome(ofAssetAt: asset.index) {
        outcomes[asset.index] = assigned
        return
      }
      switch decision {
      case .handled: outcomes[asset.index] = .handledWithoutContent
      case .downloadFromCDN: downloads.append(asset)
      case .declined: outcomes[asset.index] = .declined
      }
    }
    let downloader = self.downloader
    let fetched = await AssetDownloader.downloadConcurrently(downloads) {
      (asset) throws(AssetDownloadError) in try await downloader.downloadDelivered(asset)
    }
    var deliveries: [Int: ContentDelivery] = [:]
    for (asset, result) in zip(downloads, fetched) {
      switch result {
      case .success(let downloaded):
        sink.register(
          downloaded.content, for: asset, source: downloaded.source, delivery: downloaded.delivery)
        deliveries[asset.index] = downloaded.delivery
        outcomes[asset.index] = .downloaded(url: downloaded.url, digest: downloaded.content.digest)
      case .failure(let error):
        RiveLogger.log(.error, "asset", error.description)
        outcomes[asset.index] = .failed(reason: error.description)
      }
    }
    let entries = loaded.document.assets.compactMap { asset -> LegacyAdapterReport.Entry? in
      guard let outcome = outcomes[asset.index] else { return nil }
      return LegacyAdapterReport.Entry(
        uniqueName: asset.uniqueName, kind: asset.kind, outcome: outcome,
        delivery: deliveries[asset.index])
    }
    return LegacyAdapterReport(
      fileName: fileName, entries: entries, conflicts: ledger.conflicts(involving: fileName))
  }
}

extension File {
  /// Loads a file and applies a legacy loader closure through a
  /// ``RiveLegacy/LegacyLoaderAdapter`` on `worker`: the one-line port of
  /// `RiveFile(…, loadCdn:, customLoader:)`.
  ///
  /// Failures and conflicts are logged through ``RiveLegacy/RiveLogger``; use
  /// ``RiveLegacy/LegacyLoaderAdapter`` to get the ``RiveLegacy/LegacyAdapterReport``.
  ///
  /// - Throws: The errors of `File(source:worker:)`.
  @MainActor
  public static func load(
    source: Source, worker: Worker, legacyLoader: @escaping LoadAsset, loadCdn: Bool = false
  ) async throws -> File {
    let adapter = LegacyLoaderAdapter(worker: worker, loadCdn: loadCdn)
    let (file, report) = try await adapter.load(source, loader: legacyLoader)
    for entry in report.entries {
      if case .failed(let reason) = entry.outcome {
        RiveLogger.log(.error, "asset", "\(report.fileName): \(entry.uniqueName): \(reason)")
      }
    }
    for conflict in report.conflicts { RiveLogger.log(.warning, "asset", conflict.description) }
    return file
  }

  /// Loads a file and applies a legacy loader closure: the one-line port of
  /// `RiveFile(…, loadCdn:, customLoader:)`. See ``load(source:worker:legacyLoader:loadCdn:)``.
  ///
  /// - Throws: The errors of `File(source:worker:)`.
  @MainActor
  public convenience init(
    source: Source, worker: Worker, legacyLoader: @escaping LoadAsset, loadCdn: Bool = false
  ) async throws {
    let loaded = try await File.load(
      source: source, worker: worker, legacyLoader: legacyLoader, loadCdn: loadCdn)
    self.init(loaded: loaded.loaded, worker: loaded.worker)
  }
}
