import Foundation
import RiveFormat

extension AssetLookup {
  /// The names of the rules without parameters in a lookup file.
  public static let ruleNames: [String: [Rule]] = [
    "default": defaultRules,
    "unique-name": [.uniqueNameWithOfficialExtension],
    "unique-name-extensions": [.uniqueNameWithOtherExtensions],
    "authored-name": [.authoredName],
    "authored-name-extensions": [.authoredNameWithExtensions],
  ]

  /// Reads a lookup file: JSON of the shape
  ///
  /// ```json
  /// {
  ///   "rules": [
  ///     { "manifest": "manifest.json" },
  ///     { "folder-per-kind": { "image": "images", "font": "fonts", "audio": "audio" } },
  ///     { "prefix": "rive_" },
  ///     "default"
  ///   ]
  /// }
  /// ```
  ///
  /// Each rule is a name (`default` for the four default rules, or one of them:
  /// `unique-name`, `unique-name-extensions`, `authored-name`, `authored-name-extensions`) or
  /// an object with one key: `manifest` (a path to a manifest file, relative to the lookup
  /// file, or the table itself: unique name → path relative to the bundle), `prefix` (a
  /// file-name prefix for the four default names) or `folder-per-kind` (kind → folder; an
  /// optional `prefix` key beside it). A manifest file is a JSON object from unique names to
  /// paths relative to the bundle.
  ///
  /// - Parameter url: The lookup file.
  /// - Throws: ``AssetLookupError`` naming the file (and the rule's position): `unreadable`,
  ///   `malformed`, `unknownRule` or `unsafePath`.
  public init(contentsOf url: URL) throws(AssetLookupError) {
    let data = try Self.read(url)
    try self.init(json: data, relativeTo: url.deletingLastPathComponent(), origin: url.path)
  }

  /// Reads the lookup JSON described at ``init(contentsOf:)`` from bytes.
  ///
  /// - Parameters:
  ///   - json: The JSON.
  ///   - directory: The directory manifest paths are relative to (nil: manifests must be
  ///     inline tables).
  ///   - origin: A name for messages (the file's path).
  /// - Throws: ``AssetLookupError``.
  public init(json: Data, relativeTo directory: URL?, origin: String = "lookup")
    throws(AssetLookupError)
  {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: json)
    } catch {
      throw AssetLookupError(.malformed, file: origin, message: "not JSON: \(error)")
    }
    guard let top = object as? [String: Any], let list = top["rules"] as? [Any] else {
      throw AssetLookupError(
        .malformed, file: origin, message: "expected an object with a \"rules\" array")
    }
    var rules: [Rule] = []
    for (position, item) in list.enumerated() {
      let place = "rule \(position + 1)"
      if let name = item as? String {
        guard let named = Self.ruleNames[name] else {
          throw AssetLookupError(
            .unknownRule, file: origin,
            message: "\(place): unknown rule \"\(name)\"; expected one of "
              + Self.ruleNames.keys.sorted().joined(separator: ", ")
              + " or an object with manifest, prefix or folder-per-kind")
        }
        rules += named
        continue
      }
      guard let fields = item as? [String: Any] else {
        throw AssetLookupError(
          .malformed, file: origin, message: "\(place): expected a rule name or an object")
      }
      rules.append(try Self.rule(fields, place: place, origin: origin, directory: directory))
    }
    self.init(rules: rules)
  }

  /// Reads a manifest file: a JSON object from unique names to paths relative to the bundle.
  ///
  /// - Parameter url: The manifest.
  /// - Returns: The rule.
  /// - Throws: ``AssetLookupError`` naming the file.
  public static func manifest(contentsOf url: URL) throws(AssetLookupError) -> Rule {
    let data = try read(url)
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw AssetLookupError(.malformed, file: url.path, message: "not JSON: \(error)")
    }
    return try manifestRule(object, origin: url.path, place: "the manifest")
  }

  // MARK: Implementation

  private static func read(_ url: URL) throws(AssetLookupError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw AssetLookupError(
        .unreadable, file: url.path, message: "cannot read: \(error.localizedDescription)")
    }
  }

  private static func rule(
    _ fields: [String: Any], place: String, origin: String, directory: URL?
  ) throws(AssetLookupError) -> Rule {
    let keys = Set(fields.keys)
    if let manifest = fields["manifest"] {
      guard keys == ["manifest"] else {
        throw unexpectedKeys(keys, allowed: ["manifest"], place: place, origin: origin)
      }
      if let path = manifest as? String {
        guard let directory else {
          throw AssetLookupError(
            .malformed, file: origin,
            message: "\(place): a manifest path needs a lookup file to be relative to")
        }
        let url =
          path.hasPrefix("/")
          ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        return try Self.manifest(contentsOf: url)
      }
      return try manifestRule(manifest, origin: origin, place: place)
    }
    if let prefix = fields["prefix"], keys == ["prefix"] {
      guard let text = prefix as? String else {
        throw AssetLookupError(.malformed, file: origin, message: "\(place): prefix must be text")
      }
      return .prefix(text)
    }
    if let folders = fields["folder-per-kind"] {
      guard keys.isSubset(of: ["folder-per-kind", "prefix"]) else {
        throw unexpectedKeys(
          keys, allowed: ["folder-per-kind", "prefix"], place: place, origin: origin)
      }
      guard let table = folders as? [String: Any] else {
        throw AssetLookupError(
          .malformed, file: origin,
          message: "\(place): folder-per-kind must map kinds (image, font, audio, blob) to folders")
      }
      var mapped: [MediaKind: String] = [:]
      for (name, value) in table.sorted(by: { $0.key < $1.key }) {
        guard let kind = MediaKind(rawValue: name), let folder = value as? String else {
          throw AssetLookupError(
            .malformed, file: origin,
            message: "\(place): folder-per-kind has \"\(name)\"; expected image, font, audio or "
              + "blob mapped to a folder")
        }
        mapped[kind] = folder
      }
      let prefix = fields["prefix"] as? String ?? ""
      do throws(AssetLookupError) {
        return try .folderPerKind(mapped, prefix: prefix)
      } catch {
        throw AssetLookupError(error.reason, file: origin, message: "\(place): \(error.message)")
      }
    }
    throw AssetLookupError(
      .unknownRule, file: origin,
      message: "\(place): expected one of manifest, prefix or folder-per-kind, found "
        + (keys.isEmpty ? "an empty object" : keys.sorted().joined(separator: ", ")))
  }

  private static func manifestRule(_ object: Any, origin: String, place: String)
    throws(AssetLookupError) -> Rule
  {
    guard let table = object as? [String: Any] else {
      throw AssetLookupError(
        .malformed, file: origin,
        message: "\(place): a manifest must map unique names to paths (a JSON object)")
    }
    var entries: [String: String] = [:]
    for (name, value) in table {
      guard let path = value as? String else {
        throw AssetLookupError(
          .malformed, file: origin,
          message: "\(place): manifest entry \"\(name)\" must be a path (text)")
      }
      entries[name] = path
    }
    return try .manifest(entries, origin: origin)
  }

  private static func unexpectedKeys(
    _ keys: Set<String>, allowed: Set<String>, place: String, origin: String
  ) -> AssetLookupError {
    AssetLookupError(
      .malformed, file: origin,
      message: "\(place): unexpected key(s) "
        + keys.subtracting(allowed).sorted().joined(separator: ", "))
  }
}
