@_spi(RiveFormatInternals) import RiveFormat

/// The links objects make as they resolve, one job each (``GeometryModelBuilder/build()``
/// runs them in this order). Per-object lists are collected flat and grouped once: an array
/// per object costs an allocation per object.
extension GeometryModelBuilder {
  /// Each component's parent (a path composer's is its shape), and the composers and parent
  /// transforms of the link columns.
  func linkParents(_ links: inout LinkColumns, componentCount: Int) -> [Int32] {
    // Made at its full size at once (no temporary arrays, no regrowth).
    var parents: [Int32] = []
    parents.reserveCapacity(componentCount)
    for index in objectParents.indices { parents.append(Int32(objectParents[index])) }
    for id in 0..<count where kinds[id] == .shape {
      links[.composers, id] = Int32(parents.count)
      parents.append(Int32(id))
    }
    for id in 0..<count where kinds[id].isTransform {
      let p = parent(id)
      if p >= 0, isA(p, TypeKey.worldTransformComponent) { links[.parentTransforms, id] = Int32(p) }
    }
    return parents
  }

  /// The axes (and tile modes) of N-sliced nodes and image N-slicers.
  func linkSliceAxes() -> IndexLists {
    var sliceAxes = IndexLists.Builder(count: count)
    for id in 0..<count
    where types[id] == UInt16(TypeKey.axisX) || types[id] == UInt16(TypeKey.axisY)
      || types[id] == UInt16(TypeKey.nSlicerTileMode)
    {
      let p = parent(id)
      if p >= 0, types[p] == UInt16(TypeKey.nSlicedNode) || types[p] == UInt16(TypeKey.nSlicer) {
        sliceAxes.append(Int32(id), to: p)
      }
    }
    return IndexLists(sliceAxes)
  }

  struct PathLinks {
    var shapePaths: IndexLists
    var pathVertices: IndexLists
  }

  /// Paths find their shape (the nearest shape ancestor) and the node that deforms the shape's
  /// paths (the nearest N-sliced node above the shape, as the official runtime finds a shape's
  /// deformer); vertices find their path, weights their vertex.
  func linkPaths(_ links: inout LinkColumns) -> PathLinks {
    let n = count
    func deformer(ofShape shape: Int) -> Int32 {
      var p = parent(shape)
      var steps = 0
      while p >= 0, steps < n {
        if types[p] == UInt16(TypeKey.nSlicedNode) { return Int32(p) }
        p = parent(p)
        steps += 1
      }
      return -1
    }
    var shapePathLists = IndexLists.Builder(count: n)
    var pathVertices = IndexLists.Builder(count: n)
    for id in 0..<n {
      if kinds[id].isPath {
        var p = parent(id)
        var guardCount = 0
        while p >= 0, guardCount < n {
          if kinds[p] == .shape {
            links[.pathShapes, id] = Int32(p)
            shapePathLists.append(Int32(id), to: p)
            links[.pathDeformers, id] = deformer(ofShape: p)
            break
          }
          p = parent(p)
          guardCount += 1
        }
      }
      if isA(id, TypeKey.pathVertex) {
        let p = parent(id)
        if p >= 0, kinds[p].isPath { pathVertices.append(Int32(id), to: p) }
      }
      if isA(id, TypeKey.weight) {
        let p = parent(id)
        if p >= 0, isA(p, TypeKey.vertex) { links[.vertexWeights, p] = Int32(id) }
      }
    }
    return PathLinks(shapePaths: IndexLists(shapePathLists), pathVertices: IndexLists(pathVertices))
  }

  struct SkeletonLinks {
    var skinTendons: IndexLists
    var childBones: IndexLists
  }

  /// Skins find what they deform, tendons their bone and skin, bones their child bones.
  func linkSkeleton(_ links: inout LinkColumns) -> SkeletonLinks {
    let n = count
    var skinTendonLists = IndexLists.Builder(count: n)
    var childBones = IndexLists.Builder(count: n)
    for id in 0..<n {
      switch kinds[id] {
      case .skin:
        let p = parent(id)
        if p >= 0, kinds[p] == .pointsPath || kinds[p] == .mesh { links[.skins, p] = Int32(id) }
      case .bone:
        let p = parent(id)
        if p >= 0, kinds[p] == .bone || kinds[p] == .rootBone {
          childBones.append(Int32(id), to: p)
        }
      default:
        if types[id] == UInt16(TypeKey.tendon) {
          if let bone = resolve(uint(id, Slot.tendonBoneId)),
            kinds[bone] == .bone || kinds[bone] == .rootBone
          {
            links[.tendonBones, id] = Int32(bone)
          }
          let p = parent(id)
          if p >= 0, kinds[p] == .skin { skinTendonLists.append(Int32(id), to: p) }
        }
      }
    }
    return SkeletonLinks(
      skinTendons: IndexLists(skinTendonLists), childBones: IndexLists(childBones))
  }

