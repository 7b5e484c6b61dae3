import RiveCore

/// libFuzzer entry point: see `scripts/fuzz.sh`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  FuzzHarness.image(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
