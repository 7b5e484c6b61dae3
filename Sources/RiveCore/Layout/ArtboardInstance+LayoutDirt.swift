@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// What a property change means for layout: which layouts sync and solve again, as the
/// official runtime's change handlers decide.
extension ArtboardInstance {
  /// Property `key` of object `id` changed while layout is solved.
  mutating func layoutPropertyChanged(_ id: Int, key: UInt16) {
    guard layout.isOn, id >= 0, id < model.types.count else { return }
    let type = UInt32(model.types[id])
    switch type {
    case TypeKey.layoutComponentStyle:
      let owner = Int(model.layout.styleOwners[id])
      guard owner >= 0 else { return }
      layoutStyleChanged(owner, style: id, key: key)
    case TypeKey.layoutParticipant:
      // Any sizing change: synced again with its layout.
      if let item = model.layout.item(of: id) { markLayoutNodeDirty(item) }
    case TypeKey.gridTrack:
      let parent = Int(model.parents[id])
      if let item = model.layout.item(of: parent), model.layout.providers[parent] == .layout {
        markLayoutNodeDirty(item)
      }
    case TypeKey.artboardComponentListOverride:
      // An instance size or scale of a list's items changed.
      let list = Int(model.parents[id])
      if list >= 0, model.layout.providers[list] == .componentList {
        nestedLayoutOverridesChanged(list)
      }
    case TypeKey.gridItemPlacement:
      if let item = model.layout.item(of: Int(model.parents[id])) { markLayoutNodeDirty(item) }
    default:
      if let item = model.layout.item(of: id), model.layout.providers[id] == .layout {
        switch key {
        case PropertyKey.layoutComponentWidth, PropertyKey.layoutComponentHeight,
          PropertyKey.layoutComponentFractionalWidth, PropertyKey.layoutComponentFractionalHeight,
          PropertyKey.layoutComponentStyleId:
          markLayoutNodeDirty(item)
        case PropertyKey.layoutComponentClip:
          markLayoutNodeDirty(item)
          addDirt(id, Dirt.path)
        default:
          break
        }
        return
      }
      switch key {
      case PropertyKey.nestedArtboardLayoutInstanceWidth,
        PropertyKey.nestedArtboardLayoutInstanceHeight,
        PropertyKey.nestedArtboardLayoutInstanceWidthUnitsValue,
        PropertyKey.nestedArtboardLayoutInstanceHeightUnitsValue,
        PropertyKey.nestedArtboardLayoutInstanceWidthScaleType,
        PropertyKey.nestedArtboardLayoutInstanceHeightScaleType:
        if model.layout.providers[id] == .nestedLayout { nestedLayoutOverridesChanged(id) }
      case PropertyKey.parametricPathWidth, PropertyKey.parametricPathHeight,
        PropertyKey.parametricPathOriginX, PropertyKey.parametricPathOriginY:
        if geometryModel.kinds[id].isParametric { parametricPathSentToLayout(id) }
      case PropertyKey.soloActiveComponentId:
        if geometryModel.kinds[id] == .solo, let owner = layoutParent(of: id),
          let item = model.layout.item(of: owner)
        {
          syncLayoutChildren(item)
        }
      default:
        break
      }
    }
  }

