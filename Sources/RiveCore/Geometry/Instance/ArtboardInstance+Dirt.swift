@_spi(RiveFormatInternals) import RiveFormat

/// Component dirt, collapsing (solos) and property-change effects, as the runtime marks them.
extension ArtboardInstance {
  // MARK: - Dirt

  /// Adds `value` to component `c`'s dirt (and, when `recurse`, to everything that depends on
  /// it); returns whether `c` gained dirt. Every component that gains dirt makes the artboard
  /// need an update pass.
  @discardableResult
  mutating func addDirt(_ c: Int, _ value: UInt16, recurse: Bool = false) -> Bool {
    guard c >= 0, c < geometry.dirt.count else { return false }
    if c == 0 && value == Dirt.components {
      if needsUpdate { return false }
      componentDirtied(0)
      return true
    }
    if geometry.dirt[c] & value == value { return false }
    geometry.dirt[c] |= value
    onDirty(c)
    componentDirtied(c)
    guard recurse else { return true }
    // Depth first through the dependents (an explicit stack: hierarchies can be deep). The
    // lists are read by position, in place: slices of them retained the model's buffer.
    let base = geometry.scratchStack.count
    for position in geometryModel.dependents.positions(c).reversed() {
      geometry.scratchStack.append(geometryModel.dependents.value(at: position))
    }
    while geometry.scratchStack.count > base {
      let d = Int(geometry.scratchStack.removeLast())
      if geometry.dirt[d] & value == value { continue }
      geometry.dirt[d] |= value
      onDirty(d)
      componentDirtied(d)
      for position in geometryModel.dependents.positions(d).reversed() {
        geometry.scratchStack.append(geometryModel.dependents.value(at: position))
      }
    }
    return true
  }

  @inline(__always)
  mutating func componentDirtied(_ c: Int) {
    needsUpdate = true
    drawInputs &+= 1
    let order = Int(geometryModel.graphOrder[c])
    if order < geometry.dirtDepth { geometry.dirtDepth = order }
  }

  @inline(__always)
  func hasDirt(_ c: Int, _ flags: UInt16) -> Bool { geometry.dirt[c] & flags == flags }

  @inline(__always)
  func isCollapsed(_ c: Int) -> Bool { geometry.dirt[c] & Dirt.collapsed != 0 }

  /// What a component does when it gains dirt.
  private mutating func onDirty(_ c: Int) {
    switch geometryModel.kinds[c] {
    case .composer:
      if geometry.deferred[c] { shapePathChanged(Int(geometryModel.parents[c])) }
    case .pointsPath, .rectangle, .ellipse, .triangle, .polygon, .star:
      let shape = Int(geometryModel.pathShapes[c])
      if geometry.dirt[c] & (Dirt.worldTransform | Dirt.nSlicer) != 0, shape >= 0 {
        shapePathChanged(shape)
      }
      if geometry.deferred[c] { addDirt(c, Dirt.path) }
    case .skin:
      let skinnable = Int(geometryModel.parents[c])
      if skinnable >= 0 {
        switch geometryModel.kinds[skinnable] {
        case .pointsPath: markPathDirty(skinnable)
        case .mesh: addDirt(skinnable, Dirt.vertices)
        default: break
        }
      }
    case .ikConstraint, .distanceConstraint, .transformConstraint, .translationConstraint,
      .rotationConstraint, .scaleConstraint, .followPathConstraint, .otherConstraint:
      markConstraintDirty(c)
    default:
      break
    }
  }

  // MARK: - Marking

  mutating func markTransformDirty(_ c: Int) {
    guard addDirt(c, Dirt.transform) else { return }
    addDirt(c, Dirt.worldTransform, recurse: true)
  }

  mutating func markWorldTransformDirty(_ c: Int) {
    addDirt(c, Dirt.worldTransform, recurse: true)
  }

  /// A path's geometry changed.
  mutating func markPathDirty(_ path: Int) {
    if geometryModel.kinds[path] == .pointsPath, geometryModel.skins[path] >= 0 {
      addDirt(Int(geometryModel.skins[path]), Dirt.skin)
    }
    addDirt(path, Dirt.path)
    let shape = Int(geometryModel.pathShapes[path])
    if shape >= 0 { shapePathChanged(shape) }
  }

