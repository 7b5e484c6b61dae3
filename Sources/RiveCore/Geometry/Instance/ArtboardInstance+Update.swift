@_spi(RiveFormatInternals) import RiveFormat

// Reading helpers the update steps call are inlined: a non-mutating method that is not
// inlined, called from a mutating one, is passed a copy of the whole instance (592 bytes copied
// per call; Swift passes large structs to such calls by copy).

/// The update pass: every dirty component updates in dependency order, as the runtime's
/// artboard does.
extension ArtboardInstance {
  // MARK: - Set-up

  /// Sizes the geometry state for the model and applies what the runtime does while linking:
  /// every component starts fully dirty, solos collapse their inactive children, paints take
  /// their initial colour, stroke and blend mode.
  mutating func initializeGeometry(nested: Bool = false) {
    let g = geometryModel
    let n = g.componentCount
    var state = GeometryState()
    state.dirt = [UInt16](filling: Dirt.filthy, count: n)
    state.transforms = [Transform2D](filling: .identity, count: n)
    state.worldTransforms = [Transform2D](filling: .identity, count: n)
    state.renderOpacities = [Float](filling: 0, count: n)
    state.mutatorFlags = [UInt8](filling: 3, count: n)
    state.deferred = [Bool](filling: false, count: n)
    state.pathSlots = [Int32](filling: -1, count: n)
    state.paintPathSlots = [Int32](filling: -1, count: n)
    state.paintSlots = [Int32](filling: -1, count: n)
    state.hasClipPath = [Bool](filling: false, count: n)
    state.effectContoursValid = [Bool](filling: false, count: g.paintEffects.totalCount)
    state.featherEffectDirty = [Bool](filling: true, count: n)
    state.stopOrder = [[Int32]](filling: [], count: 0)
    state.boneTransforms = []
    for c in 0..<n {
      let kind = g.kinds[c]
      if kind.isMutator { state.renderOpacities[c] = 1 }
      if kind.isPath {
        state.pathSlots[c] = Int32(state.rawPaths.count)
        state.rawPaths.append(RawPath())
      }
      switch kind {
      case .shape:
        state.paintPathSlots[c] = Int32(state.paintPaths.count)
        state.paintPaths.append(PaintPath(isLocal: true))
        state.paintPaths.append(PaintPath(isLocal: false))
        state.paintPaths.append(PaintPath(isLocal: true))
      case .artboard, .layout:
        state.paintPathSlots[c] = Int32(state.paintPaths.count)
        state.paintPaths.append(PaintPath(isLocal: true))
        state.paintPaths.append(PaintPath(isLocal: false))
      case .clippingShape, .feather:
        state.paintPathSlots[c] = Int32(state.paintPaths.count)
        state.paintPaths.append(PaintPath(isLocal: true))
      default:
        break
      }
    }
    // One path per effect step (an effect of a group runs once per paint that targets it).
    state.effectStepBase = state.paintPaths.count
    for _ in 0..<g.paintEffects.totalCount { state.paintPaths.append(PaintPath(isLocal: true)) }
    // Gradient stop order, colours and positions, by gradient.
    var gradientIndex = [Int32](filling: -1, count: n)
    for c in 0..<g.objectCount where g.kinds[c].isGradient {
      gradientIndex[c] = Int32(state.stopOrder.count)
      state.stopOrder.append(Array(g.gradientStops[c]))
      state.gradientColors.append([])
      state.gradientPositions.append([])
    }
    state.gradientSlots = gradientIndex
    // Skins' bone transform buffers.
    var skinIndex = [Int32](filling: -1, count: n)
    for c in 0..<g.objectCount where g.kinds[c] == .skin {
      skinIndex[c] = Int32(state.boneTransforms.count)
      var buffer = [Float](filling: 0, count: (g.skinTendons[c].count + 1) * 6)
      buffer[0] = 1
      buffer[3] = 1
      state.boneTransforms.append(buffer)
    }
    state.skinSlots = skinIndex
    if g.vertexWeights.contains(where: { $0 >= 0 }) {
      state.deformed = [Vec2](filling: .zero, count: g.objectCount)
      state.deformedIn = [Vec2](filling: .zero, count: g.objectCount)
      state.deformedOut = [Vec2](filling: .zero, count: g.objectCount)
    }
    if nested {
      // A nested artboard draws around its origin, and starts with its host's opacity (0 until
      // the host's first update).
      state.frameOrigin = false
      state.hostOpacity = 0
    }
    state.nestedSlots = [Int32](filling: -1, count: n)
    for (host, hostIndex) in model.nestedHostIndex where host >= 0 && host < n {
      if let index = self.nested.firstIndex(where: { $0.hostIndex == hostIndex }) {
        state.nestedSlots[host] = Int32(index)
      }
    }
    geometry = state

    // Paints: style, stroke values and blend mode as their containers set them.
    for c in 0..<g.objectCount where g.kinds[c].isShapePaint && g.paintMutators[c] >= 0 {
      var paint = PaintState()
      if g.kinds[c] == .stroke {
        paint.style = .stroke
        paint.thickness = float(c, Slot.strokeThickness)
        paint.cap = strokeCap(uint(c, Slot.strokeCap))
        paint.join = strokeJoin(uint(c, Slot.strokeJoin))
      }
      var container = Int(g.paintContainers[c])
      if container >= 0, model.types[container] == UInt16(TypeKey.foregroundLayoutDrawable) {
        container = Int(g.parents[container])
      }
      let own = uint(c, Slot.shapePaintBlendModeValue)
      if own == 127 {
        paint.blendMode =
          container >= 0
          ? BlendMode(
            rawValue: UInt8(truncatingIfNeeded: uint(container, Slot.drawableBlendModeValue)))
            ?? .srcOver : .srcOver
      } else {
        paint.blendMode = BlendMode(rawValue: UInt8(truncatingIfNeeded: own)) ?? .srcOver
      }
      geometry.paintSlots[c] = Int32(geometry.paintStates.count)
      geometry.paintStates.append(paint)
    }
    for c in 0..<g.objectCount where g.kinds[c] == .solidColor { solidColorChanged(c) }

    geometry.isReady = true
    // Solos and layouts collapse what they hide, in object order.
    for c in 0..<g.objectCount {
      switch g.kinds[c] {
      case .solo:
        propagateSoloCollapse(c)
      case .layout, .artboard:
        let collapsing = isCollapsed(c)
        for child in g.children[c] { collapse(Int(child), collapsing) }
      default:
        break
      }
    }
    needsUpdate = true
    geometry.dirtDepth = 0
  }

