import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// One vertex of a path as the path builder sees it: where it is, and either its corner radius
/// (straight vertices) or its control points (cubic vertices).
struct PathPoint: Sendable {
  var position: Vec2
  var isCubic: Bool
  var inPoint: Vec2
  var outPoint: Vec2
  var radius: Float

  static func straight(_ p: Vec2, radius: Float = 0) -> PathPoint {
    PathPoint(position: p, isCubic: false, inPoint: p, outPoint: p, radius: radius)
  }

  static func cubic(_ p: Vec2, in inPoint: Vec2, out outPoint: Vec2) -> PathPoint {
    PathPoint(position: p, isCubic: true, inPoint: inPoint, outPoint: outPoint, radius: 0)
  }
}

/// Builds paths from vertices exactly as the runtime does (corner rounding included), and the
/// vertices of the parametric shapes with the runtime's constants.
enum PathBuilder {
  /// The control point distance that rounds a corner between `toPrev` and `toNext` (unit
  /// vectors) with `radius`.
  static func idealControlPointDistance(_ toPrev: Vec2, _ toNext: Vec2, _ radius: Float) -> Float {
    let angle = abs(atan2f(Vec2.cross(toPrev, toNext), Vec2.dot(toPrev, toNext)))
    let pi = Float.pi
    let factor: Float = angle < pi / 2 ? 1 + cosf(angle) : 2 - sinf(angle)
    return min(radius, (4.0 / 3.0) * tanf(pi / (2 * ((2 * pi) / angle))) * radius * factor)
  }

  /// Mirrors the control points of an inverted (negative radius) corner.
  static func rotatePoints(
    next nextPoint: Vec2, prev prevPoint: Vec2, point: Vec2, out outPoint: inout Vec2,
    in inPoint: inout Vec2
  ) {
    let v1 = prevPoint - nextPoint
    let v2 = point - nextPoint
    let angle = atan2f(Vec2.cross(v1, v2), Vec2.dot(v1, v2))
    do {
      let s = sinf(angle * 2)
      let c = cosf(angle * 2)
      let x = outPoint.x - prevPoint.x
      let y = outPoint.y - prevPoint.y
      outPoint = Vec2(x * c - y * s + prevPoint.x, x * s + y * c + prevPoint.y)
    }
    do {
      let s = sinf(-angle * 2)
      let c = cosf(-angle * 2)
      let x = inPoint.x - nextPoint.x
      let y = inPoint.y - nextPoint.y
      inPoint = Vec2(x * c - y * s + nextPoint.x, x * s + y * c + nextPoint.y)
    }
  }

  /// Appends the path through `vertices` to `path`.
  static func build(
    _ vertices: [PathPoint], count: Int, closed isClosed: Bool, into path: inout RawPath
  ) {
    let length = count
    guard length >= 2 else { return }
    let first = vertices[0]
    var out: Vec2
    var prevIsCubic: Bool
    var start: Vec2
    var startIn: Vec2
    let startIsCubic: Bool

    func toward(_ v: PathPoint, fromPrevSide: Bool) -> Vec2 {
      v.isCubic ? (fromPrevSide ? v.outPoint : v.inPoint) : v.position
    }

    if first.isCubic {
      startIsCubic = true
      prevIsCubic = true
      startIn = first.inPoint
      out = first.outPoint
      start = first.position
      path.move(start)
    } else {
      startIsCubic = false
      prevIsCubic = false
      let radius = first.radius
      if radius != 0 {
        let pos = first.position
        var toPrev = toward(vertices[length - 1], fromPrevSide: true) - pos
        let toPrevLength = toPrev.normalizeLength()
        var toNext = toward(vertices[1], fromPrevSide: false) - pos
        let toNextLength = toNext.normalizeLength()
        let renderRadius = min(toPrevLength / 2, min(toNextLength / 2, abs(radius)))
        let ideal = idealControlPointDistance(toPrev, toNext, renderRadius)
        start = Vec2.scaleAndAdd(pos, toPrev, renderRadius)
        startIn = start
        path.move(startIn)
        var outPoint = Vec2.scaleAndAdd(pos, toPrev, renderRadius - ideal)
        var inPoint = Vec2.scaleAndAdd(pos, toNext, renderRadius - ideal)
        out = Vec2.scaleAndAdd(pos, toNext, renderRadius)
        if radius < 0 {
          rotatePoints(next: out, prev: startIn, point: pos, out: &outPoint, in: &inPoint)
        }
        path.cubic(outPoint, inPoint, out)
        prevIsCubic = false
      } else {
        start = first.position
        startIn = start
        out = start
        path.move(out)
      }
    }

    for i in 1..<length {
      let vertex = vertices[i]
      if vertex.isCubic {
        path.cubic(out, vertex.inPoint, vertex.position)
        prevIsCubic = true
        out = vertex.outPoint
        continue
      }
      let pos = vertex.position
      let radius = vertex.radius
      if radius != 0 {
        var toPrev = toward(vertices[i - 1], fromPrevSide: true) - pos
        let toPrevLength = toPrev.normalizeLength()
        var toNext = toward(vertices[(i + 1) % length], fromPrevSide: false) - pos
        let toNextLength = toNext.normalizeLength()
        let renderRadius = min(toPrevLength / 2, min(toNextLength / 2, abs(radius)))
        let ideal = idealControlPointDistance(toPrev, toNext, renderRadius)
        let translation = Vec2.scaleAndAdd(pos, toPrev, renderRadius)
        if prevIsCubic {
          path.cubic(out, translation, translation)
        } else {
          path.line(translation)
        }
        var outPoint = Vec2.scaleAndAdd(pos, toPrev, renderRadius - ideal)
        var inPoint = Vec2.scaleAndAdd(pos, toNext, renderRadius - ideal)
        out = Vec2.scaleAndAdd(pos, toNext, renderRadius)
        if radius < 0 {
          rotatePoints(next: out, prev: translation, point: pos, out: &outPoint, in: &inPoint)
        }
        path.cubic(outPoint, inPoint, out)
        prevIsCubic = false
      } else if prevIsCubic {
        path.cubic(out, pos, pos)
        prevIsCubic = false
        out = pos
      } else {
        out = pos
        path.line(out)
      }
    }
    if isClosed {
      if prevIsCubic || startIsCubic {
        path.cubic(out, startIn, start)
      } else {
        path.line(start)
      }
      path.close()
    }
  }

