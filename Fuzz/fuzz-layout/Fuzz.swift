import RiveLayoutFuzzing

/// libFuzzer entry point: see `scripts/fuzz.sh`. The harness is `LayoutFuzzHarness.run` (bytes
/// read as a layout tree, solved, changed and solved again), which the regression tests call
/// too (through `FuzzHarness.layout`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  LayoutFuzzHarness.run(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
