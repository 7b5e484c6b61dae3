import Foundation
import RiveNetworking

extension RiveFile {
  /// Loads `fileName` + `extension` from a bundle: upstream's Swift convenience.
  ///
  /// Upstream calls `fatalError` when the resource is missing; this throws instead.
  ///
  /// - Parameters:
  ///   - fileName: The file name without extension.
  ///   - ext: The extension, with or without a leading dot (default `".riv"`).
  ///   - bundle: The bundle to search (on Linux usually `Bundle.module`).
  ///   - loadCdn: Whether hosted assets the loader declines are downloaded from the CDN.
  ///   - customLoader: Called once per image, font and audio asset, in file order.
  ///   - assetDownloader: The downloader for CDN assets (default ``defaultDownloader``).
  /// - Throws: `NSError` 700 (Unknown) when the resource is missing or unreadable, 600
  ///   (Malformed) or 500 (UnsupportedVersion).
  public convenience init(
    name fileName: String, extension ext: String = ".riv", in bundle: Bundle = .main,
    loadCdn: Bool = true, customLoader: LoadAsset? = nil, assetDownloader: AssetDownloader? = nil
  ) throws {
    let (data, name) = try Self.resourceData(fileName, extension: ext, in: bundle)
    try self.init(
      data: data, displayName: name, loadCdn: loadCdn, loader: customLoader,
      downloader: assetDownloader)
  }
}
