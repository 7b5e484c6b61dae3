import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// N-slicing: an N-sliced node's axes cut its initial box into a grid whose even segments keep
/// their size and whose odd segments stretch, so that the box fills the node's current size.
/// Paths of shapes under the node are deformed through that mapping.
struct NSliceAxisMap: Sendable {
  /// Segment boundaries in the node's initial box, sorted, from 0 to its initial size.
  let stops: [Float]
  /// Whether stretching segments scale (false when they have no size to scale).
  let usesScale: Bool
  /// The factor stretching segments scale by.
  let scaleFactor: Float
  /// The node's current size along this axis.
  let size: Float

  /// The mapping along one axis. `offsets` are the axes' offsets (normalized or in pixels),
  /// `initial` the box's initial size, `current` the node's size.
  init(offsets: [(offset: Float, normalized: Bool)], initial: Float, current: Float) {
    func clamp(_ value: Float, _ high: Float) -> Float { min(max(value, 0), high) }
    var pixels: [Float] = [0]
    var fractions: [Float] = [0]
    for axis in offsets {
      if axis.normalized {
        pixels.append(clamp(axis.offset, 1) * initial)
        fractions.append(clamp(axis.offset, 1))
      } else {
        pixels.append(clamp(axis.offset, initial))
        fractions.append(clamp(axis.offset / initial, 1))
      }
    }
    pixels.append(initial)
    fractions.append(1)
    stops = pixels.sorted()
    fractions.sort()
    var fixedFraction: Float = 0
    for index in 0..<(fractions.count - 1) where index % 2 == 0 {
      fixedFraction += fractions[index + 1] - fractions[index]
    }
    let scale = initial > 0 ? abs(current / initial) : 0
    let fixedSize = fixedFraction * initial
    let scalableSize = initial - fixedSize
    usesScale = scalableSize != 0
    scaleFactor = usesScale ? (initial * scale - fixedSize) / scalableSize : 0
    size = abs(current)
  }

  /// Where `value` (in the initial box) lands in the current box.
  func map(_ value: Float) -> Float {
    guard let first = stops.first, let last = stops.last else { return value }
    if value < first - 0.01 { return value }
    if value > last + 0.01 { return value - last + size }
    var result: Float = 0
    for index in 0..<(stops.count - 1) {
      let found = value <= stops[index + 1]
      let span = found ? value - stops[index] : stops[index + 1] - stops[index]
      if index % 2 == 0 {
        result += span
      } else if usesScale {
        result += scaleFactor * span
      }
      if found { break }
    }
    return result
  }
}

/// The deformation of an N-sliced node in world space: a point goes into the node's space,
/// through the slicing of each axis, and back.
struct NSliceMapping: Sendable {
  let world: Transform2D
  let inverse: Transform2D
  let xMap: NSliceAxisMap
  let yMap: NSliceAxisMap
  let width: Float
  let height: Float
  let signX: Float
  let signY: Float

  /// Where world point `point` goes.
  func mapWorld(_ point: Vec2) -> Vec2 {
    let local = inverse.map(point)
    let sliced = Vec2(
      width == 0 ? 0 : xMap.map(local.x) * signX, height == 0 ? 0 : yMap.map(local.y) * signY)
    return world.map(sliced)
  }
}

extension ArtboardInstance {
  /// Deforms path `path`'s points (in its own space) through N-sliced node `node`: each point
  /// goes to world space, into the node's space, through the slicing, and back.
  mutating func nSlice(_ raw: inout RawPath, path: Int, node: Int, model g: GeometryModel) {
    guard let mapping = nSliceMapping(node: node, model: g) else { return }
    let pathWorld = pathTransform(path, model: g)
    let pathInverse = pathWorld.invertedOrIdentity()
    for index in raw.points.indices {
      raw.points[index] = pathInverse.map(mapping.mapWorld(pathWorld.map(raw.points[index])))
    }
  }

  /// N-sliced node `node`'s deformation now (nil when its initial size or transform cannot
  /// map: nothing is deformed then).
  func nSliceMapping(node: Int, model g: GeometryModel) -> NSliceMapping? {
    let values = SlotValues(self)
    let initialWidth = values.float(node, Slot.nSlicedNodeInitialWidth)
    let initialHeight = values.float(node, Slot.nSlicedNodeInitialHeight)
    let world = geometry.worldTransforms[node]
    guard initialWidth > 0, initialHeight > 0, let inverse = world.inverted() else { return nil }
    let width = values.float(node, Slot.nSlicedNodeWidth)
    let height = values.float(node, Slot.nSlicedNodeHeight)
    var xs: [(offset: Float, normalized: Bool)] = []
    var ys: [(offset: Float, normalized: Bool)] = []
    for axis in g.sliceAxes[node] {
      let a = Int(axis)
      let entry = (values.float(a, Slot.axisOffset), values.uint(a, Slot.axisNormalized) != 0)
      switch UInt32(values.types[a]) {
      case TypeKey.axisX: xs.append(entry)
      case TypeKey.axisY: ys.append(entry)
      default: break
      }
    }
    return NSliceMapping(
      world: world, inverse: inverse,
      xMap: NSliceAxisMap(offsets: xs, initial: initialWidth, current: width),
      yMap: NSliceAxisMap(offsets: ys, initial: initialHeight, current: height),
      width: width, height: height, signX: width / initialWidth < 0 ? -1 : 1,
      signY: height / initialHeight < 0 ? -1 : 1)
  }
}
