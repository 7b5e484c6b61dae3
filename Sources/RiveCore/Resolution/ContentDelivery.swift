import RiveFormat

/// Where a download's content came from on one request, when an `AssetCache` was involved.
///
/// Both API generations record it in the ``ResolutionReport`` (``ResolutionReport/Entry/delivery``)
/// so that an app can see whether a launch touched the network.
public enum ContentDelivery: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Downloaded from the server (a cache miss, a stale entry the server replaced, or no cache).
  case network
  /// Read from the disk cache after the server confirmed it unchanged (HTTP 304).
  case revalidated
  /// Read from the disk cache without a request.
  case diskCache
  /// Taken from the in-memory cache of decoded content, without a request or a decode.
  case memoryCache

  /// `network`, `disk cache (revalidated)`, `disk cache` or `memory cache`.
  public var description: String {
    switch self {
    case .network: "network"
    case .revalidated: "disk cache (revalidated)"
    case .diskCache: "disk cache"
    case .memoryCache: "memory cache"
    }
  }

  /// Whether a request was sent to the server (``network`` and ``revalidated``).
  public var madeRequest: Bool { self == .network || self == .revalidated }
}
