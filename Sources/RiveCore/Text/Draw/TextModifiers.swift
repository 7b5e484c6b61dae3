import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// The modifier groups of a text component as they stand this frame: each group's ranges
/// give every scalar of the text a coverage, and a glyph's coverage (the mean over its
/// scalars) scales how much the group moves, rotates, scales and fades it — the runtime's
/// `TextModifierGroup` and `TextModifierRange`, with the groups' follow-path modifiers
/// (`TextFollowPathModifier`), the groups' variation modifiers (`TextVariationModifier`, which
/// set the covered text in other axis values of its font) and the ranges' cubic falloff
/// easing.
struct TextModifiers {
  private struct Range {
    var from: Float
    var to: Float
    var falloffFrom: Float
    var falloffTo: Float
    var strength: Float
    var units: UInt32
    var isUnitIndex: Bool
    var mode: UInt32
    var clamps: Bool
    /// The value run the range is limited to (its index among the text's runs).
    var run: Int?
    /// The cubic easing of the falloffs (the range's cubic interpolator component).
    var ease: Interpolator?
  }

  private struct Group {
    var flags: UInt32
    var opacity: Float
    var x: Float
    var y: Float
    var rotation: Float
    var scaleX: Float
    var scaleY: Float
    var originX: Float
    var originY: Float
    var ranges: [Range]
    var followPaths: [FollowPath] = []
    /// The variation modifiers' axes and values, in child order.
    var variations: [(tag: UInt32, value: Float)] = []

    func has(_ flag: UInt32) -> Bool { flags & flag != 0 }
  }

  /// A follow-path modifier: its target's paths measured in the text's space, and how glyphs
  /// sit on them.
  private struct FollowPath {
    var measure: PathMeasure
    /// Whether the path (all of the target's paths together) ends with a close.
    var isClosed: Bool
    var radial: Bool
    var orient: Bool
    var start: Float
    var end: Float
    var strength: Float
    var offset: Float

    /// Where a glyph whose origin (its advance's middle on the baseline, moved by the group's
    /// translation) is `position` goes along the path, and its rotation, blended with
    /// `current` by the strength.
    func place(
      _ current: (x: Float, y: Float, rotation: Float), position: Vec2,
      glyph: TextLayout.Glyph
    ) -> (x: Float, y: Float, rotation: Float) {
      let length = measure.length
      guard length != 0 else { return current }
      var startFraction = max(0, min(min(start, end), 1))
      var endFraction = max(0, min(max(start, end), 1))
      let wraps = isClosed && endFraction - startFraction == 1
      let validLength = (endFraction - startFraction) * length
      let offsetFraction = fmodf(fmodf(offset, 1) + 1, 1)
      startFraction += offsetFraction
      endFraction += offsetFraction
      func at(_ fraction: Float) -> (pos: Vec2, tan: Vec2) {
        let found = measure.atPercentage(fraction) ?? (.zero, .zero)
        return (found.pos, found.tan.normalized())
      }
      var point: Vec2
      let tangent: Vec2
      if (!wraps && position.x < 0) || startFraction == endFraction {
        // Before the path's start: along the start's tangent.
        let (pos, tan) = at(startFraction)
        tangent = tan
        point = Vec2(pos.x + tan.x * position.x, pos.y + tan.y * position.x)
      } else if !wraps && position.x > validLength {
        // Past its end: along the end's tangent.
        let (pos, tan) = at(endFraction)
        tangent = tan
        let extra = position.x - validLength
        point = Vec2(pos.x + tan.x * extra, pos.y + tan.y * extra)
      } else {
        let (pos, tan) = at(startFraction + position.x / length)
        point = pos
        tangent = tan
      }
      let translation: Vec2
      if radial {
        let spacing = position.y - glyph.lineBaseline
        translation = Vec2(point.x - spacing * tangent.y, point.y + spacing * tangent.x)
      } else {
        translation = Vec2(
          point.x, position.y - glyph.lineBaseline + point.y + glyph.previousLineBaseline)
      }
      let rotation = orient ? atan2f(tangent.y, tangent.x) : 0
      let t = max(0, min(strength, 1))
      let ti = 1 - t
      return (
        translation.x * t + current.x * ti, translation.y * t + current.y * ti,
        rotation * t + current.rotation * ti
      )
    }
  }

