import RiveCore
import RiveNetworking

/// What ``Worker/loadHostedAssets(of:using:)`` did for one hosted asset.
public struct HostedAssetResult: Sendable {
  /// The outcome for one asset.
  public enum Outcome: Sendable {
    /// Downloaded, decoded and registered under the asset's unique name; the digest of the
    /// registered content.
    case registered(ContentDigest)
    /// The download or decode failed; nothing registered was touched.
    case failed(AssetDownloadError)
  }

  /// The hosted asset.
  public let asset: File.Asset
  /// What happened.
  public let outcome: Outcome

  /// Whether the asset was registered.
  public var isRegistered: Bool {
    if case .registered = outcome { return true }
    return false
  }
}
