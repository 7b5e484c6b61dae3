import Foundation
import RiveCore
import RiveFormat

/// `rive-assets extract FILE… --out DIR`: writes every embedded asset to files, with a manifest.
enum ExtractCommand {
  static let help = """
    USAGE: rive-assets extract FILE… --out DIR [--sniff-extension] [--force] [--json] [--quiet]
                               [--jobs N]

    Writes every embedded asset of each .riv file to DIR as its unique file name
    (photo-42.png), and DIR/manifest.json describing them: per file its name and per asset the
    unique name, kind, byte count, SHA-256 of the bytes, the decoded content digest (when the
    bytes decode), the sniffed format and the authored size. With several files, each file's
    assets go to DIR/<file base name>/.

    Names come from the file, so they are sanitised: '/', '\\', NUL and control characters
    become '_', runs of dots become '_', leading and trailing dots and spaces are removed, the
    name is cut to 200 bytes, and a name that collides with an earlier one gets -2, -3, ….

    OPTIONS:
      --out DIR           The output directory (created if needed).
      --sniff-extension   Name files by the format sniffed from their bytes (png, jpg, webp,
                          ttf, otf, wav, flac, ogg, mp3) instead of the kind's official
                          extension; bytes of no known format keep the official one.
      --force             Overwrite existing files. Without it, an existing file is an error
                          and nothing is written for that .riv file.
      --json              Print the manifest on stdout (and nothing else there).
      --quiet             Print nothing but errors (and the manifest with --json).
      --jobs N            Work on N files at once (default: one per core).
      -h, --help          Show this help.

    EXAMPLES:
      rive-assets extract hero.riv --out assets
      rive-assets extract *.riv --out assets --sniff-extension --json > manifest.json

    Exit codes: 0 every asset written, 1 a file failed or a file already exists (named on
    stderr), 2 bad usage.
    """

  /// What extracting one `.riv` file gave.
  private struct FileResult: Sendable {
    var manifest: JSONValue
    var summary: String?
    var error: String?
  }

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `extract`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(
      arguments, flags: ["--sniff-extension", "--force"], options: ["--out"], required: ["--out"],
      help: help)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    let outPath = parsed.options["--out"] ?? ""
    let isForced = parsed.flags.contains("--force")
    let output = URL(fileURLWithPath: outPath, isDirectory: true)
    let manifestURL = output.appendingPathComponent("manifest.json")
    do {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    } catch {
      Output.error("error: cannot create \(outPath): \(error.localizedDescription)")
      return ExitCode.failure
    }
    if !isForced && FileManager.default.fileExists(atPath: manifestURL.path) {
      Output.error(
        "error: \(manifestURL.path) already exists; use --force to overwrite")
      return ExitCode.failure
    }