  private enum Flag {
    static let origin: UInt32 = 1 << 0
    static let translation: UInt32 = 1 << 2
    static let rotation: UInt32 = 1 << 3
    static let scale: UInt32 = 1 << 4
    static let opacity: UInt32 = 1 << 5
    static let invertOpacity: UInt32 = 1 << 6
  }

  private var groups: [Group] = []

  /// The modifier groups of text `c`; follow-path modifiers measure their targets in the
  /// space of `world` (the text's world transform), or are left out when `world` is nil
  /// (for coverage and variations only).
  init(text c: Int, world: Transform2D?, instance: ArtboardInstance, model g: GeometryModel) {
    // The run ids only matter (and are only gathered) when there is a group.
    var runIDs: [Int] = []
    var gathered = false
    for child in g.children[c]
    where UInt32(instance.model.types[Int(child)]) == TypeKey.textModifierGroup {
      let k = Int(child)
      if !gathered {
        gathered = true
        for run in g.children[c]
        where UInt32(instance.model.types[Int(run)]) == TypeKey.textValueRun {
          runIDs.append(Int(run))
        }
      }
      var group = Group(
        flags: instance.uint(k, Slot.textModifierGroupModifierFlags),
        opacity: instance.float(k, Slot.textModifierGroupOpacity),
        x: instance.float(k, Slot.textModifierGroupX),
        y: instance.float(k, Slot.textModifierGroupY),
        rotation: instance.float(k, Slot.textModifierGroupRotation),
        scaleX: instance.float(k, Slot.textModifierGroupScaleX),
        scaleY: instance.float(k, Slot.textModifierGroupScaleY),
        originX: instance.float(k, Slot.textModifierGroupOriginX),
        originY: instance.float(k, Slot.textModifierGroupOriginY), ranges: [])
      for item in g.children[k]
      where UInt32(instance.model.types[Int(item)]) == TypeKey.textModifierRange {
        let r = Int(item)
        let offset = instance.float(r, Slot.textModifierRangeOffset)
        let runID = Int(instance.uint(r, Slot.textModifierRangeRunId))
        group.ranges.append(
          Range(
            from: instance.float(r, Slot.textModifierRangeModifyFrom) + offset,
            to: instance.float(r, Slot.textModifierRangeModifyTo) + offset,
            falloffFrom: instance.float(r, Slot.textModifierRangeFalloffFrom) + offset,
            falloffTo: instance.float(r, Slot.textModifierRangeFalloffTo) + offset,
            strength: instance.float(r, Slot.textModifierRangeStrength),
            units: instance.uint(r, Slot.textModifierRangeUnitsValue),
            isUnitIndex: instance.uint(r, Slot.textModifierRangeTypeValue) == 1,
            mode: instance.uint(r, Slot.textModifierRangeModeValue),
            clamps: instance.bool(r, Slot.textModifierRangeClamp),
            run: runIDs.firstIndex(of: runID),
            ease: TextModifiers.ease(ofRange: r, instance: instance, model: g)))
      }
      for item in g.children[k] {
        let m = Int(item)
        switch UInt32(instance.model.types[m]) {
        case TypeKey.textFollowPathModifier:
          guard let world else { continue }
          group.followPaths.append(
            TextModifiers.followPath(m, textWorld: world, instance: instance, model: g))
        case TypeKey.textVariationModifier:
          group.variations.append(
            (
              instance.uint(m, Slot.textVariationModifierAxisTag),
              instance.float(m, Slot.textVariationModifierAxisValue)
            ))
        default:
          break
        }
      }
      groups.append(group)
    }
  }

