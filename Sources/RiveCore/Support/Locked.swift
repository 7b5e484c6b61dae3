import RiveFormat

#if canImport(Glibc)
  import Glibc
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// The package uses this rather than `Synchronization.Mutex` because on Linux that `Mutex` is
/// built on raw futex calls, which ThreadSanitizer does not see: every access under it is
/// reported as a race. A pthread mutex is understood by ThreadSanitizer, so its reports stay
/// meaningful. The corresponding C functions are `pthread_mutex_lock` and `pthread_mutex_unlock`.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only read or written between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` of `mutex`.
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Wraps `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
