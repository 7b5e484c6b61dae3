import Foundation
import RiveCore
import RiveFormat
import RiveReference

/// `rive-assets render FILE.riv… [--ops-json] [--frame N] [--script FILE] [--quiet] [--jobs N]`.
enum RenderCommand {
  static let help = """
    USAGE: rive-assets render FILE.riv… -o OUT.png [--artboard NAME]
                              [--state-machine NAME | --animation NAME] [--time S | --frame N]
                              [--size WxH] [--fit F] [--alignment A] [--background RRGGBBAA]
                              [--assets DIR] [--strip N] [--script FILE] [--quiet]
                              [--jobs N]
           rive-assets render FILE.riv… [--ops-json] [--frame N] [--script FILE] [--no-text]
                              [--no-layout] [--quiet] [--jobs N]

    Plays an artboard with the package's runtime and draws it. The driver is the state
    machine or animation named, else the default state machine, else state machine 0 (the
    runtime's generated one for artboards with nothing to play), else linear animation 0;
    frame 0 is one advance of 0 s and later time is played in steps of 1/60 s (frame N follows
    N of them), as the official runtime's reference draw streams were recorded.

    With -o it draws PNG files (Cairo, through the package's rasteriser); with --ops-json it
    prints the draw stream; with neither, a summary of each frame's draw operations.

    OUTPUTS:
      -o, --output PATH  Write the frame as a PNG. With several files PATH is a directory
                         (made if missing) that gets one <file>.png per file.
      --ops-json         Print the draw stream in the official runtime's draw-stream schema:
                         save, restore, transform, clipPath, drawPath, drawImage,
                         drawImageMesh, with paths, paints and image ids (images are numbered
                         in the order they are embedded). One object per file; an array when
                         several files are given.

    PNG OPTIONS:
      --artboard NAME        The artboard (default: the first).
      --state-machine NAME   Play this state machine.
      --animation NAME       Play this animation instead.
      --time S               Draw the state after S seconds (default 0).
      --frame N              Draw frame N (N/60 s); with --ops-json, the only frame printed.
      --size WxH             The PNG's size (default: the artboard's size).
      --fit F                fill, contain (default), cover, fitWidth, fitHeight, none,
                             scaleDown or layout.
      --alignment A          topLeft … center (default) … bottomRight.
      --background RRGGBBAA  The colour behind the artboard (default transparent).
      --assets DIR           Where referenced and hosted images are (by the current API's
                             bundle lookup); images found nowhere draw nothing.
      --strip N              N frames side by side, evenly from 0 to the time.
      --script FILE          Apply an input script's events on the way (JSON: timed inputs,
                             triggers, view-model values, pointer events, text runs); with
                             --ops-json too (its settings pick the state machine and binding).

    OPTIONS:
      --no-text   Draw no text (as the official runtime built with text off, which recorded
                  the reference draw streams). Text is drawn by default, shaped with the
                  file's embedded fonts.
      --no-layout Solve no layout (as the official runtime built with layout off): layout
                  components keep their stored place and size and draw nothing of their own.
                  Layout is solved by default.
      --quiet     Print nothing but errors (and the JSON with --ops-json).
      --jobs N    Render N files at once (default: one per core); output stays in input order.
      -h, --help  Show this help.

    EXAMPLES:
      rive-assets render button.riv -o button.png
      rive-assets render button.riv -o button.png --size 512x512 --time 1.5 --background FFFFFFFF
      rive-assets render button.riv -o strip.png --strip 8 --time 2 --size 128x128
      rive-assets render *.riv -o frames/ --jobs 4
      rive-assets render button.riv --ops-json > button.ops.json
      rive-assets render button.riv --ops-json --frame 90
      rive-assets render button.riv --ops-json --frame 31 --script press.json

    Exit codes: 0 every file rendered, 1 a file failed (on stderr, naming the file), 2 bad
    usage (naming the option).
    """

  /// The output flags (each adds one kind of output).
  static let outputFlags: Set<String> = ["--ops-json", "--no-text", "--no-layout"]

  struct Options: Sendable {
    var opsJSON = false
    var isQuiet = false
    var drawsText = true
    var solvesLayout = true
    var frames = DrawRecorder.referenceFrames
    /// An input script played on the way (`--script` with `--ops-json`).
    var script: InputScript?
  }

  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(
      arguments, flags: outputFlags, options: RenderImage.valuedOptions.union(["--frame"]),
      help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    if let output = parsed.options["-o"] ?? parsed.options["--output"] {
      guard !parsed.flags.contains("--ops-json") else {
        return Output.usageError("-o and --ops-json cannot be used together", help: help)
      }
      return renderImages(parsed, output: output, jobs: jobs)
    }
    if let option = RenderImage.valuedOptions.subtracting(["--script"]).sorted().first(where: {
      parsed.options[$0] != nil
    }) {
      return Output.usageError("\(option) draws a PNG: give -o OUT.png", help: help)
    }
    var script: InputScript?
    if let path = parsed.options["--script"] {
      guard parsed.flags.contains("--ops-json") else {
        return Output.usageError(
          "--script plays into a PNG (-o OUT.png) or a draw stream (--ops-json)", help: help)
      }
      do throws(UsageError) {
        script = try InputScript(scriptOption: path)
      } catch {
        return Output.usageError(error.message, help: help)
      }
    }
    var chosen = Options(
      opsJSON: parsed.flags.contains("--ops-json"), isQuiet: parsed.isQuiet,
      drawsText: !parsed.flags.contains("--no-text"),
      solvesLayout: !parsed.flags.contains("--no-layout"))
    if let text = parsed.options["--frame"] {
      guard let frame = Int(text), frame >= 0, frame <= 1_000_000 else {
        return Output.usageError(
          "--frame needs a frame number from 0 to 1000000, found '\(text)'", help: help)
      }
      chosen.frames = [frame]
    }
    chosen.script = script
    let options = chosen
    return PerFileRun.run(
      parsed.positional, jobs: jobs, label: "render", isQuiet: options.isQuiet,
      printsJSON: options.opsJSON
    ) { render($0, options: options) }
  }

