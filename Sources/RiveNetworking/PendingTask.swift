import Foundation
import RiveCore
import RiveFormat

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URLSession task that may be cancelled before or after it starts; cancellation is handed
/// to a global queue so it never runs inside a Swift task's cancellation handler.
final class PendingTask: Sendable {
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
