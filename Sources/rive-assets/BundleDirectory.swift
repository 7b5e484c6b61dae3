import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A directory of loose asset files, searched as an app bundle is, by an `AssetLookup` (the
/// current API's default order unless `--lookup` or the lookup flags say otherwise).
///
/// The directory is listed once; a plain candidate name is matched against that listing. A
/// candidate path with folders in it (from a manifest or a folder per kind) is relative and
/// free of `..` (`AssetLookup` drops any other), so it cannot reach outside the directory.
struct BundleDirectory: Sendable {
  /// Why a bundle directory cannot be used.
  struct Failure: Error, CustomStringConvertible {
    /// The explanation, naming the directory.
    var description: String
  }

  /// The directory.
  let url: URL
  /// The names of the regular files directly inside it.
  let fileNames: Set<String>
  /// The rules giving each asset's candidate paths.
  let lookup: AssetLookup

  /// Lists the directory at `path`.
  ///
  /// - Parameters:
  ///   - path: The directory's path.
  ///   - lookup: The rules giving each asset's candidate paths.
  /// - Throws: ``Failure`` when it does not exist, is not a directory or cannot be listed.
  init(path: String, lookup: AssetLookup = .default) throws(Failure) {
    self.lookup = lookup
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(description: "bundle directory \(path) does not exist")
    }
    guard isDirectory.boolValue else {
      throw Failure(description: "bundle directory \(path) is not a directory")
    }
    url = URL(fileURLWithPath: path, isDirectory: true)
    do {
      fileNames = Set(try FileManager.default.contentsOfDirectory(atPath: path))
    } catch {
      throw Failure(
        description: "cannot list bundle directory \(path): \(error.localizedDescription)")
    }
  }

  /// The first candidate file name of `asset` present in the directory.
  ///
  /// - Parameter asset: An asset of a `.riv` file.
  /// - Returns: The file name, or `nil` when no candidate is present.
  func fileName(for asset: RiveDocument.Asset) -> String? {
    lookup.candidatePaths(for: asset).first { path in
      guard path.contains("/") else { return fileNames.contains(path) }
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: url.appendingPathComponent(path).path, isDirectory: &isDirectory)
      return exists && !isDirectory.boolValue
    }
  }

  /// The contents of a file found by ``fileName(for:)``.
  ///
  /// - Parameter fileName: A name from the listing.
  /// - Returns: The bytes, or `nil` when the file cannot be read.
  func contents(of fileName: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(fileName), options: .mappedIfSafe)
  }
}
