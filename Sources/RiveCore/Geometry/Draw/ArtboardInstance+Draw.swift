@_spi(RiveFormatInternals) import RiveFormat

extension DisplayList: DrawRenderer {}

extension ArtboardInstance {
  /// The artboard's current frame as a display list: the renderer calls the official runtime
  /// makes, in order, in artboard space.
  ///
  /// Drawing changes nothing you can see, but it is `mutating` for the same reason the
  /// runtime's draw is not `const`: renderer paths are made on first use and keep the fill rule
  /// the last fill set on them.
  ///
  /// - Parameters:
  ///   - images: the file's decoded images (``DrawImages/init(document:)``); images without
  ///     one are skipped, as the runtime skips images that have no render image.
  ///   - text: the fonts text draws with (``TextFonts/init(document:)``); nil leaves text
  ///     undrawn, as the runtime built with text off does.
  /// - Returns: the frame's operations.
  public mutating func draw(images: DrawImages = DrawImages(), text: TextFonts? = nil)
    -> DisplayList
  {
    var list = DisplayList()
    draw(into: &list, images: images, text: text)
    return list
  }

  /// Draws the current frame into `renderer` (text with `text`'s fonts, or none without).
  public mutating func draw<R: DrawRenderer>(
    into renderer: inout R, images: DrawImages = DrawImages(), text: TextFonts? = nil
  ) {
    drawFrame(into: &renderer, images: images, text: text)
  }

  /// Appends the current frame to `list` (text with `text`'s fonts, or none without).
  ///
  /// The same as the generic `draw(into:images:text:)`, compiled for display lists: called
  /// from another module, the generic walk runs unspecialized, every renderer call through a
  /// witness table.
  public mutating func draw(
    into list: inout DisplayList, images: DrawImages = DrawImages(), text: TextFonts? = nil
  ) {
    drawFrame(into: &list, images: images, text: text)
  }

  /// The walk both `draw(into:)`s run.
  mutating func drawFrame<R: DrawRenderer>(
    into renderer: inout R, images: DrawImages, text: TextFonts?
  ) {
    guard geometry.isReady else { return }
    let g = geometryModel
    if childOpacity(0, model: g) == 0 { return }
    // A steady frame is drawn again from its recording (see `FrameReplay`); the stamp is
    // counted once, for the replay and for the recording. Only a frame whose stamp is the last
    // walked one's can be replayed or recorded, so only then is the tree searched for what
    // keeps a frame from being recorded (a frame that changed is walked and its stamp kept).
    // A nested artboard or list item is a candidate too: its host draws its place around it,
    // and what it draws from counts in its own stamp (its host's opacity reaches it as dirt).
    // An artboard that draws a virtualized list of its own is never recorded (its items come
    // and go with the scroll as it draws): no stamp is counted for it (its list's every item
    // would be visited).
    let candidate =
      frameReplay.isEnabled && (componentLists.isEmpty || !drawsOwnVirtualizedList())
    if !candidate && frameReplay.hasWalked {
      frameReplay.hasWalked = false
      frameReplay.hasRecording = false
    }
    if candidate { scanForReplay() }
    let inputs = candidate ? drawStamp() : 0
    let repeats = candidate && frameReplay.hasWalked && frameReplay.walkedInputs == inputs
    let recordable = candidate && (!repeats || !hostsVirtualizedLists())
    // (Asked only of a frame that repeats with a recording: the call is not free, and most
    // list items of a changing list change every frame.)
    if recordable, repeats, frameReplay.hasRecording,
      replayRecording(stamp: inputs, into: &renderer, images: images, text: text)
    {
      return
    }
    let fonts = recordable && frameReplay.modelHasText ? FrameReplay.key(of: text) : 0
    var recordingStart: DrawRecording.Start?
    var records = false
    if recordable {
      if frameReplay.hasWalked, frameReplay.walkedInputs == inputs,
        frameReplay.walkedFonts == fonts,
        !frameReplay.modelHasImages || frameReplay.walkedImages == images
      {
        records = true
        recordingStart = renderer.beginRecording()
      } else {
        frameReplay.hasRecording = false
        // A frame that changed is recorded at once when the last recording was drawn again
        // (frames that hold still for a while, or change at a lower rate than they are drawn):
        // the next frame, if it holds, replays instead of walking and recording.
        if frameReplay.recordingWasReplayed, !hostsVirtualizedLists(),
          let start = renderer.beginRecording()
        {
          records = true
          recordingStart = start
        }
      }
    }
    prepareRetainedFrame()
    if records && recordingStart == nil {
      // A renderer that keeps nothing to record from: the frame is walked into a list of its
      // own, recorded from there and handed to the renderer as a replay would hand it.
      var list = DisplayList()
      let start = list.recordingStart
      walkFrame(into: &list, images: images, text: text, model: g)
      frameReplay.hasRecording = list.record(
        since: start, frame: geometry.retained, into: &frameReplay.recording)
      if frameReplay.hasRecording {
        renderer.replay(frameReplay.recording, frame: geometry.retained)
      } else {
        list.replay(into: &renderer)
      }
    } else {
      walkFrame(into: &renderer, images: images, text: text, model: g)
    }
    if recordable {
      frameReplay.walkedInputs = inputs
      frameReplay.walkedFonts = fonts
      if frameReplay.modelHasImages { frameReplay.walkedImages = images }
      frameReplay.hasWalked = true
      if let recordingStart {
        frameReplay.hasRecording = renderer.record(
          since: recordingStart, frame: geometry.retained, into: &frameReplay.recording)
        frameReplay.recordingWasReplayed = false
        frameReplay.recordings += 1
      }
    }
  }

