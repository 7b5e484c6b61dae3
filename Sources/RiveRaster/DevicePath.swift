import CCairo
import RiveDisplayList

/// A `RenderPath` mapped into device space, with what the rasteriser needs to know about
/// it: its bounds, and how many of its contours run counterclockwise in the path's own space.
///
/// Paths are handed to Cairo in device coordinates, so that this code (not Cairo's 24.8
/// fixed-point conversion) decides what happens to coordinates out of range: every point is
/// clamped to ±2²² pixels, far outside any canvas, when it is appended.
struct DevicePath {
  enum Verb {
    case move, line, cubic, close
  }

  private(set) var verbs: [Verb] = []
  /// Device coordinates, 2 for a move or line and 6 for a cubic.
  private(set) var coordinates: [Double] = []
  private(set) var minX = Double.infinity
  private(set) var minY = Double.infinity
  private(set) var maxX = -Double.infinity
  private(set) var maxY = -Double.infinity
  /// Contours whose signed area in the path's own (y-down) space is negative, so that they
  /// wind counterclockwise. Measured on the points and control points, as the runtime's
  /// coarse area is.
  private(set) var counterclockwiseContourCount = 0

  /// The largest magnitude of a coordinate handed to Cairo (its fixed point holds ±2²³).
  static let coordinateLimit: Double = 4_194_304

  /// Maps `path` by `matrix`; nil when a point or the matrix is not finite.
  init?(_ path: RenderPath, matrix: Affine) {
    guard matrix.isFinite else { return nil }
    verbs.reserveCapacity(path.commands.count)
    coordinates.reserveCapacity(path.commands.count * 4)
    var area = 0.0
    var contourStart: (x: Double, y: Double)?
    var last = (x: 0.0, y: 0.0)
    func finishContour() {
      if let start = contourStart {
        area += last.x * start.y - start.x * last.y
        if area < 0 { counterclockwiseContourCount += 1 }
      }
      area = 0
      contourStart = nil
    }
    func addLocal(_ x: Float, _ y: Float) -> Bool {
      let lx = Double(x)
      let ly = Double(y)
      guard lx.isFinite, ly.isFinite else { return false }
      if contourStart == nil {
        contourStart = (lx, ly)
      } else {
        area += last.x * ly - lx * last.y
      }
      last = (lx, ly)
      let point = matrix.apply(lx, ly)
      guard point.x.isFinite, point.y.isFinite else { return false }
      coordinates.append(point.x)
      coordinates.append(point.y)
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
      return true
    }
    for command in path.commands {
      switch command {
      case .move(let x, let y):
        finishContour()
        verbs.append(.move)
        guard addLocal(x, y) else { return nil }
      case .line(let x, let y):
        verbs.append(.line)
        guard addLocal(x, y) else { return nil }
      case .cubic(let x1, let y1, let x2, let y2, let x, let y):
        verbs.append(.cubic)
        guard addLocal(x1, y1), addLocal(x2, y2), addLocal(x, y) else { return nil }
      case .close:
        verbs.append(.close)
      }
    }
    finishContour()
  }

  /// Whether the path has no points at all.
  var isEmpty: Bool { coordinates.isEmpty }

  /// Appends the path to `context`'s current path, mapped by `x · scaleX + offsetX` (and the
  /// same for y), with every coordinate clamped to ±``coordinateLimit``. The context's matrix
  /// must be the identity.
  func append(
    to context: OpaquePointer, scaleX: Double = 1, scaleY: Double = 1, offsetX: Double = 0,
    offsetY: Double = 0
  ) {
    let limit = Self.coordinateLimit
    coordinates.withUnsafeBufferPointer { values in
      var index = 0
      func next() -> (Double, Double) {
        let x = min(max(values[index] * scaleX + offsetX, -limit), limit)
        let y = min(max(values[index + 1] * scaleY + offsetY, -limit), limit)
        index += 2
        return (x, y)
      }
      for verb in verbs {
        switch verb {
        case .move:
          let (x, y) = next()
          cairo_move_to(context, x, y)
        case .line:
          let (x, y) = next()
          cairo_line_to(context, x, y)
        case .cubic:
          let (x1, y1) = next()
          let (x2, y2) = next()
          let (x, y) = next()
          cairo_curve_to(context, x1, y1, x2, y2, x, y)
        case .close:
          cairo_close_path(context)
        }
      }
    }
  }

  /// Appends `count` copies of a rectangle a little larger than the path's bounds (in the
  /// same mapping as ``append(to:scaleX:scaleY:offsetX:offsetY:)``), each adding one to the
  /// winding number of everything inside the path in the direction of the path's clockwise
  /// contours: clockwise on the device when `isClockwiseOnDevice`, else counterclockwise.
  func appendWindingBoxes(
    _ count: Int, to context: OpaquePointer, isClockwiseOnDevice: Bool, scaleX: Double = 1,
    scaleY: Double = 1, offsetX: Double = 0, offsetY: Double = 0
  ) {
    guard count > 0, !isEmpty else { return }
    let limit = Self.coordinateLimit
    func clamp(_ value: Double) -> Double { min(max(value, -limit), limit) }
    let left = clamp(minX * scaleX + offsetX - 4)
    let top = clamp(minY * scaleY + offsetY - 4)
    let right = clamp(maxX * scaleX + offsetX + 4)
    let bottom = clamp(maxY * scaleY + offsetY + 4)
    for _ in 0..<count {
      cairo_move_to(context, left, top)
      if isClockwiseOnDevice {
        cairo_line_to(context, right, top)
        cairo_line_to(context, right, bottom)
        cairo_line_to(context, left, bottom)
      } else {
        cairo_line_to(context, left, bottom)
        cairo_line_to(context, right, bottom)
        cairo_line_to(context, right, top)
      }
      cairo_close_path(context)
    }
  }
}
