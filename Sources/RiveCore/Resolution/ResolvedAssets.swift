import RiveFormat

/// The assets one frame or recording draws with: the image, font and audio content each asset
/// of a file resolved to, the images and fonts given to view-model properties through data
/// binding, and the fallback fonts text falls back to.
///
/// Built in one place, ``init(report:document:fallbackFonts:)``, from what resolution decided
/// (a `ResolutionReport` of either API generation, of a directory of loose files, or of the
/// embedded bytes alone) and, for an API's frame, the bound instance's view-model store. Every
/// consumer takes it: the players and both APIs' frames, recordings, golden frames and the
/// command-line tool, so a file draws the same wherever it is drawn.
///
/// Content is keyed by what it belongs to (``Key``): a file asset, or a bound property. The
/// drawing ids the runtime's draw calls use (``drawImages``) and the fonts text is shaped with
/// (``textFonts``) are derived here, once.
public struct ResolvedAssets: Sendable {
  /// What a piece of content belongs to.
  public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// The file's asset at this index (`RiveDocument.assets`).
    case asset(Int)
    /// The image or font property at this path of the bound view-model instance.
    case property(String)

    public var description: String {
      switch self {
      case .asset(let index): "asset \(index)"
      case .property(let path): "property \(path)"
      }
    }
  }

  /// The file's structure the asset keys index.
  public let document: RiveDocument
  /// The decoded images: of image assets, and of bound image properties.
  public private(set) var images: [Key: DecodedImage] = [:]
  /// The decoded fonts: of font assets, and of bound font properties.
  public private(set) var fonts: [Key: DecodedFont] = [:]
  /// The decoded audio of audio assets, by asset index (audio events name their asset).
  public private(set) var sounds: [Int: DecodedAudio] = [:]
  /// The fonts text falls back to, in the order they are tried.
  public let fallbackFonts: [DecodedFont]
  /// The ids the runtime's draw calls give the images (see ``drawID(for:)``).
  public private(set) var drawImages = DrawImages()
  /// The fonts text is shaped with: each font's `TextFont` (made once per decoded font and
  /// shared) under the index its text styles draw with, and the fallbacks.
  public private(set) var textFonts = TextFonts()
  /// The index each bound property's users draw under (past the file's assets), where the
  /// view-model store points them.
  private var propertyIndices: [String: Int] = [:]

  /// Gathers what a resolution gave a file.
  ///
  /// - Parameters:
  ///   - report: What resolved each asset (data-binding entries are skipped: they describe
  ///     view-model properties, not the file's assets). Content of another kind than its asset
  ///     is ignored.
  ///   - document: The file's structure.
  ///   - fallbackFonts: The fallback fonts, in order.
  public init(report: ResolutionReport, document: RiveDocument, fallbackFonts: [DecodedFont] = []) {
    self.init(report: report, document: document, bound: [], fallbackFonts: fallbackFonts)
  }

  /// Gathers what a resolution gave a file and what the bound instance's store gave its image
  /// and font properties (how both APIs' frames draw bound content).
  ///
  /// - Parameters:
  ///   - report: What resolved each asset.
  ///   - document: The file's structure.
  ///   - store: The bound instance's store, if any.
  ///   - fallbackFonts: The fallback fonts, in order.
  package init(
    report: ResolutionReport, document: RiveDocument, store: ViewModelValueStore?,
    fallbackFonts: [DecodedFont]
  ) {
    self.init(
      report: report, document: document, bound: store?.boundAssets() ?? [],
      fallbackFonts: fallbackFonts)
  }

  private init(
    report: ResolutionReport, document: RiveDocument,
    bound: [(property: String, index: Int, content: DecodedAsset)], fallbackFonts: [DecodedFont]
  ) {
    self.document = document
    self.fallbackFonts = fallbackFonts
    let assets = document.assets
    for entry in report.entries where entry.propertyPath == nil {
      let index = entry.asset.index
      guard assets.indices.contains(index), let content = entry.content else { continue }
      switch assets[index].kind {
      case .image: if let image = content.image { images[.asset(index)] = image }
      case .font: if let font = content.font { fonts[.asset(index)] = font }
      case .audio: if let audio = content.audio { sounds[index] = audio }
      default: break
      }
    }
    for (property, index, content) in bound where index >= assets.count {
      propertyIndices[property] = index
      if let image = content.image { images[.property(property)] = image }
      if let font = content.font { fonts[.property(property)] = font }
    }
    derive()
  }

  /// The file's embedded assets, decoded (by the one rule for an asset's bytes,
  /// `RiveDocument.inBandContents(ofAssetAt:)`): what a file played from its bytes draws with,
  /// its referenced and hosted assets drawing nothing.
  ///
  /// - Parameters:
  ///   - document: The file's structure, read at least to `.assets` depth.
  ///   - fallbackFonts: The fallback fonts (the system's regular sans-serif unless given, as
  ///     both API generations' frames fall back by default).
  /// - Returns: The assets.
  public static func embedded(
    in document: RiveDocument, fallbackFonts: [DecodedFont]? = nil
  ) -> ResolvedAssets {
    ResolvedAssets(
      report: .embedded(in: document), document: document,
      fallbackFonts: fallbackFonts ?? systemFallbackFonts)
  }

  /// Nothing: no image, font or sound of `document` (text and images draw nothing).
  ///
  /// - Parameter document: The file's structure.
  /// - Returns: The empty assets.
  public static func none(of document: RiveDocument) -> ResolvedAssets {
    ResolvedAssets(report: ResolutionReport(subject: "", entries: []), document: document)
  }

  /// Gives the image asset at `index` an image (nil: it draws nothing), as a swap through
  /// either API would.
  public mutating func setImage(_ image: DecodedImage?, forAsset index: Int) {
    guard document.assets.indices.contains(index), document.assets[index].kind == .image
    else { return }
    images[.asset(index)] = image
    derive()
  }

  /// Gives the font asset at `index` a font (nil: its text draws nothing).
  public mutating func setFont(_ font: DecodedFont?, forAsset index: Int) {
    guard document.assets.indices.contains(index), document.assets[index].kind == .font
    else { return }
    fonts[.asset(index)] = font
    derive()
  }

  /// The id the draw calls of the image of `key` use, or nil when it draws nothing.
  public func drawID(for key: Key) -> Int? {
    index(of: key).flatMap { drawImages.id(forAsset: $0) }
  }

  /// The index the runtime draws `key`'s content under.
  private func index(of key: Key) -> Int? {
    switch key {
    case .asset(let index): document.assets.indices.contains(index) ? index : nil
    case .property(let path): propertyIndices[path]
    }
  }

  /// The drawing ids and text fonts of the content.
  private mutating func derive() {
    var byIndex: [Int: DecodedImage] = [:]
    for (key, image) in images {
      if let index = index(of: key) { byIndex[index] = image }
    }
    drawImages = DrawImages(document: document, images: byIndex)
    var fontsByIndex: [Int: DecodedFont] = [:]
    for (key, font) in fonts {
      if let index = index(of: key) { fontsByIndex[index] = font }
    }
    textFonts = TextFonts(resolved: fontsByIndex, fallbacks: fallbackFonts)
  }
}