  /// A shape's path changed: rebuild its composed paths, effects and paints.
  mutating func shapePathChanged(_ shape: Int) {
    guard shape >= 0, shape < geometryModel.objectCount, geometryModel.kinds[shape] == .shape else {
      return
    }
    addDirt(Int(geometryModel.composers[shape]), Dirt.path, recurse: true)
    for position in geometryModel.constraints.positions(shape) {
      addDirt(Int(geometryModel.constraints.value(at: position)), Dirt.path)
    }
    for position in geometryModel.paints.positions(shape) {
      invalidatePaintEffects(Int(geometryModel.paints.value(at: position)), after: nil)
    }
  }

  /// Invalidates a paint's path-effect steps (those after step `after`, or all), its feather
  /// and its rendering.
  mutating func invalidatePaintEffects(_ paint: Int, after: Int?) {
    let start = geometryModel.paintEffects.start(paint)
    let end = start + geometryModel.paintEffects.positions(paint).count
    var step = after.map { $0 + 1 } ?? start
    while step < end {
      invalidateEffectStep(step)
      step += 1
    }
    let feather = Int(geometryModel.paintFeathers[paint])
    if feather >= 0, featherIsInner(feather) { addDirt(feather, Dirt.path) }
    addDirt(paint, Dirt.path, recurse: true)
  }

  /// A path effect's own value changed: every step it runs as, and the steps after those.
  mutating func invalidateEffectFromLocal(_ effect: Int) {
    for step in geometryModel.effectSteps[effect] {
      let s = Int(step)
      invalidateEffectStep(s)
      invalidatePaintEffects(Int(geometryModel.stepPaints[s]), after: s)
    }
  }

  mutating func invalidateEffectStep(_ step: Int) {
    guard step >= 0, step < geometry.effectContoursValid.count else { return }
    geometry.paintPaths[geometry.effectStepBase + step].rewind()
    geometry.effectContoursValid[step] = false
  }

  mutating func markConstraintDirty(_ constraint: Int) {
    let p = Int(geometryModel.parents[constraint])
    guard p >= 0, geometryModel.kinds[p].isTransform else { return }
    markTransformDirty(p)
    if geometryModel.kinds[constraint] == .ikConstraint {
      let chain = geometryModel.ikChains[constraint]
      for bone in chain.dropLast() { markTransformDirty(Int(bone)) }
    }
  }

  @inline(__always)  // called while drawing; a call copied the whole instance first
  func featherIsInner(_ feather: Int) -> Bool {
    let paint = Int(geometryModel.parents[feather])
    return bool(feather, Slot.featherInner) && paint >= 0 && geometryModel.kinds[paint] == .fill
  }

  // MARK: - Collapse

  /// Collapses or expands component `c` (and what it contains), as solos do.
  @discardableResult
  mutating func collapse(_ c: Int, _ value: Bool) -> Bool {
    var changedFirst = false
    // (component, value, stage): stage 0 toggles and descends, stage 1 runs the after-steps.
    var stack: [(Int, Bool, UInt8)] = [(c, value, 0)]
    var steps = 0
    while let (current, inherited, stage) = stack.popLast() {
      steps += 1
      if steps > 4 * geometryModel.componentCount + 16 { break }
      let kind = geometryModel.kinds[current]
      if stage == 1 {
        afterCollapse(current, kind: kind, value: inherited)
        continue
      }
      // A layout whose style says display none stays collapsed whatever its parent says (the
      // runtime built with layout counts it collapsed).
      let collapsing = inherited || (kind == .layout && layoutDisplayHides(current))
      guard toggleCollapsed(current, collapsing) else { continue }
      if current == c { changedFirst = true }
      switch kind {
      case .solo:
        pushSoloChildren(current, collapsing, into: &stack)
      case .layout, .artboard:
        let childValue = collapsing || isCollapsed(current)
        for child in geometryModel.children[current].reversed() {
          stack.append((Int(child), childValue, 0))
        }
      case .composer:
        break
      default:
        // Only containers pass collapsing on to children.
        stack.append((current, collapsing, 1))
        if current < geometryModel.objectCount {
          for child in geometryModel.children[current].reversed() {
            stack.append((Int(child), collapsing, 0))
          }
        }
      }
    }
    return changedFirst
  }

