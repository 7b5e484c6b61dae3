@_spi(RiveFormatInternals) import RiveFormat

extension ArtboardInstance {
  /// An align-target listener action: moves node `target` so that it sits under the pointer
  /// at `point` (artboard space), or, with `preserveOffset`, by how far the pointer moved from
  /// `previous`, in the space of the node's parent (as the official action sets the node's x
  /// and y from the inverse of its parent's world transform). A target that is not a node, or
  /// whose parent's world transform cannot be inverted, does not move.
  mutating func alignTarget(
    _ target: Int, to point: Vec2, previous: Vec2, preserveOffset: Bool
  ) {
    guard model.isA(target, TypeKey.node), target < model.parents.count else { return }
    let parent = model.parents[target]
    var parentWorld = Transform2D.identity
    if parent >= 0, parent < geometry.worldTransforms.count,
      model.isA(parent, TypeKey.worldTransformComponent)
    {
      parentWorld = geometry.worldTransforms[parent]
    }
    guard let inverse = parentWorld.inverted() else { return }
    let local = inverse.apply(x: point.x, y: point.y)
    var x = local.x
    var y = local.y
    if preserveOffset {
      let before = inverse.apply(x: previous.x, y: previous.y)
      x = float(target, Slot.nodeX) + local.x - before.x
      y = float(target, Slot.nodeY) + local.y - before.y
    }
    setFloat(target, offset: Slot.nodeX, key: PropertyKey.nodeX, x)
    setFloat(target, offset: Slot.nodeY, key: PropertyKey.nodeY, y)
  }
}
