#if canImport(Testing)
  import Testing

  /// Records a Swift Testing issue with the readable diff when the paths differ.
  public func expectEquivalent(
    _ comparison: ResolutionComparison, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if !comparison.isEquivalent {
      Issue.record(Comment(rawValue: comparison.description), sourceLocation: sourceLocation)
    }
  }
#endif

#if canImport(XCTest)
  import XCTest

  /// Fails the current XCTest with the readable diff when the paths differ.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // XCTest's assertion functions are spelled `XCTAssert…`; this one follows them.
  public func XCTAssertEquivalent(
    _ comparison: ResolutionComparison, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertTrue(comparison.isEquivalent, comparison.description, file: file, line: line)
  }
#endif
