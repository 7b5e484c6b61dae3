import Foundation
import RiveCore
import RiveFormat
import RiveFrames
import RiveRaster

extension FramePlayer {
  /// Plays this artboard from its first frame and writes it to `output` (a video, an animated
  /// image or PNG frames, by the name; see ``ExportFormat``): what `rive-assets record` does.
  ///
  /// Frame `i` is drawn at `i / fps` seconds, after playing there with the script's clock
  /// (`ScriptClock`: steps of at most 1/60 s, each event at its time), with the player's
  /// ``FramePlayer/assets`` (its images prepared once). The audio events the state machine
  /// reports play their asset's sound from those assets at the time they fired; a video gets
  /// an audio track when the artboard has an audio event whose asset has a sound.
  ///
  /// - Parameters:
  ///   - output: The file (or `%d` pattern).
  ///   - settings: Rate, length, script, size, fit, background, export options.
  ///   - progress: Called after each frame with the frames written and the most there will be.
  /// - Returns: What was written (and, for until-settled recordings, ``RecordingResult/settled``).
  /// - Throws: ``ExportError``: `invalidOption` for settings out of range, `playback` (with the
  ///   `ArtboardFrameError`) for a script event that does not apply or a frame that cannot be
  ///   drawn, `encoder` or `io` from the encoders; each names the output and the frame.
  public mutating func record(
    to output: String, settings: RecordingSettings = RecordingSettings(),
    progress: ((Int, Int) -> Void)? = nil
  ) throws(ExportError) -> RecordingResult {
    try settings.validate(output: output)
    let format = try ExportFormat(path: output)
    let size = try frameSize(settings, format: format, output: output)
    let sounds = assets.sounds
    let images: ArtboardImages
    do throws(RasterError) {
      images = try ArtboardImages(assets)
    } catch {
      throw ExportError(
        .playback, output: output, message: error.description, frame: ArtboardFrameError(error))
    }
    var options = settings.export
    options.audioTrack = format.carriesAudio && RecordingAudio.hasSounds(artboard, clips: sounds)
    let exporter = try FrameExporter(
      output: output, width: size.width, height: size.height, fps: settings.fps, options: options)
    var schedule = RecordingSchedule(
      fps: settings.fps, length: settings.length, script: settings.script)
    // Every frame is drawn on the same canvas and, when the exporter lets a frame go once it
    // is appended (a video's is converted at once), into the last frame's pixels.
    let scratch = RasterScratch()
    while let time = schedule.nextTime() {
      let events = try play(to: time, schedule: &schedule, output: output, frame: schedule.index)
      RecordingAudio.mix(events, clips: sounds, into: exporter)
      let frame: RasterFrame
      do throws(ArtboardFrameError) {
        frame = try render(
          width: size.width, height: size.height, fit: settings.fit,
          alignment: settings.alignment, scaleFactor: settings.scaleFactor,
          background: settings.background, images: images, scratch: scratch)
      } catch {
        throw ExportError(
          .playback, output: output, frameIndex: schedule.index, message: error.description,
          frame: error)
      }
      try exporter.append(frame)
      if !exporter.keepsFrames { scratch.recycle(frame) }
      schedule.frameDrawn(keepGoing: keepGoing)
      progress?(schedule.index, schedule.plannedCount)
    }
    // Sounds that start while the last frame shows.
    let events = try play(
      to: schedule.end, schedule: &schedule, output: output, frame: schedule.index)
    RecordingAudio.mix(events, clips: sounds, into: exporter)
    return RecordingResult(summary: try exporter.finish(), settled: schedule.settled)
  }

