import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Constraints, applied to a transform component's world transform right after it is composed,
/// in the order they appear in the file.
extension ArtboardInstance {
  mutating func applyConstraints(_ c: Int, model g: GeometryModel) {
    // A scroll constraint on the parent moves its layout children first.
    applyScrollConstraint(c, model: g)
    for constraint in g.constraints[c] {
      let k = Int(constraint)
      switch g.kinds[k] {
      case .distanceConstraint: constrainDistance(k, c, model: g)
      case .transformConstraint: constrainTransform(k, c, model: g)
      case .translationConstraint: constrainTranslation(k, c, model: g)
      case .rotationConstraint: constrainRotation(k, c, model: g)
      case .scaleConstraint: constrainScale(k, c, model: g)
      case .ikConstraint: constrainIK(k, model: g)
      case .followPathConstraint:
        // A list's follow path places the list's items, not the list.
        if model.types[k] != UInt16(TypeKey.listFollowPathConstraint) {
          constrainFollowPath(k, c, model: g)
        }
      case .otherConstraint:
        if isScrollBar(k) { constrainScrollBar(k, c, model: g) }
      default: break
      }
    }
  }

  // MARK: - Helpers

  private func target(_ constraint: Int, model g: GeometryModel) -> Int {
    Int(g.constraintTargets[constraint])
  }

  /// The world transform of a component's parent (identity when it has none).
  func parentWorld(_ c: Int, model g: GeometryModel) -> Transform2D {
    let p = Int(g.parents[c])
    guard p >= 0, g.kinds[p].isTransform else { return .identity }
    return geometry.worldTransforms[p]
  }

  private func strength(_ k: Int) -> Float { float(k, Slot.constraintStrength) }
  private func sourceIsLocal(_ k: Int) -> Bool {
    uint(k, Slot.transformSpaceConstraintSourceSpaceValue) == 1
  }
  private func destIsLocal(_ k: Int) -> Bool {
    uint(k, Slot.transformSpaceConstraintDestSpaceValue) == 1
  }

  private static let twoPi = Float.pi * 2

  private static func angleDifference(_ from: Float, _ to: Float) -> Float {
    var diff = to - from
    if diff > Float.pi {
      diff -= twoPi
    } else if diff < -Float.pi {
      diff += twoPi
    }
    return diff
  }

  // MARK: - Distance

  private mutating func constrainDistance(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    guard t >= 0, !isCollapsed(t) else { return }
    let world = geometry.worldTransforms[c]
    let targetTranslation = geometry.worldTransforms[t].translationPart
    let ours = world.translationPart
    var toTarget = ours - targetTranslation
    let current = toTarget.length
    let distance = float(k, Slot.distanceConstraintDistance)
    switch uint(k, Slot.distanceConstraintModeValue) {
    case 0: if current < distance { return }
    case 1: if current > distance { return }
    default: break
    }
    if current < 0.001 { return }
    toTarget = toTarget * (distance / current)
    let position = Vec2.lerp(ours, targetTranslation + toTarget, strength(k))
    geometry.worldTransforms[c].tx = position.x
    geometry.worldTransforms[c].ty = position.y
  }

  // MARK: - Transform

  private mutating func constrainTransform(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    guard t >= 0, !isCollapsed(t) else { return }
    let from = geometry.worldTransforms[c]
    // The origin is a point of the target's constraint bounds (empty for most targets, so
    // their origin adds nothing).
    var to = geometry.worldTransforms[t]
    if let box = constraintBounds(t, model: g) {
      to =
        to
        * .translation(
          box.minX + box.width * float(k, Slot.transformConstraintOriginX),
          box.minY + box.height * float(k, Slot.transformConstraintOriginY))
    }
    if sourceIsLocal(k) {
      guard let inverse = parentWorld(t, model: g).inverted() else { return }
      to = inverse * to
    }
    if destIsLocal(k) { to = parentWorld(c, model: g) * to }
    geometry.worldTransforms[c] = ArtboardInstance.blend(from: from, to: to, strength: strength(k))
  }