  // MARK: - The update loop

  /// Updates every dirty component in dependency order, restarting when an update dirties
  /// something earlier (at most 100 rounds).
  mutating func updateGeometry() {
    if needsUpdate { drawInputs &+= 1 }
    let g = geometryModel
    let order = g.dependencyOrder
    var step = 0
    while needsUpdate && step < 100 {
      needsUpdate = false
      var i = 0
      while i < order.count {
        let c = Int(order[i])
        geometry.dirtDepth = i
        let d = geometry.dirt[c]
        if d == 0 || d & Dirt.collapsed != 0 {
          i += 1
          continue
        }
        geometry.dirt[c] = 0
        update(c, d, model: g)
        if geometry.dirtDepth < i { break }
        i += 1
      }
      step += 1
    }
  }

  private mutating func update(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    switch g.kinds[c] {
    case .artboard:
      if layout.isOn && d == Dirt.filthy { interruptLayoutAnimation(0) }
      updateTransformComponent(c, d, model: g)
      if d & Dirt.renderOpacity != 0 { propagateOpacity(c, childOpacity(c, model: g)) }
      if d & (Dirt.path | Dirt.worldTransform | Dirt.layoutStyle) != 0 { updateArtboardPaths() }
      if d & Dirt.drawOrder != 0 { sortDrawOrder() }
      if d & Dirt.clipping != 0 { clearRedundantOperations() }
      if layout.isOn && d & Dirt.layoutStyle != 0 {
        // Animation settings and direction cascade down the layout tree, then what changed
        // is synced and solved.
        let changed = cascadeLayoutStyle(
          0, interpolation: layoutInterpolation(0), interpolator: layoutInterpolator(0),
          time: layoutInterpolationTime(0), direction: layoutActualDirection(0))
        syncLayoutWithUpdate(force: changed)
      }
    case .layout:
      if layout.isOn, d == Dirt.filthy, let item = model.layout.item(of: c) {
        interruptLayoutAnimation(item)
      }
      updateTransformComponent(c, d, model: g)
      if d & Dirt.renderOpacity != 0 { propagateOpacity(c, geometry.renderOpacities[c]) }
      if g.parents[c] >= 0, d & Dirt.worldTransform != 0 {
        geometry.transforms[c] = localTransform(c, model: g)
        composeWorldTransform(c, model: g)
        applyConstraints(c, model: g)
      }
      if layout.isOn && d & (Dirt.path | Dirt.worldTransform | Dirt.layoutStyle) != 0 {
        updateLayoutRenderPath(c, model: g)
      }
    case .transform:
      // Text does not update at all with text off (as in the reference runtime): its
      // transform stays the identity and its render opacity 0, for it and what it holds.
      // Text laid out in the update pass updates as any transform component.
      if UInt32(model.types[c]) == TypeKey.text && textCache.layoutFonts == nil { break }
      updateTransformComponent(c, d, model: g)
      // A layout's foreground drawable passes its layout's opacity to its paints.
      if d & Dirt.renderOpacity != 0,
        model.types[c] == UInt16(TypeKey.foregroundLayoutDrawable)
      {
        let parent = Int(g.parents[c])
        if parent >= 0 { propagateOpacity(c, geometry.renderOpacities[parent]) }
      }
      // An artboard list passes its opacity to its items' artboards.
      if d & Dirt.renderOpacity != 0, !componentLists.isEmpty,
        let list = componentListIndex(c)
      {
        componentLists[list].isDirty = true
      }
    case .bone, .rootBone, .solo, .image:
      updateTransformComponent(c, d, model: g)
    case .nestedArtboard:
      updateTransformComponent(c, d, model: g)
      if d & Dirt.worldTransform != 0, UInt32(model.types[c]) == TypeKey.nestedArtboardLeaf {
        fitNestedLeaf(c, model: g)
      }
      if d & Dirt.renderOpacity != 0 { setNestedHostOpacity(c, geometry.renderOpacities[c]) }
    case .shape:
      updateTransformComponent(c, d, model: g)
      if d & Dirt.renderOpacity != 0 { propagateOpacity(c, geometry.renderOpacities[c]) }
    case .pointsPath, .rectangle, .ellipse, .triangle, .polygon, .star:
      updatePath(c, d, model: g)
    case .composer:
      updateComposer(c, d, model: g)
    case .fill, .stroke:
      updatePaint(c, d, model: g)
    case .linearGradient, .radialGradient:
      updateGradient(c, d, model: g)
    case .clippingShape:
      updateClippingShape(c, d, model: g)
    case .skin:
      updateSkin(c, model: g)
    case .feather:
      updateFeather(c, d, model: g)
    case .mesh:
      updateMesh(c, d, model: g)
    case .followPathConstraint:
      updateFollowPath(c, model: g)
    default:
      break
    }
  }

