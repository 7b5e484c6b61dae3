import RiveCore

/// libFuzzer entry point: see `scripts/fuzz.sh`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  FuzzHarness.riv(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
