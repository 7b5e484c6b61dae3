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
}
