import Foundation
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames

/// `rive-assets record FILE.riv -o OUT …`: an artboard played and written as a video, an
/// animated image or PNG frames, through `RiveExport`.
enum RecordCommand {
  static let help = """
    USAGE: rive-assets record FILE.riv -o OUT.mp4|OUT.webm|OUT.webp|OUT.gif|DIR/%05d.png
                              [--artboard NAME] [--state-machine NAME | --animation NAME]
                              [--script FILE] [--duration S] [--until-settled] [--fps N]
                              [--size WxH] [--fit F] [--alignment A] [--background RRGGBBAA]
                              [--assets DIR] [--audio OUT.wav] [--gif-palette P] [--quiet]

    Plays an artboard with the package's runtime, as `render` does (frame 0 is an advance of
    0 s, then steps of at most 1/60 s), applies the input script's events at their times,
    draws frame i at i/fps seconds and writes the frames:

      .mp4   H.264 (libx264, CRF 20, preset medium, 4:2:0, BT.709) + AAC 128 kbit/s
      .webm  VP9 (libvpx, CRF 32, good, cpu-used 4) + Vorbis 128 kbit/s
      .webp  animated WebP (libwebpmux; lossy, quality 90, alpha kept), every frame kept
      .gif   GIF (libavfilter palettes, giflib): a palette per frame (default) or one for the
             whole animation (--gif-palette global); Bayer dithering; alpha below 50 % is
             transparent; at most 50 fps (GIF delays are hundredths of a second)
      %05d   one PNG per frame, numbered from 0 (the folder is made)

    The state machine's audio events play their audio asset (embedded, or found in --assets)
    at the time they fire, mixed into the video's audio track (44.1 kHz stereo); a video has a
    track when the artboard has an audio event whose audio is available. --audio writes the
    mix as a WAV file (any format).

    OPTIONS:
      -o, --output PATH      The output; its extension (or a %d field) picks the format.
      --artboard NAME        The artboard (default: the first).
      --state-machine NAME   Play this state machine (default: the artboard's default one).
      --animation NAME       Play this animation instead.
      --script FILE          An input script (JSON: timed inputs, triggers, view-model values,
                             pointer events, text runs; see the README).
      --duration S           Record S seconds: round(S × fps) frames. With --until-settled,
                             the longest it may run.
      --until-settled        Stop after the frame where the state machine settles (or a
                             one-shot animation ends) with no script event left; at most
                             --duration seconds (default 10). Without --duration, this is
                             what record does.
      --fps N                Frames per second, 1 to 120 (default 30; at most 50 for GIF).
      --size WxH             The frames' size (default: the artboard's, made even for video).
      --fit F                fill, contain (default), cover, fitWidth, fitHeight, none,
                             scaleDown or layout.
      --alignment A          topLeft … center (default) … bottomRight.
      --background RRGGBBAA  The colour behind the artboard (default transparent; MP4 and
                             WebM frames are drawn over white where it is not opaque).
      --assets DIR           Where referenced and hosted images, fonts and audio are.
      --audio PATH           Also write the sound as a WAV file (32-bit float).
      --gif-palette P        per-frame (default) or global.
      --quiet                Print nothing but errors.
      -h, --help             Show this help.

    A progress bar is drawn on stderr when it is a terminal.

    EXAMPLES:
      rive-assets record button.riv -o button.mp4 --duration 3 --size 1280x720
      rive-assets record button.riv -o button.gif --until-settled --fps 25 --size 320x320
      rive-assets record button.riv -o frames/%05d.png --script press.json --duration 2
      rive-assets record sound.riv -o sound.webm --duration 4 --audio sound.wav

    Exit codes: 0 written, 1 the file or the recording failed (naming the file, the output
    and the frame), 2 bad usage (naming the option).
    """

