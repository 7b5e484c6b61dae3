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

  /// Whether `point` lies within layout (or artboard) `c`'s stored size, in its own space.
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
  /// hidden drawables (other than shapes) stop the hit.
  private func ancestorsAdmit(_ point: Vec2, from c: Int, model g: GeometryModel) -> Bool {
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
}
