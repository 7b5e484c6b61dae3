import Foundation

/// Dispatches the subcommands; every subcommand returns its exit code.
enum CommandLineTool {
  static let usage = """
    USAGE: rive-assets <subcommand> [options] FILE…

    SUBCOMMANDS:
      inspect   List the assets and the structure of .riv files.
      decode    Sniff and decode loose media files or an embedded asset.
      extract   Write every embedded asset of .riv files to a directory, with a manifest.
      check     Check that a bundle directory supplies every referenced and hosted asset.
      codegen   Generate Swift constants for the names in .riv files.
      trace     Play every state machine and animation of .riv files and show what happens.
      sheet     Draw a PNG contact sheet of a .riv file's image assets.
      demo      Write a small .riv file made by this package.

    Run `rive-assets <subcommand> --help` for each subcommand's options and examples.

    COMMON OPTIONS (where a subcommand accepts them):
      --json      Print data as JSON on stdout.
      --quiet     Print nothing but errors (and the JSON asked for with --json).
      --jobs N    Work on N files at once (default: one per core). A progress bar is drawn on
                  stderr when more than 8 files are processed and stderr is a terminal.

    Exit codes: 0 success, 1 a file failed (the error is on stderr), 2 bad usage.
    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let subcommand = arguments.first else {
      Output.error(usage)
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    switch subcommand {
    case "inspect": return InspectCommand.run(arguments: rest)
    case "decode": return DecodeCommand.run(arguments: rest)
    case "extract": return ExtractCommand.run(arguments: rest)
    case "check": return CheckCommand.run(arguments: rest)
    case "codegen": return CodegenCommand.run(arguments: rest)
    case "trace": return TraceCommand.run(arguments: rest)
    case "render": return RenderCommand.run(arguments: rest)
    case "sheet": return SheetCommand.run(arguments: rest)
    case "demo": return DemoCommand.run(arguments: rest)
    case "-h", "--help", "help":
      Output.print(usage)
      return ExitCode.success
    default:
      Output.error("error: unknown subcommand '\(subcommand)'\n\n\(usage)")
      return ExitCode.usage
    }
  }
}