  /// The frames at `times` (ascending seconds from the first frame), played with `script` and
  /// drawn with the player's ``FramePlayer/assets``.
  ///
  /// - Parameters:
  ///   - times: The frames' times.
  ///   - script: What to do, and when.
  ///   - width: The frames' width; nil is the artboard's.
  ///   - height: The frames' height; nil is the artboard's.
  ///   - fit: How the artboard fits (`layout` gives the artboard the frame's size divided by
  ///     `scaleFactor`).
  ///   - alignment: Where it sits.
  ///   - scaleFactor: The `layout` fit's scale factor.
  ///   - background: The colour behind it, `0xAARRGGBB`.
  /// - Returns: One frame per time.
  /// - Throws: `ArtboardFrameError`: `invalidTime` for times that are not ascending or out of
  ///   range, `inputScript` for an event that does not apply, `raster` for a size the
  ///   rasteriser refuses.
  public mutating func frames(
    at times: [Double], script: InputScript = .empty, width: Int? = nil, height: Int? = nil,
    fit: FrameFit = .contain, alignment: FrameAlignment = .center, scaleFactor: Float = 1,
    background: UInt32 = 0
  ) throws(ArtboardFrameError) -> [RasterFrame] {
    try Self.checkTimes(times)
    let images: ArtboardImages
    do throws(RasterError) {
      images = try ArtboardImages(assets)
    } catch {
      throw ArtboardFrameError(error)
    }
    var clock = ScriptClock(script: script)
    var frames: [RasterFrame] = []
    for time in times {
      try play(to: time, following: &clock)
      frames.append(
        try render(
          width: width, height: height, fit: fit, alignment: alignment, scaleFactor: scaleFactor,
          background: background, images: images))
    }
    return frames
  }

  /// Checks that frame times are finite, in range and ascending.
  static func checkTimes(_ times: [Double]) throws(ArtboardFrameError) {
    guard !times.isEmpty else {
      throw ArtboardFrameError(.invalidTime, message: "no time given")
    }
    var previous = -Double.infinity
    for (index, time) in times.enumerated() {
      guard time.isFinite, time >= 0, time <= maximumSeconds, time >= previous else {
        throw ArtboardFrameError(
          .invalidTime,
          message: "time \(index + 1) (\(time) s) is not an ascending time from 0 to "
            + "\(Int(maximumSeconds)) s")
      }
      previous = time
    }
  }

  private mutating func play(
    to time: Double, schedule: inout RecordingSchedule, output: String, frame: Int
  ) throws(ExportError) -> [PlaybackEvent] {
    var clock = schedule.clock
    defer { schedule.setClock(clock) }
    do throws(ArtboardFrameError) {
      return try play(to: time, following: &clock)
    } catch {
      throw ExportError(
        .playback, output: output, frameIndex: frame, message: error.description, frame: error)
    }
  }

  /// The frames' size: the settings', else the artboard's (times the `layout` fit's scale
  /// factor) rounded up (to even sides for formats without alpha, whose 4:2:0 chroma is
  /// halved).
  private func frameSize(_ settings: RecordingSettings, format: ExportFormat, output: String)
    throws(ExportError) -> (width: Int, height: Int)
  {
    let bounds = self.bounds
    // The layout fit draws the artboard scaled by its factor.
    let scale = settings.fit == .layout ? settings.scaleFactor : 1
    do throws(ArtboardFrameError) {
      var width = try Self.side(settings.width, bounds.width * scale, "width")
      var height = try Self.side(settings.height, bounds.height * scale, "height")
      if !format.keepsAlpha {
        if settings.width == nil, !width.isMultiple(of: 2) { width += 1 }
        if settings.height == nil, !height.isMultiple(of: 2) { height += 1 }
      }
      return (width, height)
    } catch {
      throw ExportError(.playback, output: output, message: error.description, frame: error)
    }
  }
}

/// What a recording wrote, and whether it stopped because the artboard settled.
public struct RecordingResult: Sendable, Hashable, CustomStringConvertible {
  /// The export's summary.
  public var summary: ExportSummary
  /// Whether an until-settled recording ended because the state machine settled (false when
  /// it reached its limit, and for fixed-length recordings).
  public var settled: Bool

  public var description: String { summary.description + (settled ? ", settled" : "") }
}
