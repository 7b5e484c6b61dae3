import Foundation

/// Dispatches the subcommands; every subcommand returns its exit code.
enum CommandLineTool {
  /// Every subcommand: its name, its one-line summary and its entry point. The usage text
  /// and the dispatch are both made from this table, so neither can miss one.
  static let subcommands: [(name: String, summary: String, run: @Sendable ([String]) -> Int32)] = [
    ("inspect", "List the assets and the structure of .riv files.", InspectCommand.run),
    ("decode", "Sniff and decode loose media files or an embedded asset.", DecodeCommand.run),
    (
      "extract", "Write every embedded asset of .riv files to a directory, with a manifest.",
      ExtractCommand.run
    ),
    (
      "check", "Check that a bundle directory supplies every referenced and hosted asset.",
      CheckCommand.run
    ),
    ("codegen", "Generate Swift constants for the names in .riv files.", CodegenCommand.run),
    (
      "trace", "Play every state machine and animation of .riv files and show what happens.",
      TraceCommand.run
    ),
    (
      "render", "Draw frames of .riv files as PNG files or print their draw streams.",
      RenderCommand.run
    ),
    (
      "record", "Write an artboard as MP4, WebM, animated WebP, GIF or PNG frames.",
      RecordCommand.run
    ),
    ("sheet", "Draw a PNG contact sheet of a .riv file's image assets.", SheetCommand.run),
    ("demo", "Write a small .riv file made by this package.", DemoCommand.run),
  ]

  static let usage: String = {
    let lines = subcommands.map { entry in
      "  " + entry.name.padding(toLength: 10, withPad: " ", startingAt: 0) + entry.summary
    }
    return """
      USAGE: rive-assets <subcommand> [options] FILE…

      SUBCOMMANDS:
      \(lines.joined(separator: "\n"))

      Run `rive-assets <subcommand> --help` for each subcommand's options and examples.

      COMMON OPTIONS (where a subcommand accepts them):
        --json      Print data as JSON on stdout.
        --quiet     Print nothing but errors (and the JSON asked for with --json).
        --jobs N    Work on N files at once (default: one per core). A progress bar is drawn on
                    stderr when more than 8 files are processed and stderr is a terminal.

      Exit codes: 0 success, 1 a file failed (the error is on stderr), 2 bad usage.
      """
  }()

  static func run(_ arguments: [String]) -> Int32 {
    guard let subcommand = arguments.first else {
      Output.error(usage)
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if let entry = subcommands.first(where: { $0.name == subcommand }) {
      return entry.run(rest)
    }
    switch subcommand {
    case "-h", "--help", "help":
      Output.print(usage)
      return ExitCode.success
    default:
      Output.error("error: unknown subcommand '\(subcommand)'\n\n\(usage)")
      return ExitCode.usage
    }
  }
}
