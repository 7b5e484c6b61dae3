import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveLegacy
import RiveNetworking

/// Loads one `.riv` file through the legacy path and through the current path and compares how
/// every asset resolves.
///
/// Use it in your own tests while porting loaders:
///
/// ```swift
/// let comparison = try await SideBySide.compare(
///   data: bytes, name: "hero.riv", legacyLoader: myLoader,
///   current: .ported { worker, file in try await registerHero(on: worker, for: file) })
/// #expect(comparison.isEquivalent, "\(comparison)")
/// ```
public enum SideBySide {
  /// How the current path gets its assets.
  public enum CurrentPath: Sendable {
    /// The legacy closure, run through `LegacyLoaderAdapter` (RiveLegacy).
    case adapter
    /// Your ported registration code: it receives the worker and the loaded file and registers
    /// global assets (or does nothing).
    case ported(@MainActor @Sendable (Worker, File) async throws -> Void)
  }

  /// Compares the legacy and current paths for one file.
  ///
  /// - Parameters:
  ///   - data: The `.riv` file's bytes.
  ///   - name: The file's name, for messages.
  ///   - legacyLoader: The legacy `customLoader` closure.
  ///   - loadCdn: The legacy `loadCdn` flag (also used by the adapter path).
  ///   - downloader: How hosted assets are fetched on both paths.
  ///   - assetTimeout: How long to wait for legacy CDN downloads.
  ///   - current: The current path: the adapter, or your ported registration code.
  /// - Returns: The comparison, asset by asset.
  /// - Throws: The legacy path's `NSError` or the current path's `FileError` when the file
  ///   does not load, and whatever `current` throws.
  @MainActor
  public static func compare(
    data: Data, name: String, legacyLoader: @escaping LoadAsset, loadCdn: Bool = false,
    downloader: AssetDownloader = AssetDownloader(), assetTimeout: TimeInterval = 30,
    current: CurrentPath = .adapter
  ) async throws -> ResolutionComparison {
    // The legacy path is synchronous and thread-agnostic, as upstream: run it off the main
    // actor so comparisons run in parallel use every core. The closure is only called during
    // the `RiveFile` initializer, inside this one task, which ends before the current path
    // calls the closure again, so handing it over is safe.
    nonisolated(unsafe) let loader = legacyLoader
    let legacy = Task.detached { () throws -> ResolutionReport in
      let legacyFile = try RiveFile(
        data: data, loadCdn: loadCdn, customAssetLoader: loader, assetDownloader: downloader)
      _ = await legacyFile.waitForAssets(timeout: assetTimeout)
      return legacyFile.resolutionReport()
    }
    // Finish the legacy path before the current one calls the same closure.
    var legacyReport = try await legacy.value
    legacyReport.subject = name

    let worker = try await Worker()
    let file: File
    switch current {
    case .adapter:
      let adapter = LegacyLoaderAdapter(worker: worker, loadCdn: loadCdn, downloader: downloader)
      file = try await adapter.load(.data(data), loader: legacyLoader).file
    case .ported(let register):
      file = try await File(source: .data(data), worker: worker)
      try await register(worker, file)
    }
    var currentReport = await file.resolutionReport()
    currentReport.subject = name
    return ResolutionComparison(legacy: legacyReport, current: currentReport)
  }
}
