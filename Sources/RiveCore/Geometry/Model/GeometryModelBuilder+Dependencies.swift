@_spi(RiveFormatInternals) import RiveFormat

/// What each component depends on, as the runtime's objects add their dependencies while
/// building: first what IK constraints link while resolving their chains, then each object's
/// own dependencies in object order. Repeats are dropped when the lists are grouped (each
/// keeps its first place).
extension GeometryModelBuilder {
  struct DependencyLinks {
    /// Each component's dependents.
    var dependents: IndexLists
    /// Each bone's IK constraints that reach it from below.
    var bonePeers: IndexLists
    /// Each IK constraint's bones, from the top of the chain down.
    var ikChains: IndexLists
  }

  func linkDependencies(
    _ links: LinkColumns, componentCount: Int, children: IndexLists, paths: PathLinks,
    skeleton: SkeletonLinks, paints: PaintLinks, clips: ClipLinks
  ) -> DependencyLinks {
    var dependents = IndexLists.Builder(count: componentCount, capacity: componentCount)
    let (bonePeers, ikChains) = linkIKChains(children: children, dependents: &dependents)
    addOwnDependencies(
      links, bonePeers: bonePeers, paths: paths, skeleton: skeleton, paints: paints,
      clips: clips, into: &dependents)
    return DependencyLinks(
      dependents: IndexLists(dependents, unique: true), bonePeers: bonePeers, ikChains: ikChains)
  }

  /// Adds `to` as a dependent of `from` (ignoring components out of range).
  private func add(
    _ from: Int, _ to: Int, into dependents: inout IndexLists.Builder
  ) {
    guard from >= 0, to >= 0, from < count + shapeCount, to < count + shapeCount else { return }
    dependents.append(Int32(to), to: from)
  }

  /// Each IK constraint's chain of bones (its parent bone and as many ancestors as it asks
  /// for): the other children of the chain's bones depend on the constrained bone.
  private func linkIKChains(children: IndexLists, dependents: inout IndexLists.Builder) -> (
    bonePeers: IndexLists, ikChains: IndexLists
  ) {
    let n = count
    var bonePeerLists = IndexLists.Builder(count: n)
    var ikChains = IndexLists.Builder(count: n)
    for id in 0..<n where kinds[id] == .ikConstraint {
      let p = parent(id)
      guard p >= 0, kinds[p] == .bone || kinds[p] == .rootBone else { continue }
      var boneCount = Int(uint(id, Slot.iKConstraintParentBoneCount))
      var bones = [p]
      var bone = p
      while boneCount > 0 {
        let up = parent(bone)
        guard up >= 0, kinds[up] == .bone || kinds[up] == .rootBone else { break }
        boneCount -= 1
        bone = up
        bonePeerLists.append(Int32(id), to: bone)
        bones.append(bone)
        if bones.count > n { break }
      }
      for chainBone in bones.reversed() { ikChains.append(Int32(chainBone), to: id) }
      for i in 1..<max(1, bones.count) {
        let ancestor = bones[i]
        let chainChild = bones[i - 1]
        for child in children[ancestor] where Int(child) != chainChild {
          if kinds[Int(child)].isTransform { add(p, Int(child), into: &dependents) }
        }
      }
    }
    return (IndexLists(bonePeerLists), IndexLists(ikChains))
  }

  /// The dependencies each object adds for itself, in object order (one loop: a call per
  /// object passing the link lists costs a retain and a release of each).
  private func addOwnDependencies(
    _ links: LinkColumns, bonePeers: IndexLists, paths: PathLinks, skeleton: SkeletonLinks,
    paints: PaintLinks, clips: ClipLinks, into dependents: inout IndexLists.Builder
  ) {
    func add(_ from: Int, _ to: Int) { self.add(from, to, into: &dependents) }
    for id in 0..<count {
      addDependencies(of: id)
    }
    func addDependencies(of id: Int) {
      let kind = kinds[id]
      let p = parent(id)
      if kind == .shape {
        let composer = Int(links[.composers, id])
        add(id, composer)
        for path in paths.shapePaths[id] { add(Int(path), composer) }
      }
      if kind.isTransform {
        add(p, id)
        if kind == .pointsPath, links[.skins, id] >= 0 { add(Int(links[.skins, id]), id) }
        return
      }
      switch kind {
      case .skin:
        for tendon in skeleton.skinTendons[id] {
          let bone = Int(links[.tendonBones, Int(tendon)])
          guard bone >= 0 else { continue }
          add(bone, id)
          for peer in bonePeers[bone] { add(parent(Int(peer)), id) }
        }
      case .fill:
        if !paints.ownEffects[id].isEmpty, p >= 0 { add(pathBuilder(p, links), id) }
      case .stroke:
        if p >= 0,
          kinds[p] == .shape || kinds[p] == .artboard || kinds[p] == .layout
            || types[p] == UInt16(TypeKey.foregroundLayoutDrawable)
        {
          add(pathBuilder(p, links), id)
        }
      case .linearGradient, .radialGradient:
        if p >= 0, parent(p) >= 0 {
          let node = Int(links[.gradientNodes, id])
          add(node >= 0 ? node : parent(p), id)
        }
      case .feather:
        if p >= 0 {
          let container = parent(p)
          if container >= 0 {
            if kinds[container] == .shape {
              add(Int(links[.composers, container]), id)
            } else {
              add(container, id)
            }
          }
        }
      case .clippingShape:
        for shape in clips.clipShapes[id] {
          add(Int(links[.composers, Int(shape)]), id)
          for paint in paints.paints[Int(shape)]
          where kinds[Int(paint)] == .fill && !paints.ownEffects[Int(paint)].isEmpty {
            add(Int(paint), id)
          }
        }
      case .ikConstraint, .distanceConstraint, .transformConstraint, .translationConstraint,
        .rotationConstraint, .scaleConstraint:
        let target = Int(links[.constraintTargets, id])
        if target >= 0 { add(target, p) }
        if kind == .ikConstraint, target >= 0 { add(target, id) }
      case .followPathConstraint:
        let target = Int(links[.constraintTargets, id])
        if target >= 0 {
          if kinds[target] == .shape {
            add(Int(links[.composers, target]), id)
          } else if kinds[target].isPath {
            let shape = Int(links[.pathShapes, target])
            if shape >= 0 {
              add(Int(links[.composers, shape]), id)
            } else {
              add(target, id)
            }
          }
        }
        add(id, p)
      case .otherConstraint:
        if isA(id, TypeKey.targetedConstraint) {
          let target = Int(links[.constraintTargets, id])
          if target >= 0 { add(target, p) }
        } else {
          add(p, id)
        }
      case .mesh:
        if links[.skins, id] >= 0 { add(Int(links[.skins, id]), id) }
        add(p, id)
      default:
        break
      }
    }
  }
}
