/// What ``Worker/registerBundledAssets(of:in:lookup:)`` did for one image, font or audio asset.
public struct BundledAssetResult: Sendable {
  /// The outcome for one asset.
  public enum Outcome: Sendable, Equatable {
    /// A file was found, decoded and registered under the asset's unique name.
    case registered(fileName: String)
    /// No candidate file exists; the names tried, in order.
    case notFound(triedNames: [String])
    /// A file was found but could not be read or decoded; nothing registered was touched.
    case failed(fileName: String, reason: String)
  }

  /// The asset.
  public let asset: File.Asset
  /// What happened.
  public let outcome: Outcome
}
