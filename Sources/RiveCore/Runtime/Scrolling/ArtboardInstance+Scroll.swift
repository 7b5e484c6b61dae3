@_spi(RiveFormatInternals) import RiveFormat

/// Scroll constraints: a scroll constraint is a child of a layout (the *content*) whose parent
/// is another layout (the *viewport*). It moves the content's laid-out children by its offset,
/// clamped to the range the solved layout leaves (the content's size less the viewport's), as
/// the official runtime's `ScrollConstraint` does.
extension ArtboardInstance {
  // MARK: - Structure

  /// Whether object `k` is a scroll constraint whose parent and grandparent are layouts.
  func isScrollConstraint(_ k: Int) -> Bool {
    guard k >= 0, k < model.types.count, model.types[k] == UInt16(TypeKey.scrollConstraint)
    else { return false }
    return scrollViewport(k) != nil
  }

  /// The content a scroll constraint scrolls (its parent layout).
  func scrollContent(_ k: Int) -> Int? {
    let parent = Int(model.parents[k])
    guard parent >= 0, model.isA(parent, TypeKey.layoutComponent) else { return nil }
    return parent
  }

  /// The viewport of a scroll constraint (its content's parent layout).
  func scrollViewport(_ k: Int) -> Int? {
    guard let content = scrollContent(k) else { return nil }
    let parent = Int(model.parents[content])
    guard parent >= 0, model.isA(parent, TypeKey.layoutComponent) else { return nil }
    return parent
  }

  /// The scroll constraint that moves layout child `c` (one on `c`'s parent), if any.
  @inline(__always)  // asked for every transform in the update pass; a call copied the instance
  func scrollConstraint(movingChild c: Int) -> Int? {
    let parent = Int(geometryModel.parents[c])
    guard parent >= 0, !geometryModel.constraints.isEmpty(parent),
      model.layout.providers[c] != .none
    else { return nil }
    for constraint in geometryModel.constraints[parent] where isScrollConstraint(Int(constraint)) {
      return Int(constraint)
    }
    return nil
  }

  /// The layout children a scroll constraint moves, in the content's child order.
  func scrollChildren(_ k: Int) -> [Int] {
    guard let content = scrollContent(k) else { return [] }
    return geometryModel.children[content].lazy.map { Int($0) }.filter(isScrollChild)
  }

  /// Whether a child of a scroll's content is one the scroll moves (a layout child). Frame
  /// paths walk the content's children with it rather than making ``scrollChildren(_:)``'s
  /// array.
  @inline(__always)
  func isScrollChild(_ child: Int) -> Bool { model.layout.providers[child] != .none }

  // MARK: - Settings

  /// The drag direction: 0 horizontal, 1 vertical, 2 both.
  func scrollDirection(_ k: Int) -> UInt32 { uint(k, Slot.draggableConstraintDirectionValue) }
  func scrollsHorizontally(_ k: Int) -> Bool { scrollDirection(k) != 1 }
  func scrollsVertically(_ k: Int) -> Bool {
    let direction = scrollDirection(k)
    return direction == 1 || direction == 2
  }
  func scrollIsInfinite(_ k: Int) -> Bool { bool(k, Slot.scrollConstraintInfinite) }
  func scrollVirtualizes(_ k: Int) -> Bool { bool(k, Slot.scrollConstraintVirtualize) }

  /// Whether the content lays its children out in a column (its main axis is vertical).
  func scrollMainAxisIsColumn(_ k: Int) -> Bool {
    // Without layout the runtime's layouts report a row.
    guard layout.isOn, let content = scrollContent(k), let item = model.layout.item(of: content)
    else {
      return false
    }
    let style = layoutStyleObject(item)
    guard style >= 0 else { return false }
    let direction = styleFlexDirection(style)
    return direction == .column || direction == .columnReverse
  }

  // MARK: - Sizes

  /// A layout's solved box (empty while layout is not solved).
  func scrollBox(_ c: Int) -> LayoutBox { layoutBox(of: c) ?? .zero }

  /// A layout's solved padding (left, top, right, bottom as left, top, width, height).
  func scrollPadding(_ c: Int) -> LayoutBox {
    guard layout.isOn, let item = model.layout.item(of: c), item < layout.items.count else {
      return .zero
    }
    return layout.items[item].padding
  }