  /// Draws the frame by walking the artboard: its own paints and clip, then its draw order.
  private mutating func walkFrame<R: DrawRenderer>(
    into renderer: inout R, images: DrawImages, text: TextFonts?, model g: GeometryModel
  ) {
    let rotation = float(0, Slot.transformComponentRotation)
    let scaleX = float(0, Slot.transformComponentScaleX)
    let scaleY = float(0, Slot.transformComponentScaleY)
    let hasSelfTransform = rotation != 0 || scaleX != 1 || scaleY != 1
    let clips = bool(0, Slot.layoutComponentClip)
    let saves = clips || geometry.frameOrigin || hasSelfTransform
    if saves { renderer.save() }
    if geometry.frameOrigin {
      let (width, height) = artboardLayoutSize()
      renderer.draw(
        .transform(
          .translation(
            width * float(0, Slot.artboardOriginX), height * float(0, Slot.artboardOriginY))))
    }
    if hasSelfTransform {
      var m = Transform2D.rotation(rotation)
      m.scaleByValues(scaleX, scaleY)
      renderer.transform(m)
    }
    // The retained frame, held for the walk (`prepareRetainedFrame` made it this draw's).
    let frame = geometry.retained
    let artboardSlot = Int(geometry.paintPathSlots[0])
    if clips, artboardSlot >= 0 {
      geometry.paintPaths[artboardSlot].prepareRenderPath()
      emitPath(artboardSlot, paint: -1, frame: frame, into: &renderer)
    }
    // The paints read by position (a slice of the lists retained their storage, per walk).
    for position in g.paints.positions(0) {
      let p = Int(g.paints.value(at: position))
      let mutator = Int(g.paintMutators[p])
      guard paintIsVisible(p, model: g), mutator >= 0, geometry.mutatorFlags[mutator] & 1 != 0,
        let slot = pickPathSlot(p, model: g)
      else { continue }
      drawPaint(
        p, pathSlot: slot, transform: geometry.worldTransforms[0], needsSave: true, model: g,
        frame: frame, into: &renderer)
    }

    if !geometry.drawOrderHasClips {
      // Without clips, each item that draws is drawn (no clip waits for something to clip, and
      // none is empty); the order is read by index rather than held (held, it was retained).
      var i = 0
      while i < geometry.drawOrder.count {
        if willDraw(geometry.drawOrder[i], images: images, model: g) {
          drawItem(i, images: images, text: text, model: g, frame: frame, into: &renderer)
        }
        i += 1
      }
      if saves { renderer.restore() }
      return
    }
    var emptyClips = 0
    // Clip starts waiting for something to clip (a reused buffer: drawing does not allocate).
    var pending: [Int] = []
    swap(&pending, &geometry.scratchPending)
    if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
    let order = geometry.drawOrder
    for i in 0..<order.count {
      let item = order[i]
      let previous = emptyClips
      emptyClips += emptyClipCount(item)
      if !willDraw(item, images: images, model: g) || emptyClips != previous || emptyClips > 0 {
        continue
      }
      switch item {
      case .clipStart:
        pending.append(i)
        continue
      case .clipEnd:
        if !pending.isEmpty {
          pending.removeLast()
          continue
        }
      default:
        if !pending.isEmpty {
          for index in pending {
            drawItem(index, images: images, text: text, model: g, frame: frame, into: &renderer)
          }
          pending.removeAll(keepingCapacity: true)
        }
      }
      drawItem(i, images: images, text: text, model: g, frame: frame, into: &renderer)
    }
    swap(&pending, &geometry.scratchPending)
    if saves { renderer.restore() }
  }

