import Foundation
import RiveRuntime
import RiveSnapshotTesting
import RiveTestSupport
import Testing
import XCTest

/// The same assertion from an XCTest case: a matching frame records no failure (a failure
/// would go to `XCTFail`, since no Swift Testing test is running).
final class XCTestGoldenFrameTests: XCTestCase {
  func testMatchingFrameUnderXCTest() throws {
    XCTAssertNil(Test.current)
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-snapshot-xctest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let riv = root.appendingPathComponent("slide.riv")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try SlideFixture.data.write(to: riv)
    let references = root.appendingPathComponent("refs").path
    // Record the reference (the recording is reported to this reporter, not to XCTest).
    let recording = SnapshotConfiguration(environment: [:], reporter: { _ in })
    let first = withSnapshotTesting(recording) {
      assertFrame(of: riv, at: 0.5, named: "rest", snapshotDirectory: references)
    }
    XCTAssertEqual(first.failure?.recorded, true)
    let second = withSnapshotTesting(SnapshotConfiguration(environment: [:])) {
      assertFrame(of: riv, at: 0.5, named: "rest", snapshotDirectory: references)
    }
    XCTAssertTrue(second.isMatch)
  }
}
