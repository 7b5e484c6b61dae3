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

    public init(
      asset: RiveDocument.Asset, origin: Origin, content: DecodedAsset?, propertyPath: String? = nil
    ) {
      self.asset = asset
      self.origin = origin
      self.content = content
      self.propertyPath = propertyPath
    }
  }

  /// The file (or instance) the report describes.
  public var subject: String
  /// The entries, in file order.
  public var entries: [Entry]

  public init(subject: String, entries: [Entry]) {
    self.subject = subject
    self.entries = entries
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
      if let content = entry.content { line += ": \(content)" }
      lines.append(line)
    }
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
    let entries = file.document.assets.map { asset -> Entry in
      if let decided = override(asset) {
        return Entry(asset: asset, origin: decided.origin, content: decided.content)
      }
      switch file.embeddedContent(ofAssetAt: asset.index) {
      case .success(let content): return Entry(asset: asset, origin: .embedded, content: content)
      case .failure(let error):
        return Entry(asset: asset, origin: .failed(reason: error.description), content: nil)
      case nil:
        return Entry(
          asset: asset, origin: asset.contents == nil ? .unresolved : .embedded, content: nil)
      }
    }
    return ResolutionReport(subject: file.displayName, entries: entries)
  }
}
