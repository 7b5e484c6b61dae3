@_spi(RiveFormatInternals) import RiveFormat

/// A 2-D affine transform in the official runtime's order `[xx, xy, yx, yy, tx, ty]`: a point
/// (x, y) maps to (xx·x + yx·y + tx, xy·x + yy·y + ty).
public struct Transform2D: Sendable, Hashable {
  public var xx: Float, xy: Float, yx: Float, yy: Float, tx: Float, ty: Float

  public init(xx: Float, xy: Float, yx: Float, yy: Float, tx: Float, ty: Float) {
    self.xx = xx
    self.xy = xy
    self.yx = yx
    self.yy = yy
    self.tx = tx
    self.ty = ty
  }

  public static let identity = Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 0, ty: 0)

  /// The six values in the runtime's order.
  public var values: [Float] { [xx, xy, yx, yy, tx, ty] }

  /// `self` followed by... `self * other`: applies `other` first, then `self`.
  public static func * (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
    Transform2D(
      xx: lhs.xx * rhs.xx + lhs.yx * rhs.xy,
      xy: lhs.xy * rhs.xx + lhs.yy * rhs.xy,
      yx: lhs.xx * rhs.yx + lhs.yx * rhs.yy,
      yy: lhs.xy * rhs.yx + lhs.yy * rhs.yy,
      tx: lhs.xx * rhs.tx + lhs.yx * rhs.ty + lhs.tx,
      ty: lhs.xy * rhs.tx + lhs.yy * rhs.ty + lhs.ty)
  }

  /// Maps a point.
  public func apply(x: Float, y: Float) -> (x: Float, y: Float) {
    (xx * x + yx * y + tx, xy * x + yy * y + ty)
  }
}

/// How a path's inside is decided.
public enum FillRule: String, Sendable, Hashable {
  case nonZero
  case evenOdd
  case clockwise
}

/// One path command; coordinates are in the path's own space.
public enum PathCommand: Sendable, Hashable {
  case move(Float, Float)
  case line(Float, Float)
  case cubic(Float, Float, Float, Float, Float, Float)
  case close
}

/// A path as the renderer receives it.
public struct RenderPath: Sendable, Hashable {
  public var fillRule: FillRule
  /// The commands (a path drawn from an artboard keeps the runtime's points and verbs and makes
  /// the commands when they are read; see `forEachCommand`).
  public var commands: [PathCommand] {
    get {
      switch storage {
      case .commands(let commands): return commands
      case .raw(let raw):
        var commands: [PathCommand] = []
        commands.reserveCapacity(raw.verbs.count)
        raw.write(into: &commands)
        return commands
      }
    }
    set { storage = .commands(newValue) }
  }
  var storage: Storage

  enum Storage: Sendable {
    case commands([PathCommand])
    case raw(RawPath)
  }

  public init(fillRule: FillRule, commands: [PathCommand]) {
    self.fillRule = fillRule
    storage = .commands(commands)
  }

  /// A path sharing a raw path's storage (no copy until one side changes).
  init(fillRule: FillRule, raw: RawPath) {
    self.fillRule = fillRule
    storage = .raw(raw)
  }

  /// Calls `body` with each command in order, without making the command array.
  public func forEachCommand(_ body: (PathCommand) -> Void) {
    switch storage {
    case .commands(let commands): for command in commands { body(command) }
    case .raw(let raw): raw.forEachCommand(body)
    }
  }

  public static func == (lhs: RenderPath, rhs: RenderPath) -> Bool {
    lhs.fillRule == rhs.fillRule && lhs.commands == rhs.commands
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fillRule)
    hasher.combine(commands)
  }
}

/// Blend modes (the runtime's values).
public enum BlendMode: UInt8, Sendable, Hashable, CaseIterable {
  case srcOver = 3
  case screen = 14
  case overlay = 15
  case darken = 16
  case lighten = 17
  case colorDodge = 18
  case colorBurn = 19
  case hardLight = 20
  case softLight = 21
  case difference = 22
  case exclusion = 23
  case multiply = 24
  case hue = 25
  case saturation = 26
  case color = 27
  case luminosity = 28

  /// The name the reference streams use.
  public var name: String { "\(self)" }
}

/// A gradient's geometry and colour stops (colours 0xAARRGGBB, stops 0…1).
public enum Shader: Sendable, Hashable {
  case linear(
    startX: Float, startY: Float, endX: Float, endY: Float, colors: [UInt32], stops: [Float])
  case radial(centerX: Float, centerY: Float, radius: Float, colors: [UInt32], stops: [Float])
}

/// The paint of a draw call, as the renderer receives it.
public struct RenderPaint: Sendable, Hashable {
  public enum Style: String, Sendable, Hashable { case fill, stroke }
  public enum Join: String, Sendable, Hashable { case miter, round, bevel }
  public enum Cap: String, Sendable, Hashable { case butt, round, square }

  public var style: Style
  /// The solid colour, or nil when none was set (gradient paints).
  public var color: UInt32?
  public var thickness: Float
  public var join: Join
  public var cap: Cap
  public var blendMode: BlendMode
  /// The feather amount, 0 for none.
  public var feather: Float
  public var shader: Shader?

  public init(
    style: Style, color: UInt32?, thickness: Float = 1, join: Join = .miter, cap: Cap = .butt,
    blendMode: BlendMode = .srcOver, feather: Float = 0, shader: Shader? = nil
  ) {
    self.style = style
    self.color = color
    self.thickness = thickness
    self.join = join
    self.cap = cap
    self.blendMode = blendMode
    self.feather = feather
    self.shader = shader
  }
}

/// A textured triangle mesh.
public struct ImageMesh: Sendable, Hashable {
  public var vertices: [Float]
  public var uvs: [Float]
  public var indices: [UInt16]

  public init(vertices: [Float], uvs: [Float], indices: [UInt16]) {
    self.vertices = vertices
    self.uvs = uvs
    self.indices = indices
  }
}

/// One renderer call, in the order the official runtime makes them.
public enum DrawOperation: Sendable, Hashable {
  case save
  case restore
  /// Multiplies the transform onto the current one.
  case transform(Transform2D)
  case clipPath(RenderPath)
  case drawPath(RenderPath, RenderPaint)
  /// Draws image `image` (the decode-order id, or -1 for a missing image) at the current
  /// transform.
  case drawImage(image: Int, blendMode: BlendMode, opacity: Float)
  case drawImageMesh(image: Int, mesh: ImageMesh, blendMode: BlendMode, opacity: Float)
  case modulateOpacity(Float)
}

/// An ordered list of draw operations: one frame of an artboard.
public struct DisplayList: Sendable, Hashable {
  public var operations: [DrawOperation]

  public init(operations: [DrawOperation] = []) { self.operations = operations }
}

/// Something that consumes draw operations: a rasteriser, a recorder, a JSON writer.
public protocol DrawRenderer {
  mutating func draw(_ operation: DrawOperation)
}

extension DisplayList {
  /// Hands every operation to `renderer`, in order.
  public func replay<R: DrawRenderer>(into renderer: inout R) {
    for operation in operations { renderer.draw(operation) }
  }
}