  // MARK: - Transforms

  /// A nested artboard leaf fits its artboard into its parent layout's box (empty: layout is
  /// not computed, as in the reference runtime) or, under anything else, into the artboard's
  /// own bounds, as the official leaf's update does after its world transform.
  private mutating func fitNestedLeaf(_ c: Int, model g: GeometryModel) {
    guard let index = model.nestedHostIndex[c], nested[index].hasArtboard else { return }
    // A value past the known fits scales by 1, as upstream's switch without a match.
    let fit = AlignmentFit(rawValue: uint(c, Slot.nestedArtboardLeafFit)) ?? .none
    let parent = Int(g.parents[c])
    let parentIsLayout = parent >= 0 && model.isA(parent, TypeKey.layoutComponent)
    // Under a layout the frame is the layout's box (empty while layout is not solved).
    let parentBox = parentIsLayout ? (layoutBox(of: parent) ?? .zero) : .zero
    if fit == .layout, layout.isOn, nested[index].hasArtboard {
      // Worked on where the nested instance lives (taking it out moved all of it).
      nested[index].mount.withValue { artboard in
        // The layout fit gives the artboard the frame's size and lays it out again now.
        let frameSize =
          parentIsLayout
          ? (parentBox.width, parentBox.height) : artboard.artboardLayoutSize()
        var resized = false
        if artboard.float(0, Slot.layoutComponentWidth) != frameSize.0 {
          artboard.setFloat(
            0, offset: Slot.layoutComponentWidth, key: PropertyKey.layoutComponentWidth, frameSize.0
          )
          resized = true
        }
        if artboard.float(0, Slot.layoutComponentHeight) != frameSize.1 {
          artboard.setFloat(
            0, offset: Slot.layoutComponentHeight, key: PropertyKey.layoutComponentHeight,
            frameSize.1)
          resized = true
        }
        if resized { _ = artboard.updatePass() }
      }
    }
    guard let artboard = nested[index].artboard else { return }
    let (width, height) = artboard.artboardLayoutSize()
    let content = (
      x: -width * artboard.float(0, Slot.artboardOriginX),
      y: -height * artboard.float(0, Slot.artboardOriginY), width: width, height: height
    )
    let frame =
      parentIsLayout
      ? (x: Float(0), y: Float(0), width: parentBox.width, height: parentBox.height) : content
    let view = fit.transform(
      alignmentX: float(c, Slot.nestedArtboardLeafAlignmentX),
      alignmentY: float(c, Slot.nestedArtboardLeafAlignmentY), frame: frame, content: content)
    geometry.worldTransforms[c] = geometry.worldTransforms[c] * view
  }

  private mutating func updateTransformComponent(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    if d & Dirt.transform != 0 { geometry.transforms[c] = localTransform(c, model: g) }
    if d & Dirt.worldTransform != 0 {
      composeWorldTransform(c, model: g)
      applyConstraints(c, model: g)
    }
    if d & Dirt.renderOpacity != 0 {
      var opacity = float(c, Slot.worldTransformComponentOpacity)
      let p = Int(g.parentTransforms[c])
      if p >= 0 { opacity *= childOpacity(p, model: g) }
      geometry.renderOpacities[c] = opacity
    }
  }

  /// The opacity a component passes to its children.
  @inline(__always)  // see the note at the top of the file
  func childOpacity(_ c: Int, model g: GeometryModel) -> Float {
    if g.kinds[c] == .artboard { return geometry.renderOpacities[c] * geometry.hostOpacity }
    return g.kinds[c].isTransform
      ? geometry.renderOpacities[c] : float(c, Slot.worldTransformComponentOpacity)
  }

  /// The translation of a transform component in its parent.
  @inline(__always)  // see the note at the top of the file
  func translation(_ c: Int, model g: GeometryModel) -> Vec2 {
    switch g.kinds[c] {
    case .rootBone:
      return Vec2(float(c, Slot.rootBoneX), float(c, Slot.rootBoneY))
    case .bone:
      let p = Int(g.parents[c])
      if p >= 0, g.kinds[p] == .bone || g.kinds[p] == .rootBone {
        return Vec2(float(p, Slot.boneLength), 0)
      }
      return .zero
    case .artboard:
      return .zero
    default:
      // Every other transform component is a node, but check: a slot read past a type's layout
      // would read another object's values.
      guard TypeTable.shared.slotCount(model.types[c]) > Slot.nodeY else { return .zero }
      return Vec2(float(c, Slot.nodeX), float(c, Slot.nodeY))
    }
  }

