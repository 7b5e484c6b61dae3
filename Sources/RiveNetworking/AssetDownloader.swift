import Foundation
import RiveCore
import RiveFormat

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The package's one network path: every download of both APIs, the adapter and `.url`
/// sources goes through ``fetch(_:assetName:)``.
///
/// A fetch requires a 2xx status and a non-empty body within a size cap and a timeout, stops
/// when its task is cancelled, and reports failures as ``AssetDownloadError`` with the
/// transport's error kept as its cause. ``download(_:decode:)`` adds decoding as the asset's
/// kind, and ``downloadConcurrently(_:_:)`` runs many downloads at once.
///
/// With a ``cache``, fetches and downloads go through it: fresh entries are served from memory
/// or disk without a request, stale ones are revalidated, concurrent requests for one URL are
/// merged, and offline requests are answered from the cache only. The `…Delivered` forms say
/// where each piece of content came from.
public struct AssetDownloader: Sendable {
  /// The fetcher used.
  public var fetcher: any HTTPDataFetching
  /// Seconds before a download is abandoned.
  public var timeout: TimeInterval
  /// The largest body accepted, in bytes.
  public var maximumBodySize: Int
  /// Decoding limits for the downloaded content.
  public var limits: DecodingLimits
  /// The cache fetches and downloads go through, if any.
  public var cache: AssetCache?

  /// The size cap of downloaders made without one: 64 MiB.
  public static let defaultMaximumBodySize = 64 << 20

  /// Creates a downloader.
  ///
  /// - Parameters:
  ///   - fetcher: The fetcher (by default one over a session of
  ///     ``URLSessionFetcher/makeDefaultSession()``).
  ///   - timeout: Seconds before a download is abandoned.
  ///   - maximumBodySize: The largest body accepted, in bytes.
  ///   - limits: Decoding limits for the downloaded content.
  ///   - cache: The cache to go through (none by default).
  public init(
    fetcher: any HTTPDataFetching = URLSessionFetcher(), timeout: TimeInterval = 30,
    maximumBodySize: Int = AssetDownloader.defaultMaximumBodySize,
    limits: DecodingLimits = .default, cache: AssetCache? = nil
  ) {
    self.fetcher = fetcher
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.limits = limits
    self.cache = cache
  }

  /// Fetches the bytes at `url` for the asset named `assetName` (through the ``cache``, if
  /// any).
  ///
  /// - Throws: ``AssetDownloadError``: `timedOut`, `cancelled`, `transport` (with the
  ///   transport's error as cause), `httpStatus`, `emptyBody`, `tooLarge`, or (with an offline
  ///   cache that has no copy) `offline`.
  public func fetch(_ url: URL, assetName: String) async throws(AssetDownloadError) -> Data {
    try await fetchDelivered(url, assetName: assetName).body
  }

  /// Fetches the bytes at `url`, as ``fetch(_:assetName:)``, and says where they came from.
  ///
  /// - Returns: The bytes, and their `ContentDelivery` (nil without a ``cache``: they came
  ///   from the network).
  /// - Throws: ``AssetDownloadError``, as ``fetch(_:assetName:)``.
  public func fetchDelivered(_ url: URL, assetName: String) async throws(AssetDownloadError) -> (
    body: Data, delivery: ContentDelivery?
  ) {
    if let cache {
      let cached = try await cache.bytes(for: url, assetName: assetName, downloader: self)
      return (cached.body, cached.delivery)
    }
    return (try await request(url, assetName: assetName, headers: [:]).body, nil)
  }

  /// One request, never through the cache: a 2xx status with a non-empty body within the cap,
  /// or (only when `headers` are conditional) a 304.
  func request(_ url: URL, assetName: String, headers: [String: String])
    async throws(AssetDownloadError) -> HTTPResponse
  {
    let fail = { (reason: AssetDownloadError.Reason, cause: (any Error)?) in
      AssetDownloadError(
        assetName: assetName, url: url.absoluteString, reason: reason, cause: cause)
    }
    let result: HTTPResponse
    do {
      result = try await withTimeout(timeout) {
        try await fetcher.fetch(url, timeout: timeout, headers: headers)
      }
    } catch is TimeoutError {
      throw fail(.timedOut(seconds: timeout), nil)
    } catch is CancellationError {
      throw fail(.cancelled, nil)
    } catch let error as URLError where error.code == .cancelled {
      throw fail(.cancelled, error)
    } catch let error as URLError where error.code == .timedOut {
      throw fail(.timedOut(seconds: timeout), error)
    } catch {
      throw fail(.transport, error)
    }
    if result.status == 304, !headers.isEmpty { return result }
    guard (200...299).contains(result.status) else { throw fail(.httpStatus(result.status), nil) }
    guard !result.body.isEmpty else { throw fail(.emptyBody, nil) }
    guard result.body.count <= maximumBodySize else {
      throw fail(.tooLarge(limit: maximumBodySize), nil)
    }
    return result
  }

  /// Downloads and decodes a hosted asset of a file.
  ///
  /// - Throws: ``AssetDownloadError`` (``AssetDownloadError/Reason/notHosted`` when the asset
  ///   has no 16-byte CDN uuid, ``AssetDownloadError/Reason/undecodable`` with the
  ///   `DecodingError` as cause when the body is not valid content of the asset's kind).
  public func download(_ asset: RiveDocument.Asset) async throws(AssetDownloadError) -> DecodedAsset
  {
    try await download(asset) { body, kind, limits in
      Result { () throws(DecodingError) in try DecodedAsset.decode(body, as: kind, limits: limits) }
    }
  }

