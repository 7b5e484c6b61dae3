import Foundation
import RiveCore
import RiveFormat

extension Worker {
  /// Finds each image, font and audio asset of `file` in a bundle, decodes it and registers it
  /// globally under its unique name.
  ///
  /// Upstream reports `png` for every image, while exported bundles often hold the original
  /// file (`picture-47982.jpeg`), so each asset's candidates are tried in order. By default
  /// (`AssetLookup.default`) they are its ``File/Asset/candidateFileNames``: the unique name
  /// with the official extension, with the kind's other extensions, then the authored name.
  /// Pass a `lookup` with rules of your own (a manifest, a prefix, a folder per kind, a
  /// closure) when your exports are named otherwise.
  ///
  /// On a budgeted worker, each registration's source is its bundle file, so the budget may
  /// drop it and decode it again.
  ///
  /// - Parameters:
  ///   - file: The file whose assets to look for.
  ///   - bundle: The bundle (for a plain directory, `Bundle(path:)` or
  ///     ``registerBundledAssets(of:inDirectory:lookup:)``).
  ///   - lookup: The rules that give each asset's candidate paths in the bundle.
  /// - Returns: One result per image, font and audio asset, in file order.
  @MainActor
  public func registerBundledAssets(
    of file: File, in bundle: Bundle, lookup: AssetLookup = .default
  ) async -> [BundledAssetResult] {
    let base = bundle.resourceURL ?? bundle.bundleURL
    return await registerFound(of: file, lookup: lookup) { path in
      if !path.contains("/"), let url = bundle.url(forResource: path, withExtension: nil) {
        return url
      }
      return Self.regularFile(base.appendingPathComponent(path))
    }
  }

  /// Finds each image, font and audio asset of `file` in a directory, decodes it and
  /// registers it globally under its unique name, trying the candidates of `lookup` as
  /// ``registerBundledAssets(of:in:lookup:)`` does.
  ///
  /// - Parameters:
  ///   - file: The file whose assets to look for.
  ///   - directory: A directory URL.
  ///   - lookup: The rules that give each asset's candidate paths in the directory.
  /// - Returns: One result per image, font and audio asset, in file order.
  @MainActor
  public func registerBundledAssets(
    of file: File, inDirectory directory: URL, lookup: AssetLookup = .default
  ) async -> [BundledAssetResult] {
    await registerFound(of: file, lookup: lookup) { path in
      Self.regularFile(directory.appendingPathComponent(path))
    }
  }

  /// `url` if it names an existing regular file (or a link to one).
  private static func regularFile(_ url: URL) -> URL? {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    return exists && !isDirectory.boolValue ? url : nil
  }

  @MainActor
  private func registerFound(of file: File, lookup: AssetLookup, locate: (String) -> URL?) async
    -> [BundledAssetResult]
  {
    var results: [BundledAssetResult] = []
    for asset in file.loaded.document.assets {
      guard let kind = asset.kind.mediaKind, kind != .blob else { continue }
      let candidates = lookup.candidatePaths(for: asset)
      var found: (name: String, url: URL)?
      for name in candidates {
        if let url = locate(name) {
          found = (name, url)
          break
        }
      }
      guard let (name, url) = found else {
        results.append(.init(asset: .init(asset), outcome: .notFound(triedNames: candidates)))
        continue
      }
      let limits = engine.limits
      let decoded = await engine.run { () -> Result<DecodedAsset, DecodingError>? in
        guard let data = try? Data(contentsOf: url) else { return nil }
        return Result { () throws(DecodingError) in
          try DecodedAsset.decode(data, as: kind, limits: limits)
        }
      }
      switch decoded {
      case .success(let content)?:
        engine.registry.register(content, name: asset.uniqueName, source: .file(url))
        results.append(.init(asset: .init(asset), outcome: .registered(fileName: name)))
      case .failure(let error)?:
        results.append(
          .init(asset: .init(asset), outcome: .failed(fileName: name, reason: error.description)))
      case nil:
        results.append(
          .init(
            asset: .init(asset),
            outcome: .failed(fileName: name, reason: "cannot read \(url.path)")))
      }
    }
    return results
  }
}
