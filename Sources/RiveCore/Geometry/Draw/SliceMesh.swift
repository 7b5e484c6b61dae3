@_spi(RiveFormatInternals) import RiveFormat

/// The mesh an image N-slicer draws its image with: the image cut by the slicer's axes into
/// patches whose even rows and columns keep their size on screen while the odd ones stretch
/// (or repeat, or hide) with the image's scale, as the official runtime's slice mesh.
///
/// Coordinates are in the image's own pixel space; the image's world transform scales them,
/// so the stops of a fixed patch are divided by the image's scale.
struct SliceMesh: Sendable, Equatable {
  var vertices: [Float] = []
  var uvs: [Float] = []
  var indices: [UInt16] = []

  /// An axis of the slicer: its offset, in pixels or (normalized) as a fraction of the image.
  struct Axis: Sendable, Equatable {
    var offset: Float
    var isNormalized: Bool
  }

  /// How a patch is filled (the tile mode's style).
  enum TileMode: UInt32, Sendable {
    case stretch = 0
    case `repeat` = 1
    case hidden = 2
  }

  /// The two triangles of a patch's four corners.
  private static let triangulation: [UInt16] = [0, 1, 3, 1, 2, 3]
  /// How many tiles a repeated patch makes at most (the official runtime's escape count).
  private static let repeatLimit = 10_000

  /// Cuts an image of `width` × `height` pixels drawn at scale (`scaleX`, `scaleY`).
  ///
  /// - Parameters:
  ///   - width: The image's width in pixels.
  ///   - height: The image's height in pixels.
  ///   - scaleX: The image's horizontal scale.
  ///   - scaleY: The image's vertical scale.
  ///   - xs: The slicer's vertical cuts.
  ///   - ys: The slicer's horizontal cuts.
  ///   - tileModes: The style of each patch with one, by patch index (row × (columns) +
  ///     column); the rest stretch.
  init(
    width: Float, height: Float, scaleX: Float, scaleY: Float, xs: [Axis], ys: [Axis],
    tileModes: [Int: TileMode]
  ) {
    let us = Self.uvStops(xs, size: width, scale: scaleX)
    let vs = Self.uvStops(ys, size: height, scale: scaleY)
    let px = Self.vertexStops(us, size: width, scale: abs(scaleX))
    let py = Self.vertexStops(vs, size: height, scale: abs(scaleY))
    guard us.count > 1, vs.count > 1, px.count == us.count, py.count == vs.count else { return }
    let columns = xs.count + 1
    var next = 0
    for patchY in 0..<(vs.count - 1) {
      for patchX in 0..<(us.count - 1) {
        let mode = tileModes[patchY * columns + patchX] ?? .stretch
        if mode == .hidden { continue }
        let corners = [(0, 0), (1, 0), (1, 1), (0, 1)].map { corner in
          (
            u: us[patchX + corner.0], v: vs[patchY + corner.1], x: px[patchX + corner.0],
            y: py[patchY + corner.1]
          )
        }
        if mode == .repeat {
          next += tile(corners, from: next, width: width, height: height, scaleX, scaleY)
        } else {
          for corner in corners { append(corner.x, corner.y, corner.u, corner.v) }
          indices += Self.triangulation.map { UInt16(truncatingIfNeeded: next) &+ $0 }
          next += 4
        }
      }
    }
  }

  private mutating func append(_ x: Float, _ y: Float, _ u: Float, _ v: Float) {
    vertices += [x, y]
    uvs += [u, v]
  }

  /// The axes' stops as fractions of the image, from 0 to 1, sorted (none when the image has
  /// no size or no scale).
  static func uvStops(_ axes: [Axis], size: Float, scale: Float) -> [Float] {
    guard size != 0, scale != 0 else { return [] }
    var stops: [Float] = [0]
    for axis in axes {
      let fraction = axis.isNormalized ? axis.offset : axis.offset / size
      stops.append(min(max(fraction, 0), 1))
    }
    stops.append(1)
    return stops.sorted()
  }

  /// Where the stops fall in image space: even segments keep their on-screen size (their
  /// image size divided by the scale), odd ones share the rest, clamped to the image.
  static func vertexStops(_ stops: [Float], size: Float, scale: Float) -> [Float] {
    guard size != 0, scale != 0, stops.count > 1 else { return [] }
    var fixed: Float = 0
    var emptyStretches = 0
    for index in 0..<(stops.count - 1) {
      let range = stops[index + 1] - stops[index]
      if index % 2 == 0 {
        fixed += range
      } else if range == 0 {
        emptyStretches += 1
      }
    }
    let fixedSize = fixed * size
    let scalableSize = size - fixedSize
    let usesScale = scalableSize != 0
    let scaleFactor = usesScale ? (size * scale - fixedSize) / scalableSize : 0
    let fallback =
      !usesScale && emptyStretches != 0 ? (size - fixedSize / scale) / Float(emptyStretches) : 0
    var result: [Float] = []
    var vertex: Float = 0
    var inBounds: Float = 0
    for index in 0..<(stops.count - 1) {
      result.append(inBounds)
      let segment = size * (stops[index + 1] - stops[index]) / scale
      if index % 2 == 0 {
        vertex += segment
      } else {
        vertex += usesScale ? segment * scaleFactor : fallback
      }
      inBounds = min(max(vertex, 0), size)
    }
    result.append(inBounds)
    return result
  }

