@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Layout participants: texts, images and shapes laid out by the layout above them through a
/// participant child, with their own sizing style and (inherited) layout animation.
extension ArtboardInstance {
  /// A participant's solved slot (undefined values as zero).
  func participantSolvedBox(_ item: Int, tree: borrowing LayoutTree) -> LayoutBox {
    guard layout.isOn else { return .zero }
    let solved = tree.layout(of: layout.items[item].node)
    func defined(_ value: Float) -> Float { value.isNaN ? 0 : value }
    return LayoutBox(
      left: defined(solved.left), top: defined(solved.top), width: defined(solved.width),
      height: defined(solved.height))
  }

  /// Whether participant item `item` animates (its layout above animates).
  func participantAnimates(_ item: Int) -> Bool {
    guard layout.isOn else { return false }
    return layout.has(item, LayoutItemFlag.animating)
  }

  /// Takes a participant's solved slot: snapped, or animated towards when its layout animates.
  mutating func updateParticipantBounds(_ item: Int, animate: Bool, tree: inout LayoutTree) {
    guard layout.isOn else { return }
    let newBox = participantSolvedBox(item, tree: tree)
    if participantAnimates(item) && animate && layout.has(item, LayoutItemFlag.hasSolved) {
      let smoothing = layout.has(item, LayoutItemFlag.isSmoothing)
      let track = smoothing ? layout.items[item].trackB : layout.items[item].trackA
      if newBox != track.to {
        if track.elapsed != 0 {
          if smoothing { layout.items[item].trackA = layout.items[item].trackB }
          layout.set(item, LayoutItemFlag.isSmoothing, true)
        } else {
          layout.set(item, LayoutItemFlag.isSmoothing, false)
        }
        let fresh = LayoutTrack(from: layout.items[item].box, to: newBox, elapsed: 0)
        if layout.has(item, LayoutItemFlag.isSmoothing) {
          layout.items[item].trackB = fresh
        } else {
          layout.items[item].trackA = fresh
        }
      }
    } else {
      layout.items[item].box = newBox
      layout.items[item].trackA.to = newBox
    }
    layout.set(item, LayoutItemFlag.hasSolved, true)
    applyParticipantSize(item)
    markWorldTransformDirty(Int(model.layout.items[item].component))
  }

  /// The participant's host takes its resolved slot's size.
  mutating func applyParticipantSize(_ item: Int) {
    guard layout.isOn else { return }
    let entry = model.layout.items[item]
    let host = Int(entry.component)
    let participant = Int(entry.participant)
    guard isIntrinsicallySizeable(host) else { return }
    let direction: LayoutDirection =
      layoutParent(of: host).flatMap { model.layout.item(of: $0) }.map {
        layoutActualDirection($0)
      } ?? .inherit
    let box = layout.items[item].box
    controlSize(
      host, width: box.width, height: box.height, widthScale: widthScale(ofStyle: participant),
      heightScale: heightScale(ofStyle: participant), direction: direction)
  }

  /// A participant inherits its layout's animation settings; returns whether it animates.
  mutating func cascadeParticipant(
    _ item: Int, interpolation: UInt8, interpolator: Int32, time: Float
  ) -> Bool {
    guard layout.isOn else { return false }
    let animates = interpolation != 0 && time > 0
    if animates {
      if !layout.has(item, LayoutItemFlag.animating) {
        layout.set(item, LayoutItemFlag.animating, true)
        // Start from where it is, so animation switched on later does not come from zero.
        let current = layout.items[item].box
        layout.items[item].trackA = LayoutTrack(from: current, to: current, elapsed: 0)
        layout.set(item, LayoutItemFlag.isSmoothing, false)
      }
      layout.items[item].participantInterpolation = interpolation
      layout.items[item].participantInterpolator = interpolator
      layout.items[item].participantTime = time
    } else if layout.has(item, LayoutItemFlag.animating) {
      layout.set(item, LayoutItemFlag.animating, false)
      layout.set(item, LayoutItemFlag.isSmoothing, false)
    }
    return animates
  }

  /// A shape participant scales its paths' combined bounds to its slot.
  mutating func updateShapeLayoutScale(_ item: Int, width: Float, height: Float) {
    guard layout.isOn else { return }
    let shape = Int(model.layout.items[item].component)
    let bounds = shapeIntrinsicBounds(shape)
    let scaleX = bounds.width > 0 ? width / bounds.width : 1
    let scaleY = bounds.height > 0 ? height / bounds.height : 1
    if layout.items[item].hostScale != Vec2(scaleX, scaleY) {
      layout.items[item].hostScale = Vec2(scaleX, scaleY)
      markWorldTransformDirty(shape)
    }
  }