  /// The component's own transform from its properties.
  @inline(__always)  // see the note at the top of the file
  func localTransform(_ c: Int, model g: GeometryModel) -> Transform2D {
    let rotation = float(c, Slot.transformComponentRotation)
    let scaleX = float(c, Slot.transformComponentScaleX)
    let scaleY = float(c, Slot.transformComponentScaleY)
    switch g.kinds[c] {
    case .layout, .artboard:
      // A layout's own transform: its offset (unless it is the artboard or an older file),
      // then its rotation and scale.
      var own = Transform2D.identity
      let composes = g.composeLayoutTransforms
      if composes && g.kinds[c] == .layout {
        own = .translation(float(c, Slot.nodeX), float(c, Slot.nodeY))
      }
      if composes && (rotation != 0 || scaleX != 1 || scaleY != 1) {
        var local = rotation != 0 ? Transform2D.rotation(rotation) : .identity
        local.scaleByValues(scaleX, scaleY)
        // Rotation and scale pivot about the component's origin within its box.
        if g.kinds[c] == .layout, let box = layoutBox(of: c), let origin = componentOrigin(of: c) {
          let pivotX = float(origin, Slot.componentOriginOriginX) * box.width
          let pivotY = float(origin, Slot.componentOriginOriginY) * box.height
          if pivotX != 0 || pivotY != 0 {
            local = .translation(pivotX, pivotY) * local * .translation(-pivotX, -pivotY)
          }
        }
        own = own * local
      }
      return own
    default:
      let t = translation(c, model: g)
      var m = Transform2D.rotation(rotation)
      m.tx = t.x
      m.ty = t.y
      m.scaleByValues(scaleX, scaleY)
      if g.kinds[c] == .image, layout.isOn, let fit = layout.imageFits[c] {
        // A layout's fit: its scale innermost, its offset outermost.
        m.scaleByValues(fit.scaleX, fit.scaleY)
        m.tx += fit.offsetX
        m.ty += fit.offsetY
      }
      return m
    }
  }

  mutating func composeWorldTransform(_ c: Int, model g: GeometryModel) {
    let p = Int(g.parentTransforms[c])
    let local = geometry.transforms[c]
    if g.kinds[c] == .layout {
      let parentWorld = p >= 0 ? geometry.worldTransforms[p] : .identity
      let offset = layoutTranslation(c, model: g)
      geometry.worldTransforms[c] = parentWorld * .translation(offset.x, offset.y) * local
      return
    }
    if layout.isOn, let offset = participantTranslation(c, model: g) {
      // A participant's host sits in its slot (a shape scaled to fill it).
      let parentWorld = p >= 0 ? geometry.worldTransforms[p] : .identity
      var world = parentWorld * .translation(offset.x, offset.y) * local
      if g.kinds[c] == .shape, let item = model.layout.item(of: c) {
        let scale = self.layout.items[item].hostScale
        var scaled = Transform2D.identity
        scaled.scaleByValues(scale.x, scale.y)
        world = world * scaled
      }
      geometry.worldTransforms[c] = world
      return
    }
    if g.kinds[c] == .nestedArtboard, model.types[c] == UInt16(TypeKey.nestedArtboardLayout),
      let offset = nestedLayoutOffset(c, model: g)
    {
      let parentWorld = p >= 0 ? geometry.worldTransforms[p] : .identity
      geometry.worldTransforms[c] = parentWorld * .translation(offset.x, offset.y) * local
      return
    }
    geometry.worldTransforms[c] = p >= 0 ? geometry.worldTransforms[p] * local : local
  }

  /// Where a layout-hosted nested artboard sits: its own origin undone (it draws around its
  /// origin), plus the parent artboard's origin when the parent is an artboard. Layout itself
  /// is not computed, so the laid-out position is zero.
  private func nestedLayoutOffset(_ c: Int, model g: GeometryModel) -> Vec2? {
    let index = Int(geometry.nestedSlots[c])
    guard index >= 0, index < nested.count, let artboard = nested[index].artboard else {
      return nil
    }
    // Its laid-out place (zero while layout is not solved), less its own origin (it draws
    // around it), plus the parent artboard's origin when that is not at the frame's corner.
    let nestedSize = artboard.artboardLayoutSize()
    let box = artboard.layout.isOn ? artboard.layout.items[0].box : .zero
    var offset = Vec2(
      box.left + nestedSize.width * artboard.float(0, Slot.artboardOriginX),
      box.top + nestedSize.height * artboard.float(0, Slot.artboardOriginY))
    let parent = Int(g.parents[c])
    if parent >= 0, g.kinds[parent] == .artboard, !geometry.frameOrigin {
      let size = artboardLayoutSize()
      offset.x -= size.width * float(parent, Slot.artboardOriginX)
      offset.y -= size.height * float(parent, Slot.artboardOriginY)
    }
    return offset
  }

  // MARK: - Artboard

  /// The artboard's background (local) and clip (world) rectangles.
  private mutating func updateArtboardPaths() {
    let (width, height) = artboardLayoutSize()
    let left = -width * float(0, Slot.artboardOriginX)
    let top = -height * float(0, Slot.artboardOriginY)
    let slot = Int(geometry.paintPathSlots[0])
    guard slot >= 0 else { return }
    geometry.paintPaths[slot].rewind()
    geometry.paintPaths[slot].raw.addRect(
      left: left, top: top, right: left + width, bottom: top + height)
    geometry.paintPaths[slot + 1].rewind()
    if geometry.frameOrigin {
      geometry.paintPaths[slot + 1].raw.addRect(left: 0, top: 0, right: width, bottom: height)
    } else {
      geometry.paintPaths[slot + 1].raw.addRect(
        left: left, top: top, right: left + width, bottom: top + height)
    }
  }