  var isEmpty: Bool { groups.isEmpty }

  /// Whether text `c` has a variation modifier (it is then shaped twice: once to find the
  /// ranges' coverage, once with the varied fonts).
  static func textVaries(_ c: Int, instance: ArtboardInstance, model g: GeometryModel) -> Bool {
    g.children[c].contains { group in
      UInt32(instance.model.types[Int(group)]) == TypeKey.textModifierGroup
        && g.children[Int(group)].contains {
          UInt32(instance.model.types[Int($0)]) == TypeKey.textVariationModifier
        }
    }
  }

  /// `runs` with the stretches each variation group covers set in varied fonts, as the
  /// runtime's `TextModifierGroup::applyShapeModifiers` does: group by group, every run (of
  /// those layout keeps) is cut where the group's coverage changes, and a stretch with
  /// coverage takes its style's font with each of the group's axes moved from the value it
  /// has towards the modifier's by the coverage. A later group's stretch starts again from
  /// the style's font.
  ///
  /// - Parameters:
  ///   - runs: The text's runs (the style's font in each).
  ///   - coverage: Per group, per scalar of the laid-out text, from ``coverage(layout:)``.
  /// - Returns: The stretches to lay out, each naming its run as `source`.
  func varied(_ runs: [TextRunInput], coverage: [[Float]]) -> [TextRunInput] {
    typealias Piece = (input: TextRunInput, styleFont: TextFont, scalars: [Unicode.Scalar])
    var pieces: [Piece] = []
    for (index, run) in runs.enumerated() {
      guard run.style >= 0, let font = run.font, !run.text.isEmpty else { continue }
      var input = run
      input.source = index
      pieces.append((input, font, Array(run.text.unicodeScalars)))
    }
    for (g, group) in groups.enumerated() where !group.variations.isEmpty {
      let groupCoverage = coverage[g]
      func amount(at i: Int) -> Float { i < groupCoverage.count ? groupCoverage[i] : 0 }
      var next: [Piece] = []
      var offset = 0
      for piece in pieces {
        var start = 0
        while start < piece.scalars.count {
          let value = amount(at: offset + start)
          var end = start + 1
          while end < piece.scalars.count, amount(at: offset + end) == value { end += 1 }
          var stretch = piece
          stretch.scalars = Array(piece.scalars[start..<end])
          var text = ""
          text.unicodeScalars.append(contentsOf: stretch.scalars)
          stretch.input.text = text
          if value != 0 {
            stretch.input.font = Self.font(piece.styleFont, group.variations, strength: value)
          }
          next.append(stretch)
          start = end
        }
        offset += piece.scalars.count
      }
      pieces = next
    }
    return pieces.map(\.input)
  }

  /// `font` with each axis moved from its value towards the modifier's by `strength` (an axis
  /// named twice moves on from where the first left it).
  private static func font(
    _ font: TextFont, _ variations: [(tag: UInt32, value: Float)], strength: Float
  ) -> TextFont {
    var values: [(tag: UInt32, value: Float)] = []
    for variation in variations {
      let index = values.firstIndex { $0.tag == variation.tag }
      let from = index.map { values[$0].value } ?? font.axisValue(variation.tag)
      let value = from * (1 - strength) + variation.value * strength
      if let index { values[index].value = value } else { values.append((variation.tag, value)) }
    }
    return font.withOptions(axes: values, features: [])
  }

  /// A range's falloff easing: its last cubic interpolator component.
  private static func ease(
    ofRange r: Int, instance: ArtboardInstance, model g: GeometryModel
  ) -> Interpolator? {
    guard
      let k = g.children[r].last(where: {
        UInt32(instance.model.types[Int($0)]) == TypeKey.cubicInterpolatorComponent
      }).map(Int.init)
    else { return nil }
    return .cubicEase(
      CubicCurve(
        x1: instance.float(k, Slot.cubicInterpolatorComponentX1),
        x2: instance.float(k, Slot.cubicInterpolatorComponentX2)),
      y1: instance.float(k, Slot.cubicInterpolatorComponentY1),
      y2: instance.float(k, Slot.cubicInterpolatorComponentY2))
  }

