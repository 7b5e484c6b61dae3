import RiveFormat

/// Where to look for an asset's file in a bundle: an ordered list of rules, each giving
/// candidate paths relative to the bundle's root; the first candidate that exists wins.
///
/// The ``default`` lookup is the current API's fixed order (``AssetFileLookup``): the unique
/// name with the official extension, with the kind's other extensions, the authored name as
/// is, and the authored name with each extension. Teams whose exports use other names add
/// rules in front of (or instead of) those four:
///
/// - ``Rule/manifest(_:origin:)``: a table from unique names to paths;
/// - ``Rule/prefix(_:)``: the four names with a prefix (`rive_photo-42.png`);
/// - ``Rule/folderPerKind(_:prefix:)``: the four names inside a folder per kind
///   (`images/photo-42.png`, `fonts/Inter-7.ttf`);
/// - ``Rule/custom(_:_:)``: a closure of your own.
///
/// `rive-assets check` and `codegen` read the same rules from a JSON file (``init(contentsOf:)``,
/// documented in the README) or from flags. Every candidate is a relative path without `..`,
/// so no rule can reach outside the bundle; unsafe candidates of a custom rule are skipped.
public struct AssetLookup: Sendable, CustomStringConvertible {
  /// One rule of a lookup.
  public struct Rule: Sendable, CustomStringConvertible {
    fileprivate enum Kind: Sendable {
      case uniqueNameWithOfficialExtension
      case uniqueNameWithOtherExtensions
      case authoredName
      case authoredNameWithExtensions
      case manifest([String: String], origin: String)
      case prefix(String)
      case folderPerKind([MediaKind: String], prefix: String)
      case custom(String, @Sendable (RiveDocument.Asset) -> [String])
    }

    fileprivate let kind: Kind

    /// `<unique name>.<official extension>` (`photo-42.png`).
    public static let uniqueNameWithOfficialExtension = Rule(kind: .uniqueNameWithOfficialExtension)
    /// `<unique name>.<each other extension of the kind>` (`photo-42.jpg`, `photo-42.webp`).
    public static let uniqueNameWithOtherExtensions = Rule(kind: .uniqueNameWithOtherExtensions)
    /// The authored name as is (`photo.jpg`).
    public static let authoredName = Rule(kind: .authoredName)
    /// `<authored name>.<each extension of the kind>`, official first (`photo.jpg.png`).
    public static let authoredNameWithExtensions = Rule(kind: .authoredNameWithExtensions)

    /// A table from unique names to paths relative to the bundle.
    ///
    /// - Parameters:
    ///   - entries: Unique name → relative path (`"photo-42": "img/hero_final.jpg"`).
    ///   - origin: Where the table came from, for messages (a manifest file's path).
    /// - Returns: The rule.
    /// - Throws: ``AssetLookupError`` (`unsafePath`) when a path is absolute, empty or uses
    ///   `..`, naming the entry and the origin.
    public static func manifest(_ entries: [String: String], origin: String = "manifest")
      throws(AssetLookupError) -> Rule
    {
      for (name, path) in entries.sorted(by: { $0.key < $1.key })
      where !AssetLookup.isSafeRelativePath(path) {
        throw AssetLookupError(
          .unsafePath, file: origin,
          message: "manifest entry \"\(name)\" maps to \"\(path)\", which is not a relative path "
            + "inside the bundle (absolute, empty or with '..')")
      }
      return Rule(kind: .manifest(entries, origin: origin))
    }

    /// The four default names, each with `prefix` in front (`rive_photo-42.png`).
    ///
    /// - Parameter prefix: The prefix (a file-name prefix; use ``folderPerKind(_:prefix:)``
    ///   for folders).
    /// - Returns: The rule.
    public static func prefix(_ prefix: String) -> Rule {
      Rule(kind: .prefix(prefix))
    }