  /// A nested artboard host's opacity reached its nested artboard.
  private mutating func setNestedHostOpacity(_ host: Int, _ opacity: Float) {
    let index = Int(geometry.nestedSlots[host])
    guard index >= 0, index < nested.count, nested[index].hasArtboard else { return }
    // Moved out in its box (8 bytes): the host is read meanwhile.
    var box = OutOfLine<ArtboardInstance>()
    swap(&box, &nested[index].mount)
    box.withValue { artboard in
      if artboard.geometry.hostOpacity != opacity {
        artboard.geometry.hostOpacity = opacity
        artboard.addDirt(0, Dirt.renderOpacity, recurse: true)
        // As upstream, the nested artboard's new dirt is lifted onto the host by the next
        // advance (a paused host, which does not advance it, updates it now); a host that is
        // dirty for other reasons updates it in this pass anyway.
        if bool(host, Slot.nestedArtboardIsPaused) { nested[index].isDirty = true }
      }
    }
    swap(&box, &nested[index].mount)
  }

  // MARK: - Paths

  /// Whether a shape may skip rebuilding its paths while it is invisible.
  @inline(__always)  // see the note at the top of the file
  func shapeCanDeferPathUpdate(_ shape: Int, model g: GeometryModel) -> Bool {
    guard geometry.renderOpacities[shape] == 0 else { return false }
    let flags = shapePathFlags(shape, model: g)
    if flags & (PathFlags.clipping | PathFlags.neverDeferUpdate) != 0 { return false }
    for d in g.dependents[shape] where g.kinds[Int(d)] == .pointsPath && g.skins[Int(d)] >= 0 {
      return false
    }
    return true
  }

  @inline(__always)  // see the note at the top of the file
  private func pathCanDefer(_ path: Int, model g: GeometryModel) -> Bool {
    let shape = Int(g.pathShapes[path])
    guard shape >= 0 else { return false }
    return shapeCanDeferPathUpdate(shape, model: g)
      && shapePathFlags(shape, model: g) & PathFlags.followPath == 0
      && g.shapeStaticFlags[path] & (PathFlags.followPath | PathFlags.clipping) == 0
  }

  private mutating func updatePath(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    if g.kinds[c] == .pointsPath, d & Dirt.path != 0, g.skins[c] >= 0 {
      deformVertices(skin: Int(g.skins[c]), vertices: g.pathVertices[c], model: g)
    }
    updateTransformComponent(c, d, model: g)
    // A path under an N-sliced node is deformed in world space: it is rebuilt when it moves.
    let deformedMoved = g.pathDeformers[c] >= 0 && d & Dirt.worldTransform != 0
    guard d & (Dirt.path | Dirt.nSlicer) != 0 || deformedMoved else { return }
    if pathCanDefer(c, model: g) {
      geometry.deferred[c] = true
      return
    }
    geometry.deferred[c] = false
    let slot = Int(geometry.pathSlots[c])
    guard slot >= 0 else { return }
    // Build into a moved-out path so the vertex reads below can borrow self.
    var raw = RawPath()
    swap(&raw, &geometry.rawPaths[slot])
    raw.rewind()
    buildPath(c, into: &raw, model: g)
    swap(&raw, &geometry.rawPaths[slot])
  }

  /// The path flags of a shape: its own (clipping, follow path) and those its paints need.
  @inline(__always)  // see the note at the top of the file
  func shapePathFlags(_ shape: Int, model g: GeometryModel) -> UInt8 {
    var flags = g.shapeStaticFlags[shape]
    for position in g.paints.positions(shape) {
      flags |= paintPathFlags(Int(g.paints.value(at: position)), model: g)
    }
    return flags
  }

  /// Which path a paint draws: strokes the world path unless the transform affects them, fills
  /// the local path (clockwise fills the clockwise one).
  @inline(__always)  // see the note at the top of the file
  func paintPathFlags(_ paint: Int, model g: GeometryModel) -> UInt8 {
    if g.kinds[paint] == .stroke {
      return bool(paint, Slot.strokeTransformAffectsStroke) ? PathFlags.local : PathFlags.world
    }
    return uint(paint, Slot.fillFillRule) == 2 ? PathFlags.localClockwise : PathFlags.local
  }

  /// The transform a path's points are in world space by (identity for skinned paths).
  @inline(__always)  // see the note at the top of the file
  func pathTransform(_ path: Int, model g: GeometryModel) -> Transform2D {
    if g.kinds[path] == .pointsPath, g.skins[path] >= 0 { return .identity }
    return geometry.worldTransforms[path]
  }

  @inline(__always)  // see the note at the top of the file
  func isPathHidden(_ path: Int) -> Bool { uint(path, Slot.pathPathFlags) & 1 == 1 }

  // MARK: - Path composer

