import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// `rive-assets trace FILE… --script FILE`: the timeline of an input script played on an
/// artboard's state machine.
enum ScriptTrace {
  struct Options: Sendable {
    var script: InputScript
    var artboard: String?
    var stateMachine: String?
    var duration: Double?
    var isJSON: Bool
    var isQuiet: Bool
  }

  static func run(_ parsed: ParsedArguments, jobs: Int, help: String) -> Int32 {
    var options: Options
    do throws(UsageError) {
      guard let path = parsed.options["--script"] else { throw UsageError("--script FILE") }
      let script = try InputScript(scriptOption: path)
      options = Options(
        script: script, artboard: parsed.options["--artboard"],
        stateMachine: parsed.options["--state-machine"], isJSON: parsed.isJSON,
        isQuiet: parsed.isQuiet)
      if let text = parsed.options["--duration"] {
        guard let value = Double(text), value.isFinite, value > 0,
          value <= FramePlayer.maximumSeconds
        else {
          throw UsageError(
            "--duration needs seconds above 0, at most \(Int(FramePlayer.maximumSeconds)), "
              + "found '\(text)'")
        }
        options.duration = value
      }
    } catch {
      return Output.usageError(error.message, help: help)
    }
    let chosen = options
    return PerFileRun.run(
      parsed.positional, jobs: jobs, label: "trace", isQuiet: chosen.isQuiet,
      printsJSON: chosen.isJSON
    ) { trace($0, options: chosen) }
  }

  /// One line of the timeline.
  struct Entry {
    var time: Double
    var kind: String
    var text: String
  }

  static func trace(_ path: String, options: Options) -> FileOutcome {
    let file: RuntimeFile
    do throws(RiveError) {
      file = try RuntimeFile(contentsOf: URL(fileURLWithPath: path))
    } catch {
      return FileOutcome(error: "\(path): \(error)")
    }
    var entries: [Entry] = []
    var settledAt: Double?
    var player: FramePlayer
    do throws(ArtboardFrameError) {
      player = try FramePlayer(
        file: file, artboard: options.artboard, stateMachine: options.stateMachine,
        settings: options.script.settings)
      let end = options.duration ?? (options.script.lastTime + 1)
      // Every 1/60 s and every event's time, so each call advances at most once.
      var times = Set((0...Int((end * 60).rounded(.up))).map { min(end, Double($0) / 60) })
      for event in options.script.events where event.time <= end { times.insert(event.time) }
      var clock = ScriptClock(script: options.script)
      var applied = 0
      // Text runs are reported when their text changes (and once at the start).
      var runs: [String] = []
      for time in times.sorted() {
        let events = try player.play(to: time, following: &clock)
        let done = options.script.events.prefix { $0.time <= time + 1e-9 }
        for event in done.dropFirst(applied) {
          entries.append(Entry(time: event.time, kind: "applied", text: event.action.summary))
        }
        applied = done.count
        for name in player.stateChangeNames {
          entries.append(Entry(time: time, kind: "state", text: name))
        }
        for event in events {
          entries.append(Entry(time: event.time, kind: "event", text: event.name))
        }
        let now = player.artboard.textRuns
        for (index, run) in now.enumerated() where index >= runs.count || runs[index] != run.text {
          entries.append(Entry(time: time, kind: "text", text: "\(run.name) = \"\(run.text)\""))
        }
        runs = now.map(\.text)
        if !player.keepGoing, clock.isFinished {
          if settledAt == nil { settledAt = time }
        } else {
          settledAt = nil
        }
      }
    } catch {
      return FileOutcome(error: "\(path): \(error)")
    }
    let driver = player.driver.description
    let artboard = player.artboard.model.name
    if options.isJSON {
      let timeline: [JSONValue] = entries.map { entry in
        .object([("time", .number(entry.time)), (entry.kind, .string(entry.text))])
      }
      return FileOutcome(
        json: .object([
          ("file", .string(URL(fileURLWithPath: path).lastPathComponent)),
          ("artboard", .string(artboard)), ("driver", .string(driver)),
          ("timeline", .array(timeline)),
          ("settled_at", settledAt.map { .number($0) } ?? .null),
        ]))
    }
    if options.isQuiet { return FileOutcome() }
    var lines = ["\(path): artboard \"\(artboard)\" by \(driver)"]
    for entry in entries {
      let label =
        switch entry.kind {
        case "applied": "applied"
        case "state": "state →"
        case "text": "text"
        default: "event"
        }
      lines.append("  \(String(format: "%.3f", entry.time)) s  \(label) \(entry.text)")
    }
    lines.append(
      settledAt.map { "  settles at \(String(format: "%.3f", $0)) s" }
        ?? "  still playing at the end")
    return FileOutcome(text: lines.joined(separator: "\n"))
  }
}
