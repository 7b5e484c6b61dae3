import Foundation
import RiveCore

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

/// `HTTPDataFetching` over `URLSession`.
public struct URLSessionFetcher: HTTPDataFetching {
  private let session: URLSession

  /// Uses `session` (by default a fresh ephemeral session without a URL cache).
  public init(session: URLSession = URLSessionFetcher.makeDefaultSession()) {
    self.session = session
  }

  /// An ephemeral session with no `URLCache`: on Linux, cancelling a task of a session that
  /// has a cache can crash inside FoundationNetworking, and timeouts cancel tasks.
  public static func makeDefaultSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  public func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int) {
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    // The completion-handler API, not `session.data(for:)`: on Linux, cancelling that async
    // call while the transfer is completing deadlocks FoundationNetworking (its cancellation
    // handler calls into the session's queue while the task's status lock is held, and the
    // session's queue waits for that lock to resume the task). Here cancellation reaches the
    // URLSession task asynchronously, after the lock is released.
    let pending = PendingTask()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            continuation.resume(returning: (data ?? Data(), status))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      pending.cancel()
    }
  }
}

/// A URLSession task that may be cancelled before or after it starts; cancellation is handed
/// to a global queue so it never runs inside a Swift task's cancellation handler.
private final class PendingTask: Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var isCancelled = false
  }

  private let state = Locked(State())

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    task.resume()
    if cancelled { DispatchQueue.global().async { task.cancel() } }
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    if let task { DispatchQueue.global().async { task.cancel() } }
  }
}

/// Why a download failed, naming the asset, the URL and (when there was one) the HTTP status.
public struct AssetDownloadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Reason: Sendable, Equatable {
    /// The server answered with a status outside 200...299.
    case httpStatus(Int)
    /// The body was empty.
    case emptyBody
    /// The body was larger than the cap.
    case tooLarge(limit: Int)
    /// No answer within the timeout.
    case timedOut(seconds: TimeInterval)
    /// The connection failed (refused, reset, DNS…).
    case transport(String)
    /// The download was cancelled.
    case cancelled
    /// The body did not decode as the asset's kind.
    case undecodable(String)
    /// The asset has no CDN uuid, so there is nothing to fetch.
    case notHosted
  }

  /// The asset's unique name.
  public var assetName: String
  /// The URL fetched.
  public var url: String
  /// What went wrong.
  public var reason: Reason

  public init(assetName: String, url: String, reason: Reason) {
    self.assetName = assetName
    self.url = url
    self.reason = reason
  }

  public var description: String {
    let what: String
    switch reason {
    case .httpStatus(let status): what = "HTTP status \(status)"
    case .emptyBody: what = "empty body"
    case .tooLarge(let limit): what = "body larger than \(limit) bytes"
    case .timedOut(let seconds): what = "no answer within \(seconds) s"
    case .transport(let message): what = "transport error: \(message)"
    case .cancelled: what = "cancelled"
    case .undecodable(let message): what = "undecodable: \(message)"
    case .notHosted: what = "the asset has no CDN uuid"
    }
    return "asset \"\(assetName)\" from \(url): \(what)"
  }
}

/// Downloads and decodes hosted assets: fetch `cdnBaseURL/cdnUUID`, require a 2xx status and a
/// non-empty body within a size cap and a timeout, then decode as the asset's kind.
public struct AssetDownloader: Sendable {
  /// The fetcher used.
  public var fetcher: any HTTPDataFetching
  /// Seconds before a download is abandoned.
  public var timeout: TimeInterval
  /// The largest body accepted, in bytes.
  public var maximumBodySize: Int
  /// Decoding limits for the downloaded content.
  public var limits: DecodingLimits

  /// Creates a downloader.
  public init(
    fetcher: any HTTPDataFetching = URLSessionFetcher(), timeout: TimeInterval = 30,
    maximumBodySize: Int = 64 << 20, limits: DecodingLimits = .default
  ) {
    self.fetcher = fetcher
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.limits = limits
  }

  /// Fetches the bytes at `url` for the asset named `assetName`.
  ///
  /// - Throws: ``AssetDownloadError``.
  public func fetch(_ url: URL, assetName: String) async throws(AssetDownloadError) -> Data {
    let fail = { (reason: AssetDownloadError.Reason) in
      AssetDownloadError(assetName: assetName, url: url.absoluteString, reason: reason)
    }
    let result: (body: Data, status: Int)
    do {
      result = try await withTimeout(timeout) { try await fetcher.fetch(url, timeout: timeout) }
    } catch is TimeoutError {
      throw fail(.timedOut(seconds: timeout))
    } catch is CancellationError {
      throw fail(.cancelled)
    } catch let error as URLError where error.code == .cancelled {
      throw fail(.cancelled)
    } catch let error as URLError where error.code == .timedOut {
      throw fail(.timedOut(seconds: timeout))
    } catch {
      throw fail(.transport(String(describing: error)))
    }
    guard (200...299).contains(result.status) else { throw fail(.httpStatus(result.status)) }
    guard !result.body.isEmpty else { throw fail(.emptyBody) }
    guard result.body.count <= maximumBodySize else {
      throw fail(.tooLarge(limit: maximumBodySize))
    }
    return result.body
  }

  /// Downloads and decodes a hosted asset of a file.
  ///
  /// - Throws: ``AssetDownloadError`` (``AssetDownloadError/Reason/notHosted`` when the asset
  ///   has no 16-byte CDN uuid, ``AssetDownloadError/Reason/undecodable(_:)`` when the body is
  ///   not valid content of the asset's kind).
  public func download(_ asset: RiveDocument.Asset) async throws(AssetDownloadError) -> DecodedAsset
  {
    guard let address = asset.cdnURL, let url = URL(string: address) else {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: asset.cdnBaseURL, reason: .notHosted)
    }
    let body = try await fetch(url, assetName: asset.uniqueName)
    let kind = asset.kind.mediaKind ?? .blob
    do {
      return try DecodedAsset.decode(body, as: kind, limits: limits)
    } catch {
      throw AssetDownloadError(
        assetName: asset.uniqueName, url: address, reason: .undecodable(error.description))
    }
  }
}

struct TimeoutError: Error {}

/// Runs `operation`, throwing ``TimeoutError`` if it does not finish within `seconds`.
func withTimeout<Value: Sendable>(
  _ seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
      throw TimeoutError()
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw TimeoutError() }
    return first
  }
}