  /// A transform constraint's target's bounds in its own space, as the runtime gives them: a
  /// laid-out text's box, a layout component's solved size from its corner (nothing while
  /// layout is not solved) and the artboard's size from its corner; nil (empty) for the rest.
  func constraintBounds(_ t: Int, model g: GeometryModel) -> (
    minX: Float, minY: Float, width: Float, height: Float
  )? {
    switch g.kinds[t] {
    case .layout:
      guard let box = layoutBox(of: t) else { return nil }
      return (0, 0, box.width, box.height)
    case .artboard:
      let size = artboardLayoutSize()
      return (0, 0, size.width, size.height)
    default:
      return textLocalBounds(t)
    }
  }

  /// Interpolates every part of two transforms (rotation the short way round).
  static func blend(from: Transform2D, to: Transform2D, strength t: Float) -> Transform2D {
    let a = TransformParts(from)
    var b = TransformParts(to)
    let angleA = fmodf(a.rotation, twoPi)
    let angleB = fmodf(b.rotation, twoPi)
    let diff = angleDifference(angleA, angleB)
    let ti = 1 - t
    b.rotation = angleA + diff * t
    b.x = a.x * ti + b.x * t
    b.y = a.y * ti + b.y * t
    b.scaleX = a.scaleX * ti + b.scaleX * t
    b.scaleY = a.scaleY * ti + b.scaleY * t
    b.skew = a.skew * ti + b.skew * t
    return b.composed
  }

  // MARK: - Translation, rotation, scale

  private struct CopySettings {
    var copyFactor: Float
    var doesCopy: Bool
    var max: Bool
    var maxValue: Float
    var min: Bool
    var minValue: Float
    var minMaxLocal: Bool
    var offset: Bool
    var copyFactorY: Float
    var doesCopyY: Bool
    var maxY: Bool
    var maxValueY: Float
    var minY: Bool
    var minValueY: Float
  }

  private func copySettings(_ k: Int) -> CopySettings {
    // Rotation constraints have no second axis.
    let hasY = geometryModel.kinds[k] != .rotationConstraint
    return CopySettings(
      copyFactor: float(k, Slot.transformComponentConstraintCopyFactor),
      doesCopy: bool(k, Slot.transformComponentConstraintDoesCopy),
      max: bool(k, Slot.transformComponentConstraintMax),
      maxValue: float(k, Slot.transformComponentConstraintMaxValue),
      min: bool(k, Slot.transformComponentConstraintMin),
      minValue: float(k, Slot.transformComponentConstraintMinValue),
      minMaxLocal: uint(k, Slot.transformComponentConstraintMinMaxSpaceValue) == 1,
      offset: bool(k, Slot.transformComponentConstraintOffset),
      copyFactorY: hasY ? float(k, Slot.transformComponentConstraintYCopyFactorY) : 1,
      doesCopyY: hasY && bool(k, Slot.transformComponentConstraintYDoesCopyY),
      maxY: hasY && bool(k, Slot.transformComponentConstraintYMaxY),
      maxValueY: hasY ? float(k, Slot.transformComponentConstraintYMaxValueY) : 0,
      minY: hasY && bool(k, Slot.transformComponentConstraintYMinY),
      minValueY: hasY ? float(k, Slot.transformComponentConstraintYMinValueY) : 0)
  }

  private mutating func constrainTranslation(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    if t >= 0, isCollapsed(t) { return }
    let s = copySettings(k)
    let a = geometry.worldTransforms[c].translationPart
    var b = a
    if t >= 0 {
      let localA = s.offset && (s.doesCopy || s.doesCopyY) ? translation(c, model: g) : .zero
      var transformB = geometry.worldTransforms[t]
      if sourceIsLocal(k) {
        guard let inverse = parentWorld(t, model: g).inverted() else { return }
        transformB = inverse * transformB
      }
      b = transformB.translationPart
      if !s.doesCopy {
        b.x = destIsLocal(k) ? 0 : a.x
      } else {
        b.x *= s.copyFactor
        if s.offset { b.x += localA.x }
      }
      if !s.doesCopyY {
        b.y = destIsLocal(k) ? 0 : a.y
      } else {
        b.y *= s.copyFactorY
        if s.offset { b.y += localA.y }
      }
      if destIsLocal(k) { b = parentWorld(c, model: g).map(b) }
    }
    if s.minMaxLocal {
      guard let inverse = parentWorld(c, model: g).inverted() else { return }
      b = inverse.map(b)
    }
    if s.max && b.x > s.maxValue { b.x = s.maxValue }
    if s.min && b.x < s.minValue { b.x = s.minValue }
    if s.maxY && b.y > s.maxValueY { b.y = s.maxValueY }
    if s.minY && b.y < s.minValueY { b.y = s.minValueY }
    if s.minMaxLocal { b = parentWorld(c, model: g).map(b) }
    let strength = strength(k)
    let ti = 1 - strength
    geometry.worldTransforms[c].tx = a.x * ti + b.x * strength
    geometry.worldTransforms[c].ty = a.y * ti + b.y * strength
  }

