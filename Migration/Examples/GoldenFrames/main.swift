// Golden frames in a test suite (`RiveSnapshotTesting`): a test records its reference, then
// passes, then fails with a difference picture after a deliberate change; the same playback
// exported as a GIF and an MP4 (`RiveExport`), from either API generation.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveExport
import RiveRuntime
import RiveSnapshotTesting

// Set-up: slide.riv (made by this package's writer) has a red box that slides from x = 10 to
// x = 90 in one second once the state machine's boolean input "go" is true. The "test suite"
// keeps its references and failure artefacts in a folder of its own.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "golden-frames-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let slide = SlideFixture.data
let references = folder.appendingPathComponent("__Snapshots__/SlideTests").path

/// Paths as the example prints them: relative to its folder.
func shown(_ text: String) -> String {
  text.replacingOccurrences(of: folder.path + "/", with: "")
}

// guide:script
// What the test does to the artboard, and when: the same JSON `rive-assets render`, `record`
// and `trace` take with --script.
let press = try InputScript(
  json: Data(#"{ "events": [ { "time": 0.25, "input": "go", "value": true } ] }"#.utf8))
// guide.end

// guide:legacy
// A legacy test: the view model's model, played to 1 s with the script, against
// __Snapshots__/SlideTests/boxMoves.after-press.png.
func boxMoves(_ viewModel: RiveViewModel, script: InputScript) -> SnapshotOutcome {
  assertFrame(
    of: viewModel, at: 1, script: script, named: "after-press",
    snapshotDirectory: references, testName: "boxMoves()")
}
// guide.end

// guide:current
// The same test on the current API: a `Rive` played to 1 s, against the same reference.
@MainActor
func boxMoves(_ rive: Rive, script: InputScript) async -> SnapshotOutcome {
  await assertFrame(
    of: rive, at: 1, script: script, named: "after-press", snapshotDirectory: references,
    testName: "boxMoves()")
}
// guide.end

func legacyViewModel() throws -> RiveViewModel {
  let file = try RiveFile(data: slide, loadCdn: false)
  return RiveViewModel(RiveModel(riveFile: file), stateMachineName: "Machine", autoPlay: false)
}

@MainActor
func currentRive() async throws -> Rive {
  let worker = try await Worker()
  let file = try await File(source: .data(slide), worker: worker)
  return try await Rive(file: file)
}

func report(_ run: String, _ outcome: SnapshotOutcome) {
  switch outcome {
  case .matched(let difference):
    print("\(run): passed (\(difference.differingPixelCount) pixels differ)")
  case .failed(let failure):
    // The message's first line, without the figures after the reference's name (pixel counts
    // and ΔE, which another CPU's Cairo may move by a hair).
    var first = shown(failure.message.components(separatedBy: "\n")[0])
    if failure.difference != nil, let cut = first.range(of: ".png: ") {
      first = String(first[..<cut.lowerBound]) + ".png (\(failure.artifacts.count) artefacts)"
    }
    print("\(run): failed — \(first)")
    for file in failure.artifacts { print("  artefact: \(shown(file.path))") }
  }
}

// guide:run
// A test framework reports failures itself; here a reporter prints them instead. Record mode
// `missing` (the default; SNAPSHOT_TESTING_RECORD sets another) and no CI variable.
let suite = SnapshotConfiguration(
  artifactsDirectory: folder.appendingPathComponent("failures"), environment: [:],
  reporter: { _ in })
try withSnapshotTesting(suite) {
  report("first run", boxMoves(try legacyViewModel(), script: press))  // records
  report("second run", boxMoves(try legacyViewModel(), script: press))  // compares: passes
}
let rive = try await currentRive()
report("current API", await withSnapshotTesting(suite) { await boxMoves(rive, script: press) })
// The deliberate change: the box starts later, so at 1 s it is elsewhere.
let late = try InputScript(json: Data(#"[{ "time": 0.5, "input": "go", "value": true }]"#.utf8))
try withSnapshotTesting(suite) {
  report("after the change", boxMoves(try legacyViewModel(), script: late))
}
// On CI references are never written: a missing one fails, whatever the record mode.
var ci = suite
ci.environment = ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]
try withSnapshotTesting(ci) {
  report(
    "on CI, a new test",
    assertFrame(
      of: try legacyViewModel(), at: 0.5, named: "new", snapshotDirectory: references,
      testName: "boxRests()"))
}
// guide.end

// guide:record
// The same playback as a video or an animated image: 1.5 s at 20 frames a second.
let settings = RecordingSettings(fps: 20, length: .seconds(1.5), script: press)
let gif = try await currentRive().record(
  to: folder.appendingPathComponent("slide.gif").path, settings: settings)
let mp4 = try legacyViewModel().record(
  to: folder.appendingPathComponent("slide.mp4").path, settings: settings)
print(shown(gif.description))
print(shown(mp4.description))
// guide.end
