@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Where solved layouts meet geometry: the artboard's laid-out size, layout components'
/// transforms and backgrounds, and their drawing (background and clip before the children,
/// the clip's end after them).
extension ArtboardInstance {
  // MARK: - Sizes and places

  /// The artboard's size as laid out (its stored size while layout is not solved).
  @inline(__always)
  func artboardLayoutSize() -> (width: Float, height: Float) {
    if layout.isOn, !layout.items.isEmpty {
      return (layout.items[0].box.width, layout.items[0].box.height)
    }
    return (float(0, Slot.layoutComponentWidth), float(0, Slot.layoutComponentHeight))
  }

  /// Layout component `c`'s box (its item's current box), or nil while layout is not solved.
  @inline(__always)
  func layoutBox(of c: Int) -> LayoutBox? {
    guard layout.isOn, let item = model.layout.item(of: c), item < layout.items.count else {
      return nil
    }
    return layout.items[item].box
  }

  /// Where a layout component's box puts it in its parent: the box's corner, less its parent
  /// artboard's origin (zero while layout is not solved).
  func layoutTranslation(_ c: Int, model g: GeometryModel) -> Vec2 {
    var location = Vec2.zero
    if let box = layoutBox(of: c) { location = Vec2(box.left, box.top) }
    let parent = Int(g.parents[c])
    if parent >= 0, g.kinds[parent] == .artboard {
      let size = artboardLayoutSize()
      location.x -= size.width * float(parent, Slot.artboardOriginX)
      location.y -= size.height * float(parent, Slot.artboardOriginY)
    }
    return location
  }

  /// Where a participant's slot puts its host (text by its origin, an image at the corner, a
  /// shape at its scaled bounds' corner), or nil when `c` is not a laid-out participant.
  mutating func participantTranslation(_ c: Int, model g: GeometryModel) -> Vec2? {
    guard layout.isOn, let item = model.layout.item(of: c),
      model.layout.items[item].participant >= 0
    else { return nil }
    let box = layout.items[item].box
    switch g.kinds[c] {
    case .shape:
      let bounds = shapeIntrinsicBounds(c)
      let scale = layout.items[item].hostScale
      return Vec2(box.left - bounds.left * scale.x, box.top - bounds.top * scale.y)
    case .image:
      return Vec2(box.left, box.top)
    default:
      return Vec2(
        box.left + float(c, Slot.textOriginX) * box.width,
        box.top + float(c, Slot.textOriginY) * box.height)
    }
  }

  /// Sets the artboard's width and height and, when anything changed, runs an update pass
  /// (the layout solves again for the new size).
  mutating func resize(width: Float, height: Float) {
    var changed = setFloat(
      0, offset: Slot.layoutComponentWidth, key: PropertyKey.layoutComponentWidth, width)
    changed =
      setFloat(
        0, offset: Slot.layoutComponentHeight, key: PropertyKey.layoutComponentHeight, height)
      || changed
    guard changed else { return }
    if !layout.isOn {
      // Without layout the artboard's background and clip still follow its size.
      addDirt(0, Dirt.path)
    }
    _ = updatePass()
  }

  // MARK: - Backgrounds

