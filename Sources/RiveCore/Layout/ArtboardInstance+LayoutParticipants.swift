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
    _ item: Int, interpolation: UInt8, interpolator: LayoutCurve?, time: Float
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

  /// The combined bounds of a shape's paths in the shape's own space (the runtime's
  /// `computeIntrinsicBounds`): each path's tight bounds (its curves' extremes, not their
  /// control points) through the path's transform. Layout runs before paths are built in the
  /// update pass, so a path whose geometry is still to be built is measured without it: a
  /// parametric path by its declared box (the box it will fill), another path by a throwaway
  /// build of its vertices.
  mutating func shapeIntrinsicBounds(_ shape: Int) -> LayoutBox {
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    let g = geometryModel
    for path in g.shapePaths[shape] {
      let p = Int(path)
      guard !isCollapsed(p), let slot = rawSlot(p) else { continue }
      let transform = geometry.transforms[p]
      let box: (minX: Float, minY: Float, maxX: Float, maxY: Float)?
      let needsBuild = geometry.dirt[p] & Dirt.path != 0 || geometry.deferred[p]
      if !needsBuild {
        box = Self.tightBounds(geometry.rawPaths[slot], transform)
      } else if g.kinds[p].isParametric {
        let width = float(p, Slot.parametricPathWidth)
        let height = float(p, Slot.parametricPathHeight)
        let left = -float(p, Slot.parametricPathOriginX) * width
        let top = -float(p, Slot.parametricPathOriginY) * height
        var corners = RawPath()
        corners.addRect(left: left, top: top, right: left + width, bottom: top + height)
        box = Self.tightBounds(corners, transform)
      } else {
        var built = RawPath()
        buildPath(p, into: &built, model: g)
        box = Self.tightBounds(built, transform)
      }
      // A path without geometry adds nothing (a degenerate one still counts).
      guard let box, box.maxX - box.minX >= 0, box.maxY - box.minY >= 0 else { continue }
      minX = min(minX, box.minX)
      minY = min(minY, box.minY)
      maxX = max(maxX, box.maxX)
      maxY = max(maxY, box.maxY)
    }
    guard minX <= maxX, minY <= maxY else { return .zero }
    return LayoutBox(left: minX, top: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The tight bounds of `raw` mapped through `transform`: its points, and each cubic's
  /// extremes on either axis (where its derivative is zero between its ends); nil when it has
  /// no points.
  static func tightBounds(_ raw: RawPath, _ transform: Transform2D)
    -> (minX: Float, minY: Float, maxX: Float, maxY: Float)?
  {
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    func add(_ x: Float, _ y: Float) {
      minX = min(minX, x)
      minY = min(minY, y)
      maxX = max(maxX, x)
      maxY = max(maxY, y)
    }
    /// Calls `body` with each parameter in (0, 1) where one axis of a cubic turns (its
    /// derivative, over 3, is qa t² + qb t + qc).
    func turns(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ body: (Float) -> Void) {
      let qa = -a + 3 * b - 3 * c + d
      let qb = 2 * (a - 2 * b + c)
      let qc = b - a
      func visit(_ t: Float) { if t > 0 && t < 1 { body(t) } }
      if abs(qa) < 1e-12 {
        if qb != 0 { visit(-qc / qb) }
        return
      }
      let discriminant = qb * qb - 4 * qa * qc
      guard discriminant >= 0 else { return }
      let root = discriminant.squareRoot()
      visit((-qb + root) / (2 * qa))
      visit((-qb - root) / (2 * qa))
    }
    let points = raw.points
    var index = 0
    var last = (x: Float(0), y: Float(0))
    for verb in raw.verbs {
      switch verb {
      case .move, .line:
        guard index < points.count else { break }
        last = transform.apply(x: points[index].x, y: points[index].y)
        add(last.x, last.y)
        index += 1
      case .cubic:
        guard index + 2 < points.count else { break }
        let p0 = last
        let p1 = transform.apply(x: points[index].x, y: points[index].y)
        let p2 = transform.apply(x: points[index + 1].x, y: points[index + 1].y)
        let p3 = transform.apply(x: points[index + 2].x, y: points[index + 2].y)
        add(p3.x, p3.y)
        // A point of the curve where either axis turns.
        let onCurve = { (t: Float) in
          let u = 1 - t
          let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          add(
            w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
            w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
        turns(p0.x, p1.x, p2.x, p3.x, onCurve)
        turns(p0.y, p1.y, p2.y, p3.y, onCurve)
        last = p3
        index += 3
      case .close:
        break
      }
    }
    guard minX <= maxX, minY <= maxY else { return nil }
    return (minX, minY, maxX, maxY)
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
