import RiveCore

/// Unique names used by several files, as global registration on one shared worker sees them.
///
/// A worker's global assets are keyed by unique name alone. When two files both use
/// `logo-7` and their contents differ, whichever registers last wins for both files: that is
/// a conflict. When the contents are equal, sharing the name is harmless.
struct SharedWorkerReport: Sendable {
  /// One unique name used by several files.
  struct SharedName: Sendable {
    /// The unique name.
    var uniqueName: String
    /// Each use: the file, where the content comes from, and its content digest.
    var uses: [(file: String, source: String, digest: String)]
    /// Whether the uses have different content.
    var isConflict: Bool { Set(uses.map(\.digest)).count > 1 }
  }

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
    var uses: [String: [(file: String, source: String, digest: String)]] = [:]
    for file in files {
      for check in file.checks {
        guard let digest = check.contentDigest else { continue }
        let source = check.bundleFile.map { "bundle \($0)" } ?? check.status.rawValue
        uses[check.asset.uniqueName, default: []].append((file.name, source, digest))
      }
    }
    sharedNames = uses.keys.sorted().compactMap { name in
      guard let list = uses[name], Set(list.map(\.file)).count > 1 else { return nil }
      return SharedName(uniqueName: name, uses: list)
    }
  }

  /// The report as text lines.
  var lines: [String] {
    guard !sharedNames.isEmpty else {
      return ["Shared worker: no unique name is used by more than one file."]
    }
    var lines = ["Shared worker (global assets are keyed by unique name):"]
    for name in sharedNames {
      let uses = name.uses.map { "\($0.file) (\($0.source), \($0.digest.suffix(64).prefix(12)))" }
      if name.isConflict {
        lines.append(
          "  CONFLICT \(name.uniqueName): different content in " + uses.joined(separator: ", "))
      } else {
        let files = name.uses.map(\.file).joined(separator: ", ")
        lines.append("  shared   \(name.uniqueName): same content in \(files) (fine)")
      }
    }
    return lines
  }

  /// The report as JSON.
  var jsonValue: JSONValue {
    .array(
      sharedNames.map { name in
        .object([
          ("unique_name", .string(name.uniqueName)),
          ("status", .string(name.isConflict ? "conflict" : "same_content")),
          (
            "uses",
            .array(
              name.uses.map {
                .object([
                  ("file", .string($0.file)), ("source", .string($0.source)),
                  ("content_digest", .string($0.digest)),
                ])
              })
          ),
        ])
      })
  }
}
