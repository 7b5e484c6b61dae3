import RiveCore
import RiveFormat

/// Unique names used by several files, as global registration on one shared worker sees them.
///
/// A worker's global assets are keyed by unique name alone. When two files both use
/// `logo-7` and their contents differ, whichever registers last wins for both files: that is
/// a conflict. When the contents are equal, sharing the name is harmless.
///
/// The rule is RiveCore's ``SharedNameLedger``, the one the legacy adapter's conflict report uses.
struct SharedWorkerReport: Sendable {
  /// Where one use's content comes from (for the report), with the file using it.
  struct UseSite: Hashable, Sendable {
    /// The file.
    var file: String
    /// Where the content comes from: `bundle NAME` or the check's status.
    var source: String
  }

  /// One unique name used by several files.
  typealias SharedName = SharedNameLedger<UseSite, String>.SharedName

  /// Every name used by more than one file, sorted by name.
  var sharedNames: [SharedName]

  /// The conflicting names.
  var conflicts: [SharedName] { sharedNames.filter(\.isConflict) }

  /// Builds the report from the checks of every file.
  ///
  /// Uses without a digest (missing or undecodable) are left out: they have no content.
  ///
  /// - Parameter files: Each file's name and the checks of its assets.
  init(files: [(name: String, checks: [AssetCheck])]) {
    var ledger = SharedNameLedger<UseSite, String>()
    for file in files {
      for check in file.checks {
        guard let digest = check.contentDigest else { continue }
        let source = check.bundleFile.map { "bundle \($0)" } ?? check.status.rawValue
        ledger.record(
          name: check.asset.uniqueName, file: UseSite(file: file.name, source: source),
          digest: digest)
      }
    }
    sharedNames = ledger.sharedNames
  }

  /// The report as text lines.
  var lines: [String] {
    guard !sharedNames.isEmpty else {
      return ["Shared worker: no unique name is used by more than one file."]
    }
    var lines = ["Shared worker (global assets are keyed by unique name):"]
    for name in sharedNames {
      let uses = name.uses.map {
        "\($0.file.file) (\($0.file.source), \($0.digest.suffix(64).prefix(12)))"
      }
      if name.isConflict {
        lines.append(
          "  CONFLICT \(name.name): different content in " + uses.joined(separator: ", "))
      } else {
        let files = name.uses.map(\.file.file).joined(separator: ", ")
        lines.append("  shared   \(name.name): same content in \(files) (fine)")
      }
    }
    return lines
  }

  /// The report as JSON.
  var jsonValue: JSONValue {
    .array(
      sharedNames.map { name in
        .object([
          ("unique_name", .string(name.name)),
          ("status", .string(name.isConflict ? "conflict" : "same_content")),
          (
            "uses",
            .array(
              name.uses.map {
                .object([
                  ("file", .string($0.file.file)), ("source", .string($0.file.source)),
                  ("content_digest", .string($0.digest)),
                ])
              })
          ),
        ])
      })
  }
}
