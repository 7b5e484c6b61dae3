import RiveCore
import RiveFormat

/// Cheap facts about a display list, for sanity checks of what a rendering must show.
public enum DisplayListProbe {
  /// Whether the list fills an opaque solid colour (source-over, no feather, full opacity)
  /// over at least one whole pixel of `0, 0, width, height`, as far as bounding boxes tell:
  /// the path's box under the current transform, cut by the boxes of the clips in force.
  /// A `true` means the rendering must not be blank (barring clips whose shapes, unlike
  /// their boxes, miss the fill).
  public static func drawsOpaque(_ list: DisplayList, width: Float, height: Float) -> Bool {
    struct State {
      var matrix = Transform2D.identity
      var clip: (minX: Float, minY: Float, maxX: Float, maxY: Float)
      var opacity: Float = 1
    }
    var state = State(clip: (0, 0, width, height))
    var stack: [State] = []
    func box(_ path: RenderPath, _ matrix: Transform2D) -> (Float, Float, Float, Float)? {
      var minX = Float.infinity
      var minY = Float.infinity
      var maxX = -Float.infinity
      var maxY = -Float.infinity
      func add(_ x: Float, _ y: Float) {
        let point = matrix.apply(x: x, y: y)
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
      }
      for command in path.commands {
        switch command {
        case .move(let x, let y), .line(let x, let y): add(x, y)
        case .cubic(let a, let b, let c, let d, let e, let f):
          add(a, b)
          add(c, d)
          add(e, f)
        case .close: break
        }
      }
      guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
      return (minX, minY, maxX, maxY)
    }
    for operation in list.operations {
      switch operation {
      case .save: stack.append(state)
      case .restore: state = stack.popLast() ?? state
      case .transform(let matrix): state.matrix = state.matrix * matrix
      case .modulateOpacity(let opacity): state.opacity *= opacity
      case .clipPath(let path):
        guard let (minX, minY, maxX, maxY) = box(path, state.matrix) else {
          state.clip = (0, 0, 0, 0)
          continue
        }
        state.clip = (
          max(state.clip.minX, minX), max(state.clip.minY, minY), min(state.clip.maxX, maxX),
          min(state.clip.maxY, maxY)
        )
      case .drawPath(let path, let paint):
        guard paint.style == .fill, paint.shader == nil, let color = paint.color,
          color >> 24 == 0xFF, paint.blendMode == .srcOver, paint.feather == 0,
          state.opacity >= 1, path.fillRule != .evenOdd,
          let (minX, minY, maxX, maxY) = box(path, state.matrix)
        else { continue }
        // Trusted only for small polygons (rectangles and the like) with a real area whose
        // box overlaps the clips' boxes by at least 4×4 pixels.
        let left = max(minX, state.clip.minX)
        let top = max(minY, state.clip.minY)
        let right = min(maxX, state.clip.maxX)
        let bottom = min(maxY, state.clip.maxY)
        if right - left >= 4, bottom - top >= 4, path.commands.count <= 6,
          polygonArea(path, state.matrix) >= 16
        {
          return true
        }
      case .drawImage, .drawImageMesh: continue
      }
    }
    return false
  }

  /// The absolute area of a path made only of one contour of lines, after `matrix`; 0 for
  /// any other path.
  static func polygonArea(_ path: RenderPath, _ matrix: Transform2D) -> Float {
    var points: [(x: Float, y: Float)] = []
    for (index, command) in path.commands.enumerated() {
      switch command {
      case .move(let x, let y):
        guard index == 0 else { return 0 }
        points.append(matrix.apply(x: x, y: y))
      case .line(let x, let y): points.append(matrix.apply(x: x, y: y))
      case .close: continue
      case .cubic: return 0
      }
    }
    guard points.count >= 3 else { return 0 }
    var twice: Float = 0
    for index in points.indices {
      let next = points[(index + 1) % points.count]
      twice += points[index].x * next.y - next.x * points[index].y
    }
    return abs(twice) / 2
  }
}
