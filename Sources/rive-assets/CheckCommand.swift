import Foundation
import RiveCore
import RiveFormat

/// `rive-assets check FILE… --bundle DIR`: checks that a bundle supplies every asset.
enum CheckCommand {
  static let help = """
    USAGE: rive-assets check FILE… --bundle DIR [--shared-worker] [--strict] [--decode]
                             [--lookup FILE | --manifest FILE --folders LIST --prefix TEXT]
                             [--json] [--quiet] [--jobs N]

    For every referenced and hosted asset of each .riv file, looks for a file in DIR by the
    current API's bundle lookup (unique name + official extension, unique name + the kind's
    other extensions, then the authored name as is and with each extension; or the rules of
    --lookup and the lookup flags), decodes it with the image, font or audio decoder to prove
    it is usable, and prints a table:
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
      --decode          Decode every matched bundle file and every embedded asset (content
                        digests in the JSON), spreading the decodes themselves over the jobs
                        rather than the .riv files: a few files with a large bundle use every
                        core. The table and verdicts are the same.
    \(LookupOptions.help)
      --json            Print one JSON report on stdout.
      --quiet           Print only problems (on stderr), and the JSON with --json.
      --jobs N          Work on N files (N decodes with --decode) at once (default: one
                        per core).
      -h, --help        Show this help.

    EXAMPLES:
      rive-assets check hero.riv --bundle Resources
      rive-assets check Resources/*.riv --bundle Resources --shared-worker --json
      rive-assets check hero.riv --bundle Exports --lookup rive-lookup.json --decode --jobs 2
      rive-assets check hero.riv --bundle Exports --folders image=images,font=fonts

    \(LookupOptions.formatHelp)

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
      arguments, flags: ["--shared-worker", "--strict", "--decode"],
      options: LookupOptions.names.union(["--bundle"]), required: ["--bundle"], help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    let lookup: AssetLookup
    do throws(LookupOptions.Failure) {
      lookup = try LookupOptions.lookup(parsed.options)
    } catch {
      switch error {
      case .usage(let message): return Output.usageError(message, help: help)
      case .lookup(let error):
        Output.error("error: \(error)")
        return ExitCode.failure
      }
    }
    let bundlePath = parsed.options["--bundle"] ?? ""
    let bundle: BundleDirectory
    do throws(BundleDirectory.Failure) {
      bundle = try BundleDirectory(path: bundlePath, lookup: lookup)
    } catch {
      Output.error("error: \(error)")
      return ExitCode.failure
    }
    let isSharedWorker = parsed.flags.contains("--shared-worker")
    let isDecoding = parsed.flags.contains("--decode")
    let isStrict = parsed.flags.contains("--strict")
    let isText = !parsed.isJSON && !parsed.isQuiet
    let files = parsed.positional
    var results: [FileResult] = []
    var status = ExitCode.success
    let emit = { (result: FileResult) in
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
    }
    if isDecoding {
      for result in checkDecoding(files, in: bundle, jobs: jobs, isQuiet: parsed.isQuiet) {
        emit(result)
      }
    } else {
      let progress = ProgressBar.make(
        total: files.count, label: "check", isQuiet: parsed.isQuiet)
      ParallelWork.forEach(
        count: files.count, jobs: jobs, progress: progress,
        work: { check(files[$0], in: bundle, isDecodingEmbedded: isSharedWorker) },
        emit: { emit($1) })
    }
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

  /// `--decode`: reads every file, then checks (decodes) every asset of every file as one
  /// list of work spread over `jobs` threads, so that the decodes, not the files, run in
  /// parallel.
  private static func checkDecoding(
    _ files: [String], in bundle: BundleDirectory, jobs: Int, isQuiet: Bool
  ) -> [FileResult] {
    let documents = ParallelWork.map(count: files.count, jobs: jobs) {
      index -> Result<RiveDocument, RiveError> in
      do throws(RiveError) {
        return .success(
          try RiveDocument(contentsOf: URL(fileURLWithPath: files[index]), depth: .assets))
      } catch {
        return .failure(error)
      }
    }
    var work: [(file: Int, asset: RiveDocument.Asset)] = []
    for (file, document) in documents.enumerated() {
      guard case .success(let document) = document else { continue }
      work += document.assets.map { (file, $0) }
    }
    let items = work
    let progress = ProgressBar.make(total: items.count, label: "decode", isQuiet: isQuiet)
    let checks = ParallelWork.map(count: items.count, jobs: jobs, progress: progress) {
      AssetCheck.check(items[$0].asset, in: bundle, isDecodingEmbedded: true)
    }
    var results = files.map { FileResult(path: $0) }
    for (file, document) in documents.enumerated() {
      if case .failure(let error) = document { results[file].error = "\(error)" }
    }
    for (item, check) in zip(items, checks) { results[item.file].checks.append(check) }
    return results
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
