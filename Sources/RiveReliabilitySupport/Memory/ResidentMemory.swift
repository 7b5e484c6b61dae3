import Foundation

/// The process's resident set size, for the memory bounds of the tests, sweeps and leak runs.
package enum ResidentMemory {
  /// Whether the tests run under a sanitizer (`scripts/sanitize.sh` sets `RIVE_SANITIZER`),
  /// whose shadow memory and quarantine make resident size meaningless.
  package static let isSanitized = ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil

  /// The resident set size in bytes, from `/proc/self/statm` (0 where it cannot be read).
  package static func current() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The resident set size after the allocator has given its free pages back to the system
  /// (`malloc_trim(0)` over every arena): what live objects hold, not what the allocator
  /// happens to keep cached, which varies from run to run with the threads that ran.
  package static func settled() -> Int {
    // `malloc_trim` is declared in <malloc.h>, which the Glibc module does not export.
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    return current()
  }

  /// Resets the kernel's high-water mark of the resident set (`VmHWM`) to the current size,
  /// so that ``highWaterMark()`` measures from now on (writing 5 to `/proc/self/clear_refs`).
  ///
  /// - Returns: Whether the mark could be reset.
  @discardableResult
  package static func resetHighWaterMark() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
  }

  /// The resident set's high-water mark since the process started or since
  /// ``resetHighWaterMark()``, in bytes (`VmHWM` of `/proc/self/status`; 0 where it cannot be
  /// read).
  package static func highWaterMark() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
  }

  /// The largest resident set size the process has had so far, in bytes (`getrusage`).
  package static func peak() -> Int {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    return usage.ru_maxrss * 1024
  }

  /// The bound the complete sweeps hold the reader to: the peak resident size may exceed the
  /// size at the start of a sweep by at most this much (the largest corpus file is 3 MB).
  package static let sweepBound = 128 << 20
}