  // MARK: - Items

  @inline(__always)  // per draw item; a call copied the whole instance first
  private func emptyClipCount(_ item: DrawItem) -> Int {
    switch item {
    case .clipStart(let clip):
      let c = Int(clip)
      return bool(c, Slot.clippingShapeIsVisible) && !geometry.hasClipPath[c] ? 1 : 0
    case .clipEnd(let clip):
      let c = Int(clip)
      return bool(c, Slot.clippingShapeIsVisible) && !geometry.hasClipPath[c] ? -1 : 0
    default:
      return 0
    }
  }

  /// Whether a drawable is hidden (its hidden flag, or collapsed by a solo).
  func isHiddenDrawable(_ c: Int) -> Bool {
    uint(c, Slot.drawableDrawableFlags) & 1 == 1 || isCollapsed(c)
  }

  @inline(__always)  // per draw item; a call copied the whole instance first
  private func willDraw(_ item: DrawItem, images: DrawImages, model g: GeometryModel) -> Bool {
    switch item {
    case .clipStart, .clipEnd:
      return true
    case .proxy(let id):
      return !isHiddenDrawable(Int(id))
    case .drawable(let id):
      let c = Int(id)
      if isHiddenDrawable(c) { return false }
      switch g.kinds[c] {
      case .shape:
        return geometry.renderOpacities[c] != 0
      case .image:
        return geometry.renderOpacities[c] != 0
          && images.isImageAsset(Int(uint(c, Slot.imageAssetId)))
      case .nestedArtboard:
        return nestedIndex(forHost: c) != nil
      default:
        // An artboard list draws only when it has items (made by data binding).
        guard model.types[c] == UInt16(TypeKey.artboardComponentList) else { return true }
        guard let list = componentListIndex(c) else { return false }
        return !componentLists[list].items.isEmpty
      }
    }
  }

  private mutating func drawItem<R: DrawRenderer>(
    _ index: Int, images: DrawImages, text: TextFonts?, model g: GeometryModel,
    frame: RetainedPaths, into renderer: inout R
  ) {
    let needsSave = geometry.drawNeedsSave[index]
    switch geometry.drawOrder[index] {
    case .clipStart(let clip):
      let c = Int(clip)
      guard bool(c, Slot.clippingShapeIsVisible) else { return }
      if needsSave { renderer.save() }
      guard geometry.hasClipPath[c] else { return }
      let slot = Int(geometry.paintPathSlots[c])
      guard slot >= 0 else { return }
      geometry.paintPaths[slot].prepareRenderPath()
      emitPath(slot, paint: -1, frame: frame, into: &renderer)
    case .clipEnd(let clip):
      guard bool(Int(clip), Slot.clippingShapeIsVisible), needsSave else { return }
      renderer.restore()
    case .proxy(let id):
      if layout.isOn { drawLayoutProxy(Int(id), model: g, into: &renderer) }
    case .drawable(let id):
      let c = Int(id)
      switch g.kinds[c] {
      case .layout:
        if layout.isOn { drawLayoutEnd(c, into: &renderer) }
      case .shape:
        drawShape(c, needsSave: needsSave, model: g, frame: frame, into: &renderer)
      case .image:
        drawImage(c, needsSave: needsSave, images: images, model: g, into: &renderer)
      case .nestedArtboard:
        drawNested(c, needsSave: needsSave, images: images, text: text, into: &renderer)
      default:
        if model.types[c] == UInt16(TypeKey.artboardComponentList) {
          drawList(c, needsSave: needsSave, images: images, text: text, into: &renderer)
        } else if model.types[c] == UInt16(TypeKey.foregroundLayoutDrawable) {
          if layout.isOn { drawLayoutForeground(c, model: g, into: &renderer) }
        } else if let text, isText(c) {
          drawText(c, needsSave: needsSave, fonts: text, model: g, into: &renderer)
        }
      }
    }
  }

