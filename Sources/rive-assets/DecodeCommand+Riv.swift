import Foundation
import RiveCore
import RiveFormat

/// Reading an embedded asset out of a `.riv` file for `decode --asset`.
extension DecodeCommand {
  /// Why `--asset` could not give bytes.
  struct EmbeddedAssetError: Error, CustomStringConvertible {
    var description: String
  }

  /// Returns the bytes of the embedded asset named `assetName` in the `.riv` file at `riv`.
  ///
  /// The asset is matched by its unique name first (`photo-42`), then by its unique file name
  /// (`photo-42.png`), then by its authored name (`photo.jpg`).
  ///
  /// - Parameters:
  ///   - riv: The path of a `.riv` file.
  ///   - assetName: The unique name, unique file name or name of an asset with embedded contents.
  /// - Returns: The asset's bytes.
  /// - Throws: ``RiveError`` when the file does not read, ``EmbeddedAssetError`` when no asset
  ///   matches or the asset has no embedded bytes.
  static func embeddedAssetBytes(riv: String, assetName: String) throws -> [UInt8] {
    let document = try RiveDocument(contentsOf: URL(fileURLWithPath: riv), depth: .assets)
    let asset =
      document.assets.first { $0.uniqueName == assetName }
      ?? document.assets.first { $0.uniqueFilename == assetName }
      ?? document.assets.first { $0.name == assetName }
    guard let asset else {
      let names = document.assets.map(\.uniqueName).joined(separator: ", ")
      throw EmbeddedAssetError(
        description:
          "\(riv): no asset named \"\(assetName)\" (assets: \(names.isEmpty ? "none" : names))")
    }
    guard let contents = asset.contents else {
      throw EmbeddedAssetError(
        description:
          "\(riv): asset \"\(asset.uniqueName)\" is \(asset.storage.rawValue), not embedded")
    }
    return contents.bytes
  }
}
