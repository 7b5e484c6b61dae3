import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

/// A view model on a one-artboard file with one animation, not auto-playing, whose view reports
/// to a recorder.
private func player(
  _ animation: RiveFileBlueprint.Animation
) throws -> (RiveViewModel, RiveView, PlayerRecorder) {
  let file = try RiveFile(data: Fixtures.file(animations: [animation]), loadCdn: false)
  let viewModel = RiveViewModel(
    RiveModel(riveFile: file), animationName: animation.name, autoPlay: false)
  let view = viewModel.createRiveView()
  let recorder = PlayerRecorder()
  view.playerDelegate = recorder
  view.stateMachineDelegate = recorder
  viewModel.update(view: view)
  return (viewModel, view, recorder)
}

private func time(_ viewModel: RiveViewModel) -> Double {
  Double(viewModel.riveModel?.animation?.time() ?? -1)
}

@Suite("Player delegate timing")
struct PlayerDelegateTests {
  @Test func oneShotPausesByItselfAtTheEnd() throws {
    // fps 10, 10 frames: ends at 1.0 s.
    let (viewModel, view, recorder) = try player(.init(name: "once", fps: 10, duration: 10))
    viewModel.play()
    #expect(recorder.events.isEmpty)  // played is queued until the next advance
    view.advance(delta: 0.5)
    #expect(abs(time(viewModel) - 0.5) < 1e-6)
    view.advance(delta: 0.6)
    #expect(abs(time(viewModel) - 1.0) < 1e-6)
    #expect(!viewModel.isPlaying)
    view.advance(delta: 0.1)
    #expect(
      recorder.events == [
        "played", "advanced 0.5", "paused", "advanced 0.6", "advanced 0.1",
      ])
    #expect(viewModel.riveModel?.animation?.hasEnded() == true)
    // Playing again restarts an ended one-shot animation.
    viewModel.play()
    view.advance(delta: 0.25)
    #expect(abs(time(viewModel) - 0.25) < 1e-6)
  }

  @Test func loopWithinTheWorkAreaAtDoubleSpeed() throws {
    // Work area frames 2...6 at 10 fps (0.2 s ... 0.6 s), speed 2.
    let (viewModel, view, recorder) = try player(
      .init(
        name: "loop", fps: 10, duration: 10, speed: 2, loopValue: 1, workStart: 2, workEnd: 6,
        enableWorkArea: true))
    let animation = try #require(viewModel.riveModel?.animation)
    #expect(abs(animation.effectiveDurationInSeconds() - 0.4) < 1e-6)
    #expect(abs(time(viewModel) - 0.2) < 1e-6)  // starts at the work area's start
    viewModel.play()
    view.advance(delta: 0.1)  // 0.2 + 0.2 = 0.4
    #expect(abs(time(viewModel) - 0.4) < 1e-6)
    view.advance(delta: 0.15)  // 0.4 + 0.3 = 0.7 → past 0.6 → wraps to 0.3
    #expect(abs(time(viewModel) - 0.3) < 1e-6)
    #expect(recorder.events == ["played", "advanced 0.1", "looped 1", "advanced 0.15"])
    #expect(viewModel.isPlaying)
  }

  @Test func pingPongReversesAtEachEnd() throws {
    let (viewModel, view, recorder) = try player(
      .init(name: "bounce", fps: 10, duration: 10, loopValue: 2))
    let animation = try #require(viewModel.riveModel?.animation)
    viewModel.play()
    view.advance(delta: 1.2)  // frame 12 → reflected to 8, backwards
    #expect(abs(time(viewModel) - 0.8) < 1e-6)
    #expect(animation.direction() == -1)
    view.advance(delta: 0.3)  // 0.8 - 0.3 = 0.5
    #expect(abs(time(viewModel) - 0.5) < 1e-6)
    view.advance(delta: 0.6)  // 0.5 - 0.6 = -0.1 → reflected to 0.1, forwards
    #expect(abs(time(viewModel) - 0.1) < 1e-6)
    #expect(animation.direction() == 1)
    #expect(
      recorder.events == [
        "played", "looped 2", "advanced 1.2", "advanced 0.3", "looped 2", "advanced 0.6",
      ])
  }

  @Test func pingPongOvershootingMoreThanOneRange() throws {
    let (viewModel, view, _) = try player(
      .init(name: "bounce", fps: 10, duration: 10, loopValue: 2))
    viewModel.play()
    view.advance(delta: 2.5)  // frame 25: back from 10 to -5, forward from 0 to 5
    #expect(abs(time(viewModel) - 0.5) < 1e-6)
    #expect(viewModel.riveModel?.animation?.direction() == 1)
  }

  @Test func negativeSpeedStartsAtTheEndAndStopsAtTheStart() throws {
    let (viewModel, view, recorder) = try player(
      .init(name: "rewind", fps: 10, duration: 10, speed: -1))
    #expect(abs(time(viewModel) - 1.0) < 1e-6)
    viewModel.play()
    view.advance(delta: 0.4)
    #expect(abs(time(viewModel) - 0.6) < 1e-6)
    view.advance(delta: 0.7)
    #expect(abs(time(viewModel)) < 1e-6)
    #expect(recorder.events == ["played", "advanced 0.4", "paused", "advanced 0.7"])
  }

  @Test func pauseQueuesOnlyWhenPlayingAndStopIsImmediate() throws {
    let (viewModel, view, recorder) = try player(.init(name: "once", fps: 10, duration: 10))
    viewModel.pause()
    view.advance(delta: 0)
    #expect(recorder.count("paused") == 0)
    viewModel.play()
    viewModel.play()
    view.advance(delta: 0.2)
    #expect(recorder.count("played") == 2)
    viewModel.pause()
    #expect(recorder.count("paused") == 0)
    view.advance(delta: 0.2)
    #expect(recorder.count("paused") == 1)
    #expect(abs(time(viewModel) - 0.4) < 1e-6)  // advancing while paused still moves time
    recorder.events.removeAll()
    viewModel.stop()
    #expect(recorder.events == ["stopped", "advanced 0.0"])
    #expect(abs(time(viewModel)) < 1e-6)  // stop re-creates the animation at its start
  }
}

