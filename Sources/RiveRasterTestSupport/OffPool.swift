import Foundation

/// Runs CPU-heavy test work away from Swift's cooperative thread pool.
///
/// The pool has one thread per core (two on the CI machine). A parameterized test that
/// rasterises corpus frames in its cases would hold every one of them for minutes, and
/// other suites' downloads, whose continuations need a pool thread, would time out. Work
/// handed here runs one item at a time on a serial dispatch queue of its own, so at most one
/// core is busy with it and memory stays bounded however many cases wait.
public enum OffPool {
  private static let queue = DispatchQueue(label: "rive-raster-test-support.off-pool")

  /// Runs `body` on the serial queue and returns its result.
  ///
  /// - Parameter body: The work; it must not touch task-local state (no `#expect` inside).
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    let result: Result<Value, any Error> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result { try body() }) }
    }
    return try result.get()
  }
}