  private func pushSoloChildren(
    _ solo: Int, _ collapsing: Bool, into stack: inout [(Int, Bool, UInt8)]
  ) {
    let active = collapsing ? -1 : Int(uint(solo, Slot.soloActiveComponentId))
    let members = geometryModel.soloMembers[solo]
    for child in geometryModel.children[solo].reversed() {
      let id = Int(child)
      if members.contains(child) {
        stack.append((id, id != active, 0))
      } else {
        stack.append((id, collapsing, 0))
      }
    }
  }

  private mutating func toggleCollapsed(_ c: Int, _ value: Bool) -> Bool {
    if isCollapsed(c) == value { return false }
    if value {
      geometry.dirt[c] |= Dirt.collapsed
    } else {
      geometry.dirt[c] &= ~Dirt.collapsed
    }
    onDirty(c)
    componentDirtied(c)
    if c < bindCollapsible.count, bindCollapsible[c] {
      // Its binds collapse with it (when the store next sees this artboard).
      pendingBindCollapses.append(Int32(c))
      needsUpdate = true
    }
    return true
  }

  /// What transform components, shapes and paths do after their children collapsed.
  private mutating func afterCollapse(_ c: Int, kind: ComponentKind, value: Bool) {
    guard kind.isTransform else { return }
    for d in geometryModel.dependents[c] {
      let dependent = Int(d)
      if geometryModel.kinds[dependent].isTransform, !geometryModel.constraints.isEmpty(dependent) {
        addDirt(dependent, Dirt.worldTransform, recurse: true)
      }
    }
    if kind == .shape {
      _ = toggleCollapsed(Int(geometryModel.composers[c]), value)
    }
    if kind.isPath {
      let shape = Int(geometryModel.pathShapes[c])
      if shape >= 0 {
        let composer = Int(geometryModel.composers[shape])
        addDirt(composer, Dirt.path)
        for d in geometryModel.dependents[composer] { addDirt(Int(d), Dirt.path, recurse: true) }
      }
    }
  }

  /// A solo's active child changed (or the solo itself collapsed).
  mutating func propagateSoloCollapse(_ solo: Int) {
    let collapsing = isCollapsed(solo)
    let active = collapsing ? -1 : Int(uint(solo, Slot.soloActiveComponentId))
    let members = geometryModel.soloMembers[solo]
    for child in geometryModel.children[solo] {
      let id = Int(child)
      collapse(id, members.contains(child) ? id != active : collapsing)
    }
  }

  // MARK: - Property changes