  private mutating func constrainRotation(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    if t >= 0, isCollapsed(t) { return }
    let s = copySettings(k)
    let transformA = geometry.worldTransforms[c]
    let a = TransformParts(transformA)
    var b = a
    if t >= 0 {
      var transformB = geometry.worldTransforms[t]
      if sourceIsLocal(k) {
        guard let inverse = parentWorld(t, model: g).inverted() else { return }
        transformB = inverse * transformB
      }
      b = TransformParts(transformB)
      if !s.doesCopy {
        b.rotation = destIsLocal(k) ? 0 : a.rotation
      } else {
        b.rotation *= s.copyFactor
        if s.offset { b.rotation += float(c, Slot.transformComponentRotation) }
      }
      if destIsLocal(k) {
        b = TransformParts(parentWorld(c, model: g) * b.composed)
      }
    }
    if s.minMaxLocal {
      guard let inverse = parentWorld(c, model: g).inverted() else { return }
      b = TransformParts(inverse * b.composed)
    }
    if s.max && b.rotation > s.maxValue { b.rotation = s.maxValue }
    if s.min && b.rotation < s.minValue { b.rotation = s.minValue }
    if s.minMaxLocal { b = TransformParts(parentWorld(c, model: g) * b.composed) }
    let angleA = fmodf(a.rotation, ArtboardInstance.twoPi)
    let angleB = fmodf(b.rotation, ArtboardInstance.twoPi)
    var result = a
    result.rotation = a.rotation + ArtboardInstance.angleDifference(angleA, angleB) * strength(k)
    geometry.worldTransforms[c] = result.composed
  }

  private mutating func constrainScale(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    if t >= 0, isCollapsed(t) { return }
    let s = copySettings(k)
    let a = TransformParts(geometry.worldTransforms[c])
    var b = a
    if t >= 0 {
      var transformB = geometry.worldTransforms[t]
      if sourceIsLocal(k) {
        guard let inverse = parentWorld(t, model: g).inverted() else { return }
        transformB = inverse * transformB
      }
      b = TransformParts(transformB)
      if !s.doesCopy {
        b.scaleX = destIsLocal(k) ? 1 : a.scaleX
      } else {
        b.scaleX *= s.copyFactor
        if s.offset { b.scaleX *= float(c, Slot.transformComponentScaleX) }
      }
      if !s.doesCopyY {
        b.scaleY = destIsLocal(k) ? 1 : a.scaleY
      } else {
        b.scaleY *= s.copyFactorY
        if s.offset { b.scaleY *= float(c, Slot.transformComponentScaleY) }
      }
      if destIsLocal(k) {
        b = TransformParts(parentWorld(c, model: g) * b.composed)
      }
    }
    if s.minMaxLocal {
      guard let inverse = parentWorld(c, model: g).inverted() else { return }
      b = TransformParts(inverse * b.composed)
    }
    if s.max && b.scaleX > s.maxValue { b.scaleX = s.maxValue }
    if s.min && b.scaleX < s.minValue { b.scaleX = s.minValue }
    if s.maxY && b.scaleY > s.maxValueY { b.scaleY = s.maxValueY }
    if s.minY && b.scaleY < s.minValueY { b.scaleY = s.minValueY }
    if s.minMaxLocal { b = TransformParts(parentWorld(c, model: g) * b.composed) }
    let strength = strength(k)
    let ti = 1 - strength
    var result = a
    result.scaleX = a.scaleX * ti + b.scaleX * strength
    result.scaleY = a.scaleY * ti + b.scaleY * strength
    geometry.worldTransforms[c] = result.composed
  }

