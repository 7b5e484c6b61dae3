import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches the bytes behind a URL. Inject your own to test without a network or to add
/// authentication or retries.
public protocol HTTPDataFetching: Sendable {
  /// Fetches `url`, giving up after `timeout` seconds.
  ///
  /// - Returns: The body and the HTTP status code (200 for non-HTTP URLs such as `file:`).
  func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int)

  /// Fetches `url` with extra request headers (the conditional headers of an ``AssetCache``'s
  /// revalidation, `If-None-Match` and `If-Modified-Since`), giving up after `timeout`
  /// seconds.
  ///
  /// The default implementation ignores `headers` and returns no response headers, so a
  /// fetcher that only implements ``fetch(_:timeout:)`` still works with a cache: it never
  /// revalidates (every stale entry is downloaded again).
  ///
  /// - Returns: The status, body and response headers (a 304 has an empty body).
  func fetch(_ url: URL, timeout: TimeInterval, headers: [String: String]) async throws
    -> HTTPResponse
}

extension HTTPDataFetching {
  public func fetch(_ url: URL, timeout: TimeInterval, headers: [String: String]) async throws
    -> HTTPResponse
  {
    let (body, status) = try await fetch(url, timeout: timeout)
    return HTTPResponse(status: status, body: body, headers: [:])
  }
}

/// An HTTP answer: status, body and headers.
public struct HTTPResponse: Sendable {
  /// The status code (200 for non-HTTP URLs).
  public var status: Int
  /// The body (empty for a 304).
  public var body: Data
  /// The response headers, with lowercased names.
  public var headers: [String: String]

  /// Creates a response; header names are lowercased.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - body: The body.
  ///   - headers: The response headers.
  public init(status: Int, body: Data, headers: [String: String]) {
    self.status = status
    self.body = body
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The value of the header `name` (any case), if present.
  ///
  /// - Parameter name: A header name.
  /// - Returns: Its value.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }
}
