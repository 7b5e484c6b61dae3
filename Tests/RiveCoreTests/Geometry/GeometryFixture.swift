import Foundation

@testable import RiveCore

/// Small geometry files made with the package's writer, and helpers to draw them.
extension RuntimeFixture {
  /// Adds a shape at (`x`, `y`) under `parent`; returns its id.
  @discardableResult
  mutating func shape(parent: Int = 0, x: Float = 0, y: Float = 0) -> Int {
    component(
      TypeKey.shape, parent: parent,
      [(PropertyKey.nodeX, .float(x)), (PropertyKey.nodeY, .float(y))])
  }

  /// Adds a solid fill (with its colour) to `shape`; returns the fill's id.
  @discardableResult
  mutating func fill(_ shape: Int, color: UInt32 = 0xFF11_2233, rule: UInt64 = 0) -> Int {
    let fill = component(TypeKey.fill, parent: shape, [(PropertyKey.fillFillRule, .uint(rule))])
    component(TypeKey.solidColor, parent: fill, [(PropertyKey.solidColorColorValue, .color(color))])
    return fill
  }

  /// Adds a solid stroke to `shape`; returns the stroke's id.
  @discardableResult
  mutating func stroke(
    _ shape: Int, thickness: Float = 2, color: UInt32 = 0xFF00_00FF,
    transformAffectsStroke: Bool = true
  ) -> Int {
    let stroke = component(
      TypeKey.stroke, parent: shape,
      [
        (PropertyKey.strokeThickness, .float(thickness)),
        (PropertyKey.strokeTransformAffectsStroke, .bool(transformAffectsStroke)),
      ])
    component(
      TypeKey.solidColor, parent: stroke, [(PropertyKey.solidColorColorValue, .color(color))])
    return stroke
  }

  /// Adds a parametric path of `type` with a size and origin.
  @discardableResult
  mutating func parametric(
    _ type: UInt32, parent: Int, width: Float, height: Float, originX: Float = 0.5,
    originY: Float = 0.5, _ extra: [(UInt16, RiveObjectWriter.Value)] = []
  ) -> Int {
    component(
      type, parent: parent,
      [
        (PropertyKey.parametricPathWidth, .float(width)),
        (PropertyKey.parametricPathHeight, .float(height)),
        (PropertyKey.parametricPathOriginX, .float(originX)),
        (PropertyKey.parametricPathOriginY, .float(originY)),
      ] + extra)
  }

  /// The display list of frame 0 of the file's first artboard.
  func drawFrameZero() throws -> DisplayList {
    let file = try self.file()
    guard let lists = DrawRecorder(file: file).displayLists(frames: [0]), let first = lists.first
    else { return DisplayList() }
    return first.1
  }
}

extension DisplayList {
  /// The paths of the draw calls, in order.
  var drawnPaths: [RenderPath] {
    operations.compactMap {
      if case .drawPath(let path, _) = $0 { return path }
      return nil
    }
  }

  /// The paints of the draw calls, in order.
  var drawnPaints: [RenderPaint] {
    operations.compactMap {
      if case .drawPath(_, let paint) = $0 { return paint }
      return nil
    }
  }
}
