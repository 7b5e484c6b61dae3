import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Drawable flag bits the hit test reads.
enum DrawableFlagBits {
  static let hidden: UInt32 = 1 << 0
  static let opaque: UInt32 = 1 << 3
}

extension ArtboardInstance {
  /// How far around the pointer a shape's paths count as hit, in artboard units.
  static let hitRadius: Float = 2

  /// Whether drawable `c` is marked as an opaque hit target (it blocks targets below it).
  func isTargetOpaque(_ c: Int) -> Bool {
    guard c >= 0, c < model.types.count, typeKey(of: c) != nil,
      model.isA(c, TypeKey.drawable)
    else { return false }
    return uint(c, Slot.drawableDrawableFlags) & DrawableFlagBits.opaque != 0
  }

  /// Whether the pointer at `point` (the artboard's content space) hits shape `shape`, as the
  /// official runtime tests a listener's shape: inside the bounds of its paths, not cut off by
  /// a clipping layout or artboard above it, and within the hit radius of its filled paths.
  func hitTestShape(_ shape: Int, at point: Vec2) -> Bool {
    guard geometry.isReady, point.x.isFinite, point.y.isFinite else { return false }
    let g = geometryModel
    guard shape >= 0, shape < g.objectCount, g.kinds[shape] == .shape else { return false }
    guard let bounds = shapeWorldBounds(shape, model: g),
      point.x >= bounds.minX, point.x <= bounds.maxX, point.y >= bounds.minY,
      point.y <= bounds.maxY
    else { return false }
    guard ancestorsAdmit(point, from: shape, model: g) else { return false }
    guard var tester = AreaHitTester(around: point, radius: ArtboardInstance.hitRadius) else {
      return false
    }
    for path in g.shapePaths[shape] {
      let p = Int(path)
      guard !isCollapsed(p), let slot = rawSlot(p) else { continue }
      tester.add(geometry.rawPaths[slot], transform: pathTransform(p, model: g))
    }
    return tester.wasHit()
  }

  /// Whether the pointer hits layout component (or artboard) `layout`: within its stored size
  /// and admitted by everything above it.
  func hitTestLayout(_ layout: Int, at point: Vec2) -> Bool {
    guard geometry.isReady, point.x.isFinite, point.y.isFinite else { return false }
    let g = geometryModel
    guard layout >= 0, layout < g.objectCount,
      g.kinds[layout] == .layout || g.kinds[layout] == .artboard
    else { return false }
    guard layoutContains(layout, point, model: g) else { return false }
    if g.kinds[layout] == .layout, isHiddenDrawable(layout) { return false }
    return ancestorsAdmit(point, from: layout, model: g)
  }

  /// Whether the pointer at `point` hits text value run `run`, as the runtime built with text
  /// tests a run that is a listener's target (`TextValueRun::hitTestPoint`): inside the box
  /// of the run's glyph boxes (each glyph's advance by its line's height, in the text's box
  /// space) and, unless the text overflows visibly, inside the text's own bounds; admitted by
  /// everything above the text; and within the hit radius of the union of the glyph boxes.
  /// Text laid out only in update passes with fonts (``measureText(with:)``) has glyph boxes;
  /// without fonts, as in the runtime built without text, a run is never hit.
  func hitTestTextRun(_ run: Int, at point: Vec2) -> Bool {
    guard geometry.isReady, point.x.isFinite, point.y.isFinite, textCache.layoutFonts != nil,
      run > 0, run < model.parents.count
    else { return false }
    let g = geometryModel
    let text = model.parents[run]
    guard text > 0, text < g.objectCount, isText(text) else { return false }
    // The run's index among the text's value runs, which the layout's glyphs name.
    var index = -1
    var position = 0
    for child in g.children[text] where UInt32(model.types[Int(child)]) == TypeKey.textValueRun {
      if Int(child) == run {
        index = position
        break
      }
      position += 1
    }
    guard index >= 0, let laidOut = textCache.glyphBoxes(text, run: index),
      !laidOut.boxes.isEmpty
    else { return false }
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    for box in laidOut.boxes {
      minX = min(minX, box.minX)
      minY = min(minY, box.minY)
      maxX = max(maxX, box.maxX)
      maxY = max(maxY, box.maxY)
    }
    let world = geometry.worldTransforms[text]
    if textProperties(text).overflow != .visible {
      guard let inverse = world.inverted(), let bounds = textCache.layoutBounds(text) else {
        return false
      }
      let local = inverse.map(point)
      guard local.x >= bounds.minX, local.x <= bounds.maxX, local.y >= bounds.minY,
        local.y <= bounds.maxY
      else { return false }
    }
    let boxWorld = world * laidOut.transform
    guard let inverse = boxWorld.inverted() else { return false }
    let local = inverse.map(point)
    // Then the run's parents (the text, hidden or not, and what clips it) must admit it.
    guard local.x >= minX, local.x <= maxX, local.y >= minY, local.y <= maxY,
      ancestorsAdmit(point, from: run, model: g)
    else { return false }
    var union = RectangleUnion()
    for box in laidOut.boxes { union.add(box) }
    guard var tester = AreaHitTester(around: point, radius: ArtboardInstance.hitRadius) else {
      return false
    }
    tester.add(union.path(cornerRadius: 0), transform: boxWorld)
    return tester.wasHit()
  }

