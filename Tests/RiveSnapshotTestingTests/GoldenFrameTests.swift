import Foundation
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames
import RiveRuntime
import RiveSnapshotTesting
import RiveTestSupport
import Testing

/// Golden frames as a user's test suite uses them: record, pass, fail with artefacts after a
/// change, every record mode, CI, and the metric behind the comparison.
@Suite("Snapshot testing: golden frames")
struct GoldenFrameTests {
  /// A folder for references and one for artefacts, and the failures reported.
  final class Workspace: Sendable {
    let root: URL
    let failures = Locked([SnapshotFailure]())

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("rive-snapshot-tests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var references: String { root.appendingPathComponent("__Snapshots__").path }
    var riv: URL { root.appendingPathComponent("slide.riv") }

    /// Settings that collect failures instead of recording issues, with `environment`.
    func configuration(
      record: SnapshotRecordMode? = nil, environment: [String: String] = [:]
    ) -> SnapshotConfiguration {
      let failures = self.failures
      return SnapshotConfiguration(
        record: record, artifactsDirectory: root.appendingPathComponent("artifacts"),
        diffTool: "compare", environment: environment,
        reporter: { failure in failures.withLock { $0.append(failure) } })
    }

    func files(in folder: String) -> [String] {
      ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }
  }

  static func script(start: Double) throws -> InputScript {
    try InputScript(json: Data(#"[{"time": \#(start), "input": "go", "value": true}]"#.utf8))
  }

  @Test("a test records, then passes, then fails with a difference picture after a change")
  func recordPassFail() throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    let early = try Self.script(start: 0.2)
    let check = { (script: InputScript) -> SnapshotOutcome in
      assertFrame(
        of: space.riv, at: 0.8, script: script, named: "sliding",
        snapshotDirectory: space.references)
    }
    let first = withSnapshotTesting(space.configuration(), operation: { check(early) })
    let failure = try #require(first.failure)
    #expect(failure.recorded)
    #expect(failure.message.contains("No reference was found on disk: recorded"))
    let reference = URL(fileURLWithPath: space.references).appendingPathComponent(
      "recordPassFail.sliding.png")
    #expect(failure.reference == reference)
    let recorded = try Data(contentsOf: reference)

    let second = withSnapshotTesting(space.configuration(), operation: { check(early) })
    #expect(second.isMatch)

    // The deliberate change: the slide starts later, so the box is elsewhere at 0.8 s.
    let third = withSnapshotTesting(
      space.configuration(), operation: { check(try! Self.script(start: 0.5)) })
    let mismatch = try #require(third.failure)
    #expect(!mismatch.recorded)
    let difference = try #require(mismatch.difference)
    #expect(difference.differingPixelCount > 0)
    #expect(difference.largestDeltaE > 20)
    #expect(
      mismatch.artifacts.map(\.lastPathComponent) == [
        "recordPassFail.sliding.reference.png", "recordPassFail.sliding.failure.png",
        "recordPassFail.sliding.difference.png",
      ])
    for file in mismatch.artifacts {
      #expect(FileManager.default.fileExists(atPath: file.path))
      #expect(mismatch.message.contains(file.lastPathComponent))
    }
    #expect(mismatch.message.contains(#"Compare with: compare ""#))
    #expect(try Data(contentsOf: reference) == recorded, "a failure changed the reference")
    #expect(space.failures.withLock { $0.count } == 2)
  }

  @Test("record modes: all always records, failed re-records a mismatch, never records nothing")
  func recordModes() throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    let reference = URL(fileURLWithPath: space.references).appendingPathComponent(
      "recordModes.box.png")
    let draw = { (time: SnapshotTime, mode: SnapshotRecordMode?) -> SnapshotOutcome in
      assertFrame(
        of: space.riv, at: time, script: try! Self.script(start: 0), named: "box",
        record: mode, snapshotDirectory: space.references)
    }
    // never: nothing is written for a missing reference.
    let never = withSnapshotTesting(space.configuration(), operation: { draw(0.5, .never) })
    #expect(never.failure?.message.contains("record mode never records nothing") == true)
    #expect(!FileManager.default.fileExists(atPath: reference.path))
    // all: writes, and fails even when the frame is the same.
    for _ in 0..<2 {
      let all = withSnapshotTesting(space.configuration(), operation: { draw(0.5, .all) })
      #expect(all.failure?.recorded == true)
      #expect(all.failure?.message.contains("Record mode is on (all)") == true)
    }
    let atHalf = try Data(contentsOf: reference)
    // failed: a match writes nothing; a mismatch re-records and fails; then it matches.
    #expect(withSnapshotTesting(space.configuration(), operation: { draw(0.5, .failed) }).isMatch)
    let rerecorded = withSnapshotTesting(space.configuration(), operation: { draw(1, .failed) })
    #expect(rerecorded.failure?.recorded == true)
    #expect(rerecorded.failure?.message.contains("recorded the new frame") == true)
    #expect(try Data(contentsOf: reference) != atHalf)
    #expect(withSnapshotTesting(space.configuration(), operation: { draw(1, nil) }).isMatch)
    // The environment variable sets the mode when neither the assertion nor the scope does.
    let variable = withSnapshotTesting(
      space.configuration(environment: ["SNAPSHOT_TESTING_RECORD": "all"]),
      operation: { draw(1, nil) })
    #expect(variable.failure?.recorded == true)
  }

