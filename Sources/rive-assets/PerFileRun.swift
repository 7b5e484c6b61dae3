import Foundation
import RiveCore
import RiveFormat

/// What a per-file subcommand made of one file: its text report, its JSON report and the
/// error line, if any.
struct FileOutcome: Sendable {
  /// The text report.
  var text: String?
  /// The JSON report.
  var json: JSONValue?
  /// The error line for stderr, naming the file and what is wrong (with the byte offset where
  /// the reader gives one).
  var error: String?
}

/// The driver every per-file subcommand (`inspect`, `trace`, `render`) runs its files
/// through: the files are worked on by `jobs` workers and reported in the order given, each
/// error on stderr (the exit code is then 1), each text report on stdout as its turn comes,
/// and the JSON reports at the end, one value or an array of them.
enum PerFileRun {
  /// Runs `work` on every file of `files`.
  ///
  /// - Parameters:
  ///   - files: The paths.
  ///   - jobs: How many files to work on at once.
  ///   - label: The progress bar's label.
  ///   - isQuiet: Whether the progress bar is left out.
  ///   - printsJSON: Whether the JSON reports are printed at the end.
  ///   - indent: The JSON's indentation (0: one line).
  ///   - work: What is made of one file.
  /// - Returns: The exit code: 0, or 1 when a file gave an error.
  static func run(
    _ files: [String], jobs: Int, label: String, isQuiet: Bool, printsJSON: Bool,
    indent: Int = 0, work: @escaping @Sendable (String) -> FileOutcome
  ) -> Int32 {
    var status = ExitCode.success
    var values: [JSONValue] = []
    ParallelWork.forEach(
      count: files.count, jobs: jobs,
      progress: ProgressBar.make(total: files.count, label: label, isQuiet: isQuiet),
      work: { work(files[$0]) },
      emit: { _, outcome in
        if let error = outcome.error {
          Output.error(error)
          status = ExitCode.failure
        }
        if let json = outcome.json { values.append(json) }
        if let text = outcome.text { Output.print(text) }
      })
    if printsJSON, !values.isEmpty {
      Output.print(
        (values.count == 1 ? values[0] : JSONValue.array(values)).serialized(indent: indent))
    }
    return status
  }
}

extension PerFileRun {
  /// A file that did not load: what to report for it.
  struct LoadFailure: Error {
    var outcome: FileOutcome
  }

  /// Reads the runtime file at `path`; a file that does not load gives its error line and, for
  /// a JSON report, the reference schema's record of a failed import (`file`,
  /// `import_result`).
  static func runtimeFile(at path: String, reportsJSON: Bool) -> Result<RuntimeFile, LoadFailure> {
    let url = URL(fileURLWithPath: path)
    do throws(RiveError) {
      return .success(try RuntimeFile(contentsOf: url))
    } catch {
      var outcome = FileOutcome(error: "\(path): \(error)")
      if reportsJSON {
        let result =
          error.code.importResult == .unsupportedVersion ? "unsupportedVersion" : "malformed"
        outcome.json = .object([
          ("file", .string(url.lastPathComponent)), ("import_result", .string(result)),
        ])
      }
      return .failure(LoadFailure(outcome: outcome))
    }
  }
}
