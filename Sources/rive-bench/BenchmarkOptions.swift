import Foundation

/// A suite's command-line options: `--name VALUE` pairs and bare flags, each checked against
/// what the suite takes; `-h`/`--help` prints the suite's help.
struct BenchmarkOptions {
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Splits `arguments` into the file paths and the options (each option with the value after
  /// it, except `-h` and `--help`), for commands that take files among their options.
  static func splitPaths(_ arguments: [String]) -> (paths: [String], options: [String]) {
    var paths: [String] = []
    var options: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("-") {
        options.append(argument)
        if index + 1 < arguments.count, argument != "-h", argument != "--help" {
          options.append(arguments[index + 1])
          index += 1
        }
      } else {
        paths.append(argument)
      }
      index += 1
    }
    return (paths, options)
  }

  /// Reads `arguments`, or says how to exit: 0 after printing the help, 2 after naming an
  /// unknown option (or one missing its value) on standard error.
  static func parse(
    _ arguments: [String], values names: Set<String>, flags known: Set<String> = ["--verbose"],
    help: String
  ) -> Result<BenchmarkOptions, BenchmarkExit> {
    var options = BenchmarkOptions()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "-h" || argument == "--help" {
        print(help)
        return .failure(BenchmarkExit(status: 0))
      } else if names.contains(argument), index + 1 < arguments.count {
        options.values[argument] = arguments[index + 1]
        index += 1
      } else if known.contains(argument) {
        options.flags.insert(argument)
      } else {
        FileHandle.standardError.write(Data("unknown option \(argument)\n\(help)\n".utf8))
        return .failure(BenchmarkExit(status: 2))
      }
      index += 1
    }
    return .success(options)
  }

  /// The value of `name`, or `fallback` when it was not given.
  func string(_ name: String, default fallback: String) -> String { values[name] ?? fallback }

  /// The value of `name` if given.
  func string(_ name: String) -> String? { values[name] }

  /// The whole-number value of `name` (at least `minimum`), or `fallback` when it was not
  /// given or is not a number.
  func int(_ name: String, default fallback: Int, minimum: Int = 1) -> Int {
    values[name].flatMap { Int($0) }.map { max(minimum, $0) } ?? fallback
  }

  /// Whether flag `name` was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// How a suite exits without running: help printed (0) or a usage error (2).
struct BenchmarkExit: Error {
  var status: Int32
}
