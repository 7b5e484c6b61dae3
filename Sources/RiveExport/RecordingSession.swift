import RiveCore
import RiveFrames

/// One recording of an API player (a current-API `Rive` or a legacy `RiveViewModel`) in
/// progress: the schedule, the output made on the first frame (at the artboard's size, made
/// even for formats without alpha), the sounds mixed in, and the errors named by output and
/// frame. The players differ only in how they step and draw (the current API draws
/// asynchronously), so each drives its own loop through this.
struct RecordingSession {
  let output: String
  let format: ExportFormat
  let settings: RecordingSettings
  let sounds: [Int: DecodedAudio]
  let hasSounds: Bool
  private(set) var schedule: RecordingSchedule
  /// The size the next frame is drawn at (nil sides: the artboard's).
  private(set) var size: (width: Int?, height: Int?)
  private var exporter: FrameExporter?

  init(
    output: String, format: ExportFormat, settings: RecordingSettings,
    sounds: [Int: DecodedAudio], hasSounds: Bool
  ) {
    self.output = output
    self.format = format
    self.settings = settings
    self.sounds = sounds
    self.hasSounds = hasSounds
    schedule = RecordingSchedule(
      fps: settings.fps, length: settings.length, script: settings.script)
    size = (settings.width, settings.height)
  }

  /// The time of the next frame, nil when the recording is over.
  mutating func nextTime() -> Double? { schedule.nextTime() }

  /// Plays the clock's steps to `time` with `perform`; returns the events they reported.
  mutating func play(
    to time: Double,
    _ perform: (ScriptClock.Step) throws(ArtboardFrameError) -> [PlaybackEvent]
  ) throws(ArtboardFrameError) -> [PlaybackEvent] {
    var events: [PlaybackEvent] = []
    for step in schedule.steps(to: time) { events += try perform(step) }
    return events
  }

  /// The size to draw the first frame at again when `frame` is not a size the format takes
  /// (odd sides for a format without alpha, whose chroma is 4:2:0); nil when it is, or for
  /// later frames.
  func evenSize(for frame: RasterFrame) -> (width: Int, height: Int)? {
    guard exporter == nil, !format.keepsAlpha,
      !frame.width.isMultiple(of: 2) || !frame.height.isMultiple(of: 2)
    else { return nil }
    return (
      settings.width ?? (frame.width + frame.width % 2),
      settings.height ?? (frame.height + frame.height % 2)
    )
  }

  /// Writes `frame` (making the output on the first one, at its size) with the sounds of
  /// `events`.
  mutating func append(_ frame: RasterFrame, events: [PlaybackEvent]) throws(ExportError) {
    if exporter == nil {
      size = (frame.width, frame.height)
      var options = settings.export
      options.audioTrack = format.carriesAudio && hasSounds
      exporter = try FrameExporter(
        output: output, width: frame.width, height: frame.height, fps: settings.fps,
        options: options)
    }
    guard let exporter else { return }
    RecordingAudio.mix(events, clips: sounds, into: exporter)
    try exporter.append(frame)
  }

  /// `error`, met while drawing the current frame, as the recording's error.
  func failure(_ error: any Error) -> ExportError {
    switch error {
    case let error as ExportError: error
    case let error as ArtboardFrameError:
      ExportError(
        .playback, output: output, frameIndex: schedule.index, message: error.description,
        frame: error)
    default: ExportError(.playback, output: output, frameIndex: schedule.index, message: "\(error)")
    }
  }

  /// A frame was drawn after an advance whose keep-going result was `keepGoing`.
  mutating func frameDrawn(keepGoing: Bool, progress: ((Int, Int) -> Void)?) {
    schedule.frameDrawn(keepGoing: keepGoing)
    progress?(schedule.index, schedule.plannedCount)
  }

  /// Plays the rest of the script to the end of the last frame (its sounds still mix in) and
  /// closes the output.
  mutating func finish(
    _ perform: (ScriptClock.Step) throws(ArtboardFrameError) -> [PlaybackEvent]
  ) throws(ExportError) -> RecordingResult {
    guard let exporter else {
      throw ExportError(.invalidFrame, output: output, message: "no frame was drawn")
    }
    do throws(ArtboardFrameError) {
      let events = try play(to: schedule.end, perform)
      RecordingAudio.mix(events, clips: sounds, into: exporter)
    } catch {
      throw ExportError(.playback, output: output, message: error.description, frame: error)
    }
    return RecordingResult(summary: try exporter.finish(), settled: schedule.settled)
  }
}
