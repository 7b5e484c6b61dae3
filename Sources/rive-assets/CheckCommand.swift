import Foundation
import RiveCore

/// `rive-assets check FILE… --bundle DIR`: checks that a bundle supplies every asset.
enum CheckCommand {
  static let help = """
    USAGE: rive-assets check FILE… --bundle DIR [--shared-worker] [--strict] [--json] [--quiet]
                             [--jobs N]

    For every referenced and hosted asset of each .riv file, looks for a file in DIR by the
    current API's bundle lookup (unique name + official extension, unique name + the kind's
    other extensions, then the authored name as is and with each extension), decodes it with
    the image, font or audio decoder to prove it is usable, and prints a table:
      embedded      the file carries the bytes (nothing to supply)
      found         a bundle file decodes
      missing       no candidate file is in DIR
      undecodable   a bundle file does not decode (the decoder's reason is shown)
      size differs  a bundle image decodes at a size other than the authored size (a warning)

    OPTIONS:
      --bundle DIR      The directory of loose asset files (required; must exist).
      --shared-worker   Also report unique names used by several files, as global
                        registration on one shared worker would see them: different content
                        is a conflict (the last registration wins for every file), the same
                        content is fine.
      --strict          Treat size differences as failures.
      --json            Print one JSON report on stdout.
      --quiet           Print only problems (on stderr), and the JSON with --json.
      --jobs N          Work on N files at once (default: one per core).
      -h, --help        Show this help.

    EXAMPLES:
      rive-assets check hero.riv --bundle Resources
      rive-assets check Resources/*.riv --bundle Resources --shared-worker --json

    Exit codes: 0 every asset is usable (size differences are warnings), 1 an asset is
    missing or undecodable, a name conflicts (--shared-worker), a size differs (--strict), a
    file failed or the bundle directory does not exist; 2 bad usage.
    """

  /// What checking one `.riv` file gave.
  private struct FileResult: Sendable {
    var path: String
    var checks: [AssetCheck] = []
    var error: String?
  }

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `check`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(
      arguments, flags: ["--shared-worker", "--strict"], options: ["--bundle"],
      required: ["--bundle"], help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    let bundlePath = parsed.options["--bundle"] ?? ""
    let bundle: BundleDirectory
    do throws(BundleDirectory.Failure) {
      bundle = try BundleDirectory(path: bundlePath)
    } catch {
      Output.error("error: \(error)")
      return ExitCode.failure
    }
    let isSharedWorker = parsed.flags.contains("--shared-worker")
    let isStrict = parsed.flags.contains("--strict")
    let isText = !parsed.isJSON && !parsed.isQuiet
    let files = parsed.positional
    let progress = ProgressBar.make(total: files.count, label: "check", isQuiet: parsed.isQuiet)
    var results: [FileResult] = []
    var status = ExitCode.success
    ParallelWork.forEach(
      count: files.count, jobs: jobs, progress: progress,
      work: { check(files[$0], in: bundle, isDecodingEmbedded: isSharedWorker) },
      emit: { _, result in
        results.append(result)
        if let error = result.error {
          Output.error("\(result.path): \(error)")
          status = ExitCode.failure
          return
        }
        for check in result.checks where isFailure(check.status, isStrict: isStrict) {
          status = ExitCode.failure
          if !isText {
            Output.error(
              "\(result.path): \(check.asset.uniqueName) \(check.status.text) \(check.detail)")
          }
        }
        if isText { Output.print(render(result)) }
      })
    let shared =
      isSharedWorker ? SharedWorkerReport(files: results.map { ($0.path, $0.checks) }) : nil
    if let shared {
      if !shared.conflicts.isEmpty { status = ExitCode.failure }
      if isText {
        Output.print(shared.lines.joined(separator: "\n"))
      } else {
        for conflict in shared.conflicts {
          let files = conflict.uses.map(\.file.file).joined(separator: ", ")
          Output.error("conflict: \(conflict.name) has different content in \(files)")
        }
      }
    }
    if isText { Output.print(summary(results, isStrict: isStrict)) }
    if parsed.isJSON {
      Output.print(json(results, bundle: bundlePath, shared: shared, isOK: status == 0))
    }
    return status
  }

  // MARK: Implementation

  private static func isFailure(_ status: AssetCheck.Status, isStrict: Bool) -> Bool {
    switch status {
    case .missing, .undecodable: true
    case .sizeDiffers: isStrict
    case .embedded, .found: false
    }
  }

  private static func check(_ path: String, in bundle: BundleDirectory, isDecodingEmbedded: Bool)
    -> FileResult
  {
    var result = FileResult(path: path)
    do throws(RiveError) {
      let document = try RiveDocument(contentsOf: URL(fileURLWithPath: path), depth: .assets)
      result.checks = document.assets.map {
        AssetCheck.check($0, in: bundle, isDecodingEmbedded: isDecodingEmbedded)
      }
    } catch {
      result.error = "\(error)"
    }
    return result
  }

  private static func render(_ result: FileResult) -> String {
    var lines = [result.path]
    if result.checks.isEmpty {
      lines.append("  no assets")
      return lines.joined(separator: "\n")
    }
    let rows = result.checks.map {
      [
        $0.asset.uniqueName, $0.asset.kind.description, $0.asset.storage.rawValue, $0.status.text,
        $0.detail,
      ]
    }
    lines += InspectText.table(
      header: ["unique name", "kind", "storage", "status", "detail"], rows: rows
    ).map { "  " + $0 }
    return lines.joined(separator: "\n")
  }

  private static func counts(_ results: [FileResult]) -> [(AssetCheck.Status, Int)] {
    let statuses: [AssetCheck.Status] = [.embedded, .found, .missing, .undecodable, .sizeDiffers]
    return statuses.map { status in
      (status, results.reduce(0) { $0 + $1.checks.filter { $0.status == status }.count })
    }
  }

  private static func summary(_ results: [FileResult], isStrict: Bool) -> String {
    let failed = results.filter { $0.error != nil }.count
    var parts = counts(results).map { "\($1) \($0.text)" }
    if failed > 0 { parts.append("\(failed) file\(failed == 1 ? "" : "s") failed") }
    return "Summary: " + parts.joined(separator: ", ")
  }

  private static func json(
    _ results: [FileResult], bundle: String, shared: SharedWorkerReport?, isOK: Bool
  ) -> String {
    var fields: [(String, JSONValue)] = [
      ("bundle", .string(bundle)),
      (
        "files",
        .array(
          results.map { result in
            var file: [(String, JSONValue)] = [
              ("file", .string(URL(fileURLWithPath: result.path).lastPathComponent)),
              ("path", .string(result.path)),
            ]
            if let error = result.error { file.append(("error", .string(error))) }
            file.append(("assets", .array(result.checks.map(\.jsonValue))))
            return .object(file)
          })
      ),
      ("summary", .object(counts(results).map { ($0.rawValue, .integer(Int64($1))) })),
    ]
    if let shared { fields.append(("shared_worker", shared.jsonValue)) }
    fields.append(("ok", .bool(isOK)))
    return JSONValue.object(fields).serialized(indent: 2)
  }
}