  /// The ellipse's Bézier circle constant.
  static let circleConstant: Float = 0.552284749831

  /// The most vertices a polygon or star may have; more is treated as no path (bounded work
  /// for hostile files).
  static let maxParametricVertices = 1 << 16

  static func rectangleVertices(
    width: Float, height: Float, originX: Float, originY: Float,
    radii: (Float, Float, Float, Float),
    into vertices: inout [PathPoint]
  ) {
    let ox = -originX * width
    let oy = -originY * height
    vertices.append(.straight(Vec2(ox, oy), radius: radii.0))
    vertices.append(.straight(Vec2(ox + width, oy), radius: radii.1))
    vertices.append(.straight(Vec2(ox + width, oy + height), radius: radii.2))
    vertices.append(.straight(Vec2(ox, oy + height), radius: radii.3))
  }

  static func ellipseVertices(
    width: Float, height: Float, originX: Float, originY: Float, into vertices: inout [PathPoint]
  ) {
    let c = circleConstant
    let rx = width / 2
    let ry = height / 2
    let ox = -originX * width + rx
    let oy = -originY * height + ry
    vertices.append(
      .cubic(Vec2(ox, oy - ry), in: Vec2(ox - rx * c, oy - ry), out: Vec2(ox + rx * c, oy - ry)))
    vertices.append(
      .cubic(Vec2(ox + rx, oy), in: Vec2(ox + rx, oy + c * -ry), out: Vec2(ox + rx, oy + c * ry)))
    vertices.append(
      .cubic(Vec2(ox, oy + ry), in: Vec2(ox + rx * c, oy + ry), out: Vec2(ox - rx * c, oy + ry)))
    vertices.append(
      .cubic(Vec2(ox - rx, oy), in: Vec2(ox - rx, oy + ry * c), out: Vec2(ox - rx, oy - ry * c)))
  }

  static func triangleVertices(
    width: Float, height: Float, originX: Float, originY: Float, into vertices: inout [PathPoint]
  ) {
    let ox = -originX * width
    let oy = -originY * height
    vertices.append(.straight(Vec2(ox + width / 2, oy)))
    vertices.append(.straight(Vec2(ox + width, oy + height)))
    vertices.append(.straight(Vec2(ox, oy + height)))
  }

  static func polygonVertices(
    width: Float, height: Float, originX: Float, originY: Float, points: Int, cornerRadius: Float,
    into vertices: inout [PathPoint]
  ) {
    guard points > 0, points <= maxParametricVertices else { return }
    let halfWidth = width / 2
    let halfHeight = height / 2
    let ox = -originX * width + halfWidth
    let oy = -originY * height + halfHeight
    var angle: Float = -Float.pi / 2
    let inc: Float = 2 * Float.pi / Float(points)
    for _ in 0..<points {
      let x = Double(ox) + cos(Double(angle)) * Double(halfWidth)
      let y = Double(oy) + sin(Double(angle)) * Double(halfHeight)
      vertices.append(.straight(Vec2(Float(x), Float(y)), radius: cornerRadius))
      angle += inc
    }
  }