  // MARK: - Follow path

  /// Appends what a follow-path target outlines in world space (a shape's paths, or one
  /// path, each as last built, placed by its path transform); returns whether it had any.
  func appendWorldPaths(of target: Int, to raw: inout RawPath, model g: GeometryModel) -> Bool {
    var hasPaths = false
    if g.kinds[target] == .shape {
      for path in g.shapePaths[target] {
        guard let slot = rawSlot(Int(path)) else { continue }
        raw.addPath(
          geometry.rawPaths[slot], transform: pathTransform(Int(path), model: g), prune: false)
        hasPaths = true
      }
    } else if g.kinds[target].isPath, let slot = rawSlot(target) {
      raw.addPath(
        geometry.rawPaths[slot], transform: pathTransform(target, model: g), prune: false)
      hasPaths = true
    }
    return hasPaths
  }

  /// Rebuilds a follow-path constraint's measure of its target's paths.
  mutating func updateFollowPath(_ k: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    guard t >= 0 else { return }
    // Built in the storage kept from the last rebuild, and measured into the last measure's.
    var raw = RawPath()
    swap(&raw, &geometry.followScratch)
    raw.rewind()
    defer { swap(&raw, &geometry.followScratch) }
    if appendWorldPaths(of: t, to: &raw, model: g) {
      var measure = geometry.followMeasures.removeValue(forKey: k) ?? PathMeasure()
      measure.remeasure(raw)
      geometry.followMeasures[k] = measure
    }
  }

  private mutating func constrainFollowPath(_ k: Int, _ c: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    guard t >= 0, !isCollapsed(t) else { return }
    let placed = followPathTransform(
      k, component: geometry.worldTransforms[c], parentWorld: parentWorld(c, model: g),
      distance: float(k, Slot.followPathConstraintDistance), offsetFrom: c, model: g)
    geometry.worldTransforms[c] = placed
  }

  /// Where follow-path constraint `k` puts a component whose world transform is `component`
  /// (its parent's is `parentWorld`), at `distance` along the target's path (0…1); the
  /// constraint's offset option adds `offsetFrom`'s own translation.
  ///
  /// `mutating` only so that the instance is passed where it is: called from the mutating
  /// constraint pass, the non-mutating method was handed a copy of the whole instance (every
  /// array retained) once a frame for each follow-path constraint.
  mutating func followPathTransform(
    _ k: Int, component: Transform2D, parentWorld componentParentWorld: Transform2D,
    distance: Float, offsetFrom c: Int, model g: GeometryModel
  ) -> Transform2D {
    let t = target(k, model: g)
    guard t >= 0, !isCollapsed(t) else { return TransformParts().composed }
    let strength = strength(k)
    let orient = bool(k, Slot.followPathConstraintOrient)
    var transformB = geometry.worldTransforms[t]
    if g.kinds[t] == .shape || g.kinds[t].isPath {
      let measure = geometry.followMeasures[k] ?? PathMeasure()
      let result = measure.atPercentage(distance)
      let position = result?.pos ?? .zero
      let tangent = result?.tan ?? .zero
      if orient {
        let partsB = TransformParts(transformB)
        let tangentRotation = atan2f(tangent.y, tangent.x)
        let angleB = fmodf(partsB.rotation, ArtboardInstance.twoPi)
        let diff = ArtboardInstance.angleDifference(angleB, tangentRotation)
        transformB = .rotation(angleB + diff * strength)
      }
      var offset = Vec2.zero
      if bool(k, Slot.followPathConstraintOffset) { offset = translation(c, model: g) }
      transformB.tx = position.x + offset.x
      transformB.ty = position.y + offset.y
    }
    if sourceIsLocal(k) {
      guard let inverse = parentWorld(t, model: g).inverted() else {
        return TransformParts().composed
      }
      transformB = inverse * transformB
    }
    if destIsLocal(k) { transformB = componentParentWorld * transformB }
    let a = TransformParts(component)
    var b = TransformParts(transformB)
    let ti = 1 - strength
    if !orient { b.rotation = fmodf(a.rotation, ArtboardInstance.twoPi) }
    b.x = a.x * ti + b.x * strength
    b.y = a.y * ti + b.y * strength
    b.scaleX = a.scaleX
    b.scaleY = a.scaleY
    b.skew = a.skew
    return b.composed
  }

