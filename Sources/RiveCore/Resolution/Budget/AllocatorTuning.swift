import RiveFormat

#if canImport(Glibc)
  import Glibc
#endif

/// How a decoded-content budget keeps resident memory close to what it holds.
///
/// glibc's malloc serves a large block with `mmap` and gives it back to the system when it is
/// freed, but only below a threshold that it raises each time such a block is freed (up to
/// 32 MiB). Decoded images are a few MiB each, so after the first few are dropped, later ones
/// come from the heap arenas, and the arenas keep the freed pages: measured with
/// `rive-bench delivery`, a 64 MiB budget cycling through 200 images of 1024² to 2048² peaked
/// at 188 MiB above the start with the default behaviour and at 80 MiB with the threshold
/// fixed. Fixing it (which also stops the raising) is process-wide and only changes where
/// blocks of 1 MiB and more come from.
public enum AllocatorTuning {
  /// The size from which blocks are mapped and returned to the system on free.
  public static let mmapThreshold: Int32 = 1 << 20

  private static let applied: Bool = {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not export; look it
      // up in the C library itself (a nil handle is RTLD_DEFAULT). M_MMAP_THRESHOLD is -3 in
      // glibc's ABI.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return false }
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      return mallopt(-3, mmapThreshold) == 1
    #else
      return false
    #endif
  }()

  /// Fixes malloc's mmap threshold at ``mmapThreshold``, once per process (glibc only).
  ///
  /// - Returns: Whether the threshold is fixed (false on other C libraries).
  @discardableResult
  public static func returnLargeBlocksToTheSystem() -> Bool { applied }
}