  /// Draws every file to PNG.
  static func renderImages(_ parsed: ParsedArguments, output: String, jobs: Int) -> Int32 {
    let options: RenderImage.Options
    do throws(UsageError) {
      options = try RenderImage.options(parsed)
    } catch {
      return Output.usageError(error.message, help: help)
    }
    let files = parsed.positional
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
    let toDirectory = files.count > 1 || (exists && isDirectory.boolValue)
    if toDirectory {
      guard !exists || isDirectory.boolValue else {
        return Output.usageError(
          "-o \(output) is a file; several files need a directory", help: help)
      }
      do {
        try FileManager.default.createDirectory(
          atPath: output, withIntermediateDirectories: true)
      } catch {
        Output.error("error: cannot make directory \(output): \(error.localizedDescription)")
        return ExitCode.failure
      }
    }
    let outputs = files.map { file in
      toDirectory
        ? URL(fileURLWithPath: output).appendingPathComponent(
          URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".png"
        ).path
        : output
    }
    var status = ExitCode.success
    let progress = ProgressBar.make(total: files.count, label: "render", isQuiet: parsed.isQuiet)
    ParallelWork.forEach(
      count: files.count, jobs: jobs, progress: progress,
      work: { RenderImage.render(files[$0], to: outputs[$0], options: options) },
      emit: { _, outcome in
        if let error = outcome.error {
          Output.error(error)
          status = ExitCode.failure
        }
        if let summary = outcome.summary, !parsed.isQuiet { Output.print(summary) }
      })
    return status
  }

  static func render(_ path: String, options: Options) -> FileOutcome {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file: RuntimeFile
    switch PerFileRun.runtimeFile(at: path, reportsJSON: options.opsJSON) {
    case .success(let loaded): file = loaded
    case .failure(let failure): return failure.outcome
    }
    let recorder = DrawRecorder(
      file: file, text: options.drawsText, layout: options.solvesLayout)
    if options.opsJSON {
      guard let script = options.script else {
        return FileOutcome(json: recorder.stream(fileName: name, frames: options.frames))
      }
      do throws(ArtboardFrameError) {
        return FileOutcome(
          json: try recorder.stream(fileName: name, frames: options.frames, script: script))
      } catch {
        return FileOutcome(error: "\(path): \(error)")
      }
    }
    if options.isQuiet { return FileOutcome() }
    return FileOutcome(text: summary(recorder, path: path, frames: options.frames))
  }

  /// A readable summary: the artboard, the driver and each frame's operation counts.
  static func summary(_ recorder: DrawRecorder, path: String, frames: [Int]) -> String {
    guard let artboard = recorder.file.artboards.first,
      let lists = recorder.displayLists(frames: frames)
    else { return "\(path): no artboard to draw" }
    var lines = [
      "\(path): artboard \"\(artboard.name)\", driven by "
        + ArtboardPlayback.Driver.default(for: artboard).description
    ]
    for (frame, list) in lists {
      var counts: [String: Int] = [:]
      for operation in list.operations { counts[operationName(operation), default: 0] += 1 }
      let parts = ["drawPath", "clipPath", "drawImage", "drawImageMesh", "transform", "save"]
        .compactMap { key in counts[key].map { "\($0) \(key)" } }
      lines.append(
        "  frame \(frame): \(list.count) operations (\(parts.joined(separator: ", ")))")
      // The laid-out components, when anything besides the artboard is laid out.
      let frames = recorder.layoutFrames(at: frame)
      if frames.count > 1 {
        for laidOut in frames {
          let indent = String(repeating: "  ", count: laidOut.depth + 2)
          let name = laidOut.name.isEmpty ? "" : " \"\(laidOut.name)\""
          lines.append(
            "\(indent)\(laidOut.kind) #\(laidOut.id)\(name): \(number(laidOut.x)), "
              + "\(number(laidOut.y)) \(number(laidOut.width))×\(number(laidOut.height))")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A number with at most three decimals (no trailing zeros).
  static func number(_ value: Float) -> String {
    let rounded = (Double(value) * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e9 { return String(Int(rounded)) }
    return String(rounded)
  }

  static func operationName(_ operation: DrawOperation) -> String {
    switch operation {
    case .save: "save"
    case .restore: "restore"
    case .transform: "transform"
    case .clipPath: "clipPath"
    case .drawPath: "drawPath"
    case .drawImage: "drawImage"
    case .drawImageMesh: "drawImageMesh"
    case .modulateOpacity: "modulateOpacity"
    }
  }
}