  /// Where a list's follow-path constraint `k` puts item `index` of `count` (items with an
  /// artboard, in list order) whose list placement is `placement`: spread evenly from the
  /// constraint's distance (plus its distance offset) to its end distance.
  mutating func listFollowPathTransform(
    _ k: Int, list c: Int, placement: Transform2D, index: Int, count: Int, model g: GeometryModel
  ) -> Transform2D {
    let start =
      float(k, Slot.listFollowPathConstraintDistanceOffset)
      + float(k, Slot.followPathConstraintDistance)
    let span =
      float(k, Slot.listFollowPathConstraintDistanceEnd)
      - float(k, Slot.followPathConstraintDistance)
    let step = count <= 1 ? 0 : span / Float(count - 1)
    return followPathTransform(
      k, component: placement, parentWorld: geometry.worldTransforms[c],
      distance: start + Float(index) * step, offsetFrom: c, model: g)
  }

  // MARK: - IK

  private mutating func constrainIK(_ k: Int, model g: GeometryModel) {
    let t = target(k, model: g)
    guard t >= 0, !isCollapsed(t) else { return }
    guard !g.ikChains[k].isEmpty else { return }
    // The working arrays are moved out of the scratch (and the angles out of their table) and
    // put back at the end, so they keep their storage from frame to frame.
    var scratch = IKScratch()
    swap(&scratch, &geometry.ikScratch)
    scratch.chain.removeAll(keepingCapacity: true)
    for bone in g.ikChains[k] { scratch.chain.append(Int(bone)) }
    let count = scratch.chain.count
    scratch.parts.removeAll(keepingCapacity: true)
    scratch.parts.append(contentsOf: repeatElement(TransformParts(), count: count))
    scratch.inverses.removeAll(keepingCapacity: true)
    scratch.inverses.append(contentsOf: repeatElement(Transform2D.identity, count: count))
    var angles = geometry.ikAngles.removeValue(forKey: k) ?? []
    if angles.count != count {
      angles.removeAll(keepingCapacity: true)
      angles.append(contentsOf: repeatElement(0, count: count))
    }
    solveIKChain(k, target: t, scratch: &scratch, angles: &angles, model: g)
    geometry.ikAngles[k] = angles
    swap(&scratch, &geometry.ikScratch)
  }

  private mutating func solveIKChain(
    _ k: Int, target t: Int, scratch: inout IKScratch, angles: inout [Float],
    model g: GeometryModel
  ) {
    let chain = scratch.chain
    let targetPosition = geometry.worldTransforms[t].translationPart
    for (i, bone) in chain.enumerated() {
      scratch.inverses[i] = parentWorld(bone, model: g).invertedOrIdentity()
      scratch.parts[i] = TransformParts(scratch.inverses[i] * geometry.worldTransforms[bone])
    }
    for (i, bone) in chain.enumerated() {
      geometry.transforms[bone] = localTransform(bone, model: g)
      scratch.parts[i].rotation = TransformParts(geometry.transforms[bone]).rotation
      scratch.inverses[i] = parentWorld(bone, model: g).invertedOrIdentity()
      setIKRotation(bone, scratch.parts[i], scratch.parts[i].rotation, model: g)
    }
    let invert = bool(k, Slot.iKConstraintInvertDirection)
    switch chain.count {
    case 1:
      solveIK1(
        chain, 0, target: targetPosition, parts: scratch.parts, inverses: scratch.inverses,
        angles: &angles,
        model: g)
    case 2:
      solveIK2(
        chain, 0, 1, target: targetPosition, invert: invert, parts: scratch.parts,
        inverses: scratch.inverses, angles: &angles, model: g)
    default:
      let last = chain.count - 1
      for i in 0..<last {
        solveIK2(
          chain, i, last, target: targetPosition, invert: invert, parts: scratch.parts,
          inverses: scratch.inverses, angles: &angles, model: g)
        if i + 1 < chain.count - 1 {
          for j in (i + 1)..<(chain.count - 1) {
            scratch.inverses[j] = parentWorld(chain[j], model: g).invertedOrIdentity()
          }
        }
      }
    }
    let strength = strength(k)
    if strength != 1 {
      for i in chain.indices {
        let fromAngle = fmodf(scratch.parts[i].rotation, ArtboardInstance.twoPi)
        let toAngle = fmodf(angles[i], ArtboardInstance.twoPi)
        let diff = ArtboardInstance.angleDifference(fromAngle, toAngle)
        setIKRotation(chain[i], scratch.parts[i], fromAngle + diff * strength, model: g)
      }
    }
  }

