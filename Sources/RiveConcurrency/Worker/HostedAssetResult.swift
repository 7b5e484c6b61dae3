import Foundation
import RiveCore
import RiveFormat
import RiveNetworking

/// What ``Worker/loadHostedAssets(of:using:)`` (or its deadline form) did for one hosted
/// asset.
public struct HostedAssetResult: Sendable {
  /// The outcome for one asset.
  public enum Outcome: Sendable {
    /// Downloaded (or taken from the cache), decoded and registered under the asset's unique
    /// name; the digest of the registered content.
    case registered(ContentDigest)
    /// The download or decode failed; nothing registered was touched.
    case failed(AssetDownloadError)
    /// The deadline passed first: the download was abandoned and nothing registered was
    /// touched.
    case timedOut(deadline: TimeInterval)
  }

  /// The hosted asset.
  public let asset: File.Asset
  /// What happened.
  public let outcome: Outcome
  /// Where registered content came from, when the downloader has an `AssetCache`: the
  /// network, the disk cache or the memory cache.
  public let delivery: ContentDelivery?

  /// Whether the asset was registered.
  public var isRegistered: Bool {
    if case .registered = outcome { return true }
    return false
  }

  /// Whether the deadline passed before the asset was resolved.
  public var isTimedOut: Bool {
    if case .timedOut = outcome { return true }
    return false
  }
}

extension HostedAssetResult.Outcome: CustomStringConvertible {
  public var description: String {
    switch self {
    case .registered(let digest): "registered \(digest.hexString.prefix(12))"
    case .failed(let error): "failed: \(error)"
    case .timedOut(let deadline): "timed out (deadline \(deadline) s)"
    }
  }
}
