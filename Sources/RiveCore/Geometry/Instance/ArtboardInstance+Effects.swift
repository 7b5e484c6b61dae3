import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Path effects (trim paths and dashes) and feathers, as the runtime applies them while a paint
/// updates.
extension ArtboardInstance {
  /// Runs a paint's effect steps in order, each on the previous one's output. A scripted
  /// effect's step is never written (scripting is off, as in the reference runtime): its empty
  /// path is what the steps after it start from.
  mutating func updatePaintEffects(_ paint: Int, model g: GeometryModel) {
    guard var source = pickPathSlot(paint, model: g) else { return }
    var step = g.paintEffects.start(paint)
    for effect in g.paintEffects[paint] {
      let e = Int(effect)
      let slot = geometry.effectStepBase + step
      switch g.kinds[e] {
      case .trimPath:
        updateTrimPath(e, step: step, slot: slot, source: source, paint: paint, model: g)
      case .dashPath:
        updateDashPath(e, step: step, slot: slot, source: source, paint: paint, model: g)
      default:
        break
      }
      source = slot
      step += 1
    }
  }

  /// Paint `paint`'s effect steps run in order on `source`, a path no slot holds (a text
  /// style's glyphs, a text background's outline), as ``updatePaintEffects(_:model:)`` runs
  /// them on a slot's path: nil when the paint has no effect.
  func effectPath(of paint: Int, source: RawPath, model g: GeometryModel) -> RawPath? {
    let steps = g.paintEffects[paint]
    guard !steps.isEmpty else { return nil }
    var path = source
    var contours: [ContourMeasure] = []
    for effect in steps {
      let e = Int(effect)
      var next = RawPath()
      switch g.kinds[e] {
      case .trimPath:
        ContourMeasure.measure(path, into: &contours)
        trim(e, contours: contours, closeShape: g.kinds[paint] == .fill, into: &next)
      case .dashPath:
        // Dashes do not apply to fills: the source passes through.
        guard g.kinds[paint] != .fill else { continue }
        ContourMeasure.measure(path, into: &contours)
        dash(e, measure: PathMeasure(contours: contours), into: &next, model: g)
      default:
        // A scripted effect's step is never written: its empty path goes on.
        break
      }
      path = next
    }
    return path
  }

  // MARK: - Trim paths

  private mutating func updateTrimPath(
    _ effect: Int, step: Int, slot: Int, source: Int, paint: Int, model g: GeometryModel
  ) {
    if geometry.paintPaths[slot].hasRenderPath { return }
    let isLocal = geometry.paintPaths[source].isLocal
    let rule = geometry.paintPaths[source].fillRule
    geometry.paintPaths[slot].rewind(isLocal: isLocal, fillRule: rule)
    let contours = measuredContours(step, source: source)
    var raw = RawPath()
    swap(&raw, &geometry.paintPaths[slot].raw)
    trim(
      effect, contours: contours, closeShape: g.kinds[paint] == .fill, into: &raw)
    swap(&raw, &geometry.paintPaths[slot].raw)
  }

  /// The contours of paint path `source` as effect step `step` measured them, measured again
  /// (in the storage of the last measure) when the source changed since.
  private mutating func measuredContours(_ step: Int, source: Int) -> [ContourMeasure] {
    guard step >= 0, step < geometry.effectContoursValid.count else { return [] }
    if !geometry.effectContoursValid[step] {
      var contours = geometry.effectContours.removeValue(forKey: step) ?? []
      ContourMeasure.measure(geometry.paintPaths[source].raw, into: &contours)
      geometry.effectContours[step] = contours
      geometry.effectContoursValid[step] = true
    }
    return geometry.effectContours[step] ?? []
  }

