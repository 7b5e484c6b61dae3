import RiveCore
import RiveFormat

/// Downloaded, decoded content, where it came from and what it can be decoded again from.
public struct DownloadedAsset: Sendable {
  /// The decoded content.
  public var content: DecodedAsset
  /// The URL it was fetched from.
  public var url: String
  /// Where it came from on this request: nil without an ``AssetCache`` (the network).
  public var delivery: ContentDelivery?
  /// What it can be decoded again from: the disk-cache entry when it is on disk, else the
  /// downloaded bytes kept in memory. A worker's budget uses it to drop and re-decode.
  public var source: ContentSource

  /// Creates a value.
  ///
  /// - Parameters:
  ///   - content: The decoded content.
  ///   - url: The URL it was fetched from.
  ///   - delivery: Where it came from.
  ///   - source: What it can be decoded again from.
  public init(
    content: DecodedAsset, url: String, delivery: ContentDelivery?, source: ContentSource
  ) {
    self.content = content
    self.url = url
    self.delivery = delivery
    self.source = source
  }
}
