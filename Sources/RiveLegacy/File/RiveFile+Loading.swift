import Foundation
import RiveCore
import RiveFormat
import RiveNetworking

extension RiveFile {
  /// Offers each image, font and audio asset to the loader (``LegacyOffer``), then applies
  /// upstream's fallbacks to what it declines: the CDN (when enabled and the asset is hosted),
  /// else the embedded bytes, else nothing.
  func resolveAssets(of loaded: LoadedFile, loader: LoadAsset?) {
    let offer = LegacyOffer(loadCdn: loadCdn)
    offer.run(loaded.document, loader: loader, sink: store) { asset, decision in
      switch decision {
      case .handled:
        guard store.assignment(ofAssetAt: asset.index) == nil else { return }
        store.assign(.init(origin: .unresolved, content: nil), toAssetAt: asset.index)
        RiveLogger.log(
          .info, "asset",
          "\(displayName): the custom loader claimed \(asset.uniqueName) without assigning "
            + "content; it stays empty until content is assigned")
      case .downloadFromCDN(let url):
        startDownload(of: asset, from: url)
      case .declined:
        guard let bytes = loaded.document.inBandContents(ofAssetAt: asset.index), bytes.count > 0
        else { return }
        store.clearAssignment(ofAssetAt: asset.index)
        if case .failure(let error) = loaded.embeddedContent(ofAssetAt: asset.index) {
          RiveLogger.log(
            .error, "asset",
            "\(displayName): embedded \(asset.kind) \(asset.uniqueName) did not decode: \(error)")
        }
      }
    }
  }

  /// Downloads a hosted asset in the background and assigns it when it arrives.
  private func startDownload(of asset: RiveDocument.Asset, from url: String) {
    if store.assignment(ofAssetAt: asset.index) == nil {
      store.assign(.init(origin: .unresolved, content: nil), toAssetAt: asset.index)
    }
    let store = self.store
    let downloader = assetDownloader
    let name = displayName
    store.startPendingWork {
      do throws(AssetDownloadError) {
        let downloaded = try await downloader.downloadDelivered(asset)
        guard !store.isCancelled else { return }
        store.assign(
          .init(origin: .cdn(url: url), content: downloaded.content, delivery: downloaded.delivery),
          toAssetAt: asset.index)
      } catch {
        guard !store.isCancelled, error.reason != .cancelled else { return }
        RiveLogger.log(.error, "cdn", "\(name): \(error)")
        // A failed download never removes content the asset already has (for example what
        // the loader assigned before declining).
        guard store.assignment(ofAssetAt: asset.index)?.content == nil else { return }
        store.assign(
          .init(origin: .failed(reason: error.description), content: nil), toAssetAt: asset.index)
      }
    }
  }

  /// Downloads the file's bytes, then loads them on the main actor.
  func startFileDownload(from url: URL) {
    let reference = WeakReference(self)
    let downloader = assetDownloader
    store.startPendingWork {
      let result: Result<Data, AssetDownloadError>
      do throws(AssetDownloadError) {
        result = .success(try await downloader.fetch(url, assetName: url.lastPathComponent))
      } catch {
        result = .failure(error)
      }
      await MainActor.run { reference.object?.finishLoading(result) }
    }
  }

  /// Loads downloaded bytes and tells the delegate.
  @MainActor
  private func finishLoading(_ result: Result<Data, AssetDownloadError>) {
    guard !store.isCancelled else { return }
    let error: NSError
    switch result {
    case .success(let data):
      do {
        let loaded = try LoadedFile(data: data, displayName: displayName)
        store.loaded = loaded
        resolveAssets(of: loaded, loader: loader?.load)
        do {
          try delegate?.riveFileDidLoad(self)
        } catch {
          RiveLogger.log(.error, "file", "\(displayName): riveFileDidLoad threw \(error)")
        }
        return
      } catch let failure {
        error = RiveErrorCode.code(for: failure).error(
          "\(displayName): \(failure)", underlying: failure)
      }
    case .failure(let failure):
      error = RiveErrorCode.unknown.error("\(failure)", underlying: failure)
    }
    RiveLogger.log(.error, "file", error.localizedDescription)
    delegate?.riveFileDidError(error)
  }

  // MARK: Resolution

  /// Where every asset's content comes from now, and the images bound through data binding.
  ///
  /// Each of the file's assets gets one entry, in file order: `.customLoader` (content assigned
  /// by the loader or later through a kept asset object), `.cdn(url:)` (with the entry's
  /// `delivery` saying network, disk cache or memory when the downloader has an
  /// `AssetCache`), `.embedded`,
  /// `.unresolved` (nothing yet: referenced, declined, claimed without content, or still
  /// downloading) or `.failed(reason:)` (bytes that did not decode, a failed download, an empty
  /// object assigned). Then one `.dataBinding(path:)` entry per image property set on a live
  /// instance, naming the asset the property pointed at (or, when it pointed at none, an image
  /// asset description with index -1 named after the property).
  public func resolutionReport() -> ResolutionReport {
    guard let loaded = store.loaded else {
      return ResolutionReport(subject: displayName, entries: [])
    }
    let store = self.store
    var report = ResolutionReport.resolve(loaded) { (asset: RiveDocument.Asset) in
      store.assignment(ofAssetAt: asset.index).map {
        ResolutionReport.Entry(
          asset: asset, origin: $0.origin, content: $0.content, delivery: $0.delivery)
      }
    }
    for (path, binding) in store.bindings {
      report.entries.append(
        ResolutionReport.Entry(
          asset: binding.asset, origin: binding.origin, content: binding.content,
          propertyPath: path))
    }
    return report
  }

  /// Waits until the file (for URL files) and every CDN download have arrived or failed.
  ///
  /// - Parameter timeout: The longest wait, in seconds.
  /// - Returns: Whether nothing is pending any more (false on timeout).
  public func waitForAssets(timeout: TimeInterval) async -> Bool {
    await store.waitUntilIdle(timeout: timeout)
  }

  /// Blocks the calling thread until the file (for URL files) and every CDN download have
  /// arrived or failed. Do not call it on the main thread while a URL file loads: loading
  /// finishes on the main actor.
  ///
  /// - Parameter timeout: The longest wait, in seconds.
  /// - Returns: Whether nothing is pending any more (false on timeout).
  public func waitForAssetsSynchronously(timeout: TimeInterval) -> Bool {
    store.waitUntilIdle(timeout: timeout)
  }
}
