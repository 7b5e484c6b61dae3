import Foundation
import RiveCore
import RiveFormat

/// A directory of loose asset files given on the command line (`--assets`, `--bundle`),
/// checked, and searched through the core's directory source (`AssetDirectory`: the rules of
/// an `AssetLookup`, the current API's default order unless `--lookup` or the lookup flags say
/// otherwise), as the legacy bundle loader searches it.
struct BundleDirectory: Sendable {
  /// Why a bundle directory cannot be used.
  struct Failure: Error, CustomStringConvertible {
    /// The explanation, naming the directory.
    var description: String
  }

  /// The directory source: what resolution reads the directory through.
  let source: AssetDirectory

  /// The directory.
  var url: URL { source.url }
  /// The rules giving each asset's candidate paths.
  var lookup: AssetLookup { source.lookup }

  /// Checks and lists the directory at `path`.
  ///
  /// - Parameters:
  ///   - path: The directory's path.
  ///   - lookup: The rules giving each asset's candidate paths.
  /// - Throws: ``Failure`` when it does not exist, is not a directory or cannot be listed.
  init(path: String, lookup: AssetLookup = .default) throws(Failure) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(description: "bundle directory \(path) does not exist")
    }
    guard isDirectory.boolValue else {
      throw Failure(description: "bundle directory \(path) is not a directory")
    }
    do {
      _ = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw Failure(
        description: "cannot list bundle directory \(path): \(error.localizedDescription)")
    }
    source = AssetDirectory(url: URL(fileURLWithPath: path, isDirectory: true), lookup: lookup)
  }

  /// The first candidate file name of `asset` present in the directory.
  ///
  /// - Parameter asset: An asset of a `.riv` file.
  /// - Returns: The file name, or `nil` when no candidate is present.
  func fileName(for asset: RiveDocument.Asset) -> String? {
    source.locate(asset)?.path
  }

  /// The contents of a file found by ``fileName(for:)``.
  ///
  /// - Parameter fileName: A name from the listing.
  /// - Returns: The bytes, or `nil` when the file cannot be read.
  func contents(of fileName: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(fileName), options: .mappedIfSafe)
  }
}