  private mutating func drawShape<R: DrawRenderer>(
    _ shape: Int, needsSave drawableNeedsSave: Bool, model g: GeometryModel,
    frame: RetainedPaths, into renderer: inout R
  ) {
    // The paints read by position (a slice of the lists retained their storage, per shape).
    let paints = g.paints.positions(shape)
    let needsSave = drawableNeedsSave || paints.count > 1
    let world = geometry.worldTransforms[shape]
    for position in paints {
      let p = Int(g.paints.value(at: position))
      guard paintIsVisible(p, model: g), let slot = pickPathSlot(p, model: g) else { continue }
      drawPaint(
        p, pathSlot: slot, transform: world, needsSave: needsSave, model: g, frame: frame,
        into: &renderer)
    }
  }

  /// A fill or stroke draws its path (after effects), as `ShapePaint::draw` does.
  mutating func drawPaint<R: DrawRenderer>(
    _ paint: Int, pathSlot: Int, transform: Transform2D, needsSave: Bool, model g: GeometryModel,
    frame: RetainedPaths, into renderer: inout R
  ) {
    var saved = !needsSave
    let feather = Int(g.paintFeathers[paint])
    var featherOffset = Vec2.zero
    var featherInWorld = false
    var featherInner = false
    if feather >= 0 {
      featherOffset = Vec2(float(feather, Slot.featherOffsetX), float(feather, Slot.featherOffsetY))
      featherInWorld = uint(feather, Slot.featherSpaceValue) == 0
      featherInner = featherIsInner(feather)
      if featherInWorld && !featherInner && (featherOffset.x != 0 || featherOffset.y != 0) {
        if !saved {
          saved = true
          renderer.save()
        }
        renderer.transform(.translation(featherOffset.x, featherOffset.y))
      }
    }
    if geometry.paintPaths[pathSlot].isLocal {
      if !saved {
        saved = true
        renderer.save()
      }
      renderer.transform(transform)
    }
    var drawSlot = pathSlot
    let effectSlot = lastEffectSlot(paint, model: g)
    if let effectSlot { drawSlot = effectSlot }
    if feather >= 0 {
      if featherInner {
        let innerSlot = Int(geometry.paintPathSlots[feather])
        guard innerSlot >= 0 else {
          if saved && needsSave { renderer.restore() }
          return
        }
        if effectSlot != nil, geometry.featherEffectDirty[feather] {
          rebuildInnerFeather(feather, source: drawSlot, model: g)
        }
        if !saved {
          saved = true
          renderer.save()
        }
        let clipSlot = effectSlot ?? pathSlot
        geometry.paintPaths[clipSlot].prepareRenderPath()
        emitPath(clipSlot, paint: -1, frame: frame, into: &renderer)
        drawSlot = innerSlot
      }
      if !featherInWorld && !featherInner && (featherOffset.x != 0 || featherOffset.y != 0) {
        if !saved {
          saved = true
          renderer.save()
        }
        renderer.transform(.translation(featherOffset.x, featherOffset.y))
      }
    }
    let rule: FillRule? = g.kinds[paint] == .fill ? fillRule(uint(paint, Slot.fillFillRule)) : nil
    // Changed only when something changes (a write checks the paths for a unique owner),
    // then in one access for both changes.
    let unchanged = geometry.paintPaths.withUnsafeBufferPointer { paths in
      !paths[drawSlot].commandsDirty && paths[drawSlot].renderRule != nil
        && (rule == nil || paths[drawSlot].renderRule == rule)
    }
    if !unchanged {
      geometry.paintPaths.withUnsafeMutableBufferPointer { paths in
        paths[drawSlot].prepareRenderPath()
        if let rule { paths[drawSlot].renderRule = rule }
      }
    }
    let stateSlot = Int(geometry.paintSlots[paint])
    if stateSlot >= 0 { emitPath(drawSlot, paint: stateSlot, frame: frame, into: &renderer) }
    if saved && needsSave { renderer.restore() }
  }

