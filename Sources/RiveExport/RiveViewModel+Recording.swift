import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveFrames
import RiveLegacy

extension RiveViewModel {
  /// The frames of this view model's model at `times` (ascending seconds from its first
  /// frame): its state machine (or animation) plays on in steps of at most 1/60 s, `script`'s
  /// events apply at their times (pointer events as touches: down, move, up and exit are
  /// `touchBegan`, `touchMoved`, `touchEnded` and `touchExited`), and each frame is drawn as
  /// `RiveViewModel/snapshot(width:height:background:)` draws (the view model's fit,
  /// alignment and layout scale factor). The model is advanced directly, without the view's
  /// delegate calls, and left where the last frame is.
  ///
  /// - Parameters:
  ///   - times: The frames' times.
  ///   - script: What to do, and when (it needs a state machine).
  ///   - width: The frames' width; nil is the artboard's.
  ///   - height: The frames' height; nil is the artboard's.
  ///   - background: The colour behind the artboard, `0xAARRGGBB`.
  /// - Returns: One frame per time.
  /// - Throws: `ArtboardFrameError`: `noArtboard` without a model, `invalidTime` for times
  ///   that are not ascending or a view that has played already, `inputScript` for an event
  ///   that does not apply, `raster` for a size the rasteriser refuses.
  public func frames(
    at times: [Double], script: InputScript = .empty, width: Int? = nil, height: Int? = nil,
    background: UInt32 = 0
  ) throws(ArtboardFrameError) -> [RiveFrame] {
    try FramePlayer.checkTimes(times)
    var player = try LegacyRecordingPlayer(viewModel: self)
    try player.checkSettings(of: script)
    var clock = ScriptClock(script: script)
    var frames: [RiveFrame] = []
    for time in times {
      for step in clock.steps(to: time) { _ = try player.perform(step, source: script.source) }
      frames.append(try player.frame(width: width, height: height, background: background))
    }
    return frames
  }

  /// Plays this view model's model from its first frame and writes it to `output` (see
  /// ``ExportFormat``), as `FramePlayer.record(to:settings:progress:)` does for a file,
  /// with the file's images and audio as it resolved them (its loader, CDN downloads, embedded
  /// bytes) and the view model's fit, alignment and layout scale factor;
  /// ``RecordingSettings/background`` is drawn behind the artboard.
  ///
  /// - Parameters:
  ///   - output: The file (or `%d` pattern).
  ///   - settings: Rate, length, script, size, background, export options.
  ///   - progress: Called after each frame with the frames written and the most there will be.
  /// - Returns: What was written.
  /// - Throws: ``ExportError`` naming the output and the frame.
  public func record(
    to output: String, settings: RecordingSettings = RecordingSettings(),
    progress: ((Int, Int) -> Void)? = nil
  ) throws(ExportError) -> RecordingResult {
    try settings.validate(output: output)
    let format = try ExportFormat(path: output)
    var player: LegacyRecordingPlayer
    do throws(ArtboardFrameError) {
      player = try LegacyRecordingPlayer(viewModel: self)
      try player.checkSettings(of: settings.script)
    } catch {
      throw ExportError(.playback, output: output, message: error.description, frame: error)
    }
    let sounds: [Int: DecodedAudio]
    if let loaded = player.model.riveFile.loadedFile {
      sounds =
        ResolvedAssets(report: player.model.riveFile.resolutionReport(), document: loaded.document)
        .sounds
    } else {
      sounds = [:]
    }
    let hasSounds =
      player.model.stateMachine?.withRuntime { _, artboard in
        RecordingAudio.hasSounds(artboard, clips: sounds)
      } ?? false
    var session = RecordingSession(
      output: output, format: format, settings: settings, sounds: sounds, hasSounds: hasSounds)
    let source = settings.script.source
    let background = settings.background
    while let time = session.nextTime() {
      do {
        let events = try session.play(to: time) { step throws(ArtboardFrameError) in
          try player.perform(step, source: source)
        }
        var frame = try player.frame(
          width: session.size.width, height: session.size.height, background: background
        ).raster
        if let even = session.evenSize(for: frame) {
          frame = try player.frame(width: even.width, height: even.height, background: background)
            .raster
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

/// A legacy view model's model driven by a recording's clock.
struct LegacyRecordingPlayer {
  let model: RiveModel
  let fit: RiveFit
  let alignment: RiveAlignment
  let layoutScaleFactor: Double
  private(set) var time = 0.0
  private(set) var keepGoing = true

  init(viewModel: RiveViewModel) throws(ArtboardFrameError) {
    guard let model = viewModel.riveModel else {
      throw ArtboardFrameError(
        .noArtboard,
        message: "the view model has no model" + (viewModel.loadError.map { ": \($0)" } ?? ""))
    }
    if let played = viewModel.riveView?.advancedTime, played > 0 {
      throw ArtboardFrameError(
        .invalidTime,
        message: "the view has played \(played) s already; a recording starts at the first frame")
    }
    self.model = model
    fit = viewModel.fit
    alignment = viewModel.alignment
    layoutScaleFactor = viewModel.layoutScaleFactor
  }

  /// Refuses a script whose settings ask for another state machine or binding than the
  /// model's.
  func checkSettings(of script: InputScript) throws(ArtboardFrameError) {
    let instance = model.stateMachine?.viewModelInstance
    try ScriptSettingsCheck.check(
      script, player: "the view model", machine: model.stateMachine?.name(),
      bound: (instance != nil, name: instance?.name))
  }

  /// Does one step of the clock; returns the events reported.
  mutating func perform(_ step: ScriptClock.Step, source: String?) throws(ArtboardFrameError)
    -> [PlaybackEvent]
  {
    let machine = model.stateMachine
    switch step {
    case .start:
      keepGoing = machine?.advance(by: 0) ?? model.animation?.advance(by: 0) ?? false
    case .advance(let delta):
      keepGoing =
        machine?.advance(by: Double(delta)) ?? model.animation?.advance(by: Double(delta)) ?? false
      time += Double(delta)
    case .apply(let event):
      guard let machine else {
        throw ArtboardFrameError(
          InputScriptError(
            .noStateMachine, source: source, event: event.index, time: event.time,
            message: "the view model plays an animation; input scripts need a state machine"))
      }
      return try machine.apply(event, at: time, source: source)
    }
    return machine?.reportedEvents(endingAt: time) ?? []
  }

  /// The current frame.
  func frame(width: Int?, height: Int?, background: UInt32) throws(ArtboardFrameError)
    -> RiveFrame
  {
    do {
      return try model.snapshot(
        fit: fit, alignment: alignment, width: width, height: height, background: background,
        layoutScaleFactor: layoutScaleFactor)
    } catch let error as ArtboardFrameError {
      throw error
    } catch {
      throw ArtboardFrameError(.raster, message: "\(error)")
    }
  }
}
