import Foundation

/// Dispatches the subcommands; every subcommand returns its exit code.
enum CommandLineTool {
  static let usage = """
    USAGE: rive-assets <subcommand> [options] FILE…

    SUBCOMMANDS:
      inspect   List the assets and the structure of .riv files (see `inspect --help`).
      decode    Sniff and decode loose media files or an embedded asset (see `decode --help`).
      demo      Write a small .riv file made by this package (see `demo --help`).

    Exit codes: 0 success, 1 a file failed, 2 bad usage.
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

/// The tool's exit codes.
enum ExitCode {
  static let success: Int32 = 0
  static let failure: Int32 = 1
  static let usage: Int32 = 2
}

/// Writes to standard output and standard error.
enum Output {
  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// A minimal parser for `--flag`, `--option VALUE` and positional arguments.
struct ParsedArguments {
  var flags: Set<String> = []
  var options: [String: String] = [:]
  var positional: [String] = []

  /// Parses `arguments`; returns an error message for an unknown option or a missing value.
  init(_ arguments: [String], flags known: Set<String>, options valued: Set<String>)
    throws(UsageError)
  {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
      } else if argument == "--" {
        onlyPositional = true
      } else if known.contains(argument) {
        flags.insert(argument)
      } else if valued.contains(argument) {
        guard index < arguments.count else { throw UsageError("option \(argument) needs a value") }
        options[argument] = arguments[index]
        index += 1
      } else {
        throw UsageError("unknown option '\(argument)'")
      }
    }
  }
}

/// A command-line usage mistake.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
