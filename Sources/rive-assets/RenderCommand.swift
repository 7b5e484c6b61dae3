import Foundation
import RiveCore

/// `rive-assets render FILE.riv… [--ops-json] [--frame N] [--quiet] [--jobs N]`.
enum RenderCommand {
  static let help = """
    USAGE: rive-assets render FILE.riv… [--ops-json] [--frame N] [--quiet] [--jobs N]

    Plays each file's default artboard the way the official runtime's reference draw streams
    were recorded and renders frames of it. The driver is the default state machine, else
    state machine 0 (the runtime's generated one for artboards with nothing to play), else
    linear animation 0; frame 0 is one advance of 0 s and frame N follows N advances of
    1/60 s. Without an output option it prints a summary of each frame's draw operations.

    OUTPUTS:
      --ops-json  Print the draw stream in the official runtime's draw-stream schema: save,
                  restore, transform, clipPath, drawPath, drawImage, drawImageMesh, with paths,
                  paints and image ids (images are numbered in the order they are embedded).
                  One object per file; an array when several files are given.

    OPTIONS:
      --frame N   Render frame N only (default: frames 0 and 30, as the reference streams).
      --quiet     Print nothing but errors (and the JSON with --ops-json).
      --jobs N    Render N files at once (default: one per core); output stays in input order.
      -h, --help  Show this help.

    EXAMPLES:
      rive-assets render button.riv
      rive-assets render button.riv --ops-json > button.ops.json
      rive-assets render button.riv --ops-json --frame 90

    Exit codes: 0 every file rendered, 1 a file failed to load (on stderr), 2 bad usage.
    """

  /// The output flags (each adds one kind of output).
  static let outputFlags: Set<String> = ["--ops-json"]

  struct Options: Sendable {
    var opsJSON = false
    var isQuiet = false
    var frames = DrawRecorder.referenceFrames
  }

  struct Result: Sendable {
    var json: JSONValue?
    var text: String?
    var error: String?
  }

  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(
      arguments, flags: outputFlags, options: ["--frame"], help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    var chosen = Options(opsJSON: parsed.flags.contains("--ops-json"), isQuiet: parsed.isQuiet)
    if let text = parsed.options["--frame"] {
      guard let frame = Int(text), frame >= 0, frame <= 1_000_000 else {
        return Output.usageError(
          "--frame needs a frame number from 0 to 1000000, found '\(text)'", help: help)
      }
      chosen.frames = [frame]
    }
    let options = chosen
    let files = parsed.positional
    var status = ExitCode.success
    var values: [JSONValue] = []
    let progress = ProgressBar.make(total: files.count, label: "render", isQuiet: options.isQuiet)
    ParallelWork.forEach(
      count: files.count, jobs: jobs, progress: progress,
      work: { render(files[$0], options: options) },
      emit: { _, result in
        if let error = result.error {
          Output.error(error)
          status = ExitCode.failure
        }
        if let json = result.json { values.append(json) }
        if let text = result.text { Output.print(text) }
      })
    if options.opsJSON, !values.isEmpty {
      let value = values.count == 1 ? values[0] : JSONValue.array(values)
      Output.print(value.serialized())
    }
    return status
  }

  static func render(_ path: String, options: Options) -> Result {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    let file: RuntimeFile
    do throws(RiveError) {
      file = try RuntimeFile(contentsOf: url)
    } catch {
      var result = Result(error: "\(path): \(error)")
      if options.opsJSON {
        result.json = .object([
          ("file", .string(name)),
          (
            "import_result",
            .string(
              error.code.importResult == .unsupportedVersion ? "unsupportedVersion" : "malformed")
          ),
        ])
      }
      return result
    }
    let recorder = DrawRecorder(file: file)
    if options.opsJSON {
      return Result(json: recorder.stream(fileName: name, frames: options.frames))
    }
    if options.isQuiet { return Result() }
    return Result(text: summary(recorder, path: path, frames: options.frames))
  }

  /// A readable summary: the artboard, the driver and each frame's operation counts.
  static func summary(_ recorder: DrawRecorder, path: String, frames: [Int]) -> String {
    guard let artboard = recorder.file.artboards.first,
      let lists = recorder.displayLists(frames: frames)
    else { return "\(path): no artboard to draw" }
    var lines = [
      "\(path): artboard \"\(artboard.name)\", driven by "
        + DrawRecorder.driver(for: artboard).description
    ]
    for (frame, list) in lists {
      var counts: [String: Int] = [:]
      for operation in list.operations { counts[operationName(operation), default: 0] += 1 }
      let parts = ["drawPath", "clipPath", "drawImage", "drawImageMesh", "transform", "save"]
        .compactMap { key in counts[key].map { "\($0) \(key)" } }
      lines.append(
        "  frame \(frame): \(list.operations.count) operations (\(parts.joined(separator: ", ")))")
    }
    return lines.joined(separator: "\n")
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
