import Foundation
import RiveCore

#if canImport(Glibc)
  import Glibc
#endif

/// Work run on a thread restricted to some of the machine's cores (glibc's
/// `sched_setaffinity`, looked up at run time: Swift's Glibc module leaves out the GNU
/// extensions). Threads that thread starts, an encoder's among them, inherit the restriction.
enum CoreAffinity {
  private typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32

  /// Runs `body` on a new thread allowed on the first `cores` cores of the machine and waits
  /// for it; nil when the restriction cannot be set.
  static func run<Value: Sendable>(cores: Int, _ body: @escaping @Sendable () -> Value) -> Value? {
    let result = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      if restrict(to: cores) { result.withLock { $0 = body() } }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
    return result.withLock { $0 }
  }

  /// Restricts the calling thread to the first `cores` cores (at most 1,024).
  private static func restrict(to cores: Int) -> Bool {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else {
      return false
    }
    let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
    var mask = [UInt64](repeating: 0, count: 16)
    for core in 0..<min(max(1, cores), 1024) { mask[core / 64] |= 1 << UInt64(core % 64) }
    return mask.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      return setAffinity(0, bytes.count, base) == 0
    }
  }
}
