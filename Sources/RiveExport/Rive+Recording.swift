import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveFrames

extension Rive {
  /// The frames of this `Rive` at `times` (ascending seconds from its first frame): it plays
  /// on with `advance`-sized steps of at most 1/60 s, applying `script`'s events at their
  /// times, and draws each frame with `Rive/renderFrame(width:height:)` (its fit and
  /// background). The `Rive` is left where the last frame is.
  ///
  /// Start from a `Rive` that has not played yet: a recording starts at the first frame.
  ///
  /// - Parameters:
  ///   - times: The frames' times.
  ///   - script: What to do, and when.
  ///   - width: The frames' width; nil is the artboard's.
  ///   - height: The frames' height; nil is the artboard's.
  /// - Returns: One frame per time.
  /// - Throws: `ArtboardFrameError`: `invalidTime` for times that are not ascending or a
  ///   `Rive` that has played already, `inputScript` (with the `InputScriptError`) for an event
  ///   that does not apply, `raster` for a size the rasteriser refuses.
  public func frames(
    at times: [Double], script: InputScript = .empty, width: Int? = nil, height: Int? = nil
  ) async throws(ArtboardFrameError) -> [RiveFrame] {
    try FramePlayer.checkTimes(times)
    var player = try CurrentRecordingPlayer(rive: self)
    try await checkSettings(of: script)
    var clock = ScriptClock(script: script)
    var frames: [RiveFrame] = []
    for time in times {
      for step in clock.steps(to: time) { _ = try player.perform(step, source: script.source) }
      frames.append(try await player.frame(width: width, height: height))
    }
    return frames
  }

  /// Plays this `Rive` from its first frame and writes it to `output` (a video, an animated
  /// image or PNG frames, by the name; see ``ExportFormat``), as
  /// `FramePlayer.record(to:settings:progress:)` does for a file: frame `i` at
  /// `i / fps`, the script's events at their times, the state machine's audio events mixed
  /// into the audio track with the audio assets as the worker resolves them. Frames are drawn
  /// by `Rive/renderFrame(width:height:)` (the `Rive`'s fit and background; the settings'
  /// fit, alignment and background are for file recordings).
  ///
  /// - Parameters:
  ///   - output: The file (or `%d` pattern).
  ///   - settings: Rate, length, script, size, export options.
  ///   - progress: Called after each frame with the frames written and the most there will be.
  /// - Returns: What was written.
  /// - Throws: ``ExportError`` naming the output and the frame: `invalidOption`, `playback`
  ///   (with the `ArtboardFrameError`), `encoder`, `io`.
  public func record(
    to output: String, settings: RecordingSettings = RecordingSettings(),
    progress: ((Int, Int) -> Void)? = nil
  ) async throws(ExportError) -> RecordingResult {
    try settings.validate(output: output)
    let format = try ExportFormat(path: output)
    let sounds = ResolvedAssets(
      report: await file.resolutionReport(), document: file.loaded.document
    ).sounds
    var player: CurrentRecordingPlayer
    do throws(ArtboardFrameError) {
      player = try CurrentRecordingPlayer(rive: self)
      try await checkSettings(of: settings.script)
    } catch {
      throw ExportError(.playback, output: output, message: error.description, frame: error)
    }
    let hasSounds =
      stateMachine.withRuntime { _, artboard in RecordingAudio.hasSounds(artboard, clips: sounds) }
      ?? false
    var session = RecordingSession(
      output: output, format: format, settings: settings, sounds: sounds, hasSounds: hasSounds)
    let source = settings.script.source
    while let time = session.nextTime() {
      do {
        let events = try session.play(to: time) { step throws(ArtboardFrameError) in
          try player.perform(step, source: source)
        }
        var frame = try await player.frame(
          width: session.size.width, height: session.size.height
        ).raster
        if let even = session.evenSize(for: frame) {
          frame = try await player.frame(width: even.width, height: even.height).raster
        }
        try session.append(frame, events: events)
      } catch {
        throw session.failure(error)
      }
      session.frameDrawn(keepGoing: player.keepGoing, progress: progress)
    }
    return try session.finish { step throws(ArtboardFrameError) in
      try player.perform(step, source: source)
    }
  }
}

extension Rive {
  /// Refuses a script whose settings ask for another state machine or binding than this
  /// `Rive`'s.
  func checkSettings(of script: InputScript) async throws(ArtboardFrameError) {
    guard script.settings.stateMachine != nil || script.settings.binding != nil else { return }
    var name: String?
    if let instance = viewModelInstance { name = try? await instance.name() }
    try ScriptSettingsCheck.check(
      script, player: "the Rive", machine: stateMachine.name,
      bound: (viewModelInstance != nil, name: name))
  }
}

/// A current-API `Rive` driven by a recording's clock.
@MainActor
struct CurrentRecordingPlayer {
  let rive: Rive
  private(set) var time = 0.0

  init(rive: Rive) throws(ArtboardFrameError) {
    guard rive.stateMachine.elapsedTime == 0 else {
      throw ArtboardFrameError(
        .invalidTime,
        message: "the Rive has played \(rive.stateMachine.elapsedTime) s already; a recording "
          + "starts at the first frame")
    }
    self.rive = rive
  }

  var keepGoing: Bool { !rive.stateMachine.isSettled }

  /// Does one step of the clock; returns the events reported.
  mutating func perform(_ step: ScriptClock.Step, source: String?) throws(ArtboardFrameError)
    -> [PlaybackEvent]
  {
    let machine = rive.stateMachine
    switch step {
    case .start:
      machine.advance(by: 0)
    case .advance(let delta):
      machine.advance(by: TimeInterval(delta))
      time += Double(delta)
    case .apply(let event):
      return try machine.apply(event, at: time, source: source)
    }
    return machine.reportedEvents(endingAt: time)
  }

  /// The current frame.
  func frame(width: Int?, height: Int?) async throws(ArtboardFrameError) -> RiveFrame {
    do {
      return try await rive.renderFrame(width: width, height: height)
    } catch let error as ArtboardFrameError {
      throw error
    } catch {
      throw ArtboardFrameError(.raster, message: "\(error)")
    }
  }
}
