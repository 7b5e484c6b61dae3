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