  /// A paint's own visibility (strokes also need a thickness).
  @inline(__always)  // per paint drawn; a call copied the whole instance first
  func paintIsVisible(_ paint: Int, model g: GeometryModel) -> Bool {
    guard bool(paint, Slot.shapePaintIsVisible) else { return false }
    return g.kinds[paint] != .stroke || float(paint, Slot.strokeThickness) > 0
  }

  // MARK: - The retained frame

  /// Readies the retained frame for a draw: a copy if a display list still refers to it (so
  /// that list keeps the frame it was drawn with), room for every path and paint, a new stamp.
  mutating func prepareRetainedFrame() {
    if !isKnownUniquelyReferenced(&geometry.retained) {
      geometry.retained = geometry.retained.copy()
    }
    geometry.retained.beginDraw(
      pathCount: geometry.paintPaths.count, paintCount: geometry.paintStates.count)
  }

  /// Clips to paint path `slot` (`paint` < 0) or draws it with paint state `paint`, as a
  /// reference into the retained frame: the frame takes the path (sharing its storage) only if
  /// it changed since it was last taken, the paint only if it differs. When this draw already
  /// handed out the slot with other contents, the operation carries its own path instead.
  mutating func emitPath<R: DrawRenderer>(_ slot: Int, paint: Int, into renderer: inout R) {
    let frame = geometry.retained
    emitPath(slot, paint: paint, frame: frame, into: &renderer)
  }

  /// ``emitPath(_:paint:into:)`` into `frame`, the instance's retained frame, handed down by
  /// the walk: held once for the walk rather than retained and released for every path.
  mutating func emitPath<R: DrawRenderer>(
    _ slot: Int, paint: Int, frame: RetainedPaths, into renderer: inout R
  ) {
    // The paint path is read and marked through a buffer pointer: reading its fields from the
    // array copied the whole path (retaining its four buffers) on every draw.
    let (rule, generation) = geometry.paintPaths.withUnsafeBufferPointer {
      ($0[slot].renderRule ?? $0[slot].fillRule, $0[slot].generation)
    }
    guard frame.hasSlots(path: slot, paint: paint) else {
      emitOwnedPath(slot, rule: rule, paint: paint, into: &renderer)
      return
    }
    if !frame.pathIsCurrent(slot, generation: generation) {
      guard !frame.pathIsHandedOut(slot) else {
        emitOwnedPath(slot, rule: rule, paint: paint, into: &renderer)
        return
      }
      geometry.paintPaths.withUnsafeMutableBufferPointer {
        frame.takePath(slot, generation: generation, from: $0[slot].raw)
        $0[slot].rawIsShared = true
      }
    }
    if paint >= 0 {
      // Read in place: reading a field of the state from the array copied the whole state.
      let paintGeneration = geometry.paintStates.withUnsafeBufferPointer { $0[paint].generation }
      if !frame.paintIsCurrent(paint, generation: paintGeneration) {
        let matches = geometry.paintStates.withUnsafeBufferPointer { states in
          guard let base = states.baseAddress, paint < states.count else { return false }
          return frame.withPaint(at: paint) { PaintState.matches(base + paint, $0) } ?? false
        }
        if !matches {
          guard !frame.paintIsHandedOut(paint) else {
            emitOwnedPath(slot, rule: rule, paint: paint, into: &renderer)
            return
          }
          // Read in place: reading the paint from the array copied the whole state first.
          geometry.paintStates.withUnsafeBufferPointer { states in
            guard let base = states.baseAddress, paint < states.count else { return }
            frame.setPaint(paint, PaintState.renderPaint(of: base + paint))
          }
        }
        frame.setPaintGeneration(paint, paintGeneration)
      }
    }
    frame.stamp(path: slot, paint: paint)
    renderer.draw(
      retained: RetainedDraw(
        frame: frame, path: Int32(truncatingIfNeeded: slot), rule: rule,
        paint: Int32(truncatingIfNeeded: paint)))
  }

