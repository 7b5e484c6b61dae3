import Foundation

/// Spreads work over files across threads and hands the results back in input order.
///
/// Worker threads take the next index from a shared counter, so a slow file never holds up
/// the others. The calling thread receives each result in input order as soon as it and every
/// earlier result are ready, so output streams in input order whatever order the work
/// finishes in, and the caller's own state needs no lock.
enum ParallelWork {
  /// The number of cores this process may use.
  static var processorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// Computes `work(index)` for every index in `0..<count` on up to `jobs` threads, and calls
  /// `emit` on the calling thread with each result in index order.
  ///
  /// - Parameters:
  ///   - count: The number of items.
  ///   - jobs: The most threads computing at once.
  ///   - progress: A progress bar to advance as results arrive, or `nil`.
  ///   - work: Computes the result of one item; called concurrently on other threads.
  ///   - emit: Receives each index and result in index order, on the calling thread.
  static func forEach<Value: Sendable>(
    count: Int, jobs: Int, progress: ProgressBar? = nil,
    work: @escaping @Sendable (Int) -> Value, emit: (Int, Value) -> Void
  ) {
    guard count > 0 else { return }
    let channel = Channel<Value>(count: count)
    let workers = max(1, min(jobs, count))
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = channel.take() {
          channel.deliver(work(index), at: index)
        }
      }
    }
    for index in 0..<count {
      let value = channel.wait(for: index)
      progress?.clear()
      emit(index, value)
      progress?.draw(completed: index + 1)
    }
    progress?.clear()
  }

  /// Computes `work(index)` for every index in `0..<count` on up to `jobs` threads.
  ///
  /// - Parameters:
  ///   - count: The number of items.
  ///   - jobs: The most threads computing at once.
  ///   - progress: A progress bar to advance as results arrive, or `nil`.
  ///   - work: Computes the result of one item; called concurrently on other threads.
  /// - Returns: The results in index order.
  static func map<Value: Sendable>(
    count: Int, jobs: Int, progress: ProgressBar? = nil,
    work: @escaping @Sendable (Int) -> Value
  ) -> [Value] {
    var results: [Value] = []
    results.reserveCapacity(count)
    forEach(count: count, jobs: jobs, progress: progress, work: work) { results.append($1) }
    return results
  }

  /// The indices to hand out and the results handed back, guarded by one condition lock.
  private final class Channel<Value: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private let count: Int
    private var nextToTake = 0
    private var results: [Int: Value] = [:]

    init(count: Int) {
      self.count = count
    }

    /// The next index to work on, or `nil` when every index has been taken.
    func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      guard nextToTake < count else { return nil }
      nextToTake += 1
      return nextToTake - 1
    }

    /// Stores the result of `index` and wakes the waiting thread.
    func deliver(_ value: Value, at index: Int) {
      condition.lock()
      results[index] = value
      condition.broadcast()
      condition.unlock()
    }

    /// Blocks until the result of `index` is delivered, then removes and returns it.
    func wait(for index: Int) -> Value {
      condition.lock()
      defer { condition.unlock() }
      while true {
        if let value = results.removeValue(forKey: index) { return value }
        condition.wait()
      }
    }
  }
}
