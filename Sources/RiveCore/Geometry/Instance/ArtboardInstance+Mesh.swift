@_spi(RiveFormatInternals) import RiveFormat

/// Image meshes: textured triangles whose vertices follow their skin (if any).
extension ArtboardInstance {
  mutating func updateMesh(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    guard d & Dirt.vertices != 0 else { return }
    meshVerticesChanged(c)
    guard g.skins[c] >= 0 else { return }
    deformVertices(skin: Int(g.skins[c]), vertices: g.meshVertices[c], model: g)
  }

  /// Mesh `mesh`'s vertices (their positions, deformed or set, or with `uvs` their UVs) may
  /// have changed: its next draw makes it again (its UVs too only after a UV was set).
  @inline(__always)
  mutating func meshVerticesChanged(_ mesh: Int, uvs: Bool = false) {
    guard !geometry.drawnMeshes.isEmpty, let ordinal = geometryModel.meshOrdinal(mesh),
      ordinal < geometry.drawnMeshes.count
    else { return }
    geometry.drawnMeshes[ordinal]?.isCurrent = false
    if uvs { geometry.drawnMeshes[ordinal]?.uvsAreCurrent = false }
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
    let drawn: ImageMesh
    if let ordinal = g.meshOrdinal(mesh) {
      if geometry.drawnMeshes.count != g.meshIDs.count {
        geometry.drawnMeshes = Array(repeating: nil, count: g.meshIDs.count)
      }
      if let kept = geometry.drawnMeshes[ordinal], kept.isCurrent {
        drawn = kept.mesh
      } else {
        drawn = makeMesh(mesh, ordinal: ordinal, model: g)
      }
    } else {
      drawn = makeMesh(mesh, ordinal: nil, model: g)
    }
    if g.skins[mesh] < 0 {
      let parent = Int(g.parents[mesh])
      if parent >= 0 { renderer.transform(geometry.worldTransforms[parent]) }
    }
    renderer.draw(
      .drawImageMesh(image: image.id, mesh: drawn, blendMode: blend, opacity: opacity))
  }

  /// Makes mesh `mesh` from its vertices as they are now, in the kept buffers, and keeps it
  /// at `ordinal` (a mesh that has none is made in buffers of its own, not kept).
  private mutating func makeMesh(_ mesh: Int, ordinal: Int?, model g: GeometryModel) -> ImageMesh {
    let vertexIDs = g.meshVertices[mesh]
    // Made in the buffers of the mesh it replaces (of its size, and no longer held once the
    // display lists drawn with it are gone; one still held is copied as it is written).
    var next = ImageMesh(vertices: [], uvs: [], indices: [])
    var uvsAreCurrent = false
    if let ordinal, ordinal < geometry.drawnMeshes.count,
      let replaced = geometry.drawnMeshes[ordinal]
    {
      geometry.drawnMeshes[ordinal] = nil
      next = replaced.mesh
      uvsAreCurrent = replaced.uvsAreCurrent
    }
    let count = vertexIDs.count * 2
    // Sized once, then written through pointers (an append per value checked the buffer's
    // owner and capacity each time).
    Self.resize(&next.vertices, to: count)
    let deformedAvailable = !geometry.deformed.isEmpty
    next.vertices.withUnsafeMutableBufferPointer { positions in
      var k = 0
      for vertex in vertexIDs {
        let v = Int(vertex)
        let position =
          g.vertexWeights[v] >= 0 && deformedAvailable && v < geometry.deformed.count
          ? geometry.deformed[v] : Vec2(float(v, Slot.vertexX), float(v, Slot.vertexY))
        positions[k] = position.x
        positions[k + 1] = position.y
        k += 2
      }
    }
    // UVs change only when set: written then (or when the buffer is new to the mesh).
    if !uvsAreCurrent || next.uvs.count != count {
      Self.resize(&next.uvs, to: count)
      writeUVs(of: vertexIDs, into: &next.uvs)
    }
    next.indices = g.indices(ofMesh: mesh)
    if let ordinal, ordinal < geometry.drawnMeshes.count {
      geometry.drawnMeshes[ordinal] = DrawnMesh(mesh: next, isCurrent: true, uvsAreCurrent: true)
    }
    return next
  }

  /// Writes the UVs of `vertexIDs` (two values each) into `buffer`, which has room for them.
  private func writeUVs(of vertexIDs: ArraySlice<Int32>, into buffer: inout [Float]) {
    buffer.withUnsafeMutableBufferPointer { uvs in
      var k = 0
      for vertex in vertexIDs {
        let v = Int(vertex)
        uvs[k] = float(v, Slot.meshVertexU)
        uvs[k + 1] = float(v, Slot.meshVertexV)
        k += 2
      }
    }
  }

  /// Gives `buffer` `count` values, keeping its storage (the values are written next).
  private static func resize(_ buffer: inout [Float], to count: Int) {
    guard buffer.count != count else { return }
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(0, count: count))
  }
}