  private func emitOwnedPath<R: DrawRenderer>(
    _ slot: Int, rule: FillRule, paint: Int, into renderer: inout R
  ) {
    let path = RenderPath(fillRule: rule, raw: geometry.paintPaths[slot].raw)
    if paint < 0 {
      renderer.draw(.clipPath(path))
    } else {
      let renderPaint = geometry.paintStates.withUnsafeBufferPointer { states in
        paint < states.count
          ? states.baseAddress.map { PaintState.renderPaint(of: $0 + paint) } : nil
      }
      guard let renderPaint else { return }
      renderer.draw(.drawPath(path, renderPaint))
    }
  }

  /// How many times this instance's retained frame took a changed path (a steady frame takes
  /// none).
  public var retainedPathUpdates: Int { geometry.retained.pathUpdates }

  /// The paint path of a paint's last path-effect step, if it has effects.
  @inline(__always)  // called while drawing; a call copied the whole instance first
  func lastEffectSlot(_ paint: Int, model g: GeometryModel) -> Int? {
    // By position: a slice of the lists (for its count) retained their storage, per paint.
    let positions = g.paintEffects.positions(paint)
    guard !positions.isEmpty else { return nil }
    return geometry.effectStepBase + positions.upperBound - 1
  }

  // MARK: - Nested artboards

  /// The index in ``nested`` of the nested artboard hosted by component `host`, when it has an
  /// instance.
  @inline(__always)  // called while drawing; a call copied the whole instance first
  func nestedIndex(forHost host: Int) -> Int? {
    let index = Int(geometry.nestedSlots[host])
    guard index >= 0, index < nested.count, nested[index].hasArtboard else { return nil }
    return index
  }

  private mutating func drawNested<R: DrawRenderer>(
    _ host: Int, needsSave: Bool, images: DrawImages, text: TextFonts?, into renderer: inout R
  ) {
    // Drawn where it lives (its retained paths change), not copied out.
    guard let index = nestedIndex(forHost: host) else { return }
    if needsSave { renderer.save() }
    renderer.transform(geometry.worldTransforms[host])
    let replays = frameReplay.isEnabled
    nested[index].mount.withValue {
      $0.inheritReplay(replays)
      $0.draw(into: &renderer, images: images, text: text)
    }
    if needsSave { renderer.restore() }
  }

  // MARK: - Artboard lists

