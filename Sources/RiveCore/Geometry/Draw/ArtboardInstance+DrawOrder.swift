@_spi(RiveFormatInternals) import RiveFormat

/// The draw order: drawables back to front, regrouped by draw rules and targets, with clip
/// starts and ends interleaved where the set of clips changes — as the runtime's artboard sorts
/// it.
extension ArtboardInstance {
  /// The active draw target of a draw rules object, or -1.
  private func activeTarget(_ rules: Int) -> Int {
    let value = uint(rules, Slot.drawRulesDrawTargetId)
    let target = Int(value)
    guard value != UInt32.max, target < model.types.count,
      geometryModel.kinds[target] == .drawTarget
    else { return -1 }
    return target
  }

  mutating func sortDrawOrder() {
    let g = geometryModel
    let count = g.drawables.count
    // Linked list over the drawables (indices into g.drawables), then clip proxies appended.
    var items: [DrawItem] = []
    items.reserveCapacity(count + 2 * g.clippingShapes.count)
    for index in 0..<count {
      let id = g.drawables[index]
      items.append(g.isProxy(drawableAt: index) ? .proxy(id) : .drawable(id))
    }
    var prev = [Int](filling: -1, count: count)
    var next = [Int](filling: -1, count: count)
    var targetFirst = [Int](filling: -1, count: g.drawTargets.count)
    var targetLast = [Int](filling: -1, count: g.drawTargets.count)
    var targetIndex: [Int: Int] = [:]
    for (i, target) in g.drawTargets.enumerated() { targetIndex[Int(target)] = i }

    var lastDrawable = -1
    for i in 0..<count {
      let rules = g.rules(ofDrawable: i)
      let target = rules >= 0 ? activeTarget(rules) : -1
      if target >= 0, let t = targetIndex[target] {
        if targetFirst[t] < 0 {
          targetFirst[t] = i
          targetLast[t] = i
          prev[i] = -1
          next[i] = -1
        } else {
          next[targetLast[t]] = i
          prev[i] = targetLast[t]
          targetLast[t] = i
          next[i] = -1
        }
      } else {
        prev[i] = lastDrawable
        next[i] = -1
        if lastDrawable >= 0 { next[lastDrawable] = i }
        lastDrawable = i
      }
    }
    for (t, target) in g.drawTargets.enumerated() where targetFirst[t] >= 0 {
      let drawableID = uint(Int(target), Slot.drawTargetDrawableId)
      guard
        let targetDrawable = (0..<count).first(where: {
          !g.isProxy(drawableAt: $0) && UInt32(g.drawables[$0]) == drawableID
        })
      else { continue }
      let first = targetFirst[t]
      let last = targetLast[t]
      if uint(Int(target), Slot.drawTargetPlacementValue) == 0 {
        // Before the target drawable.
        if prev[targetDrawable] >= 0 {
          next[prev[targetDrawable]] = first
          prev[first] = prev[targetDrawable]
        }
        prev[targetDrawable] = last
        next[last] = targetDrawable
      } else {
        if next[targetDrawable] >= 0 {
          prev[next[targetDrawable]] = last
          next[last] = next[targetDrawable]
        }
        if targetDrawable == lastDrawable { lastDrawable = last }
        next[targetDrawable] = first
        prev[first] = targetDrawable
      }
    }

    // Walk in draw order (from the last drawable backwards), inserting clip proxies.
    var sequence: [DrawItem] = []
    sequence.reserveCapacity(count + 2 * g.clippingShapes.count)
    var clipStack: [Int32] = []
    // Membership in O(1): which clips the current drawable has (stamped with its step) and
    // which are on the stack — so deep clip nesting sorts in quadratic, not cubic, time.
    var stamp = [Int32](filling: -1, count: g.objectCount)
    var onStack = [Bool](filling: false, count: g.objectCount)
    var current = lastDrawable
    var steps = 0
    while current >= 0, steps <= 2 * count + 2 {
      steps += 1
      let clips = drawableClipList(items[current], model: g)
      for clip in clips { stamp[Int(clip)] = Int32(steps) }
      var removingIndex = clipStack.count
      for (i, clip) in clipStack.enumerated() where stamp[Int(clip)] != Int32(steps) {
        removingIndex = i
        break
      }
      if removingIndex < clipStack.count {
        for i in stride(from: clipStack.count - 1, through: removingIndex, by: -1) {
          sequence.append(.clipEnd(clipStack[i]))
          onStack[Int(clipStack[i])] = false
        }
        clipStack.removeSubrange(removingIndex..<clipStack.count)
      }
      for clip in clips where !onStack[Int(clip)] {
        sequence.append(.clipStart(clip))
        clipStack.append(clip)
        onStack[Int(clip)] = true
      }
      sequence.append(items[current])
      current = prev[current]
    }
    for clip in clipStack.reversed() { sequence.append(.clipEnd(clip)) }
    geometry.drawOrder = sequence
    clearRedundantOperations()
  }

  private func drawableClipList(_ item: DrawItem, model g: GeometryModel) -> ArraySlice<Int32> {
    switch item {
    case .drawable(let id): return g.drawableClips[Int(id)]
    default: return g.drawableClips[-1]
    }
  }

  /// Works out which draw entries save and restore: a drawable tightly wrapped in a clip (or
  /// consecutive clips) relies on the clip's save.
  mutating func clearRedundantOperations() {
    let order = geometry.drawOrder
    var needsSave = [Bool](filling: true, count: order.count)
    var hasClips = false
    var prevAppliedSave = false
    var applied: [Bool] = []
    for i in 0..<order.count {
      let item = order[i]
      let isStart: Bool
      let isEnd: Bool
      switch item {
      case .clipStart: (isStart, isEnd) = (true, false)
      case .clipEnd: (isStart, isEnd) = (false, true)
      default: (isStart, isEnd) = (false, false)
      }
      hasClips = hasClips || isStart || isEnd
      if prevAppliedSave {
        if isStart {
          applied.append(false)
          needsSave[i] = false
        } else if isEnd {
          needsSave[i] = applied.popLast() ?? true
        } else if i + 1 < order.count, case .clipEnd = order[i + 1] {
          needsSave[i] = false
        }
      } else if isStart {
        applied.append(true)
      } else if isEnd {
        needsSave[i] = applied.popLast() ?? true
      }
      var willClip = false
      if case .clipStart(let clip) = item {
        willClip = bool(Int(clip), Slot.clippingShapeIsVisible)
      }
      prevAppliedSave = isStart && (willClip || prevAppliedSave)
    }
    geometry.drawNeedsSave = needsSave
    geometry.drawOrderHasClips = hasClips
  }
}
