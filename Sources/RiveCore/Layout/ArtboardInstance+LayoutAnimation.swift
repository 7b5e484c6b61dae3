@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Layout animation: a layout (or participant) whose style animates moves from its old box to
/// its newly solved one over the style's time, eased by its interpolator; a new target while
/// moving is reached smoothly from where the previous animation had got to.
extension ArtboardInstance {
  /// The easing of interpolator object `id` of this artboard (a cubic or elastic
  /// interpolator), or nil.
  func layoutCurve(ofObject id: Int) -> LayoutCurve? {
    guard id >= 0, id < model.types.count else { return nil }
    let type = UInt32(model.types[id])
    switch type {
    case TypeKey.cubicEaseInterpolator, TypeKey.cubicValueInterpolator:
      return LayoutCurve(
        type: type, a: float(id, Slot.cubicInterpolatorX1), b: float(id, Slot.cubicInterpolatorY1),
        c: float(id, Slot.cubicInterpolatorX2), d: float(id, Slot.cubicInterpolatorY2))
    case TypeKey.elasticInterpolator:
      return LayoutCurve(
        type: type, a: float(id, Slot.elasticInterpolatorAmplitude),
        b: float(id, Slot.elasticInterpolatorPeriod), c: 0, d: 0,
        easing: uint(id, Slot.elasticInterpolatorEasingValue))
    default:
      return nil
    }
  }

  /// Advances every layout animation by `seconds` on a new frame; returns whether one still
  /// moves.
  mutating func advanceLayoutAnimations(_ seconds: Float, animate: Bool) -> Bool {
    guard layout.isOn, model.layout.animates || hasAnimatingParticipants else { return false }
    var moving = false
    for item in model.layout.items.indices {
      let entry = model.layout.items[item]
      if entry.participant >= 0 {
        if layout.has(item, LayoutItemFlag.animating),
          advanceParticipantAnimation(item, seconds, animate: animate)
        {
          moving = true
        }
      } else if !isCollapsed(Int(entry.component)),
        advanceLayoutAnimation(item, seconds, animate: animate)
      {
        moving = true
      }
    }
    return moving
  }

  private var hasAnimatingParticipants: Bool {
    guard layout.isOn else { return false }
    return layout.items.contains { $0.flags & LayoutItemFlag.animating != 0 }
  }

  /// The eased factor of `track` after `track.elapsed` of `time`.
  private func easedFactor(
    _ track: LayoutTrack, time: Float, interpolation: UInt8, interpolator: LayoutCurve?
  ) -> Float {
    var f = min(1, time > 0 ? track.elapsed / time : 1)
    if interpolation != 1, let curve = interpolator?.interpolator {
      f = curve.transform(f)
    }
    return f
  }

  /// While an item smooths towards a new target, moves the second track's start along the
  /// first (interrupted) track; when that track is done, the second takes its place. Returns
  /// whether the item is still smoothing.
  private mutating func stepSmoothing(
    _ item: Int, _ seconds: Float, time: Float, interpolation: UInt8, interpolator: LayoutCurve?
  ) -> Bool {
    let f = easedFactor(
      layout.items[item].trackA, time: time, interpolation: interpolation,
      interpolator: interpolator)
    layout.items[item].trackB.from = layout.items[item].trackA.from.interpolated(
      to: layout.items[item].trackA.to, f)
    if f == 1 {
      layout.items[item].trackA = layout.items[item].trackB
      layout.set(item, LayoutItemFlag.isSmoothing, false)
      return false
    }
    layout.items[item].trackA.elapsed += seconds
    return true
  }

