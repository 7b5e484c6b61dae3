import Foundation
import RiveCore
import RiveFormat

/// The bundle-lookup options shared by `check` and `codegen`: a lookup file, or flags that
/// put rules in front of the default four.
enum LookupOptions {
  /// The options that take a value.
  static let names: Set<String> = ["--lookup", "--manifest", "--prefix", "--folders"]

  /// The help text of the options, indented as the commands' OPTIONS sections are.
  static let help = """
      --lookup FILE     Find bundle files by the rules of a lookup file (JSON, see below)
                        instead of the default order.
      --manifest FILE   A manifest (JSON object: unique name → path in the bundle), tried first.
      --folders LIST    A folder per kind, tried next: image=DIR,font=DIR,audio=DIR.
      --prefix TEXT     A file-name prefix for the default names (rive_photo-42.png), next.
                        Without --lookup, the default order comes after these flags.
    """

  /// The lookup file format, for the help texts.
  static let formatHelp = """
    LOOKUP FILE: {"rules": [RULE, …]}, tried in order, the first existing path wins. A RULE is
    "default" (the four default rules), one of them ("unique-name", "unique-name-extensions",
    "authored-name", "authored-name-extensions"), {"manifest": "FILE.json" or {NAME: PATH}},
    {"prefix": "TEXT"} or {"folder-per-kind": {"image": DIR, "font": DIR, "audio": DIR}}.
    Manifest files are relative to the lookup file; paths are relative to the bundle and may
    not be absolute or use '..'.
    """

  /// Why the options cannot be used: a usage error, or a lookup file or manifest that fails.
  enum Failure: Error {
    case usage(String)
    case lookup(AssetLookupError)
  }

  /// The lookup the options describe: the default order when none is given.
  ///
  /// - Parameter options: The parsed options.
  /// - Returns: The lookup.
  /// - Throws: ``Failure``: a usage error for a malformed `--folders`, or the
  ///   `AssetLookupError` of a lookup file or manifest (naming the file).
  static func lookup(_ options: [String: String]) throws(Failure) -> AssetLookup {
    let folders = try options["--folders"].map(parseFolders)
    var rules: [AssetLookup.Rule] = []
    do throws(AssetLookupError) {
      if let manifest = options["--manifest"] {
        rules.append(try AssetLookup.manifest(contentsOf: URL(fileURLWithPath: manifest)))
      }
      if let folders { rules.append(try AssetLookup.Rule.folderPerKind(folders)) }
      if let prefix = options["--prefix"] { rules.append(.prefix(prefix)) }
      if let file = options["--lookup"] {
        rules += try AssetLookup(contentsOf: URL(fileURLWithPath: file)).rules
      } else {
        rules += AssetLookup.defaultRules
      }
    } catch {
      throw .lookup(error)
    }
    return AssetLookup(rules: rules)
  }

  /// `image=images,font=fonts` as a table.
  private static func parseFolders(_ text: String) throws(Failure) -> [MediaKind: String] {
    var folders: [MediaKind: String] = [:]
    for item in text.split(separator: ",") {
      let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let kind = MediaKind(rawValue: parts[0]), kind != .blob,
        !parts[1].isEmpty
      else {
        throw .usage(
          "--folders expects KIND=DIR items separated by commas (kinds: image, font, audio), "
            + "found '\(item)'")
      }
      folders[kind] = parts[1]
    }
    return folders
  }
}
