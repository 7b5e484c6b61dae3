import RiveLayoutFuzzing

extension FuzzHarness {
  /// Reads the bytes as a layout tree, solves it, changes it and solves it again
  /// (``LayoutFuzzHarness/run(_:)``, which the `layout` fuzz target calls).
  @discardableResult
  package static func layout(_ bytes: UnsafeRawBufferPointer) -> LayoutFuzzHarness.Outcome {
    LayoutFuzzHarness.run(bytes)
  }
}
