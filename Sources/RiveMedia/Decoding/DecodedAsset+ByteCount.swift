extension DecodedAsset {
  /// The bytes the decoded content occupies in memory: the RGBA pixels of an image, the
  /// samples of a clip (4 bytes each), the bytes of a font or blob. The counting unit of
  /// `DecodedContentBudget` and of an `AssetCache`'s memory bound.
  public var decodedByteCount: Int {
    switch content {
    case .image(let image): image.pixels.count
    case .font(let font): font.bytes.count
    case .audio(let audio): audio.samples.count * MemoryLayout<Float>.size
    case .blob(let blob): blob.bytes.count
    }
  }
}