  static func starVertices(
    width: Float, height: Float, originX: Float, originY: Float, points: Int, cornerRadius: Float,
    innerRadius: Float, into vertices: inout [PathPoint]
  ) {
    guard points > 0, points * 2 <= maxParametricVertices else { return }
    let halfWidth = width / 2
    let halfHeight = height / 2
    let innerHalfWidth = width * innerRadius / 2
    let innerHalfHeight = height * innerRadius / 2
    let ox = -originX * width + halfWidth
    let oy = -originY * height + halfHeight
    let length = points * 2
    var angle: Float = -Float.pi / 2
    let inc: Float = 2 * Float.pi / Float(length)
    for _ in 0..<points {
      let x = Double(ox) + cos(Double(angle)) * Double(halfWidth)
      let y = Double(oy) + sin(Double(angle)) * Double(halfHeight)
      vertices.append(.straight(Vec2(Float(x), Float(y)), radius: cornerRadius))
      angle += inc
      let ix = Double(ox) + cos(Double(angle)) * Double(innerHalfWidth)
      let iy = Double(oy) + sin(Double(angle)) * Double(innerHalfHeight)
      vertices.append(.straight(Vec2(Float(ix), Float(iy)), radius: cornerRadius))
      angle += inc
    }
  }
}

/// An instance's property values read straight from its slot table: what a mutating pass uses
/// to read many values, since each call of an instance method from a mutating method copies
/// the whole instance when unoptimised.
struct SlotValues {
  let slots: [UInt32]
  let bases: [Int]
  let types: [UInt16]

  init(_ artboard: borrowing ArtboardInstance) {
    slots = artboard.slots
    bases = artboard.model.slotBases
    types = artboard.model.types
  }

  @inline(__always)
  func float(_ id: Int, _ offset: Int) -> Float { Float(bitPattern: slots[bases[id] + offset]) }

  @inline(__always)
  func uint(_ id: Int, _ offset: Int) -> UInt32 { slots[bases[id] + offset] }

  /// The in and out control points of cubic vertex `v` from its properties.
  func cubicControls(_ v: Int) -> (Vec2, Vec2) {
    let p = Vec2(float(v, Slot.vertexX), float(v, Slot.vertexY))
    switch UInt32(types[v]) {
    case TypeKey.cubicMirroredVertex:
      let rotation = float(v, Slot.cubicMirroredVertexRotation)
      let distance = float(v, Slot.cubicMirroredVertexDistance)
      let vector = Vec2(cosf(rotation) * distance, sinf(rotation) * distance)
      return (p - vector, p + vector)
    case TypeKey.cubicAsymmetricVertex:
      let rotation = float(v, Slot.cubicAsymmetricVertexRotation)
      let inDistance = float(v, Slot.cubicAsymmetricVertexInDistance)
      let outDistance = float(v, Slot.cubicAsymmetricVertexOutDistance)
      return (
        p - Vec2(cosf(rotation) * inDistance, sinf(rotation) * inDistance),
        p + Vec2(cosf(rotation) * outDistance, sinf(rotation) * outDistance)
      )
    case TypeKey.cubicDetachedVertex:
      let inRotation = float(v, Slot.cubicDetachedVertexInRotation)
      let inDistance = float(v, Slot.cubicDetachedVertexInDistance)
      let outRotation = float(v, Slot.cubicDetachedVertexOutRotation)
      let outDistance = float(v, Slot.cubicDetachedVertexOutDistance)
      return (
        p + Vec2(cosf(inRotation) * inDistance, sinf(inRotation) * inDistance),
        p + Vec2(cosf(outRotation) * outDistance, sinf(outRotation) * outDistance)
      )
    default:
      return (p, p)
    }
  }
}

extension ArtboardInstance {
  /// The in and out control points of cubic vertex `v` from its properties.
  func cubicControls(_ v: Int) -> (Vec2, Vec2) { SlotValues(self).cubicControls(v) }