  /// Downloads a hosted asset and decodes it with `decode` (for example on a worker's own
  /// thread), mapping a decoding failure to ``AssetDownloadError/Reason/undecodable``.
  ///
  /// - Parameters:
  ///   - asset: The hosted asset.
  ///   - decode: Decodes the body as the asset's media kind (blob for other kinds) within
  ///     ``limits``.
  /// - Returns: The decoded content.
  /// - Throws: ``AssetDownloadError``, as ``download(_:)``.
  public func download(
    _ asset: RiveDocument.Asset,
    decode:
      @escaping @Sendable (Data, MediaKind, DecodingLimits) async -> Result<
        DecodedAsset, DecodingError
      >
  ) async throws(AssetDownloadError) -> DecodedAsset {
    try await downloadDelivered(asset, decode: decode).content
  }

  /// Downloads and decodes a hosted asset, as ``download(_:decode:)``, and says where the
  /// content came from and what it can be decoded again from.
  ///
  /// Through a ``cache``, a fresh decoded copy in memory is returned without a request or a
  /// decode, and concurrent downloads of one URL share one request and one decode.
  ///
  /// - Parameters:
  ///   - asset: The hosted asset.
  ///   - decode: Decodes the body as the asset's media kind (blob for other kinds).
  /// - Returns: The content, its delivery and its source.
  /// - Throws: ``AssetDownloadError``, as ``download(_:)``.
  public func downloadDelivered(
    _ asset: RiveDocument.Asset,
    decode:
      @escaping @Sendable (Data, MediaKind, DecodingLimits) async -> Result<
        DecodedAsset, DecodingError
      > = { body, kind, limits in
        Result { () throws(DecodingError) in try DecodedAsset.decode(body, as: kind, limits: limits)
        }
      }
  ) async throws(AssetDownloadError) -> DownloadedAsset {
    guard let address = asset.cdnURL, let url = URL(string: address) else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnBaseURL, reason: .notHosted)
    }
    let kind = asset.kind.mediaKind ?? .blob
    if let cache {
      return try await cache.content(
        for: url, assetName: asset.uniqueName, kind: kind, downloader: self, decode: decode)
    }
    let body = try await request(url, assetName: asset.uniqueName, headers: [:]).body
    switch await decode(body, kind, limits) {
    case .success(let content):
      return DownloadedAsset(content: content, url: address, delivery: nil, source: .bytes(body))
    case .failure(let error):
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: address, reason: .undecodable, cause: error)
    }
  }

  /// Runs `operation` on every item at once (a task group) and gives the results in the order
  /// of `items`: the one concurrent-download helper of the package.
  ///
  /// - Parameters:
  ///   - items: What to download (assets, URLs…).
  ///   - operation: One download; its typed failure becomes that item's result.
  /// - Returns: One result per item, in order.
  public static func downloadConcurrently<Item: Sendable, Value: Sendable>(
    _ items: [Item],
    _ operation: @escaping @Sendable (Item) async throws(AssetDownloadError) -> Value
  ) async -> [Result<Value, AssetDownloadError>] {
    let results = await run(items, deadline: nil, operation)
    return items.indices.map { position in
      // Without a deadline every task returns, so every position has a result.
      results[position]
        ?? .failure(
          AssetDownloadError(assetName: "\(items[position])", url: "", reason: .cancelled))
    }
  }

  /// Runs `operation` on every item at once, as ``downloadConcurrently(_:_:)``, until every
  /// item has a result or `deadline` seconds have passed; the operations still running then
  /// are cancelled.
  ///
  /// - Parameters:
  ///   - items: What to download.
  ///   - deadline: Seconds from now.
  ///   - operation: One download; it should stop when its task is cancelled.
  /// - Returns: One result per item, in order; `nil` for an item not finished by the deadline.
  public static func downloadConcurrently<Item: Sendable, Value: Sendable>(
    _ items: [Item], deadline: TimeInterval,
    _ operation: @escaping @Sendable (Item) async throws(AssetDownloadError) -> Value
  ) async -> [Result<Value, AssetDownloadError>?] {
    // NaN and negative deadlines have passed already; beyond about 31 years means never.
    let seconds = deadline.isNaN ? 0 : min(max(0, deadline), 1e9)
    let results = await run(items, deadline: seconds, operation)
    return items.indices.map { results[$0] }
  }

  private static func run<Item: Sendable, Value: Sendable>(
    _ items: [Item], deadline: TimeInterval?,
    _ operation: @escaping @Sendable (Item) async throws(AssetDownloadError) -> Value
  ) async -> [Int: Result<Value, AssetDownloadError>] {
    await withTaskGroup(of: (Int, Result<Value, AssetDownloadError>)?.self) { group in
      for (position, item) in items.enumerated() {
        group.addTask {
          do throws(AssetDownloadError) {
            return (position, .success(try await operation(item)))
          } catch {
            return (position, .failure(error))
          }
        }
      }
      if let deadline {
        group.addTask {
          // The deadline's own task: it ends early (and harmlessly) when cancelled.
          try? await Task.sleep(nanoseconds: UInt64(deadline * 1_000_000_000))
          return nil
        }
      }
      var results: [Int: Result<Value, AssetDownloadError>] = [:]
      while results.count < items.count, let next = await group.next() {
        guard let (position, result) = next else { break }
        results[position] = result
      }
      group.cancelAll()
      return results
    }
  }
}
