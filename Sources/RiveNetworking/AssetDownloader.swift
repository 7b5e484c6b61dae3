import Foundation
import RiveCore

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
public struct AssetDownloader: Sendable {
  /// The fetcher used.
  public var fetcher: any HTTPDataFetching
  /// Seconds before a download is abandoned.
  public var timeout: TimeInterval
  /// The largest body accepted, in bytes.
  public var maximumBodySize: Int
  /// Decoding limits for the downloaded content.
  public var limits: DecodingLimits

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
  public init(
    fetcher: any HTTPDataFetching = URLSessionFetcher(), timeout: TimeInterval = 30,
    maximumBodySize: Int = AssetDownloader.defaultMaximumBodySize,
    limits: DecodingLimits = .default
  ) {
    self.fetcher = fetcher
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.limits = limits
  }

  /// Fetches the bytes at `url` for the asset named `assetName`.
  ///
  /// - Throws: ``AssetDownloadError``: `timedOut`, `cancelled`, `transport` (with the
  ///   transport's error as cause), `httpStatus`, `emptyBody` or `tooLarge`.
  public func fetch(_ url: URL, assetName: String) async throws(AssetDownloadError) -> Data {
    let fail = { (reason: AssetDownloadError.Reason, cause: (any Error)?) in
      AssetDownloadError(
        assetName: assetName, url: url.absoluteString, reason: reason, cause: cause)
    }
    let result: (body: Data, status: Int)
    do {
      result = try await withTimeout(timeout) { try await fetcher.fetch(url, timeout: timeout) }
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
    guard (200...299).contains(result.status) else { throw fail(.httpStatus(result.status), nil) }
    guard !result.body.isEmpty else { throw fail(.emptyBody, nil) }
    guard result.body.count <= maximumBodySize else {
      throw fail(.tooLarge(limit: maximumBodySize), nil)
    }
    return result.body
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
    decode: @Sendable (Data, MediaKind, DecodingLimits) async -> Result<DecodedAsset, DecodingError>
  ) async throws(AssetDownloadError) -> DecodedAsset {
    guard let address = asset.cdnURL, let url = URL(string: address) else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnBaseURL, reason: .notHosted)
    }
    let body = try await fetch(url, assetName: asset.uniqueName)
    switch await decode(body, asset.kind.mediaKind ?? .blob, limits) {
    case .success(let content):
      return content
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
    let results = await withTaskGroup(of: (Int, Result<Value, AssetDownloadError>).self) {
      group in
      for (position, item) in items.enumerated() {
        group.addTask {
          do throws(AssetDownloadError) {
            return (position, .success(try await operation(item)))
          } catch {
            return (position, .failure(error))
          }
        }
      }
      var results: [Int: Result<Value, AssetDownloadError>] = [:]
      for await (position, result) in group { results[position] = result }
      return results
    }
    return items.indices.map { position in
      // Every task returns, so every position has a result; the fallback never applies.
      results[position]
        ?? .failure(
          AssetDownloadError(assetName: "\(items[position])", url: "", reason: .cancelled))
    }
  }
}
