import Foundation
import RiveCore
import RiveFormat

/// `rive-assets codegen DIR|FILE… --output FILE.swift`: Swift constants for `.riv` files.
enum CodegenCommand {
  static let help = """
    USAGE: rive-assets codegen DIR|FILE… --output FILE.swift [--access public|internal]
                               [--bundle module|main] [--namespace NAME] [--skip-unreadable]
                               [--no-typed-properties] [--quiet]
                               [--lookup FILE | --manifest FILE --folders LIST --prefix TEXT]
                               [--assets DIR]

    Writes Swift constants for the names in .riv files, so that code refers to artboards,
    animations, state machines, inputs, view-model properties and assets by checked names
    instead of string literals. Directories are scanned (not recursively) for .riv files; all
    inputs are sorted by file name, and the output has no dates or paths, so it is the same
    on every run. The file is only rewritten when its contents change.

    Shape: one namespace enum (named after the output file unless --namespace is given) with
    one enum per file holding resourceName (the file name without .riv, for
    `.local(resourceName, bundle)` and the legacy `fileName:` initializers), bundle,
    Artboards.<Artboard>.name / .Animations / .StateMachines.<Machine>.Inputs (each an Input
    with name and kind), ViewModels.<Model>.name / .Paths / .Instances, and Assets (each an
    Asset with unique name, kind, extension and storage). When RiveConcurrency can be imported,
    each file also gets `source` and each view model `Properties` with typed properties
    (ImageProperty(path:), NumberProperty(path:), …).

    Names become identifiers: non-ASCII is transliterated to Latin (else dropped), words are
    joined in lowerCamelCase (members) or UpperCamelCase (types), a leading digit gets '_',
    keywords are backticked, empty names become 'unnamed', and clashes within one scope (also
    with the generator's own names such as 'name') get 2, 3, ….

    OPTIONS:
      --output FILE.swift   Where to write the source (required).
      --access LEVEL        public or internal (default internal).
      --bundle BUNDLE       module (Bundle.module, for a package target with resources) or
                            main (Bundle.main; the default).
      --namespace NAME      The namespace enum's name (default: the output file's name).
      --no-typed-properties Leave out the `#if canImport(RiveConcurrency)` section (for a
                            target that must not see RiveConcurrency even when the module
                            is built next to it, as SwiftPM does for every target).
      --skip-unreadable     Leave out files that fail to read (reported on stderr) instead of
                            failing without writing anything.
      --quiet               Print nothing but errors.
      --assets DIR          With a lookup: the bundle directory searched for each asset
                            (default: the directory of each .riv file).
    \(LookupOptions.help)
                        With any of these, each Asset also gets bundlePath: the path the
                        rules find in the bundle now (nil when no candidate exists).
      -h, --help            Show this help.

    EXAMPLES:
      rive-assets codegen Resources --output Sources/App/RiveNames.swift --bundle module
      rive-assets codegen hero.riv menu.riv --output Names.swift --access public
      rive-assets codegen Resources --output Names.swift --lookup rive-lookup.json

    \(LookupOptions.formatHelp)

    Exit codes: 0 written (or already up to date), 1 a file failed (nothing is written unless
    --skip-unreadable) or the output cannot be written, 2 bad usage.
    """

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `codegen`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    do throws(UsageError) {
      parsed = try ParsedArguments(
        arguments,
        flags: ["-h", "--help", "--quiet", "-q", "--skip-unreadable", "--no-typed-properties"],
        options: LookupOptions.names.union([
          "--output", "-o", "--access", "--bundle", "--namespace", "--assets",
        ]))
    } catch {
      return Output.usageError(error.message, help: help)
    }
    if parsed.wantsHelp {
      Output.print(help)
      return ExitCode.success
    }
    guard !parsed.positional.isEmpty else {
      return Output.usageError("no file or directory given", help: help)
    }
    guard let outputPath = parsed.options["--output"] ?? parsed.options["-o"] else {
      return Output.usageError("--output FILE.swift is required", help: help)
    }
    guard
      let access = SwiftConstantsWriter.Access(rawValue: parsed.options["--access"] ?? "internal")
    else {
      return Output.usageError("--access must be public or internal", help: help)
    }
    let bundle: String
    switch parsed.options["--bundle"] ?? "main" {
    case "main": bundle = ".main"
    case "module": bundle = ".module"
    default: return Output.usageError("--bundle must be module or main", help: help)
    }
    let hasLookup = !LookupOptions.names.isDisjoint(with: parsed.options.keys)
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
    let outputURL = URL(fileURLWithPath: outputPath)
    let namespaceSource =
      parsed.options["--namespace"] ?? outputURL.deletingPathExtension().lastPathComponent
    var namespaceScope = IdentifierScope()
    let namespace = namespaceScope.claim(SwiftIdentifier.type(namespaceSource))

