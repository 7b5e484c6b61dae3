import Foundation
import RiveCore

extension Worker {
  /// Finds each image, font and audio asset of `file` in a bundle, decodes it and registers it
  /// globally under its unique name.
  ///
  /// Upstream reports `png` for every image, while exported bundles often hold the original
  /// file (`picture-47982.jpeg`), so each asset's ``File/Asset/candidateFileNames`` are tried
  /// in order: the unique name with the official extension, with the kind's other extensions,
  /// then the authored name.
  ///
  /// - Parameters:
  ///   - file: The file whose assets to look for.
  ///   - bundle: The bundle (for a plain directory, `Bundle(path:)` or
  ///     ``registerBundledAssets(of:inDirectory:)``).
  /// - Returns: One result per image, font and audio asset, in file order.
  @MainActor
  public func registerBundledAssets(of file: File, in bundle: Bundle) async
    -> [BundledAssetResult]
  {
    await registerFound(of: file) { name in
      if let url = bundle.url(forResource: name, withExtension: nil) { return url }
      let base = bundle.resourceURL ?? bundle.bundleURL
      let url = base.appendingPathComponent(name)
      return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
  }

  /// Finds each image, font and audio asset of `file` in a directory, decodes it and
  /// registers it globally under its unique name, trying the same candidate names as
  /// ``registerBundledAssets(of:in:)``.
  ///
  /// - Parameters:
  ///   - file: The file whose assets to look for.
  ///   - directory: A directory URL.
  /// - Returns: One result per image, font and audio asset, in file order.
  @MainActor
  public func registerBundledAssets(of file: File, inDirectory directory: URL) async
    -> [BundledAssetResult]
  {
    await registerFound(of: file) { name in
      let url = directory.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      return exists && !isDirectory.boolValue ? url : nil
    }
  }

  @MainActor
  private func registerFound(of file: File, locate: (String) -> URL?) async
    -> [BundledAssetResult]
  {
    var results: [BundledAssetResult] = []
    for asset in file.loaded.document.assets {
      guard let kind = asset.kind.mediaKind, kind != .blob else { continue }
      let candidates = AssetFileLookup.candidateFileNames(for: asset)
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
        engine.registry.register(content, name: asset.uniqueName)
        results.append(.init(asset: .init(asset), outcome: .registered(fileName: name)))
      case .failure(let error)?:
        results.append(
          .init(asset: .init(asset), outcome: .failed(fileName: name, reason: error.description)))
      case nil:
        results.append(
          .init(asset: .init(asset), outcome: .failed(fileName: name, reason: "unreadable file")))
      }
    }
    return results
  }
}
