import RiveReliabilitySupport

/// libFuzzer entry point: see `scripts/fuzz.sh`. The harness is `FuzzHarness.silver`, which the
/// regression tests call too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  FuzzHarness.silver(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