  /// A follow-path modifier as it stands: its target's paths in world space (a shape's
  /// paths, or one path), brought into the text's space (without a target, or when the text's
  /// transform cannot be inverted, there is no path and glyphs stay where they are).
  private static func followPath(
    _ k: Int, textWorld: Transform2D, instance: ArtboardInstance, model g: GeometryModel
  ) -> FollowPath {
    var world = RawPath()
    let targetID = instance.uint(k, Slot.textTargetModifierTargetId)
    let target = Int(targetID)
    if targetID != UInt32.max, target < g.objectCount, instance.model.types[target] != 0 {
      _ = instance.appendWorldPaths(of: target, to: &world, model: g)
    }
    var local = RawPath()
    if let inverse = textWorld.inverted() {
      local.addPath(world, transform: inverse, prune: false)
    }
    return FollowPath(
      measure: PathMeasure(local, tolerance: 0.1), isClosed: local.verbs.last == .close,
      radial: instance.bool(k, Slot.textFollowPathModifierRadial),
      orient: instance.bool(k, Slot.textFollowPathModifierOrient),
      start: instance.float(k, Slot.textFollowPathModifierStart),
      end: instance.float(k, Slot.textFollowPathModifierEnd),
      strength: instance.float(k, Slot.textFollowPathModifierStrength),
      offset: instance.float(k, Slot.textFollowPathModifierOffset))
  }

  /// Per group, per scalar of the text, how much the group applies.
  func coverage(layout: TextLayout) -> [[Float]] {
    groups.map { group in
      var coverage = [Float](repeating: 0, count: layout.scalars.count)
      for range in group.ranges { apply(range, layout: layout, to: &coverage) }
      return coverage
    }
  }

  /// The units of a range: each unit's first scalar and length, then the end scalar.
  private func units(of range: Range, layout: TextLayout) -> (
    starts: [Int], lengths: [Int]
  ) {
    var start = 0
    var end = layout.scalars.count
    if let run = range.run {
      let span = layout.runRanges[run] ?? (0, 0)
      start = span.start
      end = span.start + span.count
    }
    var starts: [Int] = []
    var lengths: [Int] = []
    guard !layout.scalars.isEmpty else { return (starts, lengths) }
    func add(_ from: Int, _ to: Int) {
      guard to > start && end > from else { return }
      let first = max(start, from)
      let last = min(end, to)
      if last > first {
        starts.append(first)
        lengths.append(last - first)
      }
    }
    switch range.units {
    case 2:
      // Words: stretches between white space.
      var wantWhiteSpace = false
      var count = 0
      var from = 0
      for (index, scalar) in layout.scalars.enumerated() {
        if wantWhiteSpace == TextShaper.isWhiteSpace(scalar) {
          if !wantWhiteSpace {
            from = index
          } else {
            add(from, from + count)
            count = 0
          }
          wantWhiteSpace.toggle()
        }
        if wantWhiteSpace { count += 1 }
      }
      if count > 0 { add(from, from + count) }
    case 3:
      for line in layout.lineRanges { add(line.from, line.to) }
    default:
      var i = start
      while i < end {
        if range.units == 1 && TextShaper.isWhiteSpace(layout.scalars[i]) {
          i += 1
          continue
        }
        let count = layout.scalarCount(at: i)
        starts.append(i)
        lengths.append(count)
        i += count
      }
    }
    starts.append(end)
    return (starts, lengths)
  }

