import RiveCore
import RiveFormat

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
    write(property.path, .assetImage) { node.setAsset(image?.decodedAsset, at: $0) }
  }

  /// Assigns a font to a font property of this instance only (`nil` sets it to no font).
  ///
  /// - Parameters:
  ///   - property: The font property.
  ///   - font: The decoded font, or nil.
  @MainActor
  public func setValue(of property: FontProperty, to font: Font?) {
    write(property.path, .assetFont) { node.setAsset(font?.decodedAsset, at: $0) }
  }

  /// Assigns a blob to a blob property of this instance only (`nil` sets it to no blob).
  ///
  /// - Parameters:
  ///   - property: The blob property.
  ///   - blob: The blob, or nil.
  @MainActor
  public func setValue(of property: BlobProperty, to blob: Blob?) {
    write(property.path, .assetBlob) { node.setAsset(blob?.decodedAsset, at: $0) }
  }
}
