@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// The scale and offset that fit an image into the size its layout gives it.
struct ImageLayoutFit: Sendable, Equatable {
  var scaleX: Float = 1
  var scaleY: Float = 1
  var offsetX: Float = 0
  var offsetY: Float = 0
}

/// Images in layouts: measured at their image's size, fitted (fill, contain, cover, …) and
/// aligned into the size their layout gives them.
extension ArtboardInstance {
  /// Gives layout the size of every image asset that has an image (as drawn with `images`),
  /// here and in the artboards this instance nests; images without one measure at the
  /// asset's stored size and are not fitted, as the runtime's images without a render image.
  package mutating func setLayoutImages(_ images: DrawImages) {
    var sizes: [Int: (Float, Float)] = [:]
    for asset in images.assets.indices {
      if let image = images.assets[asset].image {
        sizes[asset] = (Float(image.width), Float(image.height))
      }
    }
    setLayoutImageSizes(sizes)
  }

  /// ``setLayoutImages(_:)`` when the sizes differ from those layout has; returns whether
  /// they did.
  mutating func setLayoutImagesIfChanged(_ images: DrawImages) -> Bool {
    var sizes: [Int: (Float, Float)] = [:]
    for asset in images.assets.indices {
      if let image = images.assets[asset].image {
        sizes[asset] = (Float(image.width), Float(image.height))
      }
    }
    let same =
      sizes.count == layout.imageSizes.count
      && sizes.allSatisfy { key, value in
        layout.imageSizes[key].map { $0 == value } ?? false
      }
    if same { return false }
    setLayoutImageSizes(sizes)
    // Images in layouts fit their new sizes.
    for c in 0..<geometryModel.objectCount where geometryModel.kinds[c] == .image {
      if controlledSize(of: c) != nil { updateImageScale(c) }
      // What measures it measures again.
      if let item = model.layout.item(of: c) {
        markLayoutNodeDirty(item)
      } else if let parent = layoutParent(of: c), let item = model.layout.item(of: parent) {
        markLayoutNodeDirty(item)
      }
    }
    return true
  }

  mutating func setLayoutImageSizes(_ sizes: [Int: (Float, Float)]) {
    layout.imageSizes = sizes
    for index in nested.indices {
      nested[index].mount.withValue { $0.setLayoutImageSizes(sizes) }
    }
    for list in componentLists.indices {
      for item in componentLists[list].artboardItems
      where componentLists[list].items[item].hasArtboard {
        componentLists[list].items[item].withArtboard { $0.setLayoutImageSizes(sizes) }
      }
    }
  }

  /// The size image component `c`'s image has, or nil without one.
  func imageRenderSize(_ c: Int) -> (width: Float, height: Float)? {
    let asset = Int(uint(c, Slot.imageAssetId))
    guard let size = layout.imageSizes[asset] else { return nil }
    return (size.0, size.1)
  }

  /// What an image measures: its image's size, unless a length is given exactly.
  func measureImage(
    _ c: Int, width: Float, widthMode: MeasureMode, height: Float, heightMode: MeasureMode
  )
    -> (width: Float, height: Float)
  {
    let size = imageRenderSize(c) ?? (0, 0)
    return (
      widthMode == .exactly ? width : size.width, heightMode == .exactly ? height : size.height
    )
  }

  /// The fit image `c` has (identity while no layout sizes it).
  func imageLayoutFit(_ c: Int) -> ImageLayoutFit {
    layout.imageFits[c] ?? ImageLayoutFit()
  }

  /// Fits image `c`'s image into the size its layout gave it, with its fit and alignment
  /// (the runtime's `updateImageScale`).
  mutating func updateImageScale(_ c: Int) {
    var fit = imageLayoutFit(c)
    var offset = (x: Float(0), y: Float(0))
    if let size = imageRenderSize(c), let controlled = controlledSize(of: c),
      !controlled.width.isNaN, !controlled.height.isNaN
    {
      let (imageWidth, imageHeight) = size
      let (width, height) = (controlled.width, controlled.height)
      var scaleX: Float
      var scaleY: Float
      let kind = uint(c, Slot.imageFit)
      switch kind {
      case 1:
        scaleX = Float.minimum(width / imageWidth, height / imageHeight)
        scaleY = scaleX
      case 2:
        scaleX = Float.maximum(width / imageWidth, height / imageHeight)
        scaleY = scaleX
      case 3:
        scaleX = width / imageWidth
        scaleY = scaleX
      case 4:
        scaleX = height / imageHeight
        scaleY = scaleX
      case 5:
        scaleX = 1
        scaleY = 1
      case 6:
        let s = Float.minimum(width / imageWidth, height / imageHeight)
        scaleX = s < 1 ? s : 1
        scaleY = scaleX
      default:
        scaleX = width / imageWidth
        scaleY = height / imageHeight
      }
      let isParticipant =
        model.layout.item(of: c).map { model.layout.items[$0].participant >= 0 } ?? false
      // A resized image under a layout takes the scale only; fits (and participants) are
      // aligned too.
      if kind != 0 || isParticipant {
        var left = -imageWidth * float(c, Slot.imageOriginX)
        var top = -imageHeight * float(c, Slot.imageOriginY)
        let mesh = Int(geometryModel.imageMeshes[c])
        if mesh >= 0, model.types[mesh] == UInt16(TypeKey.mesh) {
          left = -imageWidth * 0.5
          top = -imageHeight * 0.5
        }
        let alignX = (float(c, Slot.imageAlignmentX) + 1) * 0.5
        let alignY = (float(c, Slot.imageAlignmentY) + 1) * 0.5
        offset.x = -(left * scaleX) + (width - imageWidth * scaleX) * alignX
        offset.y = -(top * scaleY) + (height - imageHeight * scaleY) * alignY
      }
      if model.layout.imageScaleSeparate {
        if scaleX != fit.scaleX || scaleY != fit.scaleY {
          fit.scaleX = scaleX
          fit.scaleY = scaleY
          layout.imageFits[c] = fit
          markTransformDirty(c)
        }
      } else {
        // Files before 7.2: the fit overwrites the image's own scale.
        setFloat(
          c, offset: Slot.transformComponentScaleX, key: PropertyKey.transformComponentScaleX,
          scaleX)
        setFloat(
          c, offset: Slot.transformComponentScaleY, key: PropertyKey.transformComponentScaleY,
          scaleY)
      }
    }
    if offset.x != fit.offsetX || offset.y != fit.offsetY {
      fit.offsetX = offset.x
      fit.offsetY = offset.y
      layout.imageFits[c] = fit
      markTransformDirty(c)
    }
  }
}
