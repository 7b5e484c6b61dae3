import RiveFormat

/// The images a file's draw stream can refer to: each embedded image asset gets an id in file
/// order (the order the runtime decodes them in) and the size read from its header. Images
/// stored by reference or on the CDN are not loaded, so drawing them is skipped.
public struct DrawImages: Sendable, Hashable {
  /// One decoded image.
  public struct Image: Sendable, Hashable {
    /// The decode-order id.
    public var id: Int
    /// The pixel size from the header (0 when it could not be read).
    public var width: Int
    public var height: Int
    /// `png`, `jpeg`, `webp` or `unknown`.
    public var format: String
    /// The encoded size.
    public var bytes: Int

    public init(id: Int, width: Int, height: Int, format: String = "unknown", bytes: Int = 0) {
      self.id = id
      self.width = width
      self.height = height
      self.format = format
      self.bytes = bytes
    }
  }

  /// By file asset index: whether the asset is an image, and its decoded image if loaded.
  var assets: [AssetEntry] = []
  /// Images at indices past the file's assets: content given to image properties through data
  /// binding, which points the bound images at these indices.
  var bound: [Int: Image] = [:]

  struct AssetEntry: Sendable, Hashable {
    var isImage: Bool
    var image: Image?
  }

  /// No images at all.
  public init() {}

  /// The images of `document`'s embedded image assets, as the reference runtime (scripting off)
  /// decodes them: from the bytes offered with each asset, which a following script asset's
  /// contents replace.
  public init(document: RiveDocument) {
    var nextID = 0
    for asset in document.assets {
      guard case .image = asset.kind else {
        assets.append(AssetEntry(isImage: false, image: nil))
        continue
      }
      guard let contents = document.inBandContents(ofAssetAt: asset.index) else {
        assets.append(AssetEntry(isImage: true, image: nil))
        continue
      }
      let (width, height, format) = contents.withUnsafeBytes { bytes -> (Int, Int, String) in
        let format = ImageFormat.sniff(bytes).map(\.rawValue) ?? "unknown"
        let known = format == "gif" ? "unknown" : format
        guard let info = try? ImageDecoder.readInfo(bytes) else { return (0, 0, known) }
        return (info.width, info.height, known)
      }
      assets.append(
        AssetEntry(
          isImage: true,
          image: Image(
            id: nextID, width: width, height: height, format: format, bytes: contents.count)))
      nextID += 1
    }
  }

  /// The images in decode order.
  public var images: [Image] { assets.compactMap(\.image) }

  /// Whether file asset `index` is an image asset.
  func isImageAsset(_ index: Int) -> Bool {
    guard index >= 0 else { return false }
    return index < assets.count ? assets[index].isImage : bound[index] != nil
  }

  /// The decoded image of file asset `index`, if any.
  func image(forAsset index: Int) -> Image? {
    guard index >= 0 else { return nil }
    return index < assets.count ? assets[index].image : bound[index]
  }
}
