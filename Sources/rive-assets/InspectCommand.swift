import Foundation
import RiveCore

/// `rive-assets inspect FILE… [--json]`.
enum InspectCommand {
  static let help = """
    USAGE: rive-assets inspect FILE… [--json]

    Reads each .riv file and prints its assets (kind, unique name, storage, size, CDN uuid) and
    the tree of its artboards, animations, state machines (with inputs) and view models.

    OPTIONS:
      --json      Print one JSON object per file (a JSON array when several files are given),
                  with the field names of the official runtime's reference reports: header,
                  import_result, assets_offered (with in_band_bytes and in_band_sha256),
                  file_assets, artboards and view_models.
      -h, --help  Show this help.

    Exit codes: 0 every file read, 1 a file failed (the error is on stderr), 2 bad usage.
    """

  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    do {
      parsed = try ParsedArguments(arguments, flags: ["--json", "-h", "--help"], options: [])
    } catch {
      Output.error("error: \(error.message)\n\n\(help)")
      return ExitCode.usage
    }
    if parsed.flags.contains("-h") || parsed.flags.contains("--help") {
      Output.print(help)
      return ExitCode.success
    }
    guard !parsed.positional.isEmpty else {
      Output.error("error: no file given\n\n\(help)")
      return ExitCode.usage
    }
    let json = parsed.flags.contains("--json")
    var status = ExitCode.success
    var values: [JSONValue] = []
    for path in parsed.positional {
      let url = URL(fileURLWithPath: path)
      let data: Data
      do {
        data = try RiveDocument.mappedData(at: url)
      } catch {
        Output.error("\(path): \(error)")
        status = ExitCode.failure
        continue
      }
      let report = RiveImportReport.read(data)
      if let error = report.error {
        Output.error("\(path): \(error)")
        status = ExitCode.failure
      }
      if json {
        values.append(report.jsonValue(fileName: url.lastPathComponent, data: data))
      } else {
        Output.print(InspectText.render(report, path: path, byteCount: data.count))
      }
    }
    if json {
      let value = values.count == 1 ? values[0] : JSONValue.array(values)
      Output.print(value.serialized(indent: 2))
    }
    return status
  }
}
