import CAV
import Foundation
import Synchronization

/// Fresh heap blocks filled with a fixed byte while an H.264 encoder lives.
///
/// libx264 (Debian's 0.164) reads memory it never wrote when a frame's width or height is
/// not a multiple of 16 — the padding of its macroblock rows, which it allocates and does not
/// clear — and its decisions, though not the decoded pixels, depend on those bytes. The same
/// frames then gave other bitstreams from run to run, from one thread to another and after
/// other allocations (a standalone program encoding 100 × 100 frames gives one stream by
/// default and another with `MALLOC_PERTURB_` set; 96 × 96 and 112 × 112 give one stream
/// either way). With glibc's `M_PERTURB` set while an encoder is open, every block it is
/// given starts with the same bytes, so a recording's bytes depend only on its frames.
///
/// The setting is the process's: while any MP4 export runs, every allocation of every thread
/// is filled (and every freed block overwritten), which costs a `memset` per block and
/// changes nothing a correct program reads. Holds are counted; the last release turns it off.
enum FilledHeap {
  /// The byte glibc fills fresh blocks with is this one's complement.
  static let byte: Int32 = 0xA5

  private static let holders = Mutex(0)

  /// A hold on the setting, released when the value goes.
  final class Hold: Sendable {
    fileprivate init() {}
    deinit { FilledHeap.release() }
  }

  /// Turns the setting on (if no hold has) and returns a hold on it.
  static func hold() -> Hold {
    holders.withLock { count in
      if count == 0 { _ = CAV_setMallocPerturb(byte) }
      count += 1
    }
    return Hold()
  }

  private static func release() {
    holders.withLock { count in
      count -= 1
      if count == 0 { _ = CAV_setMallocPerturb(0) }
    }
  }
}
