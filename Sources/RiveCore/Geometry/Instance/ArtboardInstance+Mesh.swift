@_spi(RiveFormatInternals) import RiveFormat

/// Image meshes: textured triangles whose vertices follow their skin (if any).
extension ArtboardInstance {
  mutating func updateMesh(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    guard d & Dirt.vertices != 0, g.skins[c] >= 0 else { return }
    deformVertices(skin: Int(g.skins[c]), vertices: g.meshVertices[c], model: g)
  }

  /// Whether a mesh's triangles all refer to its vertices (the runtime rejects it otherwise).
  func meshIsValid(_ mesh: Int, model g: GeometryModel) -> Bool {
    let count = g.meshVertices[mesh].count
    return g.indices(ofMesh: mesh).allSatisfy { Int($0) < count }
  }

  mutating func drawMesh<R: DrawRenderer>(
    _ mesh: Int, image: DrawImages.Image, blend: BlendMode, opacity: Float, model g: GeometryModel,
    into renderer: inout R
  ) {
    guard meshIsValid(mesh, model: g) else { return }
    let vertexIDs = g.meshVertices[mesh]
    var vertices: [Float] = []
    var uvs: [Float] = []
    vertices.reserveCapacity(vertexIDs.count * 2)
    uvs.reserveCapacity(vertexIDs.count * 2)
    let deformedAvailable = !geometry.deformed.isEmpty
    for vertex in vertexIDs {
      let v = Int(vertex)
      let position =
        g.vertexWeights[v] >= 0 && deformedAvailable
        ? geometry.deformed[v] : Vec2(float(v, Slot.vertexX), float(v, Slot.vertexY))
      vertices.append(position.x)
      vertices.append(position.y)
      uvs.append(float(v, Slot.meshVertexU))
      uvs.append(float(v, Slot.meshVertexV))
    }
    if g.skins[mesh] < 0 {
      let parent = Int(g.parents[mesh])
      if parent >= 0 { renderer.transform(geometry.worldTransforms[parent]) }
    }
    renderer.draw(
      .drawImageMesh(
        image: image.id,
        mesh: ImageMesh(vertices: vertices, uvs: uvs, indices: g.indices(ofMesh: mesh)),
        blendMode: blend, opacity: opacity))
  }
}
