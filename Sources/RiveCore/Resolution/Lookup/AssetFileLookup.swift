import RiveFormat

/// The file names under which the current API looks an asset up in a bundle.
///
/// An app that ships referenced or hosted assets in its bundle names each file after the asset.
/// The lookup tries, in order:
///
/// 1. `RiveDocument/Asset/uniqueName` + `.` + the kind's official extension
///    (`RiveDocument/Asset/fileExtension`), for example `photo-42.png`;
/// 2. `RiveDocument/Asset/uniqueName` + each other extension of the same kind (image: `png`,
///    `jpg`, `jpeg`, `webp`; font: `ttf`, `otf`, `ttc`; audio: `wav`, `mp3`, `flac`, `ogg`);
/// 3. the asset's `RiveDocument/Asset/name` as authored (`photo.jpg`);
/// 4. the name + `.` + each extension of the kind, official one first.
///
/// Duplicates are dropped, keeping the first occurrence; an empty name contributes nothing.
public enum AssetFileLookup {
  /// The extensions tried for each kind, the official one first.
  ///
  /// - Parameter kind: The asset's kind.
  /// - Returns: The extensions without a dot; for kinds with a single format, only the
  ///   official extension.
  public static func fileExtensions(for kind: RiveDocument.Asset.Kind) -> [String] {
    let others: [String]
    switch kind {
    case .image: others = ["png", "jpg", "jpeg", "webp"]
    case .font: others = ["ttf", "otf", "ttc"]
    case .audio: others = ["wav", "mp3", "flac", "ogg"]
    default: others = []
    }
    var result = [kind.fileExtension]
    for fileExtension in others where !result.contains(fileExtension) {
      result.append(fileExtension)
    }
    return result
  }

  /// The bundle file names to try for `asset`, most preferred first.
  ///
  /// This is a pure function of the asset's kind, name and id; it touches no file system.
  ///
  /// - Parameter asset: An asset of a `.riv` file.
  /// - Returns: The candidate file names (no directories), without duplicates.
  public static func candidateFileNames(for asset: RiveDocument.Asset) -> [String] {
    let extensions = fileExtensions(for: asset.kind)
    var names: [String] = []
    func add(_ name: String) {
      if !name.isEmpty && !names.contains(name) { names.append(name) }
    }
    for fileExtension in extensions {
      add("\(asset.uniqueName).\(fileExtension)")
    }
    if !asset.name.isEmpty {
      add(asset.name)
      for fileExtension in extensions {
        add("\(asset.name).\(fileExtension)")
      }
    }
    return names
  }
}
