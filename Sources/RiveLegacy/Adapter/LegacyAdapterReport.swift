import RiveCore
import RiveFormat

/// What the adapter did with each image, font and audio asset of a file.
public struct LegacyAdapterReport: Sendable, CustomStringConvertible {
  /// What happened to one asset.
  public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    /// The closure assigned content; it is registered on the worker under the unique name.
    case registered(digest: ContentDigest)
    /// The closure returned `false`; nothing was registered (embedded bytes, if any, apply).
    case declined
    /// The closure returned `true` but assigned nothing. Upstream then leaves the asset empty;
    /// the current API has no way to hide embedded bytes, so they still apply there.
    case handledWithoutContent
    /// The closure declined a hosted asset and `loadCdn` fetched it; it is registered.
    case downloaded(url: String, digest: ContentDigest)
    /// Content could not be had: an empty decode, a wrong kind, or a failed download.
    /// Nothing was registered, so what was registered before is kept.
    case failed(reason: String)

    public var description: String {
      switch self {
      case .registered(let digest): "registered \(digest.hexString.prefix(12))"
      case .declined: "declined"
      case .handledWithoutContent: "handled without content"
      case .downloaded(let url, let digest): "downloaded \(url) → \(digest.hexString.prefix(12))"
      case .failed(let reason): "failed: \(reason)"
      }
    }
  }

  /// One asset and its outcome.
  public struct Entry: Sendable, Hashable {
    /// The asset's unique name (the registration key).
    public var uniqueName: String
    /// The asset's kind.
    public var kind: RiveDocument.Asset.Kind
    /// What happened.
    public var outcome: Outcome
    /// For a download through an `AssetCache`: whether it came from the network, the disk
    /// cache or memory.
    public var delivery: ContentDelivery? = nil
  }

  /// Two files on one worker gave the same unique name different content: a registration
  /// reaches every file on the worker, so the later one wins for both (legacy loaders were
  /// per file). Use ``LegacyLoaderAdapter/Isolation/workerPerFile`` to reproduce legacy
  /// behaviour exactly.
  public struct Conflict: Sendable, Hashable, CustomStringConvertible {
    /// The contested unique name.
    public var uniqueName: String
    /// The media kind of the registrations.
    public var kind: MediaKind
    /// The file that registered first, and its content digest.
    public var firstFile: String
    public var firstDigest: ContentDigest
    /// The file that registered later (and now wins), and its content digest.
    public var secondFile: String
    public var secondDigest: ContentDigest

    public var description: String {
      "conflict on \(kind) \"\(uniqueName)\": \(firstFile) registered "
        + "\(firstDigest.hexString.prefix(12)), \(secondFile) registered "
        + "\(secondDigest.hexString.prefix(12)) (the later one now applies to both)"
    }
  }

  /// The file the report is about.
  public var fileName: String
  /// One entry per image, font and audio asset, in file order.
  public var entries: [Entry]
  /// Conflicts this file's registrations caused with other files on the same worker.
  public var conflicts: [Conflict]

  /// The entry of the asset with this unique name.
  public func entry(uniqueName: String) -> Entry? {
    entries.first { $0.uniqueName == uniqueName }
  }

  public var description: String {
    var lines = ["legacy loader on \(fileName):"]
    for entry in entries {
      let via = entry.delivery.map { " via \($0)" } ?? ""
      lines.append("  \(entry.uniqueName) [\(entry.kind)]: \(entry.outcome)\(via)")
    }
    for conflict in conflicts { lines.append("  \(conflict)") }
    return lines.joined(separator: "\n")
  }
}