  struct PaintLinks {
    var gradientStops: IndexLists
    var dashes: IndexLists
    /// Each paint's and each group effect's own effects, in object order.
    var ownEffects: IndexLists
    /// The steps each paint's effects run as (``flattenEffects(_:kinds:)``).
    var effectSteps: IndexLists
    var effectStepLists: IndexLists
    var stepPaints: [Int32]
    /// Each container's paints.
    var paints: IndexLists
  }

  /// Paints find their colour or gradient, effects, dashes and feather, and their container;
  /// gradients find the node whose space they are in.
  func linkPaints(_ links: inout LinkColumns) -> PaintLinks {
    let n = count
    var gradientStops = IndexLists.Builder(count: n)
    var paintEffectLists = IndexLists.Builder(count: n)
    var dashes = IndexLists.Builder(count: n)
    for id in 0..<n {
      let p = parent(id)
      switch kinds[id] {
      case .solidColor, .linearGradient, .radialGradient:
        if p >= 0, kinds[p].isShapePaint, links[.paintMutators, p] < 0 {
          links[.paintMutators, p] = Int32(id)
          links[.mutatorPaints, id] = Int32(p)
        }
      case .gradientStop:
        if p >= 0, kinds[p].isGradient { gradientStops.append(Int32(id), to: p) }
      case .trimPath, .dashPath, .scriptedPathEffect:
        if p >= 0, kinds[p].isShapePaint || types[p] == UInt16(TypeKey.groupEffect) {
          paintEffectLists.append(Int32(id), to: p)
        }
      case .feather:
        if p >= 0, kinds[p].isShapePaint { links[.paintFeathers, p] = Int32(id) }
      default:
        if types[id] == UInt16(TypeKey.dash), p >= 0, kinds[p] == .dashPath {
          dashes.append(Int32(id), to: p)
        } else if types[id] == UInt16(TypeKey.targetEffect), p >= 0,
          kinds[p].isShapePaint || types[p] == UInt16(TypeKey.groupEffect)
        {
          paintEffectLists.append(Int32(id), to: p)
        }
      }
    }
    let paintEffects = IndexLists(paintEffectLists)
    let (effectSteps, effectStepLists, stepPaints) = flattenEffects(paintEffects, kinds: kinds)
    var paintLists = IndexLists.Builder(count: n)
    for id in 0..<n where kinds[id].isShapePaint && links[.paintMutators, id] >= 0 {
      let p = parent(id)
      guard p >= 0 else { continue }
      switch kinds[p] {
      case .artboard, .layout, .shape:
        paintLists.append(Int32(id), to: p)
        links[.paintContainers, id] = Int32(p)
      default:
        // A layout's foreground drawable paints the layout's paths on top of its children.
        if types[p] == UInt16(TypeKey.foregroundLayoutDrawable) {
          paintLists.append(Int32(id), to: p)
          links[.paintContainers, id] = Int32(p)
        }
      }
    }
    for id in 0..<n where kinds[id].isGradient {
      let p = parent(id)
      guard p >= 0 else { continue }
      var c = parent(p)
      var guardCount = 0
      while c >= 0, guardCount < n {
        if isA(c, TypeKey.node) {
          links[.gradientNodes, id] = Int32(c)
          break
        }
        c = parent(c)
        guardCount += 1
      }
    }
    return PaintLinks(
      gradientStops: IndexLists(gradientStops), dashes: IndexLists(dashes),
      ownEffects: paintEffects, effectSteps: effectSteps, effectStepLists: effectStepLists,
      stepPaints: stepPaints, paints: IndexLists(paintLists))
  }

  struct ClipLinks {
    var clippingShapes: [Int32]
    /// Each clipping shape's shapes.
    var clipShapes: IndexLists
    /// Each drawable's clipping shapes.
    var drawableClips: IndexLists
  }

