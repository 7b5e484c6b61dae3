import RiveFormat

/// Where each asset of a file (or of a view-model instance) gets its content from, now.
///
/// Both API generations produce this report, which is how tests, the command-line tool and
/// users see what registration, loaders and data binding did — Linux has no renderer to look at.
public struct ResolutionReport: Sendable, CustomStringConvertible {
  /// Where content comes from.
  public enum Origin: Sendable, Hashable, CustomStringConvertible {
    /// A global registration on the worker, under the asset's unique name.
    case globalRegistration
    /// A value assigned through data binding at this property path.
    case dataBinding(path: String)
    /// Content assigned by a legacy custom loader closure.
    case customLoader
    /// Content downloaded from the Rive CDN (or another URL).
    case cdn(url: String)
    /// The file's own embedded bytes.
    case embedded
    /// Nothing supplies content.
    case unresolved
    /// Content was expected but could not be had: the reason says why.
    case failed(reason: String)

    /// The origin's class, without details: `global`, `dataBinding`, `customLoader`, `cdn`,
    /// `embedded`, `unresolved` or `failed`.
    public var className: String {
      switch self {
      case .globalRegistration: "global"
      case .dataBinding: "dataBinding"
      case .customLoader: "customLoader"
      case .cdn: "cdn"
      case .embedded: "embedded"
      case .unresolved: "unresolved"
      case .failed: "failed"
      }
    }

    public var description: String {
      switch self {
      case .dataBinding(let path): "dataBinding(\(path))"
      case .cdn(let url): "cdn(\(url))"
      case .failed(let reason): "failed(\(reason))"
      default: className
      }
    }
  }

  /// One asset and where its content comes from.
  public struct Entry: Sendable {
    /// The file's asset.
    public var asset: RiveDocument.Asset
    /// Where the content comes from.
    public var origin: Origin
    /// The content, when there is one.
    public var content: DecodedAsset?
    /// For data-bound entries: the property path.
    public var propertyPath: String?
    /// For downloaded content that came through an `AssetCache`: whether it came from the
    /// network, the disk cache or the memory cache.
    public var delivery: ContentDelivery?
    /// With a worker's decoded-content budget: how often the content was dropped and decoded
    /// again (nil when there is no budget).
    public var activity: ContentActivity?

    public init(
      asset: RiveDocument.Asset, origin: Origin, content: DecodedAsset?,
      propertyPath: String? = nil,
      delivery: ContentDelivery? = nil, activity: ContentActivity? = nil
    ) {
      self.asset = asset
      self.origin = origin
      self.content = content
      self.propertyPath = propertyPath
      self.delivery = delivery
      self.activity = activity
    }
  }

  /// The file (or instance) the report describes.
  public var subject: String
  /// The entries, in file order.
  public var entries: [Entry]
  /// The worker's decoded-content budget after resolving, when it has one.
  public var budget: DecodedContentBudget.Usage?

  public init(subject: String, entries: [Entry], budget: DecodedContentBudget.Usage? = nil) {
    self.subject = subject
    self.entries = entries
    self.budget = budget
  }

  /// The entry of the asset with this unique name.
  public func entry(uniqueName: String) -> Entry? {
    entries.first { $0.asset.uniqueName == uniqueName }
  }

  /// A table: unique name, kind, origin, content summary and digest prefix.
  public var description: String {
    var lines = ["\(subject):"]
    for entry in entries {
      var line = "  \(entry.asset.uniqueName) [\(entry.asset.kind)] \(entry.origin)"
      if let path = entry.propertyPath { line += " at \(path)" }
      if let delivery = entry.delivery { line += " via \(delivery)" }
      if let activity = entry.activity, !activity.isEmpty { line += " (\(activity))" }
      if let content = entry.content { line += ": \(content)" }
      lines.append(line)
    }
    if let budget { lines.append("  \(budget)") }
    return lines.joined(separator: "\n")
  }

  /// Resolves every asset of `file`: the `override` decides first (a registration, a loader's
  /// assignment…); otherwise embedded bytes are decoded (or fail with their reason); otherwise
  /// the asset is unresolved.
  ///
  /// - Parameters:
  ///   - file: The loaded file.
  ///   - override: Returns an origin and content for an asset, or nil to fall back.
  /// - Returns: One entry per asset of the file, in file order.
  public static func resolve(
    _ file: LoadedFile,
    override: (RiveDocument.Asset) -> (origin: Origin, content: DecodedAsset?)? = { _ in nil }
  ) -> ResolutionReport {
    resolve(file) { (asset: RiveDocument.Asset) -> Entry? in
      override(asset).map { Entry(asset: asset, origin: $0.origin, content: $0.content) }
    }
  }

  /// Resolves every asset of `file` as the other `resolve(_:override:)` does, with an
  /// `override` that gives whole entries (with their delivery and budget activity).
  ///
  /// - Parameters:
  ///   - file: The loaded file.
  ///   - override: Returns the entry for an asset, or nil to fall back to embedded bytes.
  /// - Returns: One entry per asset of the file, in file order, and the file's budget usage.
  public static func resolve(
    _ file: LoadedFile, entries override: (RiveDocument.Asset) -> Entry?
  ) -> ResolutionReport {
    let entries = file.document.assets.map { asset -> Entry in
      override(asset) ?? embeddedEntry(of: asset, in: file)
    }
    return ResolutionReport(
      subject: file.displayName, entries: entries, budget: file.budget?.usage)
  }

  /// The entry of an asset nothing else supplies: its embedded bytes (by the one rule,
  /// `RiveDocument.inBandContents(ofAssetAt:)`) decoded, a failure with the decoder's reason,
  /// or unresolved when it has none. Counts as a use of the embedded content.
  ///
  /// - Parameters:
  ///   - asset: An asset of `file`.
  ///   - file: The loaded file.
  /// - Returns: The entry.
  public static func embeddedEntry(of asset: RiveDocument.Asset, in file: LoadedFile) -> Entry {
    switch file.embeddedContent(ofAssetAt: asset.index) {
    case .success(let content):
      return Entry(
        asset: asset, origin: .embedded, content: content,
        activity: file.embeddedActivity(ofAssetAt: asset.index))
    case .failure(let error):
      return Entry(
        asset: asset, origin: .failed(reason: error.description), content: nil,
        activity: file.embeddedActivity(ofAssetAt: asset.index))
    case nil:
      let embedded = file.document.inBandContents(ofAssetAt: asset.index) != nil
      return Entry(asset: asset, origin: embedded ? .embedded : .unresolved, content: nil)
    }
  }
}
