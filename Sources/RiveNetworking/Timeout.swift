import Foundation

/// The operation given to ``withTimeout(_:_:)`` did not finish in time.
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