  /// Runs the runtime's change handler of property `key` of object `id`.
  mutating func propertyChanged(_ id: Int, key: UInt16) {
    guard geometry.isReady else {
      if PropertyEffects.dirties(key) { needsUpdate = true }
      return
    }
    guard id >= 0, id < geometryModel.objectCount else { return }
    let kind = geometryModel.kinds[id]
    switch key {
    case PropertyKey.nodeX, PropertyKey.nodeY, PropertyKey.transformComponentRotation,
      PropertyKey.transformComponentScaleX, PropertyKey.transformComponentScaleY,
      PropertyKey.rootBoneX, PropertyKey.rootBoneY:
      if kind.isTransform { markTransformDirty(id) }
    case PropertyKey.worldTransformComponentOpacity:
      if kind.isTransform { addDirt(id, Dirt.renderOpacity, recurse: true) }
    case PropertyKey.parametricPathWidth, PropertyKey.parametricPathHeight,
      PropertyKey.parametricPathOriginX, PropertyKey.parametricPathOriginY,
      PropertyKey.rectangleCornerRadiusTL, PropertyKey.rectangleCornerRadiusTR,
      PropertyKey.rectangleCornerRadiusBL, PropertyKey.rectangleCornerRadiusBR,
      PropertyKey.polygonPoints, PropertyKey.polygonCornerRadius, PropertyKey.starInnerRadius,
      PropertyKey.pathIsHole:
      if kind.isPath { markPathDirty(id) }
    case PropertyKey.vertexX, PropertyKey.vertexY, PropertyKey.straightVertexRadius,
      PropertyKey.cubicAsymmetricVertexRotation, PropertyKey.cubicAsymmetricVertexInDistance,
      PropertyKey.cubicAsymmetricVertexOutDistance, PropertyKey.cubicMirroredVertexRotation,
      PropertyKey.cubicMirroredVertexDistance, PropertyKey.cubicDetachedVertexInRotation,
      PropertyKey.cubicDetachedVertexInDistance, PropertyKey.cubicDetachedVertexOutRotation,
      PropertyKey.cubicDetachedVertexOutDistance:
      let p = Int(geometryModel.parents[id])
      guard p >= 0 else { return }
      if geometryModel.kinds[p].isPath {
        markPathDirty(p)
      } else if geometryModel.kinds[p] == .mesh {
        if geometryModel.skins[p] >= 0 { addDirt(Int(geometryModel.skins[p]), Dirt.skin) }
        meshVerticesChanged(p)
        addDirt(p, Dirt.vertices)
      }
    case PropertyKey.meshVertexU, PropertyKey.meshVertexV:
      // A UV is read as the mesh is drawn.
      let p = Int(geometryModel.parents[id])
      if p >= 0, geometryModel.kinds[p] == .mesh { meshVerticesChanged(p, uvs: true) }
    case PropertyKey.linearGradientStartX, PropertyKey.linearGradientStartY,
      PropertyKey.linearGradientEndX, PropertyKey.linearGradientEndY:
      if kind.isGradient { addDirt(id, Dirt.transform) }
    case PropertyKey.linearGradientOpacity:
      if kind.isGradient { addDirt(id, Dirt.paint) }
    case PropertyKey.solidColorColorValue:
      if kind == .solidColor { solidColorChanged(id) }
    case PropertyKey.gradientStopColorValue:
      let p = Int(geometryModel.parents[id])
      if p >= 0, geometryModel.kinds[p].isGradient { addDirt(p, Dirt.paint) }
    case PropertyKey.gradientStopPosition:
      let p = Int(geometryModel.parents[id])
      if p >= 0, geometryModel.kinds[p].isGradient { addDirt(p, Dirt.paint | Dirt.stops) }
    case PropertyKey.strokeThickness, PropertyKey.strokeCap, PropertyKey.strokeJoin:
      if kind == .stroke { addDirt(id, Dirt.paint) }
    case PropertyKey.boneLength:
      for child in geometryModel.childBones[id] { markTransformDirty(Int(child)) }
    case PropertyKey.clippingShapeIsVisible:
      addDirt(0, Dirt.clipping)
    case PropertyKey.trimPathStart, PropertyKey.trimPathEnd, PropertyKey.trimPathOffset,
      PropertyKey.trimPathModeValue, PropertyKey.dashPathOffset,
      PropertyKey.dashPathOffsetIsPercentage:
      if kind == .trimPath || kind == .dashPath { invalidateEffectFromLocal(id) }
    case PropertyKey.dashLength, PropertyKey.dashLengthIsPercentage:
      let p = Int(geometryModel.parents[id])
      if p >= 0, geometryModel.kinds[p] == .dashPath { invalidateEffectFromLocal(p) }
    case PropertyKey.nSlicedNodeWidth, PropertyKey.nSlicedNodeHeight:
      // Everything under the node is sliced again (as the official runtime's
      // `markPathDirtyRecursive`).
      if model.types[id] == UInt16(TypeKey.nSlicedNode) { addDirt(id, Dirt.nSlicer, recurse: true) }
    case PropertyKey.axisOffset, PropertyKey.axisNormalized:
      let p = Int(geometryModel.parents[id])
      if p >= 0, model.types[p] == UInt16(TypeKey.nSlicedNode) {
        addDirt(p, Dirt.nSlicer, recurse: true)
      }
    case PropertyKey.drawTargetPlacementValue, PropertyKey.drawRulesDrawTargetId:
      addDirt(0, Dirt.drawOrder)
    case PropertyKey.constraintStrength, PropertyKey.iKConstraintInvertDirection,
      PropertyKey.distanceConstraintDistance, PropertyKey.distanceConstraintModeValue,
      PropertyKey.followPathConstraintDistance, PropertyKey.followPathConstraintOrient,
      PropertyKey.transformConstraintOriginX, PropertyKey.transformConstraintOriginY:
      if kind.isConstraint { markConstraintDirty(id) }
    case PropertyKey.soloActiveComponentId:
      if kind == .solo { propagateSoloCollapse(id) }
    case PropertyKey.featherStrength, PropertyKey.featherOffsetX, PropertyKey.featherOffsetY:
      if kind == .feather {
        addDirt(id, bool(id, Slot.featherInner) ? Dirt.paint | Dirt.worldTransform : Dirt.paint)
      }
    case PropertyKey.artboardOriginX, PropertyKey.artboardOriginY:
      if kind == .artboard { addDirt(id, Dirt.path | Dirt.components) }
    case PropertyKey.componentOriginOriginX, PropertyKey.componentOriginOriginY:
      if model.types[id] == UInt16(TypeKey.componentOrigin) { componentOriginChanged(id) }
    case PropertyKey.nodeComputedLocalX, PropertyKey.nodeComputedLocalY,
      PropertyKey.nodeComputedWorldX, PropertyKey.nodeComputedWorldY,
      PropertyKey.nodeComputedWidth, PropertyKey.nodeComputedHeight,
      PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY:
      if kind.isTransform { markTransformDirty(id) }
    case PropertyKey.scrollConstraintScrollOffsetX, PropertyKey.scrollConstraintScrollOffsetY:
      if isScrollConstraint(id) { scrollOffsetChanged(id) }
    case PropertyKey.scrollConstraintScrollPercentX, PropertyKey.scrollConstraintScrollPercentY,
      PropertyKey.scrollConstraintScrollIndex:
      scrollIntentWritten(id, key: key)
    default:
      // Handlers of parts not modelled here (nested artboards, joysticks, scrolling, layout
      // origins) still make the artboard update, as before.
      if PropertyEffects.dirties(key) { needsUpdate = true }
    }
  }