  /// Fills a repeated patch with whole tiles of its image part (the last row and column cut
  /// short); returns the vertices it added.
  private mutating func tile(
    _ box: [(u: Float, v: Float, x: Float, y: Float)], from start: Int, width: Float,
    height: Float, _ scaleX: Float, _ scaleY: Float
  ) -> Int {
    let (startX, startY, endX, endY) = (box[0].x, box[0].y, box[2].x, box[2].y)
    let (startU, startV, endU, endV) = (box[0].u, box[0].v, box[2].u, box[2].v)
    let scaleX = abs(scaleX)
    let scaleY = abs(scaleY)
    guard scaleX != 0, scaleY != 0 else { return 0 }
    let sizeX = width * (endU - startU) / scaleX
    let sizeY = height * (endV - startV) / scaleY
    guard abs(sizeX) >= 1, abs(sizeY) >= 1 else { return 0 }
    var next = start
    var budget = Self.repeatLimit
    var y = startY
    while y < endY, budget > 0 {
      budget -= 1
      let fractionY = y + sizeY > endY ? (endY - y) / sizeY : 1
      var x = startX
      while x < endX, budget > 0 {
        budget -= 1
        let fractionX = x + sizeX > endX ? (endX - x) / sizeX : 1
        let u1 = startU + (endU - startU) * fractionX
        let v1 = startV + (endV - startV) * fractionY
        let x1 = x + sizeX * fractionX
        let y1 = y + sizeY * fractionY
        append(x, y, startU, startV)
        append(x1, y, u1, startV)
        append(x1, y1, u1, v1)
        append(x, y1, startU, v1)
        indices += Self.triangulation.map { UInt16(truncatingIfNeeded: next) &+ $0 }
        next += 4
        x += sizeX
      }
      y += sizeY
    }
    return next - start
  }
}

extension ArtboardInstance {
  /// Draws image `image` through its N-slicer `slicer`, as the official slice mesh does: in
  /// the image's world transform, moved by its origin, nothing when the mesh is empty.
  mutating func drawSliceMesh<R: DrawRenderer>(
    image c: Int, slicer: Int, decoded: DrawImages.Image, blend: BlendMode, opacity: Float,
    model g: GeometryModel, into renderer: inout R
  ) {
    var xs: [SliceMesh.Axis] = []
    var ys: [SliceMesh.Axis] = []
    var tileModes: [Int: SliceMesh.TileMode] = [:]
    for part in g.sliceAxes[slicer] {
      let p = Int(part)
      switch UInt32(model.types[p]) {
      case TypeKey.axisX:
        xs.append(
          .init(offset: float(p, Slot.axisOffset), isNormalized: bool(p, Slot.axisNormalized)))
      case TypeKey.axisY:
        ys.append(
          .init(offset: float(p, Slot.axisOffset), isNormalized: bool(p, Slot.axisNormalized)))
      case TypeKey.nSlicerTileMode:
        // A style the runtime does not know stretches, as an unknown enum value does there.
        let index = Int(uint(p, Slot.nSlicerTileModePatchIndex))
        tileModes[index] =
          SliceMesh.TileMode(rawValue: uint(p, Slot.nSlicerTileModeStyle)) ?? .stretch
      default:
        break
      }
    }
    let width = Float(decoded.width)
    let height = Float(decoded.height)
    let mesh = SliceMesh(
      width: width, height: height, scaleX: float(c, Slot.transformComponentScaleX),
      scaleY: float(c, Slot.transformComponentScaleY), xs: xs, ys: ys, tileModes: tileModes)
    guard !mesh.vertices.isEmpty, !mesh.indices.isEmpty else { return }
    renderer.transform(geometry.worldTransforms[c])
    renderer.draw(
      .transform(
        .translation(-width * float(c, Slot.imageOriginX), -height * float(c, Slot.imageOriginY))))
    renderer.draw(
      .drawImageMesh(
        image: decoded.id,
        mesh: ImageMesh(vertices: mesh.vertices, uvs: mesh.uvs, indices: mesh.indices),
        blendMode: blend, opacity: opacity))
  }
}