  /// A layout component style's property changed.
  private mutating func layoutStyleChanged(_ owner: Int, style: Int, key: UInt16) {
    switch key {
    case PropertyKey.layoutComponentStyleInterpolationTime,
      PropertyKey.layoutComponentStyleCornerRadiusTL,
      PropertyKey.layoutComponentStyleCornerRadiusTR,
      PropertyKey.layoutComponentStyleCornerRadiusBL,
      PropertyKey.layoutComponentStyleCornerRadiusBR:
      markLayoutStyleDirty(owner)
    case PropertyKey.layoutComponentStylePositionLeft:
      layout.set(owner, LayoutItemFlag.positionLeftChanged, true)
      markLayoutNodeDirty(owner)
    case PropertyKey.layoutComponentStylePositionTop:
      layout.set(owner, LayoutItemFlag.positionTopChanged, true)
      markLayoutNodeDirty(owner)
    case PropertyKey.layoutSizingStyleLayoutWidthScaleType,
      PropertyKey.layoutSizingStyleLayoutHeightScaleType:
      // A hugging axis makes the style intrinsically sized.
      let hugs =
        widthScale(ofStyle: style) == .hug || heightScale(ofStyle: style) == .hug
      setLayoutSlot(
        style, Slot.layoutComponentStyleIntrinsicallySizedValue,
        key: PropertyKey.layoutComponentStyleIntrinsicallySizedValue, hugs ? 1 : 0)
      markLayoutNodeDirty(owner)
    case PropertyKey.layoutSizingStyleDisplayValue:
      // The layout itself collapses or comes back (``collapse(_:_:)`` adds its display), and
      // with it what it holds.
      let c = Int(model.layout.items[owner].component)
      if owner != 0 { collapse(c, collapsedByParent(c)) }
      markLayoutNodeDirty(owner)
    case PropertyKey.layoutComponentStylePositionTypeValue:
      positionTypeChanged(owner, style: style)
      markLayoutNodeDirty(owner)
    case PropertyKey.layoutComponentStyleFlexDirectionValue,
      PropertyKey.layoutComponentStyleLayoutTypeValue:
      markLayoutNodeDirty(owner)
      // How each child's style maps onto the engine changed.
      var hosts: [Int] = []
      for (child, provider) in layoutProviderList(of: Int(model.layout.items[owner].component)) {
        if provider == .layout || provider == .participant,
          let item = model.layout.item(of: child)
        {
          markLayoutNodeDirty(item)
          if provider == .layout { markLayoutDirty(item) }
        } else if provider == .nestedLayout || provider == .componentList {
          hosts.append(child)
        }
      }
      // Hosted artboards take their parent's direction and stack-ness from their host.
      for host in hosts { refreshHostOverrides(host) }
    case PropertyKey.layoutComponentStyleDirectionValue:
      markLayoutStyleDirty(owner)
      markLayoutNodeDirty(owner, forceUpdateBounds: true)
    case PropertyKey.layoutComponentStyleAnimationStyleType,
      PropertyKey.layoutComponentStyleInterpolationType,
      PropertyKey.layoutComponentStyleInterpolatorId:
      break
    default:
      markLayoutNodeDirty(owner)
    }
  }

