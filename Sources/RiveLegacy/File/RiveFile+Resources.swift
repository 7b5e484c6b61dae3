import Foundation

extension RiveFile {
  /// The bytes of a resource file, as upstream's static helper reads them.
  ///
  /// Upstream calls `fatalError` when the resource is missing or unreadable; this logs an
  /// error through ``RiveLogger`` and returns empty bytes, which every initializer then rejects
  /// with `NSError` 600 (Malformed).
  ///
  /// - Parameters:
  ///   - fileName: The file name without extension.
  ///   - ext: The extension, with or without a leading dot (default `".riv"`).
  ///   - bundle: The bundle to search (on Linux usually `Bundle.module`).
  /// - Returns: The file's bytes, or empty bytes when it cannot be read.
  public static func getBytes(
    fileName: String, extension ext: String = ".riv", in bundle: Bundle = .main
  ) -> [UInt8] {
    [UInt8](getData(fileName: fileName, extension: ext, in: bundle))
  }

  /// The bytes of a resource file as `Data` (see ``getBytes(fileName:extension:in:)``).
  ///
  /// - Parameters:
  ///   - fileName: The file name without extension.
  ///   - ext: The extension, with or without a leading dot (default `".riv"`).
  ///   - bundle: The bundle to search.
  /// - Returns: The file's bytes, or empty `Data` when it cannot be read.
  public static func getData(
    fileName: String, extension ext: String = ".riv", in bundle: Bundle = .main
  ) -> Data {
    do {
      return try resourceData(fileName, extension: ext, in: bundle).data
    } catch {
      RiveLogger.log(.error, "file", error.localizedDescription)
      return Data()
    }
  }

  // MARK: Bindable artboards

  /// An artboard to assign to an artboard property of a view-model instance
  /// (``RiveDataBindingViewModel/Instance/ArtboardProperty``).
  ///
  /// - Parameter name: The artboard's name.
  /// - Returns: The bindable artboard.
  /// - Throws: `NSError` 101 (NoArtboardFound).
  public func bindableArtboard(withName name: String) throws -> RiveBindableArtboard {
    let artboard = try artboard(fromName: name)
    return RiveBindableArtboard(name: artboard.name(), index: artboard.index)
  }

  /// The default (first) artboard, to assign to an artboard property.
  ///
  /// - Returns: The bindable artboard.
  /// - Throws: `NSError` 100 (NoArtboardsFound) when the file has no artboards, as
  ///   ``artboard()``.
  public func defaultBindableArtboard() throws -> RiveBindableArtboard {
    let artboard = try artboard()
    return RiveBindableArtboard(name: artboard.name(), index: artboard.index)
  }
}

/// An artboard of a file, to assign to an artboard property of a view-model instance
/// (upstream's `RiveBindableArtboard`).
public final class RiveBindableArtboard: Sendable {
  /// The artboard's name.
  public let name: String
  /// The artboard's position in the file.
  let index: Int

  init(name: String, index: Int) {
    self.name = name
    self.index = index
  }
}