@Suite(
  "Player delegates on multiple_animations.riv",
  SharedCorpus.requirement)
struct UpstreamDelegatesTests {
  private func setUp() throws -> (RiveViewModel, RiveView, PlayerRecorder) {
    let file = try RiveFile(data: Corpus.data("multiple_animations.riv"), loadCdn: false)
    let viewModel = RiveViewModel(RiveModel(riveFile: file), animationName: "one", autoPlay: false)
    let view = viewModel.createRiveView()
    let recorder = PlayerRecorder()
    view.playerDelegate = recorder
    return (viewModel, view, recorder)
  }

  @Test func play() throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.play()
    view.advance(delta: 0)
    #expect(recorder.count("played") == 1)
  }

  @Test func playTwice() throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.play()
    viewModel.play()
    view.advance(delta: 0)
    #expect(recorder.count("played") == 2)
  }

  @Test func pause() throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.play()
    view.advance(delta: 0)
    viewModel.pause()
    view.advance(delta: 0)
    #expect(recorder.count("paused") == 1)
  }

  @Test func pauseWhenNotPlaying() throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.pause()
    view.advance(delta: 0)
    #expect(recorder.count("paused") == 0)
  }

  @Test func stop() throws {
    let (viewModel, _, recorder) = try setUp()
    viewModel.stop()
    #expect(recorder.count("stopped") == 1)
  }

  @Test func stopPaused() throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.play()
    view.advance(delta: 0)
    viewModel.pause()
    view.advance(delta: 0)
    viewModel.stop()
    #expect(recorder.count("stopped") == 1)
  }

  @Test(arguments: [(RiveLoop.oneShot, 0, 1), (.loop, 1, 0), (.pingPong, 1, 0)])
  func loopModes(_ loop: RiveLoop, loops: Int, pauses: Int) throws {
    let (viewModel, view, recorder) = try setUp()
    viewModel.play(loop: loop)
    let animation = try #require(viewModel.riveModel?.animation)
    view.advance(delta: Double(animation.effectiveDurationInSeconds()) + 0.1)
    #expect(recorder.count("looped") == loops)
    #expect(recorder.count("played") == 1)
    #expect(recorder.count("paused") == pauses)
    #expect(recorder.count("stopped") == 0)
  }
}
