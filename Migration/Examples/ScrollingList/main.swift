// Scrolling lists: a drag on a scroll constraint's viewport scrolls its content in both API
// generations — touches on the legacy `RiveView`, pointer events on the current API's state
// machine — and a release carries on with the file's physics. An input script drives the same
// drag with frame times, so a recording of a scrolled list needs no code of its own.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveExport
import RiveFixtures
import RiveRuntime

// Set-up: list.riv (made by the package's writer) is a 200 × 200 viewport over a column of
// ten 200 × 100 items, each its own colour, scrolled vertically with no physics (a drag moves
// the list by exactly the pointer's motion), played by state machine "Machine".
let resources = try ExampleResources([
  "list.riv": ScrollFixture.list(physics: .none, listeners: true).data
])
defer { resources.remove() }
let bundle = try resources.bundle

/// The item a frame shows at (100, `y`), by its colour.
func item(_ frame: RiveFrame, y: Int) -> String {
  guard let pixel = frame.pixel(x: 100, y: y) else { return "outside" }
  let shown = [pixel.red, pixel.green, pixel.blue]
  return (0..<10).first { ScrollFixture.rgb($0) == shown }.map { "item \($0)" } ?? "other"
}

// guide:legacy
// Touches on the view: a press at y 190, a drag up by 150 points, a release.
let viewModel = RiveViewModel(fileName: "list", in: bundle, stateMachineName: "Machine")
let view = viewModel.createRiveView()
view.advance(delta: 0)
view.touch(.began, atLocation: CGPoint(x: 100, y: 190))
view.touch(.moved, atLocation: CGPoint(x: 100, y: 40))
view.advance(delta: 1 / 60)
view.touch(.ended, atLocation: CGPoint(x: 100, y: 40))
let legacyFrame = try viewModel.snapshot(width: 200, height: 200)
print("legacy: top \(item(legacyFrame, y: 10)), bottom \(item(legacyFrame, y: 190))")
// guide.end

// guide:current
// The same drag as pointer events on the state machine.
let worker = try await Worker()
let file = try await File(source: .local("list", bundle), worker: worker)
let rive = try await Rive(file: file)
_ = rive.advance(by: 0)
_ = rive.stateMachine.pointerDown(at: CGPoint(x: 100, y: 190))
_ = rive.stateMachine.pointerMove(at: CGPoint(x: 100, y: 40))
_ = rive.advance(by: 1 / 60)
_ = rive.stateMachine.pointerUp(at: CGPoint(x: 100, y: 40))
let currentFrame = try await rive.renderFrame(width: 200, height: 200)
print("current: top \(item(currentFrame, y: 10)), bottom \(item(currentFrame, y: 190))")
print("same pixels in both generations: \(currentFrame == legacyFrame)")
// guide.end

// guide:record
// A recording of the drag: the script presses at frame 4, drags 30 points a frame to frame 9
// and releases (the same JSON `rive-assets record --script` takes).
let drag = try InputScript(
  json: Data(
    #"""
    { "events": [
      { "frame": 4, "pointer": "down", "x": 100, "y": 190 },
      { "frame": 5, "pointer": "move", "x": 100, "y": 160 },
      { "frame": 6, "pointer": "move", "x": 100, "y": 130 },
      { "frame": 7, "pointer": "move", "x": 100, "y": 100 },
      { "frame": 8, "pointer": "move", "x": 100, "y": 70 },
      { "frame": 9, "pointer": "move", "x": 100, "y": 40 },
      { "frame": 10, "pointer": "up", "x": 100, "y": 40 } ] }
    """#.utf8))
let settings = RecordingSettings(fps: 20, length: .seconds(1), script: drag)
let gif = try await Rive(file: file).record(
  to: resources.directory.appendingPathComponent("scrolled.gif").path, settings: settings)
let mp4 = try RiveViewModel(fileName: "list", in: bundle, stateMachineName: "Machine").record(
  to: resources.directory.appendingPathComponent("scrolled.mp4").path, settings: settings)
print(gif.description.replacingOccurrences(of: resources.directory.path + "/", with: ""))
print(mp4.description.replacingOccurrences(of: resources.directory.path + "/", with: ""))
// guide.end
