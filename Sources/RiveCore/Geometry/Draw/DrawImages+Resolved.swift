import RiveFormat

extension DrawImages {
  /// The images of `document`'s image assets as a resolution left them: every image asset with
  /// a decoded image in `images` (by asset index) gets an id, counting from 0 in file order;
  /// the others (unresolved, failed, or not images) draw nothing, as an image that has not
  /// loaded draws nothing in the runtime.
  ///
  /// Unlike ``init(document:)``, which sizes embedded images from their headers, this takes
  /// the content each API generation actually resolved (a global registration, a legacy
  /// loader's image, the embedded bytes), so a swapped image draws with its own size.
  ///
  /// Images at indices past the file's assets (content given to image properties through
  /// data binding) get the ids after the file's, in index order.
  ///
  /// - Parameters:
  ///   - document: The file's structure.
  ///   - images: Decoded images by file asset index, and by the index past the file's assets
  ///     each data-bound image draws under.
  public init(document: RiveDocument, images: [Int: DecodedImage]) {
    var nextID = 0
    for (index, asset) in document.assets.enumerated() {
      guard case .image = asset.kind else {
        assets.append(AssetEntry(isImage: false, image: nil))
        continue
      }
      guard let image = images[index] else {
        assets.append(AssetEntry(isImage: true, image: nil))
        continue
      }
      assets.append(
        AssetEntry(
          isImage: true,
          image: Image(
            id: nextID, width: image.width, height: image.height, format: "decoded",
            bytes: image.pixels.count)))
      nextID += 1
    }
    for index in images.keys.sorted() where index >= document.assets.count {
      guard let image = images[index] else { continue }
      bound[index] = Image(
        id: nextID, width: image.width, height: image.height, format: "decoded",
        bytes: image.pixels.count)
      nextID += 1
    }
  }

  /// The id draw calls use for file asset `index`, or nil when that asset draws nothing.
  public func id(forAsset index: Int) -> Int? { image(forAsset: index)?.id }
}

extension ArtboardInstance {
  /// The artboard's current width and height (its layout size, which bindings and layouts can
  /// change while it plays).
  public var currentSize: (width: Float, height: Float) { artboardLayoutSize() }
}
