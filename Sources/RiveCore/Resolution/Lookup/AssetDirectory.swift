import Foundation
import RiveFormat

/// A directory of loose asset files, searched as an app bundle is, by an ``AssetLookup``: the
/// directory source the legacy bundle loader (`LegacyLoaderAdapter.bundleLoader(directory:lookup:)`)
/// and the command-line tool's `--assets` resolve through, so both find the same file for an
/// asset and decode it the same way.
///
/// The directory is listed once, when the source is made (unless told not to); a plain
/// candidate name is matched against that listing. A candidate path with folders in it (from a
/// manifest or a folder per kind) is relative and free of `..` (``AssetLookup`` drops any
/// other), so it cannot reach outside the directory.
public struct AssetDirectory: Sendable {
  /// The directory.
  public let url: URL
  /// The rules giving each asset's candidate paths.
  public let lookup: AssetLookup
  /// The names of the entries directly inside it (nil when it could not be listed: every
  /// candidate is then looked up on its own).
  private let listing: Set<String>?

  /// A directory source over `url`.
  ///
  /// - Parameters:
  ///   - url: The directory.
  ///   - lookup: The rules giving each asset's candidate paths (the current API's default four
  ///     unless given).
  ///   - listsOnce: Whether the directory is listed now and candidates matched against that
  ///     listing (fast for many assets); false looks each candidate up when asked, so files
  ///     added later are found.
  public init(url: URL, lookup: AssetLookup = .default, listsOnce: Bool = true) {
    self.url = url
    self.lookup = lookup
    listing =
      listsOnce
      ? (try? FileManager.default.contentsOfDirectory(atPath: url.path)).map(Set.init) : nil
  }

  /// The first candidate path of `asset` that names a regular file in the directory, and that
  /// file.
  ///
  /// - Parameter asset: An asset of a `.riv` file.
  /// - Returns: The candidate path and the file's URL, or nil when no candidate is present.
  public func locate(_ asset: RiveDocument.Asset) -> (path: String, url: URL)? {
    for path in lookup.candidatePaths(for: asset) {
      if let listing, !path.contains("/"), !listing.contains(path) { continue }
      let file = url.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return (path, file)
      }
    }
    return nil
  }

  /// What the directory gives `asset`, as the legacy bundle loader assigns it: nil when the
  /// asset is not an image, font or audio asset, has in-band bytes of its own (`embedded`:
  /// the runtime's fallback applies) or has no file here; otherwise the decoded file (origin
  /// `customLoader`, the legacy loader's), or a failure naming the file and the reason.
  ///
  /// - Parameters:
  ///   - asset: An asset of `document`.
  ///   - document: The file's structure.
  ///   - limits: The decoding limits.
  /// - Returns: The entry, or nil.
  public func entry(
    for asset: RiveDocument.Asset, in document: RiveDocument, limits: DecodingLimits = .default
  ) -> ResolutionReport.Entry? {
    guard let kind = asset.kind.mediaKind, kind != .blob else { return nil }
    if let bytes = document.inBandContents(ofAssetAt: asset.index), bytes.count > 0 { return nil }
    guard let (path, file) = locate(asset) else { return nil }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      return ResolutionReport.Entry(
        asset: asset, origin: .failed(reason: "\(path): cannot read \(file.path)"), content: nil)
    }
    do throws(DecodingError) {
      let content = try DecodedAsset.decode(data, as: kind, limits: limits)
      return ResolutionReport.Entry(asset: asset, origin: .customLoader, content: content)
    } catch {
      return ResolutionReport.Entry(
        asset: asset, origin: .failed(reason: "\(path): \(error.description)"), content: nil)
    }
  }
}

extension ResolutionReport {
  /// Resolves every asset of `file` through a directory source: each image, font and audio
  /// asset the file does not embed is read from the directory's first candidate file and
  /// decoded, as the legacy bundle loader does; everything else resolves as the file alone
  /// does (embedded bytes, or unresolved).
  ///
  /// - Parameters:
  ///   - file: The loaded file.
  ///   - directory: The directory source.
  ///   - limits: The decoding limits.
  /// - Returns: One entry per asset of the file, in file order.
  public static func resolve(
    _ file: LoadedFile, from directory: AssetDirectory, limits: DecodingLimits = .default
  ) -> ResolutionReport {
    resolve(file, entries: { directory.entry(for: $0, in: file.document, limits: limits) })
  }
}
