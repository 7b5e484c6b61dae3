import RiveCore
import RiveFormat

/// Two resolution reports of one file compared asset by asset: the legacy path's and the
/// current path's.
///
/// Origins are compared by class, because the two APIs name the same fact differently: content
/// the app supplied is `.customLoader` or `.cdn` in the legacy path and `.globalRegistration`
/// in the current one; both are the class **supplied**. The other classes are **embedded**,
/// **unresolved** and **failed**. Content is compared by its digest.
public struct ResolutionComparison: Sendable, CustomStringConvertible {
  /// One asset in both reports.
  public struct Row: Sendable, Hashable {
    /// The asset's unique name.
    public var uniqueName: String
    /// The asset's kind.
    public var kind: RiveDocument.Asset.Kind
    /// The legacy origin, as reported.
    public var legacyOrigin: String
    /// The current origin, as reported.
    public var currentOrigin: String
    /// The legacy content digest, if there is content.
    public var legacyDigest: ContentDigest?
    /// The current content digest, if there is content.
    public var currentDigest: ContentDigest?
    /// Whether origin classes and digests agree.
    public var isEqual: Bool
  }

  /// The file compared.
  public var subject: String
  /// One row per asset, in file order.
  public var rows: [Row]

  /// Whether every asset resolves identically on both paths.
  public var isEquivalent: Bool { rows.allSatisfy(\.isEqual) }

  /// The rows that differ.
  public var differences: [Row] { rows.filter { !$0.isEqual } }

  /// The class of an origin: `supplied`, `embedded`, `unresolved` or `failed` (data binding is
  /// `bound`).
  public static func originClass(_ origin: ResolutionReport.Origin) -> String {
    switch origin {
    case .customLoader, .cdn, .globalRegistration: "supplied"
    case .dataBinding: "bound"
    case .embedded: "embedded"
    case .unresolved: "unresolved"
    case .failed: "failed"
    }
  }

  /// Compares two reports of the same file.
  ///
  /// - Parameters:
  ///   - legacy: The legacy path's report (`RiveFile.resolutionReport()`).
  ///   - current: The current path's report (`File.resolutionReport()`).
  public init(legacy: ResolutionReport, current: ResolutionReport) {
    subject = legacy.subject
    var rows: [Row] = []
    let currentByIndex = Dictionary(
      current.entries.map { ($0.asset.index, $0) }, uniquingKeysWith: { first, _ in first })
    for entry in legacy.entries {
      let other = currentByIndex[entry.asset.index]
      let legacyClass = Self.originClass(entry.origin)
      let currentClass = other.map { Self.originClass($0.origin) } ?? "absent"
      let legacyDigest = entry.content?.digest
      let currentDigest = other?.content?.digest
      rows.append(
        Row(
          uniqueName: entry.asset.uniqueName, kind: entry.asset.kind,
          legacyOrigin: entry.origin.description,
          currentOrigin: other?.origin.description ?? "absent", legacyDigest: legacyDigest,
          currentDigest: currentDigest,
          isEqual: legacyClass == currentClass && legacyDigest == currentDigest))
    }
    for entry in current.entries
    where !legacy.entries.contains(where: { $0.asset.index == entry.asset.index }) {
      rows.append(
        Row(
          uniqueName: entry.asset.uniqueName, kind: entry.asset.kind, legacyOrigin: "absent",
          currentOrigin: entry.origin.description, legacyDigest: nil,
          currentDigest: entry.content?.digest, isEqual: false))
    }
    self.rows = rows
  }

  /// A readable diff: every differing asset with both origins and digests, or one line saying
  /// the paths agree.
  public var description: String {
    let differing = differences
    guard !differing.isEmpty else {
      return "\(subject): legacy and current paths resolve all \(rows.count) assets identically"
    }
    var lines = ["\(subject): \(differing.count) of \(rows.count) assets resolve differently"]
    for row in differing {
      lines.append("  \(row.uniqueName) [\(row.kind)]")
      lines.append("    - legacy:  \(row.legacyOrigin) \(Self.short(row.legacyDigest))")
      lines.append("    + current: \(row.currentOrigin) \(Self.short(row.currentDigest))")
    }
    return lines.joined(separator: "\n")
  }

  private static func short(_ digest: ContentDigest?) -> String {
    digest.map { "digest \($0.hexString.prefix(16))" } ?? "no content"
  }
}