  /// An absolutely positioned layout keeps where it was solved (unless its left or top was
  /// just set); a relative one drops its insets.
  private mutating func positionTypeChanged(_ owner: Int, style: Int) {
    guard layout.isOn else { return }
    let box = layout.items[owner].box
    if uint(style, Slot.layoutComponentStylePositionTypeValue) == 2 {
      if !layout.has(owner, LayoutItemFlag.positionLeftChanged) {
        setLayoutFloat(
          style, Slot.layoutComponentStylePositionLeft,
          key: PropertyKey.layoutComponentStylePositionLeft, box.left)
      }
      if !layout.has(owner, LayoutItemFlag.positionTopChanged) {
        setLayoutFloat(
          style, Slot.layoutComponentStylePositionTop,
          key: PropertyKey.layoutComponentStylePositionTop, box.top)
      }
      setLayoutFloat(
        style, Slot.layoutComponentStylePositionRight,
        key: PropertyKey.layoutComponentStylePositionRight, 0)
      setLayoutFloat(
        style, Slot.layoutComponentStylePositionBottom,
        key: PropertyKey.layoutComponentStylePositionBottom, 0)
      setLayoutSlot(
        style, Slot.layoutComponentStylePositionLeftUnitsValue,
        key: PropertyKey.layoutComponentStylePositionLeftUnitsValue, 1)
      setLayoutSlot(
        style, Slot.layoutComponentStylePositionTopUnitsValue,
        key: PropertyKey.layoutComponentStylePositionTopUnitsValue, 1)
      setLayoutSlot(
        style, Slot.layoutComponentStylePositionRightUnitsValue,
        key: PropertyKey.layoutComponentStylePositionRightUnitsValue, 0)
      setLayoutSlot(
        style, Slot.layoutComponentStylePositionBottomUnitsValue,
        key: PropertyKey.layoutComponentStylePositionBottomUnitsValue, 0)
    } else {
      for (slot, key) in [
        (Slot.layoutComponentStylePositionLeft, PropertyKey.layoutComponentStylePositionLeft),
        (Slot.layoutComponentStylePositionTop, PropertyKey.layoutComponentStylePositionTop),
        (Slot.layoutComponentStylePositionRight, PropertyKey.layoutComponentStylePositionRight),
        (Slot.layoutComponentStylePositionBottom, PropertyKey.layoutComponentStylePositionBottom),
      ] {
        setLayoutFloat(style, slot, key: key, 0)
      }
      for (slot, key) in [
        (
          Slot.layoutComponentStylePositionLeftUnitsValue,
          PropertyKey.layoutComponentStylePositionLeftUnitsValue
        ),
        (
          Slot.layoutComponentStylePositionTopUnitsValue,
          PropertyKey.layoutComponentStylePositionTopUnitsValue
        ),
        (
          Slot.layoutComponentStylePositionRightUnitsValue,
          PropertyKey.layoutComponentStylePositionRightUnitsValue
        ),
        (
          Slot.layoutComponentStylePositionBottomUnitsValue,
          PropertyKey.layoutComponentStylePositionBottomUnitsValue
        ),
      ] {
        setLayoutSlot(style, slot, key: key, 0)
      }
    }
  }

  private mutating func setLayoutFloat(_ id: Int, _ slot: Int, key: UInt16, _ value: Float) {
    setFloat(id, offset: slot, key: key, value)
  }

  private mutating func setLayoutSlot(_ id: Int, _ slot: Int, key: UInt16, _ value: UInt32) {
    set(id, offset: slot, key: key, bits: value)
  }

  /// A parametric path's size changed: the layout it sits in as content measures again
  /// (found through its shape; a group in between keeps it out of layout).
  private mutating func parametricPathSentToLayout(_ path: Int) {
    let shape = Int(geometryModel.pathShapes[path])
    var p = Int(model.parents[path])
    var steps = 0
    while p >= 0, steps < model.types.count {
      steps += 1
      if model.layout.providers[p] == .layout {
        if let item = model.layout.item(of: p) { markLayoutNodeDirty(item) }
        return
      }
      if geometryModel.kinds[p].isTransform && p != shape { return }
      p = Int(model.parents[p])
    }
  }

  /// Something a text is made of changed: every layout above it measures again.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - dirtiesArtboard: As in ``markLayoutNodeDirty(_:forceUpdateBounds:dirtiesArtboard:)``.
  mutating func textSentToLayout(_ text: Int, dirtiesArtboard: Bool = true) {
    var p = Int(model.parents[text])
    var steps = 0
    while p >= 0, steps < model.types.count {
      steps += 1
      if model.layout.providers[p] == .layout, let item = model.layout.item(of: p) {
        markLayoutNodeDirty(item, dirtiesArtboard: dirtiesArtboard)
      }
      p = Int(model.parents[p])
    }
  }

  /// The texts laid out again in this update mark the layouts above them for the next update
  /// pass, as the runtime's texts do once they have built their glyph runs.
  mutating func sendLaidOutTextsToLayout() {
    guard !layout.laidOutTexts.isEmpty else { return }
    var texts: [Int32] = []
    swap(&texts, &layout.laidOutTexts)
    for text in texts { textSentToLayout(Int(text), dirtiesArtboard: false) }
    texts.removeAll(keepingCapacity: true)
    swap(&texts, &layout.laidOutTexts)
  }
}