    let paths: [String]
    do {
      paths = try collectInputs(parsed.positional)
    } catch {
      Output.error("error: \(error)")
      return ExitCode.failure
    }
    let progress = ProgressBar.make(total: paths.count, label: "codegen", isQuiet: parsed.isQuiet)
    let documents = ParallelWork.map(
      count: paths.count, jobs: ParallelWork.processorCount, progress: progress
    ) { index -> Result<RiveDocument, RiveError> in
      do throws(RiveError) {
        return .success(
          try RiveDocument(contentsOf: URL(fileURLWithPath: paths[index]), depth: .structure))
      } catch {
        return .failure(error)
      }
    }
    var inputs: [SwiftConstantsWriter.Input] = []
    var status = ExitCode.success
    let isSkipping = parsed.flags.contains("--skip-unreadable")
    for (path, result) in zip(paths, documents) {
      let url = URL(fileURLWithPath: path)
      switch result {
      case .success(let document):
        var input = SwiftConstantsWriter.Input(
          fileName: url.lastPathComponent,
          resourceName: url.deletingPathExtension().lastPathComponent, document: document)
        if hasLookup {
          let directory = parsed.options["--assets"] ?? url.deletingLastPathComponent().path
          do throws(BundleDirectory.Failure) {
            let bundle = try BundleDirectory(path: directory, lookup: lookup)
            for asset in document.assets where asset.storage != .embedded {
              input.bundlePaths[asset.index] = bundle.fileName(for: asset)
            }
          } catch {
            Output.error("error: \(error)")
            return ExitCode.failure
          }
        }
        inputs.append(input)
      case .failure(let error):
        Output.error("\(path): \(error)")
        if !isSkipping { status = ExitCode.failure }
      }
    }
    guard status == ExitCode.success else {
      Output.error("error: nothing written to \(outputPath) (use --skip-unreadable to skip)")
      return status
    }
    var commandLine = ["rive-assets", "codegen"]
    commandLine += parsed.positional.map { URL(fileURLWithPath: $0).lastPathComponent }
    commandLine += ["--output", outputURL.lastPathComponent]
    if access != .internal { commandLine += ["--access", access.rawValue] }
    if bundle != ".main" { commandLine += ["--bundle", "module"] }
    if let namespace = parsed.options["--namespace"] { commandLine += ["--namespace", namespace] }
    if isSkipping { commandLine.append("--skip-unreadable") }
    for option in ["--lookup", "--manifest", "--assets"] {
      if let value = parsed.options[option] {
        commandLine += [option, URL(fileURLWithPath: value).lastPathComponent]
      }
    }
    for option in ["--folders", "--prefix"] {
      if let value = parsed.options[option] { commandLine += [option, value] }
    }
    let isTyped = !parsed.flags.contains("--no-typed-properties")
    if !isTyped { commandLine.append("--no-typed-properties") }
    var writer = SwiftConstantsWriter(
      namespace: namespace, access: access, bundle: bundle, isTyped: isTyped,
      commandLine: commandLine.joined(separator: " "))
    writer.hasBundlePaths = hasLookup
    let source = writer.source(for: inputs)
    let data = Data(source.utf8)
    if FileManager.default.contents(atPath: outputURL.path) == data {
      if !parsed.isQuiet {
        Output.print(
          "\(outputPath) is up to date (\(inputs.count) file\(inputs.count == 1 ? "" : "s"))")
      }
      return ExitCode.success
    }
    do {
      try data.write(to: outputURL, options: .atomic)
    } catch {
      Output.error("error: cannot write \(outputPath): \(error.localizedDescription)")
      return ExitCode.failure
    }
    if !parsed.isQuiet {
      Output.print("wrote \(outputPath) (\(inputs.count) file\(inputs.count == 1 ? "" : "s"))")
    }
    return ExitCode.success
  }

  // MARK: Implementation

  /// Why an input cannot be used.
  private struct InputError: Error, CustomStringConvertible {
    var description: String
  }

  /// The `.riv` files named by `arguments`: files as given, directories scanned for `.riv`
  /// files; sorted by file name then path, without duplicates.
  private static func collectInputs(_ arguments: [String]) throws -> [String] {
    var paths: [String] = []
    for argument in arguments {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        throw InputError(description: "\(argument): no such file or directory")
      }
      if isDirectory.boolValue {
        let names = try FileManager.default.contentsOfDirectory(atPath: argument)
        for name in names where name.lowercased().hasSuffix(".riv") {
          paths.append(URL(fileURLWithPath: argument).appendingPathComponent(name).path)
        }
      } else {
        paths.append(argument)
      }
    }
    var seen: Set<String> = []
    return
      paths
      .filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
      .sorted { left, right in
        let leftName = URL(fileURLWithPath: left).lastPathComponent
        let rightName = URL(fileURLWithPath: right).lastPathComponent
        return leftName == rightName ? left < right : leftName < rightName
      }
  }
}