  private func trim(
    _ effect: Int, contours: [ContourMeasure], closeShape: Bool, into raw: inout RawPath
  ) {
    let start = float(effect, Slot.trimPathStart)
    let end = float(effect, Slot.trimPathEnd)
    let offset = fmodf(fmodf(float(effect, Slot.trimPathOffset), 1) + 1, 1)
    guard !contours.isEmpty else {
      raw.pruneEmptySegments()
      return
    }
    switch uint(effect, Slot.trimPathModeValue) {
    case 1:
      // Sequential: one window over all contours laid end to end.
      var totalLength: Float = 0
      for contour in contours { totalLength += contour.length }
      var startLength = totalLength * (start + offset)
      var endLength = totalLength * (end + offset)
      if endLength < startLength { swap(&startLength, &endLength) }
      if startLength > totalLength {
        startLength -= totalLength
        endLength -= totalLength
      }
      // The windows (contour, start, end), at most one per visit below, in scratch space on
      // the stack for the usual few contours: no heap allocation per frame.
      let capacity = 4 * contours.count + 4
      withUnsafeTemporaryAllocation(
        of: (index: Int, start: Float, end: Float).self, capacity: capacity
      ) { windows in
        var used = 0
        var i = 0
        let count = contours.count
        // Bounded: a window is at most one total length past the start, so each contour is
        // visited at most twice more than once around.
        while endLength > 0 && i < capacity {
          let index = i % count
          let contourLength = contours[index].length
          if startLength < contourLength {
            windows[used] = (index, startLength, endLength)
            used += 1
            endLength -= contourLength
            startLength = 0
          } else {
            startLength -= contourLength
            endLength -= contourLength
          }
          i += 1
        }
        var startingIndex = 0
        var drawn = 0
        var previousContour = -1
        while drawn < used {
          let window = windows[(startingIndex < 0 ? startingIndex + used : startingIndex) % used]
          let contour = contours[window.index]
          contour.getSegment(
            window.start, window.end, into: &raw,
            startWithMove: previousContour != window.index || !contour.isClosed)
          if (window.start == 0 && window.end - window.start >= contour.length && contour.isClosed)
            || closeShape
          {
            raw.close()
          }
          previousContour = window.index
          drawn += 1
          startingIndex -= 1
        }
      }
    case 2:
      // Synchronized: the same window on every contour.
      for contour in contours {
        let contourLength = contour.length
        var startLength = contourLength * (start + offset)
        var endLength = contourLength * (end + offset)
        if endLength < startLength { swap(&startLength, &endLength) }
        if startLength >= contourLength {
          startLength -= contourLength
          endLength -= contourLength
        }
        contour.getSegment(startLength, endLength, into: &raw, startWithMove: true)
        var guardCount = 0
        while endLength > contourLength && guardCount < 4 {
          startLength = 0
          endLength -= contourLength
          contour.getSegment(startLength, endLength, into: &raw, startWithMove: !contour.isClosed)
          guardCount += 1
        }
        if (start == 0 && end == 1 && contour.isClosed) || closeShape { raw.close() }
      }
    default:
      break
    }
    raw.pruneEmptySegments()
  }

  // MARK: - Dashes

  private mutating func updateDashPath(
    _ effect: Int, step: Int, slot: Int, source: Int, paint: Int, model g: GeometryModel
  ) {
    if geometry.paintPaths[slot].hasRenderPath { return }
    geometry.paintPaths[slot].rewind(
      isLocal: geometry.paintPaths[source].isLocal, fillRule: geometry.paintPaths[slot].fillRule)
    if g.kinds[paint] == .fill {
      // Dashes do not apply to fills: the source passes through.
      let raw = geometry.paintPaths[source].raw
      geometry.paintPaths[slot].raw.addPath(raw, transform: nil)
      return
    }
    let measure = PathMeasure(contours: measuredContours(step, source: source))
    var raw = RawPath()
    swap(&raw, &geometry.paintPaths[slot].raw)
    dash(effect, measure: measure, into: &raw, model: g)
    swap(&raw, &geometry.paintPaths[slot].raw)
  }

  /// The most dash segments one path gets (bounded work for hostile dash lengths).
  static var maxDashSegments: Int { 1 << 16 }

  private func dashLength(_ dash: Int, contourLength: Float, wraps: Bool) -> Float {
    normalizedDashLength(
      float(dash, Slot.dashLength), isPercentage: bool(dash, Slot.dashLengthIsPercentage),
      contourLength: contourLength, wraps: wraps)
  }

  private func normalizedDashLength(
    _ length: Float, isPercentage: Bool, contourLength: Float, wraps: Bool
  ) -> Float {
    var p = length
    if wraps {
      let right: Float = isPercentage ? 1 : contourLength
      p = fmodf(length, right)
      if p < 0 { p += right }
    }
    return isPercentage ? p * contourLength : p
  }

