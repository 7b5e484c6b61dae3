/// The file names under which an exported bundle may hold an asset's bytes.
///
/// The official runtime reports one fixed extension per kind (`png` for every image), while
/// exported bundles often hold the original file (`picture-47982.jpeg`). Lookups therefore try,
/// in order: the unique name with the official extension, the unique name with the other
/// extensions of the same kind, the authored name as is, and the authored name (without its
/// own extension) with each extension of the kind.
public enum AssetFileLookup {
  /// The extensions tried for each asset kind, the official one first.
  ///
  /// - Parameter kind: The asset kind.
  /// - Returns: Extensions without a dot; only the official one for kinds other than image,
  ///   font and audio.
  public static func fileExtensions(for kind: RiveDocument.Asset.Kind) -> [String] {
    switch kind {
    case .image: ["png", "jpg", "jpeg", "webp"]
    case .font: ["ttf", "otf", "ttc"]
    case .audio: ["wav", "mp3", "flac", "ogg"]
    default: [kind.fileExtension]
    }
  }

  /// The candidate file names for `asset`, most specific first, without duplicates.
  ///
  /// - Parameter asset: The file's asset.
  /// - Returns: File names relative to the bundle or directory searched.
  public static func candidateFileNames(for asset: RiveDocument.Asset) -> [String] {
    let extensions = fileExtensions(for: asset.kind)
    var names = extensions.map { "\(asset.uniqueName).\($0)" }
    if !asset.name.isEmpty {
      names.append(asset.name)
      let base: Substring
      if let dot = asset.name.lastIndex(of: "."), dot != asset.name.startIndex {
        base = asset.name[..<dot]
      } else {
        base = Substring(asset.name)
      }
      names += extensions.map { "\(base).\($0)" }
    }
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}
