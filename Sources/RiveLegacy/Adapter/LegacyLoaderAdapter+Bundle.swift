import Foundation
import RiveCore
import RiveFormat

extension LegacyLoaderAdapter {
  /// A legacy loader that supplies referenced and hosted assets from a folder, found by the
  /// rules of `lookup` (the directory source `AssetDirectory`, which `rive-assets --assets`
  /// resolves through too): the bundle loader apps write by hand, ready-made, for `RiveFile`
  /// and for the adapter alike.
  ///
  /// For each image, font and audio asset the file does not embed, the first candidate path
  /// of `lookup` that names a file in `directory` is read and decoded with the factory and
  /// assigned (an undecodable file is assigned too, so the asset shows `failed` with the
  /// decoder's reason and a log line names it). When no candidate exists, or the asset is
  /// embedded, the loader returns `false`: the runtime's fallback applies (the CDN with
  /// `loadCdn`, else the embedded bytes).
  ///
  /// - Parameters:
  ///   - directory: The folder holding the asset files.
  ///   - lookup: The rules giving each asset's candidate paths (the current API's default
  ///     four unless given: unique name with the official extension, with the kind's other
  ///     extensions, the authored name, the authored name with each extension).
  /// - Returns: The loader.
  public nonisolated static func bundleLoader(
    directory: URL, lookup: AssetLookup = .default
  ) -> LoadAsset {
    let source = AssetDirectory(url: directory, lookup: lookup, listsOnce: false)
    return { object, data, factory in
      guard data.isEmpty, let (_, url) = source.locate(object.asset) else { return false }
      guard let bytes = FileManager.default.contents(atPath: url.path) else {
        RiveLogger.log(.error, "asset", "\(object.uniqueName()): cannot read \(url.path)")
        return false
      }
      switch object {
      case let image as RiveImageAsset: image.renderImage(factory.decodeImage(bytes))
      case let font as RiveFontAsset: font.font(factory.decodeFont(bytes))
      case let audio as RiveAudioAsset: audio.audio(factory.decodeAudio(bytes))
      default: return false
      }
      return true
    }
  }

  /// A legacy loader that supplies referenced and hosted assets from a bundle's resources,
  /// found by the rules of `lookup`; see ``bundleLoader(directory:lookup:)``.
  ///
  /// - Parameters:
  ///   - bundle: The bundle (`Bundle.module` in a package target on Linux).
  ///   - lookup: The rules giving each asset's candidate paths.
  /// - Returns: The loader.
  public nonisolated static func bundleLoader(in bundle: Bundle, lookup: AssetLookup = .default)
    -> LoadAsset
  {
    bundleLoader(directory: bundle.resourceURL ?? bundle.bundleURL, lookup: lookup)
  }
}