  private func apply(_ range: Range, layout: TextLayout, to coverage: inout [Float]) {
    let (starts, lengths) = units(of: range, layout: layout)
    guard !starts.isEmpty else { return }
    let count = Float(lengths.count)
    let scale: Float = range.isUnitIndex ? 1 : count
    let from = range.from * scale
    let to = range.to * scale
    let falloffFrom = range.falloffFrom * scale
    let falloffTo = range.falloffTo * scale
    func coverageAt(_ t: Float) -> Float {
      guard to >= from, t >= from, t <= to else { return 0 }
      if t < falloffFrom {
        let span = max(0, falloffFrom - from)
        let c = span == 0 ? 1 : max(0, t - from) / span
        return range.ease?.transform(c) ?? c
      }
      if t > falloffTo {
        let span = max(0, to - falloffTo)
        let c = span == 0 ? 1 : 1 - min(1, (t - falloffTo) / span)
        return range.ease?.transform(c) ?? c
      }
      return 1
    }
    for unit in lengths.indices {
      let first = starts[unit]
      let c = range.strength * coverageAt(Float(unit) + 0.5)
      for i in first..<(first + lengths[unit]) where i < coverage.count {
        var current = coverage[i]
        switch range.mode {
        case 1: current -= c
        case 2: current *= c
        case 3: current = min(current, c)
        case 4: current = max(current, c)
        case 5: current = abs(current - c)
        default: current += c
        }
        coverage[i] = range.clamps ? max(0, min(1, current)) : current
      }
      // What lies between this unit and the next has no coverage.
      if unit + 1 < starts.count {
        var i = first + lengths[unit]
        while i < starts[unit + 1] && i < coverage.count {
          coverage[i] = 0
          i += 1
        }
      }
    }
  }

  /// Moves and fades one glyph by every group, in group order.
  func apply(
    glyph: TextLayout.Glyph, coverage: [[Float]], centerX: Float, transform: inout Transform2D,
    opacity: inout Float
  ) {
    for (index, group) in groups.enumerated() {
      var amount: Float = 0
      let groupCoverage = coverage[index]
      let count = max(1, glyph.scalarCount)
      for i in glyph.textIndex..<(glyph.textIndex + count) where i < groupCoverage.count {
        amount += groupCoverage[i]
      }
      amount /= Float(count)
      let follows = !group.followPaths.isEmpty
      let transforms =
        group.flags & (Flag.translation | Flag.rotation | Flag.scale | Flag.origin) != 0
      if amount != 0 && (transforms || follows) {
        var x: Float = 0
        var y: Float = 0
        var scaleX: Float = 1
        var scaleY: Float = 1
        var rotation: Float = 0
        if follows {
          // The glyph's origin is its advance's middle on the baseline, moved by the
          // group's translation; the paths place it and the difference is what moves.
          let origin = Vec2(glyph.x + centerX, glyph.baseline)
          var position = origin
          if group.has(Flag.translation) { position = origin + Vec2(group.x, group.y) }
          var placed = (x: origin.x, y: origin.y, rotation: Float(0))
          for followPath in group.followPaths {
            placed = followPath.place(placed, position: position, glyph: glyph)
          }
          rotation = placed.rotation * amount
          x = (placed.x - origin.x) * amount
          y = (placed.y - origin.y) * amount
        } else if group.has(Flag.translation) {
          x = group.x * amount
          y = group.y * amount
        }
        if group.has(Flag.scale) {
          scaleX = 1 - amount + group.scaleX * amount
          scaleY = 1 - amount + group.scaleY * amount
        }
        if group.has(Flag.rotation) { rotation += group.rotation * amount }
        var parts = Transform2D.rotation(rotation)
        parts.tx = x
        parts.ty = y
        parts.scaleByValues(scaleX, scaleY)
        let movesOrigin = group.has(Flag.origin)
        if movesOrigin {
          transform.tx += group.originX
          transform.ty += group.originY
        }
        transform = parts * transform
        if movesOrigin {
          transform.tx -= group.originX
          transform.ty -= group.originY
        }
      }
      if group.has(Flag.opacity) {
        opacity =
          group.has(Flag.invertOpacity)
          ? opacity * (1 - amount) + group.opacity * amount : opacity * group.opacity * amount
      }
    }
  }
}
