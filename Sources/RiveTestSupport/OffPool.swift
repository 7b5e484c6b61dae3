import Foundation

/// Runs CPU-heavy test work on a thread of its own, away from Swift's cooperative pool and
/// from libdispatch's worker threads.
///
/// The cooperative pool has one thread per core (two on the CI machine), and on Linux
/// libdispatch counts its own busy workers when it decides whether to start more: a
/// parameterized test that rasterises corpus frames for minutes, on either, leaves other
/// suites' downloads without a thread for their continuations, and they time out. Work handed
/// here runs in order on plain threads started for it (as `BuiltProgram` runs subprocesses),
/// one per core, each taking one item at a time: the cores are used, the cooperative threads
/// stay free, and memory stays bounded however many cases wait.
public enum OffPool {
  /// The jobs and the threads that run them.
  private final class Runner: @unchecked Sendable {
    // `@unchecked`: `jobs` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    init(threads: Int) {
      for index in 0..<max(1, threads) {
        let thread = Thread { [self] in loop() }
        thread.name = "OffPool \(index)"
        thread.start()
      }
    }

    func enqueue(_ job: @escaping @Sendable () -> Void) {
      condition.lock()
      jobs.append(job)
      condition.signal()
      condition.unlock()
    }

    private func loop() {
      while true {
        condition.lock()
        while jobs.isEmpty { condition.wait() }
        let job = jobs.removeFirst()
        condition.unlock()
        job()
      }
    }
  }

  private static let runner = Runner(threads: ProcessInfo.processInfo.activeProcessorCount)

  /// Runs `body` on one of the threads and returns its result.
  ///
  /// - Parameter body: The work; it must not touch task-local state (no `#expect` inside).
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    let result: Result<Value, any Error> = await withCheckedContinuation { continuation in
      runner.enqueue { continuation.resume(returning: Result { try body() }) }
    }
    return try result.get()
  }

  /// Runs `body` for every item, spread over the threads, and collects each item's result
  /// (a throw is kept as that item's failure): for corpus-wide suites that compute every file
  /// once and then check each in its own test case, so the cores are used even when the test
  /// runner runs one case at a time.
  ///
  /// - Parameters:
  ///   - items: The items (duplicates are computed once).
  ///   - body: The work for one item; it must not touch task-local state.
  /// - Returns: Each item's result.
  public static func results<Value: Sendable>(
    for items: [String], _ body: @escaping @Sendable (String) throws -> Value
  ) async -> [String: Result<Value, any Error>] {
    await withTaskGroup(of: (String, Result<Value, any Error>).self) { group in
      for item in Set(items) {
        group.addTask {
          do {
            return (item, .success(try await run { try body(item) }))
          } catch {
            return (item, .failure(error))
          }
        }
      }
      var all: [String: Result<Value, any Error>] = [:]
      for await (item, result) in group { all[item] = result }
      return all
    }
  }
}