  /// An artboard list draws each item's artboard in draw order, in the list's space, each
  /// placed where the list puts it (``listItemTransform(hostIsLayout:)``).
  private mutating func drawList<R: DrawRenderer>(
    _ c: Int, needsSave: Bool, images: DrawImages, text: TextFonts?, into renderer: inout R
  ) {
    guard let list = componentListIndex(c) else { return }
    if needsSave { renderer.save() }
    let hostIsLayout = listParentIsLayout(c)
    let replays = frameReplay.isEnabled
    if let scroll = virtualizingScroll(ofList: c) {
      // A virtualized list draws in its parent's space, only the items its scroll realizes.
      let parent = Int(model.parents[c])
      renderer.transform(parent >= 0 ? geometry.worldTransforms[parent] : .identity)
      // The items the scroll realizes, each at the place the virtualizer gave it, in draw
      // order (found in buffers kept for the purpose, set aside meanwhile: an item's draw may
      // draw a virtualized list of its own, in its own instance).
      var realized: [RealizedItem] = []
      var order: [RealizedItem] = []
      var keys: [Float] = []
      swap(&realized, &geometry.scratchRealized)
      swap(&order, &geometry.scratchVirtualOrder)
      swap(&keys, &geometry.scratchOrderKeys)
      defer {
        swap(&realized, &geometry.scratchRealized)
        swap(&order, &geometry.scratchVirtualOrder)
        swap(&keys, &geometry.scratchOrderKeys)
      }
      realizedItems(ofList: c, scroll: scroll, into: &realized)
      virtualDrawOrder(list, realized, into: &order, keys: &keys)
      for place in order {
        let item = place.item
        guard componentLists[list].items[item].hasArtboard else { continue }
        // Drawn where it lives (a copy, or moving it out and back, costs the whole instance).
        componentLists[list].items[item].withArtboard { artboard in
          artboard.inheritReplay(replays)
          let size = artboard.artboardLayoutSize()
          // Under a layout the item draws around its origin: the origin's offset moves it.
          var originX: Float = 0
          var originY: Float = 0
          if hostIsLayout {
            originX = size.width * artboard.float(0, Slot.artboardOriginX)
            originY = size.height * artboard.float(0, Slot.artboardOriginY)
          }
          renderer.save()
          renderer.transform(.translation(place.x + originX, place.y + originY))
          artboard.draw(into: &renderer, images: images, text: text)
          renderer.restore()
        }
      }
    } else {
      renderer.transform(geometry.worldTransforms[c])
      let g = geometryModel
      let hasFollowPath = g.constraints[c].contains {
        model.types[Int($0)] == UInt16(TypeKey.listFollowPathConstraint)
      }
      let placed = hasFollowPath ? componentLists[list].items.lazy.filter(\.hasArtboard).count : 0
      let order = componentLists[list].drawOrder
      if !hasFollowPath {
        // Placed and drawn in one visit of each item, where it lives (the lists and the items
        // reached once for the whole list, not checked for a unique owner per item).
        componentLists.withUnsafeMutableBufferPointer { lists in
          lists[list].items.withUnsafeMutableBufferPointer { items in
            for position in order.indices {
              let item = order[position]
              guard item < items.count else { continue }
              items[item].withArtboard { artboard in
                artboard.inheritReplay(replays)
                let place = Self.placement(of: &artboard, hostIsLayout: hostIsLayout)
                renderer.save()
                renderer.transform(place)
                artboard.draw(into: &renderer, images: images, text: text)
                renderer.restore()
              }
            }
          }
        }
        if needsSave { renderer.restore() }
        return
      }
      for position in order.indices {
        let item = order[position]
        // Placed, then drawn, in two visits: one closure that did both copied the instance.
        guard item < componentLists[list].items.count,
          var place = componentLists[list].items[item].withArtboard({
            $0.listItemTransform(hostIsLayout: hostIsLayout)
          })
        else { continue }
        if hasFollowPath {
          // Followers are numbered among the items that have an artboard, in list order; each
          // of the list's follow paths moves the item on from where the last one put it.
          var index = 0
          for before in 0..<item where componentLists[list].items[before].hasArtboard {
            index += 1
          }
          for k in g.constraints[c]
          where model.types[Int(k)] == UInt16(TypeKey.listFollowPathConstraint) {
            place = listFollowPathTransform(
              Int(k), list: c, placement: place, index: index, count: placed, model: g)
          }
        }
        renderer.save()
        renderer.transform(place)
        componentLists[list].items[item].withArtboard {
          $0.inheritReplay(replays)
          $0.draw(into: &renderer, images: images, text: text)
        }
        renderer.restore()
      }
    }
    if needsSave { renderer.restore() }
  }

  /// Where a list places item `artboard`, read where it lives (a call on the borrowed item
  /// from a closure that also draws it copied the whole instance).
  @inline(__always)
  private static func placement(of artboard: inout ArtboardInstance, hostIsLayout: Bool)
    -> Transform2D
  {
    artboard.listItemTransform(hostIsLayout: hostIsLayout)
  }