  /// One step of a layout component's animation (the runtime's `applyInterpolation`).
  private mutating func advanceLayoutAnimation(_ item: Int, _ seconds: Float, animate: Bool)
    -> Bool
  {
    guard animate, layoutAnimates(item), layout.isOn else { return false }
    let c = Int(model.layout.items[item].component)
    let time = layoutInterpolationTime(item)
    let interpolation = layoutInterpolation(item)
    let interpolator = layoutInterpolator(item)
    var smoothing = layout.has(item, LayoutItemFlag.isSmoothing)
    if (smoothing ? layout.items[item].trackB : layout.items[item].trackA).to
      == layout.items[item].box
    {
      return false
    }
    if smoothing {
      smoothing = stepSmoothing(
        item, seconds, time: time, interpolation: interpolation, interpolator: interpolator)
    }
    let track = smoothing ? layout.items[item].trackB : layout.items[item].trackA
    if track.elapsed >= time {
      let target = track.to
      if layout.items[item].box.width != target.width
        || layout.items[item].box.height != target.height
      {
        addDirt(c, Dirt.path)
      }
      layout.items[item].box = target
      if smoothing {
        layout.set(item, LayoutItemFlag.isSmoothing, false)
        layout.items[item].trackA = layout.items[item].trackB
        layout.items[item].trackA.elapsed = 0
        layout.items[item].trackB.elapsed = 0
      } else {
        layout.items[item].trackA.elapsed = 0
      }
      propagateLayoutSize(item)
      markWorldTransformDirty(c)
      return false
    }
    let f = easedFactor(track, time: time, interpolation: interpolation, interpolator: interpolator)
    let current = track.from.interpolated(to: track.to, f)
    if layout.items[item].box != current {
      let sizeChanged =
        layout.items[item].box.width != current.width
        || layout.items[item].box.height != current.height
      layout.items[item].box = current
      if sizeChanged {
        addDirt(c, Dirt.path)
        propagateLayoutSize(item)
      }
      markWorldTransformDirty(c)
    }
    if smoothing {
      layout.items[item].trackB.elapsed += seconds
    } else {
      layout.items[item].trackA.elapsed += seconds
    }
    if f != 1 {
      markLayoutNodeDirty(item)
      return true
    }
    return false
  }

  /// One step of a participant's animation (its layout's settings).
  private mutating func advanceParticipantAnimation(
    _ item: Int, _ seconds: Float, animate: Bool
  ) -> Bool {
    guard animate, layout.isOn else { return false }
    let time = layout.items[item].participantTime
    let interpolation = layout.items[item].participantInterpolation
    let interpolator = layout.items[item].participantInterpolator
    var smoothing = layout.has(item, LayoutItemFlag.isSmoothing)
    if (smoothing ? layout.items[item].trackB : layout.items[item].trackA).to
      == layout.items[item].box
    {
      return false
    }
    let host = Int(model.layout.items[item].component)
    if smoothing {
      smoothing = stepSmoothing(
        item, seconds, time: time, interpolation: interpolation, interpolator: interpolator)
    }
    let track = smoothing ? layout.items[item].trackB : layout.items[item].trackA
    if track.elapsed >= time {
      layout.items[item].box = track.to
      if smoothing {
        layout.set(item, LayoutItemFlag.isSmoothing, false)
        layout.items[item].trackA = layout.items[item].trackB
        layout.items[item].trackA.elapsed = 0
        layout.items[item].trackB.elapsed = 0
      } else {
        layout.items[item].trackA.elapsed = 0
      }
      applyParticipantSize(item)
      markWorldTransformDirty(host)
      return false
    }
    let f = easedFactor(track, time: time, interpolation: interpolation, interpolator: interpolator)
    let current = track.from.interpolated(to: track.to, f)
    if layout.items[item].box != current {
      layout.items[item].box = current
      applyParticipantSize(item)
      markWorldTransformDirty(host)
    }
    if smoothing {
      layout.items[item].trackB.elapsed += seconds
    } else {
      layout.items[item].trackA.elapsed += seconds
    }
    return f != 1
  }
}

/// An interpolator as layout animation passes it down: its kind and parameters rather than its
/// object, since layouts of hosted artboards (nested artboard layouts, list items) inherit
/// their host's interpolator, an object of another artboard.
struct LayoutCurve: Sendable, Equatable {
  /// The interpolator's type key.
  var type: UInt32
  /// x1, y1, x2, y2 of a cubic; amplitude and period of an elastic.
  var a: Float
  var b: Float
  var c: Float
  var d: Float
  /// An elastic's easing.
  var easing: UInt32 = 0

  /// The easing it stands for.
  var interpolator: Interpolator? {
    switch type {
    case TypeKey.cubicEaseInterpolator:
      return .cubicEase(CubicCurve(x1: a, x2: c), y1: b, y2: d)
    case TypeKey.cubicValueInterpolator:
      return .cubicValue(CubicCurve(x1: a, x2: c), y1: b, y2: d)
    case TypeKey.elasticInterpolator:
      return .elastic(
        ElasticCurve(
          easing: ElasticCurve.Easing(rawValue: easing) ?? .easeOut, amplitude: a, period: b))
    default:
      return nil
    }
  }
}