  private func dash(
    _ effect: Int, measure: PathMeasure, into raw: inout RawPath, model g: GeometryModel
  ) {
    let dashes = g.dashes[effect]
    let length = measure.length
    guard !dashes.isEmpty,
      dashes.contains(where: { dashLength(Int($0), contourLength: length, wraps: false) > 0 })
    else { return }
    var index = 0
    var dashed: Float = 0
    var distance = normalizedDashLength(
      float(effect, Slot.dashPathOffset),
      isPercentage: bool(effect, Slot.dashPathOffsetIsPercentage),
      contourLength: length, wraps: true)
    var draw = true
    var steps = 0
    // The dashes walk the contours once (see `PathMeasure.getSegment(_:_:into:startWithMove:cursor:)`).
    var cursor = PathMeasure.Cursor()
    while dashed < length && steps < ArtboardInstance.maxDashSegments {
      steps += 1
      let dash = Int(dashes[dashes.startIndex + index % dashes.count])
      index += 1
      var segmentLength = dashLength(dash, contourLength: length, wraps: false)
      if segmentLength > length { segmentLength = length }
      var endLength = distance + segmentLength
      if endLength > length {
        endLength -= length
        if draw {
          if distance < length {
            measure.getSegment(
              distance, length, into: &raw, startWithMove: true, cursor: &cursor)
            measure.getSegment(
              0, endLength, into: &raw, startWithMove: !measure.isClosed, cursor: &cursor)
          } else {
            measure.getSegment(0, endLength, into: &raw, startWithMove: true, cursor: &cursor)
          }
        }
        distance = endLength - segmentLength
      } else if draw {
        measure.getSegment(distance, endLength, into: &raw, startWithMove: true, cursor: &cursor)
      }
      distance += segmentLength
      dashed += segmentLength
      draw.toggle()
    }
    raw.pruneEmptySegments()
  }

  // MARK: - Feathers

  mutating func updateFeather(_ c: Int, _ d: UInt16, model g: GeometryModel) {
    let paint = Int(g.parents[c])
    guard paint >= 0, g.kinds[paint].isShapePaint else { return }
    if d & Dirt.paint != 0 {
      let slot = Int(geometry.paintSlots[paint])
      if slot >= 0 { geometry.paintStates[slot].feather = float(c, Slot.featherStrength) }
    }
    if d & (Dirt.worldTransform | Dirt.path) != 0, featherIsInner(c) {
      let container = Int(g.paintContainers[paint])
      guard container >= 0, let source = pickPathSlot(paint, model: g) else { return }
      rebuildInnerFeather(c, source: source, transform: geometry.worldTransforms[container])
      geometry.featherEffectDirty[c] = true
    }
  }

  /// Rebuilds an inner feather's path from the paint's path (before or after its effects).
  mutating func rebuildInnerFeather(_ feather: Int, source: Int, model g: GeometryModel) {
    let paint = Int(g.parents[feather])
    let container = paint >= 0 ? Int(g.paintContainers[paint]) : -1
    rebuildInnerFeather(
      feather, source: source,
      transform: container >= 0 ? geometry.worldTransforms[container] : .identity)
  }

  private mutating func rebuildInnerFeather(_ feather: Int, source: Int, transform: Transform2D) {
    let slot = Int(geometry.paintPathSlots[feather])
    guard slot >= 0 else { return }
    geometry.featherEffectDirty[feather] = false
    // The feather's values are read first and the path built by a static function: a method
    // of the instance given `&geometry.paintPaths[slot]` copied the whole instance, and then
    // the paths array it still shared, every path retained, on every rebuild.
    let cut = innerFeatherCut(feather, shapeTransform: transform)
    geometry.paintPaths[slot].rewind()
    let shape = geometry.paintPaths[source].raw
    Self.innerFeatherPath(of: shape, cut: cut, into: &geometry.paintPaths[slot].raw)
  }

  /// How an inner feather cuts its shape: the padding around the shape's bounds (one and a
  /// half strengths) and the offset of the cut-out in the shape's space (a world offset
  /// mapped by `shapeTransform`).
  func innerFeatherCut(_ feather: Int, shapeTransform: Transform2D) -> (pad: Float, offset: Vec2) {
    let pad = float(feather, Slot.featherStrength) * 1.5
    var offset = Vec2(float(feather, Slot.featherOffsetX), float(feather, Slot.featherOffsetY))
    if uint(feather, Slot.featherSpaceValue) == 0 {
      offset = shapeTransform.invertedOrIdentity().mapVector(offset)
    }
    return (pad, offset)
  }

  /// The path an inner feather draws (clipped to the shape): the shape's bounds padded by
  /// `cut.pad`, with the shape cut out of it backwards, moved by `cut.offset`.
  static func innerFeatherPath(
    of source: RawPath, cut: (pad: Float, offset: Vec2), into path: inout RawPath
  ) {
    let bounds = source.bounds()
    path.addRect(
      left: bounds.minX - cut.pad, top: bounds.minY - cut.pad, right: bounds.maxX + cut.pad,
      bottom: bounds.maxY + cut.pad)
    path.addPathBackwards(source, transform: .translation(cut.offset.x, cut.offset.y))
  }
}