  /// The content's gap along each axis (a percentage of the content's size when so styled).
  func scrollGap(_ k: Int) -> (x: Float, y: Float) {
    // Without layout the runtime's layouts report no gap.
    guard layout.isOn, let content = scrollContent(k), let item = model.layout.item(of: content)
    else {
      return (0, 0)
    }
    let style = layoutStyleObject(item)
    guard style >= 0 else { return (0, 0) }
    let box = scrollBox(content)
    func gap(_ slot: Int, _ unitSlot: Int, _ size: Float) -> Float {
      let value = float(style, slot)
      return uint(style, unitSlot) == 2 ? value / 100 * size : value
    }
    return (
      gap(
        Slot.layoutComponentStyleGapHorizontal, Slot.layoutComponentStyleGapHorizontalUnitsValue,
        box.width),
      gap(
        Slot.layoutComponentStyleGapVertical, Slot.layoutComponentStyleGapVerticalUnitsValue,
        box.height)
    )
  }

  /// The size a layout child takes along the scroll (an artboard list's is the run of its
  /// items' artboard sizes and gaps while it is virtualized).
  func scrollChildBounds(_ child: Int, scroll k: Int) -> LayoutBox {
    if let list = componentListIndex(child), scrollVirtualizes(k) {
      let sizes = virtualItemSizes(list)
      let gap = virtualListGap(child)
      let row = !scrollMainAxisIsColumn(k)
      var width: Float = 0
      var height: Float = 0
      for (index, size) in sizes.enumerated() {
        let between = index == sizes.count - 1 ? 0 : gap
        if row {
          width += size.width + between
          height = Swift.max(height, size.height)
        } else {
          width = Swift.max(width, size.width)
          height += size.height + between
        }
      }
      return LayoutBox(left: 0, top: 0, width: width, height: height)
    }
    return scrollBox(child)
  }

  func scrollContentWidth(_ k: Int) -> Float {
    guard let content = scrollContent(k) else { return 0 }
    if scrollVirtualizes(k) && !scrollMainAxisIsColumn(k) {
      return virtualContentLength(k, content: content, horizontal: true)
    }
    return scrollBox(content).width
  }

  func scrollContentHeight(_ k: Int) -> Float {
    guard let content = scrollContent(k) else { return 0 }
    if scrollVirtualizes(k) && scrollMainAxisIsColumn(k) {
      return virtualContentLength(k, content: content, horizontal: false)
    }
    return scrollBox(content).height
  }

  /// A virtualized content's length along its main axis: its children's, the gaps between
  /// them (and after the last when infinite) and, when finite, its padding.
  private func virtualContentLength(_ k: Int, content: Int, horizontal: Bool) -> Float {
    // The kept run of item sizes holds each child's bounds (a list's sum of its items).
    let run = virtualRun(k)
    var length: Float = 0
    var position = 0
    for raw in geometryModel.children[content] where isScrollChild(Int(raw)) {
      let bounds =
        run.map { position < $0.childBounds.count ? $0.childBounds[position] : .zero }
        ?? scrollChildBounds(Int(raw), scroll: k)
      length += horizontal ? bounds.width : bounds.height
      position += 1
    }
    let gap = scrollGap(k)
    let gaps = Float(position) - (scrollIsInfinite(k) ? 0 : 1)
    length += (horizontal ? gap.x : gap.y) * gaps
    if !scrollIsInfinite(k) {
      let padding = scrollPadding(content)
      length += horizontal ? padding.left + padding.width : padding.top + padding.height
    }
    return length
  }

  func scrollViewportWidth(_ k: Int) -> Float {
    guard let viewport = scrollViewport(k), let content = scrollContent(k) else { return 0 }
    let width = scrollBox(viewport).width
    return scrollDirection(k) == 1 ? width : Swift.max(0, width - scrollBox(content).left)
  }

  func scrollViewportHeight(_ k: Int) -> Float {
    guard let viewport = scrollViewport(k), let content = scrollContent(k) else { return 0 }
    let height = scrollBox(viewport).height
    return scrollDirection(k) == 0 ? height : Swift.max(0, height - scrollBox(content).top)
  }

  // MARK: - Range