  /// A solid colour's value or inherited opacity changed: the paint takes the new colour now.
  mutating func solidColorChanged(_ mutator: Int) {
    let paint = Int(geometryModel.mutatorPaints[mutator])
    guard paint >= 0 else { return }
    let slot = Int(geometry.paintSlots[paint])
    guard slot >= 0 else { return }
    let value = colorModulateOpacity(
      uint(mutator, Slot.solidColorColorValue), geometry.renderOpacities[mutator])
    geometry.paintStates[slot].color = value
    let opacity = colorOpacity(value)
    var flags: UInt8 = 0
    if opacity > 0 {
      flags |= 1
    } else if opacity < 1 {
      flags |= 2
    }
    geometry.mutatorFlags[mutator] = flags
  }

  /// Passes a container's opacity on to its paints' colours and gradients.
  mutating func propagateOpacity(_ container: Int, _ opacity: Float) {
    for paint in geometryModel.paints[container] {
      let mutator = Int(geometryModel.paintMutators[Int(paint)])
      guard mutator >= 0, geometry.renderOpacities[mutator] != opacity else { continue }
      geometry.renderOpacities[mutator] = opacity
      if geometryModel.kinds[mutator] == .solidColor {
        solidColorChanged(mutator)
      } else {
        addDirt(mutator, Dirt.paint)
      }
    }
  }
}

// MARK: - Colours

@inline(__always)
func colorOpacity(_ value: UInt32) -> Float { Float(value >> 24) / 255 }

@inline(__always)
func colorModulateOpacity(_ value: UInt32, _ opacity: Float) -> UInt32 {
  let alpha = colorOpacity(value) * opacity
  let clamped = max(0, min(1, alpha))
  let a = UInt32((255 * clamped).rounded(.toNearestOrAwayFromZero))
  return (value & 0x00FF_FFFF) | (a << 24)
}
