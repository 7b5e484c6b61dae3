import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// How long a recording runs.
public enum RecordingLength: Sendable, Hashable {
  /// A fixed length: `round(seconds × fps)` frames (at least one), frame `i` at `i / fps`.
  case seconds(Double)
  /// Until the state machine settles (or a one-shot animation ends) with no script event
  /// left, at most `limit` seconds: the frame drawn after the advance that settled is the last.
  case untilSettled(limit: Double)

  /// The longest recording: 10 minutes.
  public static let maximumSeconds = 600.0
}

/// What a recording draws and how: frame rate and length, the input script, the frames' size,
/// fit and background, and the export's own settings.
public struct RecordingSettings: Sendable, Equatable {
  /// Frames per second (default 30).
  public var fps = 30
  /// How long (default: until settled, at most 10 s).
  public var length = RecordingLength.untilSettled(limit: 10)
  /// What to do to the artboard, and when.
  public var script = InputScript.empty
  /// The frames' width; nil is the artboard's width rounded up (to an even number for MP4 and
  /// WebM).
  public var width: Int?
  /// The frames' height; nil as ``width``.
  public var height: Int?
  /// How the artboard fits the frame (file recordings; the APIs use their own fit).
  public var fit = FrameFit.contain
  /// Where it sits (file recordings).
  public var alignment = FrameAlignment.center
  /// The `layout` fit's scale factor (file recordings): the artboard takes the frame's size
  /// divided by it and is drawn scaled by it. Values that are not finite or not above 0 are 1.
  public var layoutScaleFactor: Float = 1
  /// The colour behind the artboard, `0xAARRGGBB` (default transparent; formats without alpha
  /// then show ``ExportOptions/matte``).
  public var background: UInt32 = 0
  /// Palette, matte, threads, audio.
  public var export = ExportOptions()

  /// Default settings: 30 fps, until settled (at most 10 s), the artboard's size.
  public init(
    fps: Int = 30, length: RecordingLength = .untilSettled(limit: 10),
    script: InputScript = .empty, width: Int? = nil, height: Int? = nil,
    fit: FrameFit = .contain, alignment: FrameAlignment = .center, layoutScaleFactor: Float = 1,
    background: UInt32 = 0, export: ExportOptions = ExportOptions()
  ) {
    self.fps = fps
    self.length = length
    self.script = script
    self.width = width
    self.height = height
    self.fit = fit
    self.alignment = alignment
    self.layoutScaleFactor = layoutScaleFactor
    self.background = background
    self.export = export
  }

  /// ``layoutScaleFactor`` as drawn: 1 in place of a value that is not finite or not above 0.
  var scaleFactor: Float {
    layoutScaleFactor.isFinite && layoutScaleFactor > 0 ? layoutScaleFactor : 1
  }

  /// Checks the rate and length.
  ///
  /// - Parameter output: The output, for messages.
  /// - Throws: ``ExportError`` with code `invalidOption` naming the value.
  func validate(output: String) throws(ExportError) {
    guard (1...FrameExporter.maximumFPS).contains(fps) else {
      throw ExportError(
        .invalidOption, output: output,
        message: "\(fps) frames per second is outside 1 to \(FrameExporter.maximumFPS)")
    }
    let seconds: Double
    switch length {
    case .seconds(let value): seconds = value
    case .untilSettled(let limit): seconds = limit
    }
    guard seconds.isFinite, seconds > 0, seconds <= RecordingLength.maximumSeconds else {
      throw ExportError(
        .invalidOption, output: output,
        message: "a length of \(seconds) s is outside 0 to \(Int(RecordingLength.maximumSeconds)) s"
      )
    }
    for side in [width, height].compactMap({ $0 }) {
      guard (1...RasterLimits.default.maximumDimension).contains(side) else {
        throw ExportError(
          .invalidOption, output: output,
          message: "a side of \(side) is outside 1 to \(RasterLimits.default.maximumDimension)")
      }
    }
  }
}

/// Which frames a recording draws, and when it stops: shared by every player (files, the
/// current API's `Rive`, the legacy `RiveViewModel`), which play to each time with the
/// script's clock (`ScriptClock`).
struct RecordingSchedule {
  private(set) var clock: ScriptClock
  private let times: [Double]?
  private let fps: Int
  private let count: Int
  private let untilSettled: Bool
  private(set) var index = 0
  private var stopped = false
  /// Whether the player settled (for until-settled recordings).
  private(set) var settled = false

  /// Frames at `fps` for `length`.
  init(fps: Int, length: RecordingLength, script: InputScript) {
    clock = ScriptClock(script: script)
    times = nil
    self.fps = fps
    switch length {
    case .seconds(let seconds):
      count = max(1, Int((seconds * Double(fps)).rounded()))
      untilSettled = false
    case .untilSettled(let limit):
      count = max(1, Int((limit * Double(fps)).rounded()))
      untilSettled = true
    }
  }

  /// Frames at the given times (ascending).
  init(times: [Double], script: InputScript) {
    clock = ScriptClock(script: script)
    self.times = times
    fps = 60
    count = times.count
    untilSettled = false
  }

  /// The most frames the recording draws.
  var plannedCount: Int { count }

  /// The time of the next frame, nil when the recording is over.
  mutating func nextTime() -> Double? {
    guard !stopped, index < count else { return nil }
    return times?[index] ?? Double(index) / Double(fps)
  }

  /// The steps to the next frame's time.
  mutating func steps(to time: Double) -> [ScriptClock.Step] {
    clock.steps(to: time)
  }

  /// Puts back a clock a player advanced.
  mutating func setClock(_ clock: ScriptClock) {
    self.clock = clock
  }

  /// A frame was drawn after an advance whose keep-going result was `keepGoing`.
  mutating func frameDrawn(keepGoing: Bool) {
    index += 1
    if untilSettled, index > 1, !keepGoing, clock.isFinished {
      settled = true
      stopped = true
    }
  }

  /// The end of the last frame, in seconds: where the sounds stop.
  var end: Double {
    if let times { return times.last ?? 0 }
    return Double(index) / Double(fps)
  }
}

/// The sounds of a recording: whether it has any, and mixing them in as their events fire.
enum RecordingAudio {
  /// Whether any audio event of `artboard` names an asset that has a clip: then a video gets
  /// an audio track (silent until the first sound).
  static func hasSounds(_ artboard: ArtboardInstance, clips: [Int: DecodedAudio]) -> Bool {
    guard !clips.isEmpty else { return false }
    for id in 0..<artboard.model.objectCount {
      if let asset = artboard.audioAssetIndex(ofEvent: id), clips[asset] != nil { return true }
    }
    return false
  }

  /// Mixes the audio events among `events` into `exporter`.
  static func mix(
    _ events: [PlaybackEvent], clips: [Int: DecodedAudio], into exporter: FrameExporter
  ) {
    for event in events where event.typeKey == PlaybackEvent.audioEventTypeKey {
      guard let asset = event.audioAsset, let clip = clips[asset] else { continue }
      exporter.addAudio(clip, at: event.time, name: event.name)
    }
  }
}
