import Foundation

/// A minimal parser for `--flag`, `--option VALUE` and positional arguments.
struct ParsedArguments {
  /// The flags given.
  var flags: Set<String> = []
  /// The value of each option given (the last one wins).
  var options: [String: String] = [:]
  /// The positional arguments, in order.
  var positional: [String] = []

  /// Parses `arguments`.
  ///
  /// Arguments after `--` and a lone `-` are positional.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the subcommand.
  ///   - known: The flags the command accepts.
  ///   - valued: The options that take a value.
  /// - Throws: ``UsageError`` for an unknown option or a missing value.
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

  /// Whether `-h` or `--help` was given.
  var wantsHelp: Bool { flags.contains("-h") || flags.contains("--help") }

  /// Whether `--quiet` or `-q` was given.
  var isQuiet: Bool { flags.contains("--quiet") || flags.contains("-q") }

  /// Whether `--json` was given.
  var isJSON: Bool { flags.contains("--json") }

  /// The flags every file-processing command accepts.
  static let commonFlags: Set<String> = ["-h", "--help", "--json", "--quiet", "-q"]

  /// The number of files to work on at once: `--jobs N`, else one per core.
  ///
  /// - Returns: A positive count.
  /// - Throws: ``UsageError`` when the value is not a positive integer.
  func jobs() throws(UsageError) -> Int {
    guard let text = options["--jobs"] else { return ParallelWork.processorCount }
    guard let count = Int(text), count > 0 else {
      throw UsageError("--jobs needs a positive integer, found '\(text)'")
    }
    return count
  }
}

extension ParsedArguments {
  /// How a file-processing command starts: with its arguments and job count, or with an exit
  /// code already decided (a usage error, or `--help`).
  enum Start {
    case run(ParsedArguments, jobs: Int)
    case exit(Int32)
  }

  /// Parses the arguments of a file-processing command: its own flags and options beside the
  /// common ones and `--jobs`, `--help`, at least one file, and the options it requires.
  ///
  /// - Returns: ``Start/run(_:jobs:)``, or ``Start/exit(_:)`` after printing the help or the
  ///   usage error.
  static func start(
    _ arguments: [String], flags: Set<String>, options: Set<String>, required: [String] = [],
    help: String
  ) -> Start {
    let parsed: ParsedArguments
    let jobs: Int
    do throws(UsageError) {
      parsed = try ParsedArguments(
        arguments, flags: commonFlags.union(flags), options: options.union(["--jobs"]))
      jobs = try parsed.jobs()
    } catch {
      return .exit(Output.usageError(error.message, help: help))
    }
    if parsed.wantsHelp {
      Output.print(help)
      return .exit(ExitCode.success)
    }
    guard !parsed.positional.isEmpty else {
      return .exit(Output.usageError("no file given", help: help))
    }
    for option in required where parsed.options[option] == nil {
      return .exit(Output.usageError("\(option) is required", help: help))
    }
    return .run(parsed, jobs: jobs)
  }
}
