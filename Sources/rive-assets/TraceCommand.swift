import Foundation
import RiveCore
import RiveFormat
import RiveFrames
import RiveReference

/// `rive-assets trace FILE… [--json] [--quiet] [--jobs N]`.
enum TraceCommand {
  static let help = """
    USAGE: rive-assets trace FILE… [--json] [--no-text] [--no-layout] [--quiet] [--jobs N]
           rive-assets trace FILE… --script FILE [--artboard NAME] [--state-machine NAME]
                             [--duration S] [--json] [--quiet] [--jobs N]

    Plays the reference scenario on every state machine and every linear animation of each
    .riv file and prints what happens frame by frame: state changes, reported events, whether
    the machine still needs frames, the frame where it settles, and the animated values at
    frames 0, 30, …, 180. The scenario is the official runtime's trace script: dt = 1/60 s,
    180 frames; booleans flip at frame 20 and return at 140, one trigger fires at frames 40,
    60, …, 160, numbers become default + 1 at frame 100.

    With --script, plays the artboard's state machine (as `render` and `record` do) with an
    input script instead, in steps of 1/60 s (cut where an event falls), and prints each
    event applied, each state change, each reported event and each text run's text (at the
    start and whenever it changes: a script's textRun, data binding, a keyframe) with its
    time, to the last event plus one second (or --duration), and whether the machine
    settled.

    OPTIONS:
      --json      Print the trace in the official runtime's trace schema (one object per file,
                  an array when several files are given), so it can be compared with a
                  reference trace field by field. With --script: {"file", "artboard",
                  "driver", "timeline": [{"time", "applied" | "state" | "event" | "text"}],
                  "settled_at"}.
      --script FILE         An input script (JSON; see the README).
      --artboard NAME       With --script: the artboard (default: the first).
      --state-machine NAME  With --script: the state machine (default: the artboard's).
      --duration S          With --script: how long to play (default: the last event + 1 s).
      --no-text   Lay out no text (as the official runtime built with text off, which recorded
                  the reference traces). Text is laid out by default, with the file's fonts.
      --no-layout Solve no layout (as the official runtime built with layout off). Layout is
                  solved by default.
      --quiet     Print nothing but errors (and the JSON with --json).
      --jobs N    Trace N files at once (default: one per core); output stays in input order.
      -h, --help  Show this help.

    EXAMPLES:
      rive-assets trace button.riv
      rive-assets trace --json button.riv > button.trace.json

    Exit codes: 0 every file traced, 1 a file failed to load (on stderr), 2 bad usage.
    """

  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(
      arguments, flags: ["--no-text", "--no-layout"],
      options: ["--script", "--artboard", "--state-machine", "--duration"],
      help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    if parsed.options["--script"] != nil {
      return ScriptTrace.run(parsed, jobs: jobs, help: help)
    }
    for option in ["--artboard", "--state-machine", "--duration"]
    where parsed.options[option] != nil {
      return Output.usageError("\(option) goes with --script FILE", help: help)
    }
    let isJSON = parsed.isJSON
    let isQuiet = parsed.isQuiet
    let text = !parsed.flags.contains("--no-text")
    let layout = !parsed.flags.contains("--no-layout")
    return PerFileRun.run(
      parsed.positional, jobs: jobs, label: "trace", isQuiet: isQuiet, printsJSON: isJSON
    ) { trace($0, isJSON: isJSON, isQuiet: isQuiet, text: text, layout: layout) }
  }

  static func trace(_ path: String, isJSON: Bool, isQuiet: Bool, text: Bool, layout: Bool)
    -> FileOutcome
  {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file: RuntimeFile
    switch PerFileRun.runtimeFile(at: path, reportsJSON: isJSON) {
    case .success(let loaded): file = loaded
    case .failure(let failure): return failure.outcome
    }
    let trace = TraceRecorder(file: file, text: text, layout: layout).trace(fileName: name)
    if isJSON { return FileOutcome(json: trace) }
    if isQuiet { return FileOutcome() }
    return FileOutcome(text: TraceText.render(trace, path: path))
  }
}

/// The readable timeline of a trace.
enum TraceText {
  static func render(_ trace: JSONValue, path: String) -> String {
    var lines = ["\(path)"]
    if case .array(let scenarios)? = trace["scenarios"] {
      for scenario in scenarios {
        lines.append(
          "  \(scenario["artboard"].flatMap(stringValue) ?? "") › "
            + "\(scenario["state_machine"].flatMap(stringValue) ?? "")"
            + (scenario["bound_view_model"].flatMap(stringValue).map { " (bound to \($0))" } ?? ""))
        if case .array(let frames)? = scenario["frames"] {
          for frame in frames { lines.append("    " + describe(frame)) }
        }
        let settled = scenario["settled_frame"].flatMap(integerValue).map(String.init) ?? "never"
        lines.append("    settles at frame \(settled)")
      }
    }
    if case .array(let scenarios)? = trace["animation_scenarios"] {
      for scenario in scenarios {
        var line = "  \(scenario["artboard"].flatMap(stringValue) ?? "") › animation "
        line += scenario["animation"].flatMap(stringValue) ?? ""
        if case .array(let frames)? = scenario["frames"] {
          let stops = frames.compactMap { frame -> String? in
            guard case .bool(false)? = frame["keep_going"] else { return nil }
            return frame["frame"].flatMap(integerValue).map { "stops at frame \($0)" }
          }
          let loops = frames.filter { $0["did_loop"] != nil }.count
          line += " — " + (stops.first ?? "keeps going") + ", \(loops) loop frame(s)"
        }
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func describe(_ frame: JSONValue) -> String {
    var parts: [String] = []
    if let keepGoing = frame["keep_going"], case .bool(let value) = keepGoing {
      parts.append(value ? "keeps going" : "settled")
    }
    if case .array(let changes)? = frame["state_changes"] {
      for change in changes {
        let layer = change["layer"].flatMap(integerValue) ?? 0
        let type = change["type"].flatMap(stringValue) ?? ""
        let animation = change["animation"].flatMap(stringValue).map { " \"\($0)\"" } ?? ""
        parts.append("layer \(layer) → \(type)\(animation)")
      }
    }
    if case .array(let events)? = frame["events"] {
      for event in events { parts.append("event \"\(event["name"].flatMap(stringValue) ?? "")\"") }
    }
    let number = frame["frame"].flatMap(integerValue) ?? 0
    return "frame \(number): " + parts.joined(separator: ", ")
  }

  private static func stringValue(_ value: JSONValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }

  private static func integerValue(_ value: JSONValue) -> Int? {
    if case .integer(let number) = value { return Int(number) }
    return nil
  }
}