  private mutating func updateComposer(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    guard d & (Dirt.path | Dirt.nSlicer) != 0 else { return }
    let shape = Int(g.parents[c])
    guard shape >= 0 else { return }
    if shapeCanDeferPathUpdate(shape, model: g) {
      geometry.deferred[c] = true
      return
    }
    geometry.deferred[c] = false
    // A layout participant's shape is measured by its paths: when they are composed again its
    // node is dirtied and its layout solved again in the next update pass, as the runtime marks
    // the shape's bounds dirty. (Each solve moves the shape, which composes its paths again:
    // as in the runtime, an artboard with a shape participant keeps asking for frames.)
    if layout.isOn, let item = model.layout.item(of: shape),
      model.layout.items[item].participant >= 0
    {
      markLayoutNodeDirty(item)
    }
    let flags = shapePathFlags(shape, model: g)
    let slot = Int(geometry.paintPathSlots[shape])
    guard slot >= 0 else { return }
    let world = geometry.worldTransforms[shape]
    let inverseWorld = world.invertedOrIdentity()
    // Each paint path is taken out while the shape's paths are added to it, and each source
    // path is read through a buffer pointer: reading it from the array while writing the
    // geometry state copied it (retaining its arrays). The buffer is taken per source, in a
    // closure that captures only the target: one around the whole loop captured `self`,
    // which copied the instance. The shape's paths are read by position.
    if flags & PathFlags.local != 0 {
      var target = takePaintPath(slot)
      for position in g.shapePaths.positions(shape) {
        let p = Int(g.shapePaths.value(at: position))
        guard !isPathHidden(p), !isCollapsed(p), let rawSlot = rawSlot(p) else { continue }
        let transform = inverseWorld * pathTransform(p, model: g)
        geometry.rawPaths.withUnsafeBufferPointer {
          target.addPath($0[rawSlot], transform: transform)
        }
      }
      swap(&target, &geometry.paintPaths[slot].raw)
    }
    if flags & PathFlags.localClockwise != 0 {
      var target = takePaintPath(slot + 2)
      for position in g.shapePaths.positions(shape) {
        let p = Int(g.shapePaths.value(at: position))
        guard !isPathHidden(p), !isCollapsed(p), let rawSlot = rawSlot(p) else { continue }
        let transform = inverseWorld * pathTransform(p, model: g)
        var isNotClockwise = false
        if g.kinds[p] == .pointsPath {
          let clockwise = uint(p, Slot.pathPathFlags) & ShapePathFlagBits.counterClockwise == 0
          isNotClockwise = transform.determinant * (clockwise ? 1 : -1) < 0
        }
        let backwards = isNotClockwise != bool(p, Slot.pathIsHole)
        geometry.rawPaths.withUnsafeBufferPointer {
          if backwards {
            target.addPathBackwards($0[rawSlot], transform: transform)
          } else {
            target.addPath($0[rawSlot], transform: transform)
          }
        }
      }
      swap(&target, &geometry.paintPaths[slot + 2].raw)
    }
    if flags & PathFlags.world != 0 {
      var target = takePaintPath(slot + 1)
      for position in g.shapePaths.positions(shape) {
        let p = Int(g.shapePaths.value(at: position))
        guard !isPathHidden(p), !isCollapsed(p), let rawSlot = rawSlot(p) else { continue }
        let transform = pathTransform(p, model: g)
        geometry.rawPaths.withUnsafeBufferPointer {
          target.addPath($0[rawSlot], transform: transform)
        }
      }
      swap(&target, &geometry.paintPaths[slot + 1].raw)
    }
  }

  /// Rewinds paint path `slot` and moves its raw path out (its storage kept) for refilling;
  /// swap it back when done.
  private mutating func takePaintPath(_ slot: Int) -> RawPath {
    geometry.paintPaths[slot].rewind()
    var raw = RawPath()
    swap(&raw, &geometry.paintPaths[slot].raw)
    return raw
  }

  @inline(__always)
  func rawSlot(_ path: Int) -> Int? {
    let slot = Int(geometry.pathSlots[path])
    return slot >= 0 ? slot : nil
  }

  // MARK: - Paints

  private mutating func updatePaint(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    if d & Dirt.path != 0, !g.paintEffects.isEmpty(c) { updatePaintEffects(c, model: g) }
    if g.kinds[c] == .stroke, d & Dirt.paint != 0 {
      let slot = Int(geometry.paintSlots[c])
      guard slot >= 0 else { return }
      geometry.paintStates[slot].thickness = float(c, Slot.strokeThickness)
      geometry.paintStates[slot].cap = strokeCap(uint(c, Slot.strokeCap))
      geometry.paintStates[slot].join = strokeJoin(uint(c, Slot.strokeJoin))
    }
  }

  /// The paint path a paint draws from its container (before effects), by slot.
  @inline(__always)  // per paint drawn; a call copied the whole instance first
  func pickPathSlot(_ paint: Int, model g: GeometryModel) -> Int? {
    var container = Int(g.paintContainers[paint])
    guard container >= 0 else { return nil }
    // A foreground drawable's paints draw its layout's paths.
    if model.types[container] == UInt16(TypeKey.foregroundLayoutDrawable) {
      container = Int(g.parents[container])
      guard container >= 0 else { return nil }
    }
    let base = Int(geometry.paintPathSlots[container])
    guard base >= 0 else { return nil }
    switch g.kinds[container] {
    case .shape:
      if g.kinds[paint] == .stroke {
        return bool(paint, Slot.strokeTransformAffectsStroke) ? base : base + 1
      }
      return uint(paint, Slot.fillFillRule) == 2 ? base + 2 : base
    case .artboard, .layout:
      if g.kinds[paint] == .stroke {
        return bool(paint, Slot.strokeTransformAffectsStroke) ? base : base + 1
      }
      return base
    default:
      return nil
    }
  }

  // MARK: - Gradients

