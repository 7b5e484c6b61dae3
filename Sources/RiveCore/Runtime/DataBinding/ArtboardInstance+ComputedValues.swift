@_spi(RiveFormatInternals) import RiveFormat

/// Computed node properties: values a bind to source reads from the current transforms and
/// sizes (the official runtime's getters), never stored in the object's slots.
extension ArtboardInstance {
  /// The value of computed property `key` of object `id`, or nil when `key` is not a computed
  /// property.
  ///
  /// - Parameters:
  ///   - id: The object.
  ///   - key: The property key.
  ///   - imageSizes: The authored size of each image asset, by asset index.
  /// - Returns: The computed value, or nil for any other property.
  func computedValue(
    _ id: Int, key: UInt16, imageSizes: [Int: (width: Float, height: Float)]
  ) -> Float? {
    if layout.isOn, geometryModel.kinds[id] == .layout, let box = layoutBox(of: id) {
      if let value = layoutComputedValue(id, key: key, box: box) { return value }
    }
    if key >= PropertyKey.scrollConstraintScrollOffsetX, isScrollConstraint(id),
      let value = scrollComputedValue(id, key: key)
    {
      return value
    }
    switch key {
    case PropertyKey.nodeComputedLocalX, PropertyKey.nodeComputedLocalY:
      let local = localTransform(id)
      return key == PropertyKey.nodeComputedLocalX ? local.tx : local.ty
    case PropertyKey.nodeComputedWorldX: return worldTransform(id).tx
    case PropertyKey.nodeComputedWorldY: return worldTransform(id).ty
    case PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY:
      // The world origin, carried through the hosts up to the root artboard.
      let world = worldTransform(id)
      let root = geometry.hostToRoot.map(Vec2(world.tx, world.ty))
      return key == PropertyKey.nodeComputedRootX ? root.x : root.y
    case PropertyKey.nodeComputedWidth, PropertyKey.nodeComputedHeight:
      // A laid-out text reports its box.
      if isText(id), let box = textLocalBounds(id) {
        return key == PropertyKey.nodeComputedWidth ? box.width : box.height
      }
      // Nodes, layouts (layout is not computed) and text not laid out report 0; an image its
      // asset's size times its scale.
      guard model.isA(id, TypeKey.image),
        let size = imageSizes[Int(uint(id, Slot.imageAssetId))]
      else { return 0 }
      // Its scale, times the scale its layout's fit gives it.
      let fit = imageLayoutFit(id)
      return key == PropertyKey.nodeComputedWidth
        ? size.width * float(id, Slot.transformComponentScaleX) * fit.scaleX
        : size.height * float(id, Slot.transformComponentScaleY) * fit.scaleY
    case PropertyKey.shapeLength:
      return model.isA(id, TypeKey.shape) ? shapeLength(id) : nil
    default:
      return nil
    }
  }

  /// The length of a shape's paths in world space (each path built as it stands now, placed
  /// by its path transform, measured contour by contour), as the runtime's `Shape::length`.
  func shapeLength(_ shape: Int) -> Float {
    let g = geometryModel
    guard shape >= 0, shape < g.objectCount, g.kinds[shape] == .shape else { return 0 }
    var builder = self
    var length: Float = 0
    var local = RawPath()
    for path in g.shapePaths[shape] {
      let p = Int(path)
      local.rewind()
      builder.buildPath(p, into: &local, model: g)
      var world = RawPath()
      world.addPath(local, transform: pathTransform(p, model: g), prune: false)
      for contour in ContourMeasure.contours(of: world) { length += contour.length }
    }
    return length
  }

  /// A laid-out layout component's computed values: its place (its origin's, when it has a
  /// component origin) in its parent, the world and the root, and its box's size.
  private func layoutComputedValue(_ id: Int, key: UInt16, box: LayoutBox) -> Float? {
    var anchor = Vec2.zero
    if let origin = componentOrigin(of: id) {
      anchor = Vec2(
        float(origin, Slot.componentOriginOriginX) * box.width,
        float(origin, Slot.componentOriginOriginY) * box.height)
    }
    switch key {
    case PropertyKey.nodeComputedLocalX, PropertyKey.nodeComputedLocalY:
      let local =
        layoutTranslation(id, model: geometryModel) + geometry.transforms[id].map(anchor)
      return key == PropertyKey.nodeComputedLocalX ? local.x : local.y
    case PropertyKey.nodeComputedWorldX, PropertyKey.nodeComputedWorldY:
      let world = worldTransform(id).map(anchor)
      return key == PropertyKey.nodeComputedWorldX ? world.x : world.y
    case PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY:
      let root = geometry.hostToRoot.map(worldTransform(id).map(anchor))
      return key == PropertyKey.nodeComputedRootX ? root.x : root.y
    case PropertyKey.nodeComputedWidth: return box.width
    case PropertyKey.nodeComputedHeight: return box.height
    default: return nil
    }
  }

  private func worldTransform(_ id: Int) -> Transform2D {
    id >= 0 && id < geometry.worldTransforms.count ? geometry.worldTransforms[id] : .identity
  }

  /// The transform from the parent transform component's space: the world transform seen from
  /// that component's world transform (so constraints are included, as the official runtime
  /// recomputes it).
  private func localTransform(_ id: Int) -> Transform2D {
    let world = worldTransform(id)
    let parents = geometryModel.parentTransforms
    let parent = id >= 0 && id < parents.count ? Int(parents[id]) : -1
    guard parent >= 0, let inverse = worldTransform(parent).inverted() else { return world }
    return inverse * world
  }
}