    /// The four default names (with an optional prefix) inside a folder per kind; kinds
    /// without a folder get no candidates from this rule.
    ///
    /// - Parameters:
    ///   - folders: The folder of each kind, relative to the bundle (`[.image: "images"]`).
    ///   - prefix: A file-name prefix inside the folders (none by default).
    /// - Returns: The rule.
    /// - Throws: ``AssetLookupError`` (`unsafePath`) when a folder is absolute, empty or
    ///   uses `..`.
    public static func folderPerKind(_ folders: [MediaKind: String], prefix: String = "")
      throws(AssetLookupError) -> Rule
    {
      for (kind, folder) in folders.sorted(by: { $0.key.rawValue < $1.key.rawValue })
      where !AssetLookup.isSafeRelativePath(
        folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
      {
        throw AssetLookupError(
          .unsafePath, file: nil,
          message: "the \(kind) folder \"\(folder)\" is not a relative path inside the bundle "
            + "(absolute, empty or with '..')")
      }
      return Rule(kind: .folderPerKind(folders, prefix: prefix))
    }

    /// Candidates computed by a closure; unsafe paths it returns (absolute, empty, with `..`)
    /// are skipped.
    ///
    /// - Parameters:
    ///   - description: What the rule does, for messages.
    ///   - candidates: The relative paths to try for an asset, most preferred first.
    /// - Returns: The rule.
    public static func custom(
      _ description: String, _ candidates: @escaping @Sendable (RiveDocument.Asset) -> [String]
    ) -> Rule {
      Rule(kind: .custom(description, candidates))
    }

    /// The candidate paths this rule gives for `asset`, most preferred first.
    ///
    /// - Parameter asset: An asset of a `.riv` file.
    /// - Returns: Relative paths (duplicates are removed by ``AssetLookup``).
    public func candidates(for asset: RiveDocument.Asset) -> [String] {
      let extensions = AssetFileLookup.fileExtensions(for: asset.kind)
      switch kind {
      case .uniqueNameWithOfficialExtension:
        return ["\(asset.uniqueName).\(asset.kind.fileExtension)"]
      case .uniqueNameWithOtherExtensions:
        return extensions.dropFirst().map { "\(asset.uniqueName).\($0)" }
      case .authoredName:
        return asset.name.isEmpty ? [] : [asset.name]
      case .authoredNameWithExtensions:
        return asset.name.isEmpty ? [] : extensions.map { "\(asset.name).\($0)" }
      case .manifest(let entries, _):
        return entries[asset.uniqueName].map { [$0] } ?? []
      case .prefix(let prefix):
        return AssetFileLookup.candidateFileNames(for: asset).map { prefix + $0 }
      case .folderPerKind(let folders, let prefix):
        guard let mediaKind = asset.kind.mediaKind, let folder = folders[mediaKind] else {
          return []
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return AssetFileLookup.candidateFileNames(for: asset).map { "\(base)/\(prefix)\($0)" }
      case .custom(_, let closure):
        return closure(asset).filter(AssetLookup.isSafeRelativePath)
      }
    }

    public var description: String {
      switch kind {
      case .uniqueNameWithOfficialExtension: "unique-name"
      case .uniqueNameWithOtherExtensions: "unique-name-extensions"
      case .authoredName: "authored-name"
      case .authoredNameWithExtensions: "authored-name-extensions"
      case .manifest(let entries, let origin): "manifest \(origin) (\(entries.count) entries)"
      case .prefix(let prefix): "prefix \"\(prefix)\""
      case .folderPerKind(let folders, let prefix):
        "folder-per-kind "
          + folders.sorted { $0.key.rawValue < $1.key.rawValue }
          .map { "\($0.key)=\($0.value)" }.joined(separator: ",")
          + (prefix.isEmpty ? "" : " prefix \"\(prefix)\"")
      case .custom(let description, _): "custom \(description)"
      }
    }
  }

  /// The rules, in order.
  public var rules: [Rule]

  /// Creates a lookup.
  ///
  /// - Parameter rules: The rules, in order (an empty list finds nothing).
  public init(rules: [Rule]) {
    self.rules = rules
  }

  /// The four rules of the current API's fixed order.
  public static let defaultRules: [Rule] = [
    .uniqueNameWithOfficialExtension, .uniqueNameWithOtherExtensions, .authoredName,
    .authoredNameWithExtensions,
  ]

  /// The current API's fixed order: ``defaultRules``.
  public static let `default` = AssetLookup(rules: defaultRules)

  /// The relative paths to try for `asset`, most preferred first, without duplicates.
  ///
  /// - Parameter asset: An asset of a `.riv` file.
  /// - Returns: The candidates of every rule, in rule order.
  public func candidatePaths(for asset: RiveDocument.Asset) -> [String] {
    var seen = Set<String>()
    var paths: [String] = []
    for rule in rules {
      for path in rule.candidates(for: asset) where !path.isEmpty && seen.insert(path).inserted {
        paths.append(path)
      }
    }
    return paths
  }

  /// Whether `path` is relative and stays inside the directory it is resolved against: not
  /// empty, not starting with `/`, and without `.`, `..` or empty components.
  ///
  /// - Parameter path: A candidate path.
  /// - Returns: Whether it is safe to append to a bundle's root.
  public static func isSafeRelativePath(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }

  public var description: String {
    rules.map(\.description).joined(separator: ", ")
  }
}
