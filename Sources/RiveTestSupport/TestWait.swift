import Foundation

/// How long tests wait for work that normally finishes in a fraction of a second (downloads
/// from the loopback server, their decoding).
///
/// These are liveness bounds, not timings: a wait returns as soon as the work is done. They
/// are generous because tests share few cores with CPU-heavy corpus tests, whose queued jobs
/// can delay a download's continuation; under a sanitizer (`RIVE_SANITIZER` set by
/// `scripts/sanitize.sh`) everything runs up to ten times slower, so the bound is ten times
/// longer there.
public enum TestWait {
  /// A minute; ten minutes under a sanitizer.
  public static let generous: TimeInterval =
    ProcessInfo.processInfo.environment["RIVE_SANITIZER"] == nil ? 60 : 600

  /// Waits until `condition` holds, checking it every few milliseconds, for at most `timeout`
  /// seconds: a wait on what the test needs, never a fixed sleep.
  ///
  /// - Parameters:
  ///   - timeout: The liveness bound (by default ``generous``).
  ///   - condition: What must become true.
  /// - Returns: Whether `condition` held before the bound.
  public static func until(
    timeout: TimeInterval = generous, _ condition: @Sendable () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(timeout * 1000))
    while !condition() {
      guard clock.now < deadline else { return condition() }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }
}
