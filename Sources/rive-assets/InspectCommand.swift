import Foundation
import RiveCore
import RiveFormat

/// `rive-assets inspect FILE… [--json] [--quiet] [--jobs N]`.
enum InspectCommand {
  static let help = """
    USAGE: rive-assets inspect FILE… [--json] [--quiet] [--jobs N]

    Reads each .riv file and prints its assets (kind, unique name, storage, size, CDN uuid) and
    the tree of its artboards, animations, state machines (with inputs) and view models.

    OPTIONS:
      --json      Print one JSON object per file (a JSON array when several files are given),
                  with the field names of the official runtime's reference reports: header,
                  import_result, assets_offered (with in_band_bytes and in_band_sha256),
                  file_assets, artboards and view_models.
      --quiet     Print nothing but errors (and the JSON with --json): a quick validity check.
      --jobs N    Read N files at once (default: one per core); output stays in input order.
      -h, --help  Show this help.

    EXAMPLES:
      rive-assets inspect hero.riv
      rive-assets inspect --json hero.riv | jq '.file_assets'
      rive-assets inspect --quiet Resources/*.riv && echo "all files read"

    Exit codes: 0 every file read, 1 a file failed (the error is on stderr, with the byte
    offset), 2 bad usage.
    """

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `inspect`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(arguments, flags: [], options: [], help: help) {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    let isJSON = parsed.isJSON
    let isQuiet = parsed.isQuiet
    return PerFileRun.run(
      parsed.positional, jobs: jobs, label: "inspect", isQuiet: isQuiet, printsJSON: isJSON,
      indent: 2
    ) { inspect($0, isJSON: isJSON, isQuiet: isQuiet) }
  }

  /// Reads one file and renders what is asked for.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - isJSON: Whether to make the JSON report.
  ///   - isQuiet: Whether to skip the text report.
  /// - Returns: The reports and the error, if any.
  static func inspect(_ path: String, isJSON: Bool, isQuiet: Bool) -> FileOutcome {
    let url = URL(fileURLWithPath: path)
    let data: Data
    do throws(RiveError) {
      data = try RiveDocument.mappedData(at: url)
    } catch {
      return FileOutcome(error: "\(path): \(error)")
    }
    let report = RiveImportReport.read(data)
    var result = FileOutcome()
    if let error = report.error { result.error = "\(path): \(error)" }
    if isJSON {
      result.json = report.jsonValue(fileName: url.lastPathComponent, data: data)
    } else if !isQuiet {
      result.text = InspectText.render(report, path: path, byteCount: data.count)
    }
    return result
  }
}