  static let flags: Set<String> = ["--until-settled"]
  static let valuedOptions: Set<String> = [
    "-o", "--output", "--artboard", "--state-machine", "--animation", "--script", "--duration",
    "--fps", "--size", "--fit", "--alignment", "--background", "--assets", "--audio",
    "--gif-palette",
  ]

  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    switch ParsedArguments.start(
      arguments, flags: flags, options: valuedOptions, required: [], help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, _): parsed = arguments
    }
    guard parsed.positional.count == 1, let path = parsed.positional.first else {
      return Output.usageError(
        "record takes one file, found \(parsed.positional.count)", help: help)
    }
    guard let output = parsed.options["-o"] ?? parsed.options["--output"] else {
      return Output.usageError(
        "-o OUT is required (.mp4, .webm, .webp, .gif or %05d.png)", help: help)
    }
    let image: RenderImage.Options
    let settings: RecordingSettings
    do throws(UsageError) {
      image = try RenderImage.options(parsed)
      settings = try recordingSettings(parsed, image: image, output: output)
    } catch {
      return Output.usageError(error.message, help: help)
    }
    return record(path, to: output, image: image, settings: settings, isQuiet: parsed.isQuiet)
  }

  /// The recording's settings from the options; every message names the option.
  static func recordingSettings(
    _ parsed: ParsedArguments, image: RenderImage.Options, output: String
  ) throws(UsageError) -> RecordingSettings {
    var settings = RecordingSettings()
    do throws(ExportError) {
      _ = try ExportFormat(path: output)
    } catch {
      throw UsageError("-o: \(error.message)")
    }
    let values = parsed.options
    if let text = values["--fps"] {
      guard let fps = Int(text), (1...FrameExporter.maximumFPS).contains(fps) else {
        throw UsageError("--fps needs frames per second from 1 to 120, found '\(text)'")
      }
      settings.fps = fps
    }
    var seconds: Double?
    if let text = values["--duration"] {
      guard let value = Double(text), value.isFinite, value > 0,
        value <= RecordingLength.maximumSeconds
      else {
        throw UsageError(
          "--duration needs seconds above 0, at most \(Int(RecordingLength.maximumSeconds)), "
            + "found '\(text)'")
      }
      seconds = value
    }
    if let seconds, !parsed.flags.contains("--until-settled") {
      settings.length = .seconds(seconds)
    } else {
      settings.length = .untilSettled(limit: seconds ?? 10)
    }
    if let path = values["--script"] {
      settings.script = try InputScript(scriptOption: path)
    }
    if let text = values["--gif-palette"] {
      guard let palette = GIFPalette(rawValue: text) else {
        throw UsageError(
          "--gif-palette needs "
            + GIFPalette.allCases.map(\.rawValue).joined(separator: " or ") + ", found '\(text)'")
      }
      settings.export.gifPalette = palette
    }
    if let audio = values["--audio"] {
      guard audio.lowercased().hasSuffix(".wav") else {
        throw UsageError("--audio writes a WAV file: give a name ending in .wav, found '\(audio)'")
      }
      settings.export.audioOutput = audio
    }
    settings.width = image.size?.width
    settings.height = image.size?.height
    settings.fit = image.fit
    settings.alignment = image.alignment
    settings.background = image.background
    return settings
  }

  /// Plays and writes one file.
  static func record(
    _ path: String, to output: String, image: RenderImage.Options, settings: RecordingSettings,
    isQuiet: Bool
  ) -> Int32 {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
    } catch {
      Output.error("\(path): cannot read: \(error.localizedDescription)")
      return ExitCode.failure
    }
    let drawable: RenderImage.Drawable
    do throws(RiveError) {
      drawable = try RenderImage.Drawable(data, path: path, assets: image.assets)
    } catch {
      Output.error("\(path): \(error)")
      return ExitCode.failure
    }
    do {
      var player = try FramePlayer(
        file: drawable.file, artboard: image.artboard, stateMachine: image.stateMachine,
        animation: image.animation, drawsText: image.drawsText,
        solvesLayout: image.solvesLayout, settings: settings.script.settings,
        assets: drawable.assets)
      var bar: ProgressBar?
      let result = try player.record(to: output, settings: settings) { done, total in
        if bar == nil { bar = ProgressBar.make(total: total, label: "record", isQuiet: isQuiet) }
        bar?.draw(completed: done)
      }
      bar?.clear()
      guard !isQuiet else { return ExitCode.success }
      var summary =
        "\(result.summary), artboard \"\(player.artboard.model.name)\" by "
        + player.driver.description
      if case .untilSettled(let limit) = settings.length {
        summary +=
          result.settled
          ? "; settled" : "; did not settle within \(RenderImage.format(limit)) s (--duration)"
      }
      let absent = drawable.missing(.image) + drawable.missing(.audio)
      if !absent.isEmpty {
        summary += "; not found: " + absent.joined(separator: ", ")
      }
      Output.print(summary)
      return ExitCode.success
    } catch let error as ExportError {
      Output.error("\(path): \(error)")
    } catch let error as ArtboardFrameError {
      Output.error("\(path): \(error)")
    } catch {
      Output.error("\(path): \(error)")
    }
    return ExitCode.failure
  }
}
