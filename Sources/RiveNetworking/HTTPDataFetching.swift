import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches the bytes behind a URL. Inject your own to test without a network or to add
/// caching, authentication or retries.
public protocol HTTPDataFetching: Sendable {
  /// Fetches `url`, giving up after `timeout` seconds.
  ///
  /// - Returns: The body and the HTTP status code (200 for non-HTTP URLs such as `file:`).
  func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int)
}