  /// The combined bounds of a shape's paths in the shape's own space.
  func shapeIntrinsicBounds(_ shape: Int) -> LayoutBox {
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    for path in geometryModel.shapePaths[shape] {
      let p = Int(path)
      guard !isCollapsed(p), let slot = rawSlot(p) else { continue }
      let transform = geometry.transforms[p]
      for point in geometry.rawPaths[slot].points {
        let mapped = transform.apply(x: point.x, y: point.y)
        minX = min(minX, mapped.x)
        minY = min(minY, mapped.y)
        maxX = max(maxX, mapped.x)
        maxY = max(maxY, mapped.y)
      }
    }
    guard minX <= maxX, minY <= maxY else { return .zero }
    return LayoutBox(left: minX, top: minY, width: maxX - minX, height: maxY - minY)
  }

  // MARK: - Measuring

  /// Measures the node of one of this instance's layout items (nil when the node is not
  /// this instance's).
  mutating func measureLayoutNode(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float)? {
    guard layout.isOn else { return nil }
    guard let item = layout.item(ofNode: node) else {
      return measureHostedNode(
        node, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
    }
    let entry = model.layout.items[item]
    if entry.participant >= 0 {
      return measureContent(
        Int(entry.component), width: width, widthMode: widthMode, height: height,
        heightMode: heightMode, asParticipant: true)
    }
    // A hugging layout leaf: the largest of its content children.
    var size: (width: Float, height: Float) = (0, 0)
    for child in model.children[Int(entry.component)] {
      let k = Int(child)
      guard model.layout.providers[k] != .layout, isIntrinsicallySizeable(k) else { continue }
      let measured = measureContent(
        k, width: width, widthMode: widthMode, height: height, heightMode: heightMode,
        asParticipant: false)
      size = (cppMax(size.width, measured.width), cppMax(size.height, measured.height))
    }
    return size
  }

  /// What content component `c` measures (the runtime's `measureLayout`).
  mutating func measureContent(
    _ c: Int, width: Float, widthMode: MeasureMode, height: Float, heightMode: MeasureMode,
    asParticipant: Bool
  ) -> (width: Float, height: Float) {
    let availableWidth = widthMode == .undefined ? Float.greatestFiniteMagnitude : width
    let availableHeight = heightMode == .undefined ? Float.greatestFiniteMagnitude : height
    switch geometryModel.kinds[c] {
    case .shape:
      if asParticipant {
        let bounds = shapeIntrinsicBounds(c)
        return (bounds.width, bounds.height)
      }
      var size: (width: Float, height: Float) = (0, 0)
      for path in geometryModel.shapePaths[c] {
        let measured = measureContent(
          Int(path), width: width, widthMode: widthMode, height: height, heightMode: heightMode,
          asParticipant: false)
        size = (cppMax(size.width, measured.width), cppMax(size.height, measured.height))
      }
      return size
    case .rectangle, .ellipse, .triangle, .polygon, .star:
      return (
        min(availableWidth, float(c, Slot.parametricPathWidth)),
        min(availableHeight, float(c, Slot.parametricPathHeight))
      )
    case .image:
      return measureImage(
        c, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
    case .nestedArtboard:
      guard let index = nestedIndex(forHost: c), let artboard = nested[index].artboard else {
        return (0, 0)
      }
      return (
        min(availableWidth, artboard.float(0, Slot.layoutComponentWidth)),
        min(availableHeight, artboard.float(0, Slot.layoutComponentHeight))
      )
    default:
      if isText(c) {
        return measureTextForLayout(c, maxWidth: availableWidth, maxHeight: availableHeight)
      }
      if model.isA(c, TypeKey.nSlicedNode) {
        return (
          min(availableWidth, float(c, Slot.nSlicedNodeWidth)),
          min(availableHeight, float(c, Slot.nSlicedNodeHeight))
        )
      }
      if model.isA(c, TypeKey.joystick) {
        return (
          min(availableWidth, float(c, Slot.joystickWidth)),
          min(availableHeight, float(c, Slot.joystickHeight))
        )
      }
      return (0, 0)
    }
  }
}