  @Test("on CI nothing is ever recorded, whatever the mode")
  func continuousIntegration() throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    let ci = ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]
    for mode in SnapshotRecordMode.allCases {
      let outcome = withSnapshotTesting(
        space.configuration(environment: ci),
        operation: {
          assertFrame(
            of: space.riv, named: "ci-\(mode.rawValue)", record: mode,
            snapshotDirectory: space.references)
        })
      let failure = try #require(outcome.failure)
      #expect(!failure.recorded)
      #expect(failure.message.contains("CI is set"), "\(failure.message)")
    }
    #expect(space.files(in: space.references).isEmpty)
    // With a reference in place, CI compares (and does not re-record a mismatch).
    _ = withSnapshotTesting(
      space.configuration(),
      operation: { assertFrame(of: space.riv, named: "kept", snapshotDirectory: space.references) })
    let kept = withSnapshotTesting(
      space.configuration(environment: ci),
      operation: {
        assertFrame(of: space.riv, named: "kept", record: .all, snapshotDirectory: space.references)
      })
    #expect(kept.isMatch)
    let moved = withSnapshotTesting(
      space.configuration(environment: ci),
      operation: {
        assertFrame(
          of: space.riv, at: 1, script: try! Self.script(start: 0), named: "kept",
          record: .failed, snapshotDirectory: space.references)
      })
    #expect(moved.failure?.recorded == false)
    #expect(moved.failure?.message.contains("was not re-recorded") == true)
  }

  @Test("without a reporter, a failure is a Swift Testing issue at the assertion")
  func recordsAnIssue() throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    var configuration = space.configuration(record: .never)
    configuration.reporter = nil
    withKnownIssue {
      withSnapshotTesting(configuration) {
        _ = assertFrame(of: space.riv, named: "absent", snapshotDirectory: space.references)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("No reference at") }
        && issue.sourceLocation?.fileName == "GoldenFrameTests.swift"
    }
  }

  @Test("a file, a legacy view model and a current Rive match one reference; a strip is wide")
  @MainActor
  func everyAPIMatchesOneReference() async throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    let script = try Self.script(start: 0.1)
    let configuration = space.configuration()
    let times: [SnapshotTime] = [0, .frame(30), 1.2]
    let recorded = withSnapshotTesting(configuration) {
      assertFrame(
        of: space.riv, at: times, script: script, named: "strip",
        snapshotDirectory: space.references)
    }
    #expect(recorded.failure?.recorded == true)
    let image = try Data(
      contentsOf: URL(fileURLWithPath: space.references).appendingPathComponent(
        "everyAPIMatchesOneReference.strip.png")
    ).withUnsafeBytes { try ImageDecoder.decode($0) }
    #expect(image.width == 300 && image.height == 100)

    let legacyFile = try RiveFile(data: SlideFixture.data, loadCdn: false)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: legacyFile), stateMachineName: nil, autoPlay: false)
    let legacy = withSnapshotTesting(configuration) {
      assertFrame(
        of: viewModel, at: times, script: script, named: "strip",
        snapshotDirectory: space.references)
    }
    #expect(legacy.isMatch, "\(legacy.failure?.message ?? "")")

    let worker = try await Worker()
    let file = try await File(source: .data(SlideFixture.data), worker: worker)
    let rive = try await Rive(file: file)
    let current = await withSnapshotTesting(configuration) {
      await assertFrame(
        of: rive, at: times, script: script, named: "strip", snapshotDirectory: space.references)
    }
    #expect(current.isMatch, "\(current.failure?.message ?? "")")
  }

  @Test("a frame that cannot be drawn fails naming why, and writes nothing")
  func undrawable() throws {
    let space = try Workspace()
    try SlideFixture.data.write(to: space.riv)
    let outcome = withSnapshotTesting(space.configuration()) {
      assertFrame(of: space.riv, stateMachine: "Nope", snapshotDirectory: space.references)
    }
    #expect(outcome.failure?.message.contains(#"state machine "Nope" not found"#) == true)
    let typo = try InputScript(
      json: Data(#"[{"time": 0, "trigger": "go"}]"#.utf8), source: "t.json")
    let bad = withSnapshotTesting(space.configuration()) {
      assertFrame(of: space.riv, at: 1, script: typo, snapshotDirectory: space.references)
    }
    #expect(bad.failure?.message.contains("t.json: event 1 (at 0 s)") == true)
    #expect(space.files(in: space.references).isEmpty)
  }

  @Test("references are named after the test file, the test and a counter or the name")
  func referenceNames() {
    let location = SnapshotLocation(
      fileID: "App/ButtonTests.swift", filePath: "/src/AppTests/ButtonTests.swift", line: 1,
      column: 1, testName: "pressedState(size:)-\(UUID().uuidString)")
    let first = FrameSnapshot.referenceURL(named: nil, location: location)
    let second = FrameSnapshot.referenceURL(named: nil, location: location)
    let named = FrameSnapshot.referenceURL(named: "dark mode", location: location)
    let folder = "/src/AppTests/__Snapshots__/ButtonTests/"
    #expect(first.path.hasPrefix(folder + "pressedState"))
    #expect(first.lastPathComponent.hasSuffix(".1.png"))
    #expect(second.lastPathComponent.hasSuffix(".2.png"))
    #expect(named.lastPathComponent.hasSuffix(".dark-mode.png"))
    #expect(!first.lastPathComponent.contains("("))
  }
}
