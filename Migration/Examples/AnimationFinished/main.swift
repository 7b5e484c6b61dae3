// "Animation did finish": a wrapper around the legacy view model that reports the end of a
// one-shot animation through `RivePlayerDelegate.player(pausedWithModel:)`, and what to do with
// the current API, which has no player.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: confetti.riv has a one-shot animation "burst", 30 frames at 60 fps (half a second),
// and a state machine for the current API.
let confetti = RiveFileBlueprint(
  artboards: [
    .init(
      name: "Confetti", animations: [.init(name: "burst", fps: 60, duration: 30, loopValue: 0)],
      stateMachines: [.init(name: "Confetti Machine")], defaultStateMachineIndex: 0)
  ])
let resources = try ExampleResources(["confetti.riv": confetti.data])
defer { resources.remove() }
let bundle = try resources.bundle
let frame = 1.0 / 60

// guide:legacy
/// The app's wrapper: plays a one-shot animation and calls back when it has finished.
final class OneShotPlayer: RivePlayerDelegate {
  let viewModel: RiveViewModel
  let view: RiveView
  var animationDidFinish: () -> Void = {}

  init(fileName: String, in bundle: Bundle, animationName: String) {
    viewModel = RiveViewModel(
      fileName: fileName, in: bundle, animationName: animationName, loadCdn: false)
    view = viewModel.createRiveView()
    view.playerDelegate = self
  }

  // A one-shot animation pauses when it reaches its end: that is "finished".
  func player(pausedWithModel riveModel: RiveModel?) { animationDidFinish() }
  func player(playedWithModel riveModel: RiveModel?) {}
  func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  func player(stoppedWithModel riveModel: RiveModel?) {}
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}
}

let player = OneShotPlayer(fileName: "confetti", in: bundle, animationName: "burst")
var legacyFrames = 0
var isFinished = false
player.animationDidFinish = { isFinished = true }
// Headless on Linux: there is no display link, so the app drives time.
while !isFinished && legacyFrames < 600 {
  player.view.advance(delta: frame)
  legacyFrames += 1
}
// guide.end
print("legacy: finished after \(legacyFrames) frames")

// guide:current
// The current API has no player and no paused callback, and this package does not evaluate
// state machines. Drive time yourself and call back when the known length has passed.
let worker = try await Worker()
let file = try await File(source: .local("confetti", bundle), worker: worker)
let rive = try await Rive(file: file)
let burstLength = 30.0 / 60  // 30 frames at 60 fps, as authored
let frameCount = Int((burstLength / frame).rounded(.up))
for _ in 0..<frameCount {
  rive.stateMachine.advance(by: frame)
}
print("current: finished after \(frameCount) frames")
// guide.end
