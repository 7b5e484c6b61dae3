import Foundation

/// Receives the outcome of ``RiveFile/init(httpUrl:loadCdn:customAssetLoader:assetDownloader:with:)``.
///
/// Both methods are called on the main actor, as upstream calls them on the main queue.
@MainActor
public protocol RiveFileDelegate: AnyObject, Sendable {
  /// The file downloaded and loaded; artboards can now be made from it.
  func riveFileDidLoad(_ riveFile: RiveFile) throws
  /// The file could not be downloaded or loaded; `error` is an `NSError` of domain
  /// ``RiveErrorCode/domain``.
  func riveFileDidError(_ error: any Error)
}

extension RiveFileDelegate {
  /// Does nothing (the method is optional upstream).
  public func riveFileDidError(_ error: any Error) {}
}