  /// Rebuilds a layout component's background: a rectangle of its box with its style's corner
  /// radii (mirrored right to left), in its own space and in world space.
  mutating func updateLayoutRenderPath(_ c: Int, model g: GeometryModel) {
    guard let item = model.layout.item(of: c), let box = layoutBox(of: c) else { return }
    guard !isCollapsed(c), uint(c, Slot.drawableDrawableFlags) & 1 == 0 else { return }
    let slot = Int(geometry.paintPathSlots[c])
    guard slot >= 0 else { return }
    if g.paints[c].isEmpty && !bool(c, Slot.layoutComponentClip) && !hasForegroundDrawable(c) {
      return
    }
    var tl: Float = 0
    var tr: Float = 0
    var br: Float = 0
    var bl: Float = 0
    let style = layoutStyleObject(item)
    if style >= 0 {
      let ltr = layoutActualDirection(item) != .rtl
      if bool(style, Slot.layoutComponentStyleLinkCornerRadius) {
        let radius = float(style, Slot.layoutComponentStyleCornerRadiusTL)
        (tl, tr, br, bl) = (radius, radius, radius, radius)
      } else {
        let topLeft = float(style, Slot.layoutComponentStyleCornerRadiusTL)
        let topRight = float(style, Slot.layoutComponentStyleCornerRadiusTR)
        let bottomLeft = float(style, Slot.layoutComponentStyleCornerRadiusBL)
        let bottomRight = float(style, Slot.layoutComponentStyleCornerRadiusBR)
        tl = ltr ? topLeft : topRight
        tr = ltr ? topRight : topLeft
        bl = ltr ? bottomLeft : bottomRight
        br = ltr ? bottomRight : bottomLeft
      }
    }
    var background = RawPath()
    background.addRoundedRect(
      left: 0, top: 0, width: box.width, height: box.height, topLeft: tl, topRight: tr,
      bottomRight: br, bottomLeft: bl)
    geometry.paintPaths[slot].rewind()
    geometry.paintPaths[slot].raw.addPath(background, transform: .identity)
    geometry.paintPaths[slot + 1].rewind(isLocal: false, fillRule: .clockwise)
    geometry.paintPaths[slot + 1].raw.addPath(background, transform: geometry.worldTransforms[c])
    for paint in g.paints[c] { invalidatePaintEffects(Int(paint), after: nil) }
    // Its foreground drawables paint the same paths.
    for child in g.children[c]
    where model.types[Int(child)] == UInt16(TypeKey.foregroundLayoutDrawable) {
      for paint in g.paints[Int(child)] { invalidatePaintEffects(Int(paint), after: nil) }
    }
  }

  // MARK: - Drawing

  /// A layout's proxy draws before its children: the clip (saved, to be restored after
  /// them) and the background paints.
  mutating func drawLayoutProxy<R: DrawRenderer>(
    _ c: Int, model g: GeometryModel, into renderer: inout R
  ) {
    guard layout.isOn, let item = model.layout.item(of: c) else { return }
    let clips = bool(c, Slot.layoutComponentClip)
    let slot = Int(geometry.paintPathSlots[c])
    if clips && slot >= 0 {
      renderer.save()
      geometry.paintPaths[slot + 1].prepareRenderPath()
      emitPath(slot + 1, paint: -1, into: &renderer)
    }
    layout.set(item, LayoutItemFlag.clipSaved, clips && slot >= 0)
    for paint in g.paints[c] {
      let p = Int(paint)
      let mutator = Int(g.paintMutators[p])
      guard paintIsVisible(p, model: g), mutator >= 0, geometry.mutatorFlags[mutator] & 1 != 0,
        let pathSlot = pickPathSlot(p, model: g)
      else { continue }
      let frame = geometry.retained
      drawPaint(
        p, pathSlot: pathSlot, transform: geometry.worldTransforms[c], needsSave: true,
        model: g, frame: frame, into: &renderer)
    }
  }

  /// Whether layout `c` has a foreground drawable (which paints its paths).
  func hasForegroundDrawable(_ c: Int) -> Bool {
    geometryModel.children[c].contains {
      model.types[Int($0)] == UInt16(TypeKey.foregroundLayoutDrawable)
    }
  }

  /// A layout's foreground drawable paints the layout's paths above its children.
  mutating func drawLayoutForeground<R: DrawRenderer>(
    _ c: Int, model g: GeometryModel, into renderer: inout R
  ) {
    let parent = Int(g.parents[c])
    guard parent >= 0, g.kinds[parent] == .layout || g.kinds[parent] == .artboard else { return }
    for paint in g.paints[c] {
      let p = Int(paint)
      let mutator = Int(g.paintMutators[p])
      guard paintIsVisible(p, model: g), mutator >= 0, geometry.mutatorFlags[mutator] & 1 != 0,
        let pathSlot = pickPathSlot(p, model: g)
      else { continue }
      let frame = geometry.retained
      drawPaint(
        p, pathSlot: pathSlot, transform: geometry.worldTransforms[parent], needsSave: true,
        model: g, frame: frame, into: &renderer)
    }
  }

  /// A layout draws after its children: the end of its clip.
  mutating func drawLayoutEnd<R: DrawRenderer>(_ c: Int, into renderer: inout R) {
    guard layout.isOn, let item = model.layout.item(of: c),
      layout.has(item, LayoutItemFlag.clipSaved)
    else { return }
    layout.set(item, LayoutItemFlag.clipSaved, false)
    renderer.restore()
  }
}