  private mutating func setIKRotation(
    _ bone: Int, _ c: TransformParts, _ rotation: Float, model g: GeometryModel
  ) {
    var transform = Transform2D.rotation(rotation)
    transform.tx = c.x
    transform.ty = c.y
    transform.scaleByValues(c.scaleX, c.scaleY)
    if c.skew != 0 {
      transform.yx = transform.xx * c.skew + transform.yx
      transform.yy = transform.xy * c.skew + transform.yy
    }
    geometry.transforms[bone] = transform
    composeWorldTransform(bone, model: g)
  }

  private func boneTip(_ bone: Int) -> Vec2 {
    geometry.worldTransforms[bone].map(Vec2(float(bone, Slot.boneLength), 0))
  }

  private mutating func solveIK1(
    _ chain: [Int], _ i: Int, target: Vec2, parts: [TransformParts], inverses: [Transform2D],
    angles: inout [Float], model g: GeometryModel
  ) {
    let bone = chain[i]
    let pA = geometry.worldTransforms[bone].translationPart
    let toTarget = inverses[i].mapVector(target - pA)
    let r = atan2f(toTarget.y, toTarget.x)
    setIKRotation(bone, parts[i], r, model: g)
    angles[i] = r
  }

  private mutating func solveIK2(
    _ chain: [Int], _ i1: Int, _ i2: Int, target: Vec2, invert: Bool, parts: [TransformParts],
    inverses: [Transform2D], angles: inout [Float], model g: GeometryModel
  ) {
    let b1 = chain[i1]
    let b2 = chain[i2]
    let firstChild = i1 + 1
    let iworld = inverses[i1]
    var pA = geometry.worldTransforms[b1].translationPart
    var pC = geometry.worldTransforms[chain[firstChild]].translationPart
    var pB = boneTip(b2)
    var pBT = target
    pA = iworld.map(pA)
    pC = iworld.map(pC)
    pB = iworld.map(pB)
    pBT = iworld.map(pBT)
    let av = pB - pC
    let bv = pC - pA
    let cv = pBT - pA
    let a = av.length
    let b = bv.length
    let c = cv.length
    let angleA = acosf(max(-1, min(1, (-a * a + b * b + c * c) / (2 * b * c))))
    let angleC = acosf(max(-1, min(1, (a * a + b * b - c * c) / (2 * a * b))))
    let cvAngle = atan2f(cv.y, cv.x)
    var r1: Float
    var r2: Float
    if Int(geometryModel.parents[b2]) != b1 {
      let secondInverse = inverses[i1 + 2 < inverses.count ? i1 + 2 : inverses.count - 1]
      pC = geometry.worldTransforms[chain[firstChild]].translationPart
      pB = boneTip(b2)
      let avLocal = secondInverse.mapVector(pB - pC)
      let correction = -atan2f(avLocal.y, avLocal.x)
      if invert {
        r1 = cvAngle - angleA
        r2 = -angleC + Float.pi + correction
      } else {
        r1 = angleA + cvAngle
        r2 = angleC - Float.pi + correction
      }
    } else if invert {
      r1 = cvAngle - angleA
      r2 = -angleC + Float.pi
    } else {
      r1 = angleA + cvAngle
      r2 = angleC - Float.pi
    }
    setIKRotation(b1, parts[i1], r1, model: g)
    setIKRotation(chain[firstChild], parts[firstChild], r2, model: g)
    if firstChild != i2 { composeWorldTransform(b2, model: g) }
    angles[i1] = r1
    angles[firstChild] = r2
  }
}