  /// The items of list `list` (an index in ``componentLists``) that have an artboard, topmost
  /// first, each with the transform from this artboard's space into the item artboard's: where
  /// the list draws it (``drawList``), as the runtime's list maps a point into a mounted item.
  func listItemPlacements(_ list: Int) -> [(item: Int, toItem: Transform2D)] {
    let c = componentLists[list].componentID
    let hostIsLayout = listParentIsLayout(c)
    var placements: [(item: Int, toItem: Transform2D)] = []
    if let scroll = virtualizingScroll(ofList: c) {
      let parent = Int(model.parents[c])
      let space = parent >= 0 ? geometry.worldTransforms[parent] : .identity
      for place in virtualDrawOrder(list, realizedItems(ofList: c, scroll: scroll)).reversed() {
        guard let artboard = componentLists[list].items[place.item].artboard else { continue }
        var x = place.x
        var y = place.y
        if hostIsLayout {
          let size = artboard.artboardLayoutSize()
          x += size.width * artboard.float(0, Slot.artboardOriginX)
          y += size.height * artboard.float(0, Slot.artboardOriginY)
        }
        if let inverse = (space * .translation(x, y)).inverted() {
          placements.append((place.item, inverse))
        }
      }
      return placements
    }
    for item in componentLists[list].drawOrder.reversed()
    where item < componentLists[list].items.count {
      guard
        let place = componentLists[list].items[item].artboard?.listItemTransform(
          hostIsLayout: hostIsLayout),
        let inverse = (geometry.worldTransforms[c] * place).inverted()
      else { continue }
      placements.append((item, inverse))
    }
    return placements
  }

  /// The scroll constraint that virtualizes list `c`: one on the list's parent (the scrolled
  /// content) with virtualization on.
  func virtualizingScroll(ofList c: Int) -> Int? {
    let parent = Int(model.parents[c])
    guard parent >= 0, parent < geometryModel.children.count else { return nil }
    for child in geometryModel.children[parent] {
      let id = Int(child)
      if model.types[id] == UInt16(TypeKey.scrollConstraint),
        bool(id, Slot.scrollConstraintVirtualize)
      {
        return id
      }
    }
    return nil
  }

  /// Whether list `c`'s parent is a layout component (an artboard is one).
  func listParentIsLayout(_ c: Int) -> Bool {
    let parent = Int(model.parents[c])
    guard parent >= 0, parent < model.types.count else { return false }
    return model.isA(parent, TypeKey.layoutComponent)
  }

  /// Where a list places this item artboard. Under a layout the item sits at its laid-out box
  /// (at zero while layout is not solved, as in the reference runtime) and, as it draws around
  /// its origin, is moved by its origin's offset; elsewhere it sits at its own x and y.
  @inline(__always)  // per item, twice a frame; a call copied the whole item instance first
  func listItemTransform(hostIsLayout: Bool) -> Transform2D {
    if hostIsLayout {
      let size = artboardLayoutSize()
      let box = layout.isOn ? layout.items[0].box : .zero
      return .translation(
        box.left + size.width * float(0, Slot.artboardOriginX),
        box.top + size.height * float(0, Slot.artboardOriginY))
    }
    return .translation(float(0, Slot.nodeX), float(0, Slot.nodeY))
  }

  // MARK: - Images

  private mutating func drawImage<R: DrawRenderer>(
    _ c: Int, needsSave: Bool, images: DrawImages, model g: GeometryModel, into renderer: inout R
  ) {
    guard let image = images.image(forAsset: Int(uint(c, Slot.imageAssetId))) else { return }
    if needsSave { renderer.save() }
    let blend =
      BlendMode(rawValue: UInt8(truncatingIfNeeded: uint(c, Slot.drawableBlendModeValue)))
      ?? .srcOver
    let opacity = geometry.renderOpacities[c]
    let mesh = Int(g.imageMeshes[c])
    if mesh >= 0, model.types[mesh] == UInt16(TypeKey.nSlicer) {
      drawSliceMesh(
        image: c, slicer: mesh, decoded: image, blend: blend, opacity: opacity, model: g,
        into: &renderer)
    } else if mesh >= 0 {
      drawMesh(mesh, image: image, blend: blend, opacity: opacity, model: g, into: &renderer)
    } else {
      renderer.transform(geometry.worldTransforms[c])
      renderer.draw(
        .transform(
          .translation(
            -Float(image.width) * float(c, Slot.imageOriginX),
            -Float(image.height) * float(c, Slot.imageOriginY))))
      renderer.draw(.drawImage(image: image.id, blendMode: blend, opacity: opacity))
    }
    if needsSave { renderer.restore() }
  }
}