  /// The furthest (most negative) offset along x: the content's overhang past the viewport.
  func scrollMaxOffsetX(_ k: Int) -> Float {
    if scrollIsInfinite(k) && !scrollMainAxisIsColumn(k) { return -.infinity }
    guard let viewport = scrollViewport(k) else { return 0 }
    return Swift.min(
      0, scrollViewportWidth(k) - scrollContentWidth(k) - scrollPadding(viewport).width)
  }

  func scrollMaxOffsetY(_ k: Int) -> Float {
    if scrollIsInfinite(k) && scrollMainAxisIsColumn(k) { return -.infinity }
    guard let viewport = scrollViewport(k) else { return 0 }
    return Swift.min(
      0, scrollViewportHeight(k) - scrollContentHeight(k) - scrollPadding(viewport).height)
  }

  /// The other end of the range: 0, or +infinity along an infinite main axis.
  func scrollMinOffsetX(_ k: Int) -> Float {
    scrollIsInfinite(k) && !scrollMainAxisIsColumn(k) ? .infinity : 0
  }

  func scrollMinOffsetY(_ k: Int) -> Float {
    scrollIsInfinite(k) && scrollMainAxisIsColumn(k) ? .infinity : 0
  }

  /// The offset the content is drawn at along x: the stored offset clamped to the range (the
  /// running physics' clamp while it runs, which lets elastic physics overscroll).
  func scrollClampedOffsetX(_ k: Int) -> Float {
    let offset = float(k, Slot.scrollConstraintScrollOffsetX)
    if scrollIsInfinite(k) { return offset }
    let maxOffset = scrollMaxOffsetX(k)
    if maxOffset > 0 { return 0 }
    if let physics = runningScrollPhysics(k) {
      return physics.clamp(
        rangeMin: (maxOffset, scrollMaxOffsetY(k)),
        rangeMax: (scrollMinOffsetX(k), scrollMinOffsetY(k)),
        value: (offset, float(k, Slot.scrollConstraintScrollOffsetY))
      ).x
    }
    return Float.minimum(Float.maximum(maxOffset, offset), 0)
  }

  func scrollClampedOffsetY(_ k: Int) -> Float {
    let offset = float(k, Slot.scrollConstraintScrollOffsetY)
    if scrollIsInfinite(k) { return offset }
    let maxOffset = scrollMaxOffsetY(k)
    if maxOffset > 0 { return 0 }
    if let physics = runningScrollPhysics(k) {
      return physics.clamp(
        rangeMin: (scrollMaxOffsetX(k), maxOffset),
        rangeMax: (scrollMinOffsetX(k), scrollMinOffsetY(k)),
        value: (float(k, Slot.scrollConstraintScrollOffsetX), offset)
      ).y
    }
    return Float.minimum(Float.maximum(maxOffset, offset), 0)
  }

  // MARK: - Applying

  /// Moves layout child `c` by the offset of the scroll constraint on its parent, in the
  /// parent's frame, blended by the constraint's strength. Run before `c`'s own constraints.
  mutating func applyScrollConstraint(_ c: Int, model g: GeometryModel) {
    guard let k = scrollConstraint(movingChild: c), !isCollapsed(k) else { return }
    resolveScrollIntents(k)
    let x = scrollsHorizontally(k) ? scrollClampedOffsetX(k) : 0
    let y = scrollsVertically(k) ? scrollClampedOffsetY(k) : 0
    guard x != 0 || y != 0, x.isFinite, y.isFinite else { return }
    moveInParentSpace(c, x: x, y: y, constraint: k, model: g)
  }

  /// Moves component `c`'s world transform by (`x`, `y`) in its parent's space, blended by
  /// constraint `k`'s strength (scroll constraints move content, scroll bars their thumb).
  mutating func moveInParentSpace(
    _ c: Int, x: Float, y: Float, constraint k: Int, model g: GeometryModel
  ) {
    let parent = parentWorld(c, model: g)
    let from = geometry.worldTransforms[c]
    var to = from
    to.tx += parent.xx * x + parent.yx * y
    to.ty += parent.xy * x + parent.yy * y
    let strength = float(k, Slot.constraintStrength)
    geometry.worldTransforms[c] =
      strength == 1 ? to : ArtboardInstance.blend(from: from, to: to, strength: strength)
  }

  /// A scroll's offset changed: its content's children move.
  mutating func scrollOffsetChanged(_ k: Int) {
    guard let content = scrollContent(k) else { return }
    markWorldTransformDirty(content)
    scrollBarsNeedPlacing(k)
  }
}