  /// The axis-aligned bounds of a shape's visible paths' points (control points included) in
  /// world space, or nil when it has none.
  func shapeWorldBounds(_ shape: Int, model g: GeometryModel)
    -> (minX: Float, minY: Float, maxX: Float, maxY: Float)?
  {
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    var any = false
    for path in g.shapePaths[shape] {
      let p = Int(path)
      guard !isCollapsed(p), let slot = rawSlot(p) else { continue }
      let transform = pathTransform(p, model: g)
      for point in geometry.rawPaths[slot].points {
        let q = transform.map(point)
        minX = min(minX, q.x)
        minY = min(minY, q.y)
        maxX = max(maxX, q.x)
        maxY = max(maxY, q.y)
        any = true
      }
    }
    return any ? (minX, minY, maxX, maxY) : nil
  }

  /// Whether `point` lies within layout (or artboard) `c`'s laid-out size (its stored size
  /// while layout is not solved), in its own space.
  private func layoutContains(_ c: Int, _ point: Vec2, model g: GeometryModel) -> Bool {
    guard let inverse = geometry.worldTransforms[c].inverted() else { return false }
    var local = inverse.map(point)
    // Its laid-out size (its stored one while layout is not solved).
    let box = layoutBox(of: c)
    let width = box?.width ?? float(c, Slot.layoutComponentWidth)
    let height = box?.height ?? float(c, Slot.layoutComponentHeight)
    if g.kinds[c] == .artboard {
      local.x += float(c, Slot.artboardOriginX) * width
      local.y += float(c, Slot.artboardOriginY) * height
    }
    return local.x >= 0 && local.x <= width && local.y >= 0 && local.y <= height
  }

  /// Walks up from `c`: clipping layouts and the clipping artboard must contain the point, and
  /// hidden drawables (other than shapes) stop the hit; in a nested artboard, its hosts' chain
  /// too (``pointerHostAdmits``).
  func ancestorsAdmit(_ point: Vec2, from c: Int, model g: GeometryModel) -> Bool {
    guard pointerHostAdmits else { return false }
    var current = Int(g.parents[c])
    var steps = 0
    while current >= 0, current < g.objectCount, steps <= g.objectCount {
      switch g.kinds[current] {
      case .layout, .artboard:
        if bool(current, Slot.layoutComponentClip), !layoutContains(current, point, model: g) {
          return false
        }
        if g.kinds[current] == .layout, isHiddenDrawable(current) { return false }
      case .shape:
        break
      default:
        if model.isA(current, TypeKey.drawable), isHiddenDrawable(current) { return false }
      }
      current = Int(g.parents[current])
      steps += 1
    }
    return true
  }

  /// Where `item` is in the draw order (back to front), or nil when it is not drawn.
  func drawPosition(of item: DrawItem) -> Int? {
    geometry.drawOrder.firstIndex(of: item)
  }
}