  private mutating func updateGradient(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    let index = Int(geometry.gradientSlots[c])
    guard index >= 0 else { return }
    if d & Dirt.stops != 0 {
      // Stable, like a sort of distinct positions.
      var order = geometry.stopOrder[index]
      order.sort {
        float(Int($0), Slot.gradientStopPosition) < float(Int($1), Slot.gradientStopPosition)
      }
      geometry.stopOrder[index] = order
    }
    let paint = Int(g.mutatorPaints[c])
    let paintsInWorld = paint >= 0 && paintPathFlags(paint, model: g) & PathFlags.world != 0
    let rebuild =
      d & (Dirt.paint | Dirt.renderOpacity | Dirt.transform | Dirt.nSlicer) != 0
      || (paintsInWorld && d & Dirt.worldTransform != 0)
    guard rebuild else { return }
    applyGradient(c, index: index, paintsInWorld: paintsInWorld, model: g)
    var flags: UInt8 = 0
    for color in geometry.gradientColors[index] {
      let opacity = colorOpacity(color)
      if opacity > 0 { flags |= 1 }
      if opacity < 1 { flags |= 2 }
    }
    geometry.mutatorFlags[c] = flags
  }

  private mutating func applyGradient(
    _ c: Int, index: Int, paintsInWorld: Bool, model g: GeometryModel
  ) {
    var start = Vec2(float(c, Slot.linearGradientStartX), float(c, Slot.linearGradientStartY))
    var end = Vec2(float(c, Slot.linearGradientEndX), float(c, Slot.linearGradientEndY))
    let node = Int(g.gradientNodes[c])
    // A shape under an N-sliced node: its gradient's ends are deformed as its paths are.
    var slicing: NSliceMapping?
    if node >= 0, g.kinds[node] == .shape, let path = g.shapePaths[node].first {
      let deformer = Int(g.pathDeformers[Int(path)])
      if deformer >= 0 { slicing = nSliceMapping(node: deformer, model: g) }
    }
    if paintsInWorld && node >= 0 {
      let world = geometry.worldTransforms[node]
      start = world.map(start)
      end = world.map(end)
      if let slicing {
        start = slicing.mapWorld(start)
        end = slicing.mapWorld(end)
      }
    } else if let slicing, node >= 0, let inverse = geometry.worldTransforms[node].inverted() {
      let world = geometry.worldTransforms[node]
      start = inverse.map(slicing.mapWorld(world.map(start)))
      end = inverse.map(slicing.mapWorld(world.map(end)))
    }
    let opacity = float(c, Slot.linearGradientOpacity) * geometry.renderOpacities[c]
    let paint = Int(g.mutatorPaints[c])
    let slot = paint >= 0 ? Int(geometry.paintSlots[paint]) : -1
    // Drop the paint's reference first so the stop arrays are reused, not copied.
    if slot >= 0 { geometry.paintStates[slot].shader = nil }
    var colors: [UInt32] = []
    var positions: [Float] = []
    swap(&colors, &geometry.gradientColors[index])
    swap(&positions, &geometry.gradientPositions[index])
    colors.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    for stop in geometry.stopOrder[index] {
      let s = Int(stop)
      colors.append(colorModulateOpacity(uint(s, Slot.gradientStopColorValue), opacity))
      positions.append(max(0, min(float(s, Slot.gradientStopPosition), 1)))
    }
    geometry.gradientColors[index] = colors
    geometry.gradientPositions[index] = positions
    guard slot >= 0 else { return }
    if g.kinds[c] == .radialGradient {
      geometry.paintStates[slot].shader = .radial(
        centerX: start.x, centerY: start.y, radius: Vec2.distance(start, end), colors: colors,
        stops: positions)
    } else {
      geometry.paintStates[slot].shader = .linear(
        startX: start.x, startY: start.y, endX: end.x, endY: end.y, colors: colors,
        stops: positions)
    }
  }

  // MARK: - Clipping shapes

  private mutating func updateClippingShape(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    guard d & (Dirt.path | Dirt.worldTransform | Dirt.nSlicer) != 0 else { return }
    let slot = Int(geometry.paintPathSlots[c])
    guard slot >= 0 else { return }
    let rule = fillRule(uint(c, Slot.clippingShapeFillRule))
    geometry.paintPaths[slot].rewind(isLocal: false, fillRule: rule)
    geometry.hasClipPath[c] = false
    for shape in g.clipShapes[c] {
      let s = Int(shape)
      guard !shapeIsEmpty(s, model: g) else { continue }
      if addClipFillPaths(clip: slot, shape: s, model: g) { geometry.hasClipPath[c] = true }
    }
  }

  private func shapeIsEmpty(_ shape: Int, model g: GeometryModel) -> Bool {
    for path in g.shapePaths[shape] where !isPathHidden(Int(path)) && !isCollapsed(Int(path)) {
      return false
    }
    return true
  }

  /// Adds a shape's fills (after their effects) to a clip; false when it added nothing.
  private mutating func addClipFillPaths(clip: Int, shape: Int, model g: GeometryModel) -> Bool {
    var addedEffected = false
    var needsRawPath = false
    for paint in g.paints[shape] where g.kinds[Int(paint)] == .fill {
      let p = Int(paint)
      guard let effected = lastEffectSlot(p, model: g) else {
        needsRawPath = true
        continue
      }
      if !geometry.paintPaths[effected].raw.isEmpty {
        let transform: Transform2D =
          geometry.paintPaths[effected].isLocal ? geometry.worldTransforms[shape] : .identity
        let source = geometry.paintPaths[effected].raw
        geometry.paintPaths[clip].raw.addPath(source, transform: transform)
        geometry.paintPaths[clip].commandsDirty = true
      }
      addedEffected = true
    }
    if addedEffected && !needsRawPath { return true }
    let base = Int(geometry.paintPathSlots[shape])
    guard base >= 0 else { return addedEffected }
    let source = geometry.paintPaths[base + 1].raw
    geometry.paintPaths[clip].raw.addPath(source, transform: .identity)
    geometry.paintPaths[clip].commandsDirty = true
    return true
  }