  /// Builds path `c`'s geometry into `raw`.
  mutating func buildPath(_ c: Int, into raw: inout RawPath, model g: GeometryModel) {
    var vertices: [PathPoint] = []
    swap(&vertices, &geometry.scratchPoints)
    vertices.removeAll(keepingCapacity: true)
    var closed = true
    let parametric = g.kinds[c].isParametric
    let width = parametric ? float(c, Slot.parametricPathWidth) : 0
    let height = parametric ? float(c, Slot.parametricPathHeight) : 0
    let originX = parametric ? float(c, Slot.parametricPathOriginX) : 0
    let originY = parametric ? float(c, Slot.parametricPathOriginY) : 0
    switch g.kinds[c] {
    case .pointsPath where model.types[c] == UInt16(TypeKey.listPath):
      closed = bool(c, Slot.pointsCommonPathIsClosed)
      appendListPathVertices(c, to: &vertices)
    case .pointsPath:
      closed = bool(c, Slot.pointsCommonPathIsClosed)
      let hasDeformed = !geometry.deformed.isEmpty
      for vertex in g.pathVertices[c] {
        let v = Int(vertex)
        let weighted = g.vertexWeights[v] >= 0 && hasDeformed
        let position =
          weighted ? geometry.deformed[v] : Vec2(float(v, Slot.vertexX), float(v, Slot.vertexY))
        if model.types[v] == UInt16(TypeKey.straightVertex) {
          vertices.append(.straight(position, radius: float(v, Slot.straightVertexRadius)))
        } else if weighted {
          vertices.append(
            .cubic(position, in: geometry.deformedIn[v], out: geometry.deformedOut[v]))
        } else {
          let (inPoint, outPoint) = cubicControls(v)
          vertices.append(.cubic(position, in: inPoint, out: outPoint))
        }
      }
    case .rectangle:
      let tl = float(c, Slot.rectangleCornerRadiusTL)
      let linked = bool(c, Slot.rectangleLinkCornerRadius)
      PathBuilder.rectangleVertices(
        width: width, height: height, originX: originX, originY: originY,
        radii: (
          tl, linked ? tl : float(c, Slot.rectangleCornerRadiusTR),
          linked ? tl : float(c, Slot.rectangleCornerRadiusBR),
          linked ? tl : float(c, Slot.rectangleCornerRadiusBL)
        ), into: &vertices)
    case .ellipse:
      PathBuilder.ellipseVertices(
        width: width, height: height, originX: originX, originY: originY, into: &vertices)
    case .triangle:
      PathBuilder.triangleVertices(
        width: width, height: height, originX: originX, originY: originY, into: &vertices)
    case .polygon:
      PathBuilder.polygonVertices(
        width: width, height: height, originX: originX, originY: originY,
        points: Int(uint(c, Slot.polygonPoints)), cornerRadius: float(c, Slot.polygonCornerRadius),
        into: &vertices)
    case .star:
      PathBuilder.starVertices(
        width: width, height: height, originX: originX, originY: originY,
        points: Int(uint(c, Slot.polygonPoints)), cornerRadius: float(c, Slot.polygonCornerRadius),
        innerRadius: float(c, Slot.starInnerRadius), into: &vertices)
    default:
      break
    }
    PathBuilder.build(vertices, count: vertices.count, closed: closed, into: &raw)
    swap(&vertices, &geometry.scratchPoints)
    let deformer = Int(g.pathDeformers[c])
    if deformer >= 0 { nSlice(&raw, path: c, node: deformer, model: g) }
  }
}

extension RawPath {
  /// A rectangle with each corner rounded by its own radius (a negative radius turns the
  /// corner inwards), clamped to half the shorter side, as the runtime's `addRoundedRect`
  /// builds a layout's background.
  mutating func addRoundedRect(
    left: Float, top: Float, width: Float, height: Float, topLeft: Float, topRight: Float,
    bottomRight: Float, bottomLeft: Float
  ) {
    let right = left + width
    let bottom = top + height
    let corners: [(position: Vec2, toPrev: Vec2, toNext: Vec2, radius: Float)] = [
      (Vec2(left, top), Vec2(0, 1), Vec2(1, 0), topLeft),
      (Vec2(right, top), Vec2(-1, 0), Vec2(0, 1), topRight),
      (Vec2(right, bottom), Vec2(0, -1), Vec2(-1, 0), bottomRight),
      (Vec2(left, bottom), Vec2(1, 0), Vec2(0, -1), bottomLeft),
    ]
    let maxRadius = min(width, height) * 0.5
    var start = Vec2.zero
    for (i, corner) in corners.enumerated() {
      if corner.radius != 0 {
        let radius = min(abs(corner.radius), maxRadius)
        let ideal = PathBuilder.idealControlPointDistance(corner.toPrev, corner.toNext, radius)
        let enter = Vec2.scaleAndAdd(corner.position, corner.toPrev, radius)
        if i == 0 {
          start = enter
          move(enter)
        } else {
          line(enter)
        }
        var outPoint = Vec2.scaleAndAdd(corner.position, corner.toPrev, radius - ideal)
        var inPoint = Vec2.scaleAndAdd(corner.position, corner.toNext, radius - ideal)
        let exit = Vec2.scaleAndAdd(corner.position, corner.toNext, radius)
        if corner.radius < 0 {
          PathBuilder.rotatePoints(
            next: exit, prev: enter, point: corner.position, out: &outPoint, in: &inPoint)
        }
        cubic(outPoint, inPoint, exit)
      } else if i == 0 {
        start = corner.position
        move(corner.position)
      } else {
        line(corner.position)
      }
    }
    line(start)
    close()
  }
}