extension ResolutionReport {
  /// Every asset of `document` with its embedded bytes (by the one rule,
  /// `RiveDocument.inBandContents(ofAssetAt:)`) decoded, as ``resolve(_:override:)`` resolves a
  /// loaded file nothing overrides, without a `LoadedFile`'s cache or budget.
  ///
  /// - Parameters:
  ///   - document: The file's structure.
  ///   - subject: The report's subject.
  /// - Returns: One entry per asset, in file order.
  public static func embedded(in document: RiveDocument, subject: String = "file")
    -> ResolutionReport
  {
    let entries = document.assets.map { asset -> Entry in
      guard let bytes = document.inBandContents(ofAssetAt: asset.index) else {
        return Entry(asset: asset, origin: .unresolved, content: nil)
      }
      guard let kind = asset.kind.mediaKind else {
        return Entry(asset: asset, origin: .embedded, content: nil)
      }
      let decoded = bytes.withUnsafeBytes { raw in
        Result { () throws(DecodingError) in try DecodedAsset.decode(raw, as: kind) }
      }
      switch decoded {
      case .success(let content): return Entry(asset: asset, origin: .embedded, content: content)
      case .failure(let error):
        return Entry(asset: asset, origin: .failed(reason: error.description), content: nil)
      }
    }
    return ResolutionReport(subject: subject, entries: entries)
  }
}
