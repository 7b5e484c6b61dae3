import Foundation

#if canImport(Testing)
  import Testing

  /// Records a Swift Testing issue when the paths' frames differ by more than `tolerance` in
  /// any channel of any pixel: the message has the largest difference per time and where the
  /// difference pictures were written (a folder under the temporary directory).
  public func expectFramesMatch(
    _ comparison: FrameComparison, tolerance: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !comparison.isWithin(tolerance: tolerance) else { return }
    Issue.record(
      Comment(rawValue: FrameReport.message(comparison, tolerance: tolerance)),
      sourceLocation: sourceLocation)
  }
#endif

#if canImport(XCTest)
  import XCTest

  /// Fails the current XCTest when the paths' frames differ by more than `tolerance`, with
  /// the largest difference per time and where the difference pictures were written.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // XCTest's assertion functions are spelled `XCTAssert…`; this one follows them.
  public func XCTAssertFramesMatch(
    _ comparison: FrameComparison, tolerance: Int = 0, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertTrue(
      comparison.isWithin(tolerance: tolerance),
      FrameReport.message(comparison, tolerance: tolerance), file: file, line: line)
  }
#endif

/// The failure message of a frame comparison, with the difference pictures written out.
enum FrameReport {
  static func message(_ comparison: FrameComparison, tolerance: Int) -> String {
    var text = "frames differ by more than \(tolerance): \(comparison)"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rive-frame-differences")
    do {
      let written = try comparison.writeDifferences(to: directory)
      if let first = written.first {
        text += "\ndifference pictures in \(first.deletingLastPathComponent().path)"
      }
    } catch {
      text += "\ndifference pictures not written: \(error)"
    }
    return text
  }
}
