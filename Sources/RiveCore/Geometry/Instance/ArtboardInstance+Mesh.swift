@_spi(RiveFormatInternals) import RiveFormat

/// Image meshes: textured triangles whose vertices follow their skin (if any).
extension ArtboardInstance {
  mutating func updateMesh(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    guard d & Dirt.vertices != 0 else { return }
    meshVerticesChanged(c)
    guard g.skins[c] >= 0 else { return }
    deformVertices(skin: Int(g.skins[c]), vertices: g.meshVertices[c], model: g)
  }

  /// Mesh `mesh`'s vertices (their positions, deformed or set, or their UVs) may have changed:
  /// its next draw makes it again.
  @inline(__always)
  mutating func meshVerticesChanged(_ mesh: Int) {
    guard !geometry.drawnMeshes.isEmpty else { return }
    geometry.drawnMeshes[Int32(truncatingIfNeeded: mesh)]?.isCurrent = false
  }

  /// Whether a mesh's triangles all refer to its vertices (the runtime rejects it otherwise).
  @inline(__always)
  func meshIsValid(_ mesh: Int, model g: GeometryModel) -> Bool {
    g.invalidMeshes.isEmpty || !g.invalidMeshes.contains(Int32(truncatingIfNeeded: mesh))
  }

  mutating func drawMesh<R: DrawRenderer>(
    _ mesh: Int, image: DrawImages.Image, blend: BlendMode, opacity: Float, model g: GeometryModel,
    into renderer: inout R
  ) {
    guard meshIsValid(mesh, model: g) else { return }
    let key = Int32(truncatingIfNeeded: mesh)
    let drawn: ImageMesh
    if let kept = geometry.drawnMeshes[key], kept.isCurrent {
      drawn = kept.mesh
    } else {
      drawn = makeMesh(mesh, model: g)
    }
    if g.skins[mesh] < 0 {
      let parent = Int(g.parents[mesh])
      if parent >= 0 { renderer.transform(geometry.worldTransforms[parent]) }
    }
    renderer.draw(
      .drawImageMesh(image: image.id, mesh: drawn, blendMode: blend, opacity: opacity))
  }

  /// Makes mesh `mesh` from its vertices as they are now, in the kept buffers, and keeps it.
  private mutating func makeMesh(_ mesh: Int, model g: GeometryModel) -> ImageMesh {
    let vertexIDs = g.meshVertices[mesh]
    var next = ImageMesh(vertices: [], uvs: [], indices: [])
    swap(&next, &geometry.meshScratch)
    next.vertices.removeAll(keepingCapacity: true)
    next.uvs.removeAll(keepingCapacity: true)
    next.vertices.reserveCapacity(vertexIDs.count * 2)
    next.uvs.reserveCapacity(vertexIDs.count * 2)
    let deformedAvailable = !geometry.deformed.isEmpty
    for vertex in vertexIDs {
      let v = Int(vertex)
      let position =
        g.vertexWeights[v] >= 0 && deformedAvailable
        ? geometry.deformed[v] : Vec2(float(v, Slot.vertexX), float(v, Slot.vertexY))
      next.vertices.append(position.x)
      next.vertices.append(position.y)
      next.uvs.append(float(v, Slot.meshVertexU))
      next.uvs.append(float(v, Slot.meshVertexV))
    }
    next.indices = g.indices(ofMesh: mesh)
    // The mesh it replaces lends its buffers to the next change.
    let key = Int32(truncatingIfNeeded: mesh)
    let replaced = geometry.drawnMeshes.updateValue(
      DrawnMesh(mesh: next, isCurrent: true), forKey: key)
    geometry.meshScratch = replaced?.mesh ?? ImageMesh(vertices: [], uvs: [], indices: [])
    geometry.meshScratch.indices = []
    return next
  }
}