    // One subdirectory per input when there are several, named after the file, made distinct.
    let files = parsed.positional
    var directoryNames = FileNameSanitizer()
    let subdirectories: [String?] = files.map { path in
      guard files.count > 1 else { return nil }
      let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      return directoryNames.claim(stem: base, fileExtension: "")
    }
    let options = Options(
      output: output, outputPath: outPath, isForced: isForced,
      isSniffingExtension: parsed.flags.contains("--sniff-extension"))
    let progress = ProgressBar.make(total: files.count, label: "extract", isQuiet: parsed.isQuiet)
    var status = ExitCode.success
    var manifests: [JSONValue] = []
    ParallelWork.forEach(
      count: files.count, jobs: jobs, progress: progress,
      work: { extract(files[$0], into: subdirectories[$0], options: options) },
      emit: { _, result in
        manifests.append(result.manifest)
        if let error = result.error {
          Output.error(error)
          status = ExitCode.failure
        } else if let summary = result.summary, !parsed.isQuiet, !parsed.isJSON {
          Output.print(summary)
        }
      })
    let manifest = JSONValue.object([
      ("tool", .string("rive-assets extract")), ("files", .array(manifests)),
    ])
    let text = manifest.serialized(indent: 2) + "\n"
    do {
      if FileManager.default.fileExists(atPath: manifestURL.path) {
        try FileManager.default.removeItem(at: manifestURL)
      }
      try Data(text.utf8).write(to: manifestURL, options: .withoutOverwriting)
    } catch {
      Output.error("error: cannot write \(manifestURL.path): \(error.localizedDescription)")
      status = ExitCode.failure
    }
    if parsed.isJSON {
      Output.print(manifest.serialized(indent: 2))
    }
    return status
  }

  // MARK: Implementation

  private struct Options: Sendable {
    var output: URL
    var outputPath: String
    var isForced: Bool
    var isSniffingExtension: Bool
  }

  /// A planned write: the asset and its file name.
  private struct Planned {
    var asset: RiveDocument.Asset
    var contents: EmbeddedBytes
    var fileName: String
  }

  private static func extract(_ path: String, into subdirectory: String?, options: Options)
    -> FileResult
  {
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    var fields: [(String, JSONValue)] = [("file", .string(fileName))]
    if let subdirectory { fields.append(("directory", .string(subdirectory))) }
    func failed(_ message: String) -> FileResult {
      FileResult(
        manifest: .object(fields + [("error", .string(message))]), error: "\(path): \(message)")
    }
    let document: RiveDocument
    do throws(RiveError) {
      document = try RiveDocument(contentsOf: URL(fileURLWithPath: path), depth: .assets)
    } catch {
      return failed("\(error)")
    }
    let directory = subdirectory.map { options.output.appendingPathComponent($0) } ?? options.output
    let relativePrefix = subdirectory.map { $0 + "/" } ?? ""

    // Plan every name first, so that nothing is written when one file is in the way.
    var sanitizer = FileNameSanitizer()
    _ = sanitizer.claim(stem: "manifest", fileExtension: "json")
    var planned: [Planned] = []
    for asset in document.assets {
      guard let contents = asset.contents, asset.storage == .embedded else { continue }
      var fileExtension = asset.fileExtension
      if options.isSniffingExtension,
        let sniffed = contents.withUnsafeBytes({ AssetDecoding.sniffedExtension($0) })
      {
        fileExtension = sniffed
      }
      let name = sanitizer.claim(stem: asset.uniqueName, fileExtension: fileExtension)
      planned.append(Planned(asset: asset, contents: contents, fileName: name))
    }
    if !options.isForced {
      for item in planned {
        let url = directory.appendingPathComponent(item.fileName)
        if (try? url.checkResourceIsReachable()) == true
          || (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        {
          return failed("\(url.path) already exists; use --force to overwrite")
        }
      }
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return failed("cannot create \(directory.path): \(error.localizedDescription)")
    }

    var entries: [JSONValue] = []
    var plannedIndex = 0
    for asset in document.assets {
      var entry: [(String, JSONValue)] = [
        ("unique_name", .string(asset.uniqueName)), ("name", .string(asset.name)),
        ("kind", .string(asset.kind.description)), ("storage", .string(asset.storage.rawValue)),
      ]
      if plannedIndex < planned.count, planned[plannedIndex].asset.index == asset.index {
        let item = planned[plannedIndex]
        plannedIndex += 1
        let url = directory.appendingPathComponent(item.fileName)
        do {
          if options.isForced,
            (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
          {
            // Remove first, so that a symbolic link is replaced rather than followed.
            try FileManager.default.removeItem(at: url)
          }
          try item.contents.data.write(to: url, options: .withoutOverwriting)
        } catch {
          return failed("cannot write \(url.path): \(error.localizedDescription)")
        }
        entry += describe(item, relativePath: relativePrefix + item.fileName)
      }
      entry += authoredSize(of: asset)
      entries.append(.object(entry))
    }
    fields.append(("assets", .array(entries)))
    let notEmbedded = document.assets.count - planned.count
    var summary = "\(path): \(planned.count) asset\(planned.count == 1 ? "" : "s") written to "
    summary += subdirectory.map { "\(options.outputPath)/\($0)" } ?? options.outputPath
    if notEmbedded > 0 { summary += " (\(notEmbedded) not embedded)" }
    return FileResult(manifest: .object(fields), summary: summary)
  }

  private static func describe(_ item: Planned, relativePath: String) -> [(String, JSONValue)] {
    var fields: [(String, JSONValue)] = [
      ("file", .string(relativePath)), ("bytes", .integer(Int64(item.contents.count))),
      ("sha256", .string(item.contents.sha256.hexString)),
    ]
    let outcome = item.contents.withUnsafeBytes {
      (bytes: UnsafeRawBufferPointer) -> (String?, AssetDecoding.Outcome) in
      (
        MediaSniffer.sniff(bytes).map(\.description),
        AssetDecoding.decode(bytes, as: item.asset.kind)
      )
    }
    fields.append(("format", outcome.0.map(JSONValue.string) ?? .null))
    switch outcome.1 {
    case .decoded(let decoded):
      fields.append(("content_digest", .string(decoded.digest.hexString)))
      if let image = decoded.image {
        fields += [
          ("width", .integer(Int64(image.width))), ("height", .integer(Int64(image.height))),
        ]
      }
    case .failed(let error):
      fields += [("content_digest", .null), ("decode_error", .string("\(error)"))]
    case .notMedia:
      fields.append(("content_digest", .null))
    }
    return fields
  }

  private static func authoredSize(of asset: RiveDocument.Asset) -> [(String, JSONValue)] {
    guard let width = asset.width, let height = asset.height else { return [] }
    return [
      ("authored_width", .number(Double(width))), ("authored_height", .number(Double(height))),
    ]
  }
}
