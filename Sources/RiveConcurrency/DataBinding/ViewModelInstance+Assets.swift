import RiveCore

extension ViewModelInstance {
  /// Assigns an image to an image property of this instance only (`nil` sets it to no image,
  /// as upstream's zero handle does); the instance keeps the image alive. No global
  /// registration is needed or affected. Ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The image property.
  ///   - image: The decoded image, or nil.
  @MainActor
  public func setValue(of property: ImageProperty, to image: Image?) {
    bind(property.path, .assetImage, image?.decodedAsset)
  }

  /// Assigns a font to a font property of this instance only (`nil` sets it to no font).
  ///
  /// - Parameters:
  ///   - property: The font property.
  ///   - font: The decoded font, or nil.
  @MainActor
  public func setValue(of property: FontProperty, to font: Font?) {
    bind(property.path, .assetFont, font?.decodedAsset)
  }

  /// Assigns a blob to a blob property of this instance only (`nil` sets it to no blob).
  ///
  /// - Parameters:
  ///   - property: The blob property.
  ///   - blob: The blob, or nil.
  @MainActor
  public func setValue(of property: BlobProperty, to blob: Blob?) {
    bind(property.path, .assetBlob, blob?.decodedAsset)
  }

  @MainActor
  private func bind(_ path: String, _ type: ViewModelProperty.DataType, _ asset: DecodedAsset?) {
    write(path, type) { storage, key in
      storage.assets[key] = asset.map { .content($0) } ?? .cleared
    }
  }
}
