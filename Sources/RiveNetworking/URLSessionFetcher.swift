import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPDataFetching` over `URLSession`.
public struct URLSessionFetcher: HTTPDataFetching {
  private let session: URLSession

  /// Uses `session` (by default a new session made by ``makeDefaultSession()``, so downloads
  /// of different fetchers never wait on each other's connections).
  public init(session: URLSession = URLSessionFetcher.makeDefaultSession()) {
    self.session = session
  }

  /// The one definition of the package's default session, used by every default download
  /// (CDN assets of both APIs, the adapter, `.url` sources and legacy URL files): an ephemeral
  /// session with no `URLCache` that never reads a cached answer. On Linux,
  /// cancelling a task of a session that has a cache can trap inside FoundationNetworking (the
  /// task leaves its registry while the cache lookup still runs), and timeouts, released legacy
  /// files and cancelled tasks all cancel downloads. `URLSession.shared` has a cache: do not
  /// use it here.
  public static func makeDefaultSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }

  public func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int) {
    let response = try await fetch(url, timeout: timeout, headers: [:])
    return (response.body, response.status)
  }

  public func fetch(_ url: URL, timeout: TimeInterval, headers: [String: String]) async throws
    -> HTTPResponse
  {
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
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
            let http = response as? HTTPURLResponse
            var fields: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] {
              if let name = name as? String, let value = value as? String { fields[name] = value }
            }
            continuation.resume(
              returning: HTTPResponse(
                status: http?.statusCode ?? 200, body: data ?? Data(), headers: fields))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      pending.cancel()
    }
  }
}