  // MARK: - Skins

  private mutating func updateSkin(_ c: Int, model g: GeometryModel) {
    let index = Int(geometry.skinSlots[c])
    guard index >= 0 else { return }
    var buffer: [Float] = []
    swap(&buffer, &geometry.boneTransforms[index])
    var b = 6
    for tendon in g.skinTendons[c] {
      let t = Int(tendon)
      let bone = Int(g.tendonBones[t])
      let boneWorld = bone >= 0 ? geometry.worldTransforms[bone] : .identity
      let world = boneWorld * tendonInverseBind(t)
      if b + 6 <= buffer.count {
        buffer[b] = world.xx
        buffer[b + 1] = world.xy
        buffer[b + 2] = world.yx
        buffer[b + 3] = world.yy
        buffer[b + 4] = world.tx
        buffer[b + 5] = world.ty
      }
      b += 6
    }
    swap(&buffer, &geometry.boneTransforms[index])
  }

  func tendonInverseBind(_ tendon: Int) -> Transform2D {
    let bind = Transform2D(
      xx: float(tendon, Slot.tendonXx), xy: float(tendon, Slot.tendonXy),
      yx: float(tendon, Slot.tendonYx), yy: float(tendon, Slot.tendonYy),
      tx: float(tendon, Slot.tendonTx), ty: float(tendon, Slot.tendonTy))
    return bind.inverted() ?? .identity
  }

  func skinWorldTransform(_ skin: Int) -> Transform2D {
    Transform2D(
      xx: float(skin, Slot.skinXx), xy: float(skin, Slot.skinXy), yx: float(skin, Slot.skinYx),
      yy: float(skin, Slot.skinYy), tx: float(skin, Slot.skinTx), ty: float(skin, Slot.skinTy))
  }

  /// Moves skinned vertices by their weighted bones.
  mutating func deformVertices(skin: Int, vertices: ArraySlice<Int32>, model g: GeometryModel) {
    let index = Int(geometry.skinSlots[skin])
    guard index >= 0, !geometry.deformed.isEmpty else { return }
    let world = skinWorldTransform(skin)
    let bones = geometry.boneTransforms[index]
    // Reads go through `values`, not instance methods (see `SlotValues`): this loop runs for
    // every skinned vertex of every frame.
    let values = SlotValues(self)
    for vertex in vertices {
      let v = Int(vertex)
      let weight = Int(g.vertexWeights[v])
      guard weight >= 0 else { continue }
      let position = Vec2(values.float(v, Slot.vertexX), values.float(v, Slot.vertexY))
      geometry.deformed[v] = Self.deform(
        position, indices: values.uint(weight, Slot.weightIndices),
        weights: values.uint(weight, Slot.weightValues), world: world, bones: bones)
      if values.types[v] != UInt16(TypeKey.straightVertex) {
        let (inPoint, outPoint) = values.cubicControls(v)
        if values.types[weight] == UInt16(TypeKey.cubicWeight) {
          geometry.deformedIn[v] = Self.deform(
            inPoint, indices: values.uint(weight, Slot.cubicWeightInIndices),
            weights: values.uint(weight, Slot.cubicWeightInValues), world: world, bones: bones)
          geometry.deformedOut[v] = Self.deform(
            outPoint, indices: values.uint(weight, Slot.cubicWeightOutIndices),
            weights: values.uint(weight, Slot.cubicWeightOutValues), world: world, bones: bones)
        }
      }
    }
  }

  private static func deform(
    _ point: Vec2, indices: UInt32, weights: UInt32, world: Transform2D, bones: [Float]
  ) -> Vec2 {
    var xx: Float = 0
    var xy: Float = 0
    var yx: Float = 0
    var yy: Float = 0
    var tx: Float = 0
    var ty: Float = 0
    for i in 0..<4 {
      let weight = (weights >> (UInt32(i) * 8)) & 0xFF
      if weight == 0 { continue }
      let normalized = Float(weight) / 255
      let boneIndex = Int((indices >> (UInt32(i) * 8)) & 0xFF)
      let start = boneIndex * 6
      guard start + 6 <= bones.count else { continue }
      xx += bones[start] * normalized
      xy += bones[start + 1] * normalized
      yx += bones[start + 2] * normalized
      yy += bones[start + 3] * normalized
      tx += bones[start + 4] * normalized
      ty += bones[start + 5] * normalized
    }
    return Transform2D(xx: xx, xy: xy, yx: yx, yy: yy, tx: tx, ty: ty).map(world.map(point))
  }
}

/// Bits of a points path's flags.
enum ShapePathFlagBits {
  static let counterClockwise: UInt32 = 1 << 1
}

func strokeCap(_ value: UInt32) -> RenderPaint.Cap {
  switch value {
  case 1: return .round
  case 2: return .square
  default: return .butt
  }
}

func strokeJoin(_ value: UInt32) -> RenderPaint.Join {
  switch value {
  case 1: return .round
  case 2: return .bevel
  default: return .miter
  }
}

func fillRule(_ value: UInt32) -> FillRule {
  switch value {
  case 1: return .evenOdd
  case 2: return .clockwise
  default: return .nonZero
  }
}