  /// Clipping shapes find the drawables they clip (their parent's subtree) and the shapes they
  /// clip with (their source's), which then build their paths in world space.
  func linkClips(children: IndexLists, flags: inout [UInt8]) -> ClipLinks {
    let n = count
    var clippingShapes: [Int32] = []
    var clipShapeLists = IndexLists.Builder(count: n)
    var drawableClips = IndexLists.Builder(count: n)
    for id in 0..<n where kinds[id] == .clippingShape {
      clippingShapes.append(Int32(id))
      let p = parent(id)
      if p >= 0 {
        forAll(p, children: children) { c in
          if isA(c, TypeKey.drawable) { drawableClips.append(Int32(id), to: c) }
        }
      }
      if let source = resolve(uint(id, Slot.clippingShapeSourceId)), isA(source, TypeKey.node) {
        forAll(source, children: children) { c in
          if kinds[c] == .shape {
            flags[c] |= PathFlags.world | PathFlags.clipping
            clipShapeLists.append(Int32(c), to: id)
          }
        }
      }
    }
    return ClipLinks(
      clippingShapes: clippingShapes, clipShapes: IndexLists(clipShapeLists),
      drawableClips: IndexLists(drawableClips))
  }

  /// Constraints find the transform they constrain and their target; what a path follows
  /// (a follow-path constraint or text modifier) never defers building its paths. Returns each transform's constraints.
  func linkConstraints(_ links: inout LinkColumns, flags: inout [UInt8]) -> IndexLists {
    var constraints = IndexLists.Builder(count: count)
    for id in 0..<count where kinds[id].isConstraint {
      let p = parent(id)
      if p >= 0, kinds[p].isTransform { constraints.append(Int32(id), to: p) }
      if isA(id, TypeKey.targetedConstraint),
        let target = resolve(uint(id, Slot.targetedConstraintTargetId)),
        kinds[target].isTransform
      {
        links[.constraintTargets, id] = Int32(target)
        if kinds[id] == .followPathConstraint {
          if kinds[target] == .shape || kinds[target].isPath {
            flags[target] |= PathFlags.followPath
          }
        }
      }
    }
    // Text that follows a path reads it too.
    for id in 0..<count where types[id] == UInt16(TypeKey.textFollowPathModifier) {
      if let target = resolve(uint(id, Slot.textTargetModifierTargetId)),
        kinds[target] == .shape || kinds[target].isPath
      {
        flags[target] |= PathFlags.followPath
      }
    }
    return IndexLists(constraints)
  }

  struct MeshLinks {
    var vertices: IndexLists
    var indices: [[UInt16]]
  }

  /// Images find the mesh or N-slicer they draw through, meshes their vertices and triangles.
  func linkMeshes(_ links: inout LinkColumns) -> MeshLinks {
    let n = count
    var meshVertices = IndexLists.Builder(count: n)
    // (By id only when the artboard has index buffers: an empty list per object costs a
    // retain and a release each.)
    var meshIndices = meshIndexBuffers.isEmpty ? [] : [[UInt16]](filling: [], count: n)
    for id in 0..<n {
      // An image draws through its mesh or N-slicer, the later in the file when it has both
      // (each sets itself as the image's mesh as it is added, in the official runtime).
      if kinds[id] == .mesh || types[id] == UInt16(TypeKey.nSlicer) {
        let p = parent(id)
        if p >= 0, kinds[p] == .image { links[.imageMeshes, p] = Int32(id) }
      }
      if isA(id, TypeKey.meshVertex) {
        let p = parent(id)
        if p >= 0, kinds[p] == .mesh { meshVertices.append(Int32(id), to: p) }
      }
    }
    for (id, indices) in meshIndexBuffers where id >= 0 && id < n && kinds[id] == .mesh {
      meshIndices[id] = indices
    }
    return MeshLinks(vertices: IndexLists(meshVertices), indices: meshIndices)
  }

  /// Each solo's members: its children but constraints, clipping shapes and focus and
  /// semantic data.
  func linkSoloMembers(children: IndexLists) -> IndexLists {
    var soloMembers = IndexLists.Builder(count: count)
    for id in 0..<count where kinds[id] == .solo {
      for child in children[id] {
        let c = Int(child)
        guard
          !(kinds[c].isConstraint || kinds[c] == .clippingShape
            || types[c] == UInt16(TypeKey.focusData) || types[c] == UInt16(TypeKey.semanticData))
        else { continue }
        soloMembers.append(child, to: id)
      }
    }
    return IndexLists(soloMembers)
  }
}
