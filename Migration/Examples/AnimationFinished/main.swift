// "Animation did finish": a wrapper around the legacy view model that reports the end of what
// a state machine plays through `RivePlayerDelegate.player(pausedWithModel:)`, and the current
// API's counterpart, `StateMachine.settledStream()`.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: timeline_event_test.riv (from the corpus) has a state machine that plays a one-shot
// timeline and then has nothing left to do; the official runtime settles it at frame 62.
let resources = try ExampleResources([
  "timeline.riv": try ExampleCorpus.data("timeline_event_test.riv")
])
defer { resources.remove() }
let bundle = try resources.bundle
let frame = Double(Float(1.0 / 60))

// guide:legacy
/// The app's wrapper: plays a file's state machine and calls back when it has finished.
final class FinishingPlayer: RivePlayerDelegate {
  let viewModel: RiveViewModel
  let view: RiveView
  var animationDidFinish: () -> Void = {}

  init(fileName: String, in bundle: Bundle) {
    viewModel = RiveViewModel(fileName: fileName, in: bundle, loadCdn: false)
    view = viewModel.createRiveView()
    view.playerDelegate = self
  }

  // The state machine settles (needs no more frames) and the view pauses: that is "finished".
  func player(pausedWithModel riveModel: RiveModel?) { animationDidFinish() }
  func player(playedWithModel riveModel: RiveModel?) {}
  func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  func player(stoppedWithModel riveModel: RiveModel?) {}
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}
}

let player = FinishingPlayer(fileName: "timeline", in: bundle)
var legacyFrames = 0
var isFinished = false
player.animationDidFinish = { isFinished = true }
// Headless on Linux: there is no display link, so the app drives time.
player.view.advance(delta: 0)  // the first frame, as a display link's
while !isFinished && legacyFrames < 600 {
  player.view.advance(delta: frame)
  legacyFrames += 1
}
// guide.end
print("legacy: finished after \(legacyFrames) frames")

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("timeline", bundle), worker: worker)
let rive = try await Rive(file: file)
let settled = rive.stateMachine.settledStream()
_ = rive.advance(by: 0)  // the first frame
var currentFrames = 0
while rive.advance(by: frame) && currentFrames < 600 {  // false once settled
  currentFrames += 1
}
currentFrames += 1
for await _ in settled {
  print("current: finished after \(currentFrames) frames")
  break
}
// guide.end
