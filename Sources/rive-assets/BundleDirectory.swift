import Foundation
import RiveCore

/// A directory of loose asset files, searched as an app bundle is, by ``AssetFileLookup``.
///
/// The directory is listed once; a candidate name is only ever matched against that listing,
/// so a name with a separator in it can never reach a file outside the directory.
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

  /// Lists the directory at `path`.
  ///
  /// - Parameter path: The directory's path.
  /// - Throws: ``Failure`` when it does not exist, is not a directory or cannot be listed.
  init(path: String) throws(Failure) {
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
    AssetFileLookup.candidateFileNames(for: asset).first { fileNames.contains($0) }
  }

  /// The contents of a file found by ``fileName(for:)``.
  ///
  /// - Parameter fileName: A name from the listing.
  /// - Returns: The bytes, or `nil` when the file cannot be read.
  func contents(of fileName: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(fileName), options: .mappedIfSafe)
  }
}
