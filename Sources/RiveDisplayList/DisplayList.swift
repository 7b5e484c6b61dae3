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
  @usableFromInline var storage: Storage

  @usableFromInline enum Storage: Sendable {
    case commands([PathCommand])
    case raw(RawPath)
  }

  public init(fillRule: FillRule, commands: [PathCommand]) {
    self.fillRule = fillRule
    storage = .commands(commands)
  }

  /// A path sharing a raw path's storage (no copy until one side changes).
  @inlinable
  package init(fillRule: FillRule, raw: RawPath) {
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
///
/// A list drawn from an artboard does not copy the frame's geometry: its paths and paints are
/// references into the drawing instance's retained frame (``RetainedPaths``), kept across frames
/// and refreshed only where the frame changed them, so a steady frame appends small fixed-size
/// steps. The list is still a value: a retained frame a list refers to is never changed again
/// (the instance draws its next frame into a copy while the list lives). The list is a
/// collection of ``DrawOperation`` values, made as they are read (also ``operations`` and
/// ``replay(into:)``).
public struct DisplayList: Sendable {
  /// The steps, one per operation.
  @usableFromInline var steps: [DisplayStep] = []
  /// The matrices of transform steps.
  @usableFromInline var matrices: [Transform2D] = []
  /// Operations the list owns (text glyph paths, meshes, lists read from JSON or built by hand).
  @usableFromInline var owned: [DrawOperation] = []
  /// The retained frames that retained steps refer to.
  @usableFromInline var frames: [RetainedPaths] = []
  /// The list's own storage, set aside while the list holds a recording's arrays (a recording
  /// appended to an empty list is shared, not copied: ``append(_:frame:)``); given back when
  /// the list is emptied, so a list reused frame after frame neither copies nor allocates.
  @usableFromInline var setAside: SetAside?

  @usableFromInline
  struct SetAside: Sendable {
    @usableFromInline var steps: [DisplayStep]
    @usableFromInline var matrices: [Transform2D]
    @usableFromInline var owned: [DrawOperation]
  }

  public init(operations: [DrawOperation] = []) { self.operations = operations }

  /// The operations, in order, as an array (reading makes every operation value; iterate the
  /// list itself, or ``replay(into:)``, to walk a long list once).
  public var operations: [DrawOperation] {
    get {
      Array(self)
    }
    set {
      removeAll(keepingCapacity: true)
      steps.reserveCapacity(newValue.count)
      for operation in newValue { draw(operation) }
    }
  }

  /// Removes every operation, keeping the storage for the next frame.
  public mutating func removeAll(keepingCapacity: Bool = false) {
    if let own = setAside.take() {
      // The shared recording goes; the list's own (empty) storage comes back.
      steps = own.steps
      matrices = own.matrices
      owned = own.owned
    }
    steps.removeAll(keepingCapacity: keepingCapacity)
    matrices.removeAll(keepingCapacity: keepingCapacity)
    owned.removeAll(keepingCapacity: keepingCapacity)
    frames.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Appends `operation`.
  public mutating func draw(_ operation: DrawOperation) {
    switch operation {
    case .save: steps.append(DisplayStep(kind: .save))
    case .restore: steps.append(DisplayStep(kind: .restore))
    case .transform(let matrix):
      steps.append(DisplayStep(kind: .transform, a: Int32(truncatingIfNeeded: matrices.count)))
      matrices.append(matrix)
    case .modulateOpacity(let opacity):
      steps.append(DisplayStep(kind: .modulateOpacity, a: Int32(bitPattern: opacity.bitPattern)))
    default:
      steps.append(DisplayStep(kind: .owned, a: Int32(truncatingIfNeeded: owned.count)))
      owned.append(operation)
    }
  }

  /// Appends a save.
  @inlinable @inline(__always)
  public mutating func save() { steps.append(DisplayStep(kind: .save)) }

  /// Appends a restore.
  @inlinable @inline(__always)
  public mutating func restore() { steps.append(DisplayStep(kind: .restore)) }

  /// Appends a transform.
  @inlinable @inline(__always)
  public mutating func transform(_ matrix: Transform2D) {
    steps.append(DisplayStep(kind: .transform, a: Int32(truncatingIfNeeded: matrices.count)))
    matrices.append(matrix)
  }

  /// Appends a path of a retained frame, clipped to or drawn (with one of the frame's paints).
  /// (Inlined into the walk: called, the reference's frame was retained and released for
  /// every path.)
  @inlinable @inline(__always)
  public mutating func draw(retained reference: RetainedDraw) {
    let frame = frameIndex(of: reference.frame)
    steps.append(
      DisplayStep(
        kind: reference.paint < 0 ? .retainedClip : .retainedDraw, rule: reference.rule,
        a: frame, b: reference.path, c: reference.paint))
  }

  /// The index of `frame` among the frames the list refers to (added when new): the last one
  /// first, as a walk refers to one frame at a time, then the few before it (a host's frame
  /// again after one of its nested artboards' or list items'). A frame further back is added
  /// again: listed twice it costs one more reference, where searching the whole list cost
  /// each new artboard of a frame the length of the list (a list of 70 items searched 70
  /// frames for each).
  @inlinable @inline(__always)
  mutating func frameIndex(of frame: RetainedPaths) -> Int32 {
    let count = frames.count
    if count > 0, frames[count - 1] === frame { return Int32(truncatingIfNeeded: count - 1) }
    return frameIndexFurtherBack(of: frame)
  }

  /// ``frameIndex(of:)`` for a frame that is not the last one.
  @usableFromInline
  mutating func frameIndexFurtherBack(of frame: RetainedPaths) -> Int32 {
    let count = frames.count
    var index = count - 2
    while index >= 0 && index >= count - 4 {
      if frames[index] === frame { return Int32(truncatingIfNeeded: index) }
      index -= 1
    }
    frames.append(frame)
    return Int32(truncatingIfNeeded: count)
  }

  /// The operation a step stands for.
  @inlinable @inline(__always)
  func operation(_ step: DisplayStep) -> DrawOperation {
    switch step.kind {
    case .save: return .save
    case .restore: return .restore
    case .transform: return .transform(matrices[Int(step.a)])
    case .modulateOpacity: return .modulateOpacity(Float(bitPattern: UInt32(bitPattern: step.a)))
    case .owned: return owned[Int(step.a)]
    case .retainedClip:
      return .clipPath(frames[Int(step.a)].renderPath(Int(step.b), rule: step.rule))
    case .retainedDraw:
      let frame = frames[Int(step.a)]
      return .drawPath(frame.renderPath(Int(step.b), rule: step.rule), frame.paint(at: Int(step.c)))
    }
  }
}

extension DisplayList: Hashable {
  public static func == (lhs: DisplayList, rhs: DisplayList) -> Bool {
    guard lhs.steps.count == rhs.steps.count else { return false }
    for index in lhs.steps.indices where lhs[index] != rhs[index] { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(steps.count)
    for operation in self { hasher.combine(operation) }
  }
}

/// The operations, in order, each made as it is read.
extension DisplayList: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { steps.count }

  /// The operation at `index` (`0..<count`).
  @inlinable public subscript(index: Int) -> DrawOperation { operation(steps[index]) }
}

/// One step of a display list: a fixed-size record (no references), so appending one costs
/// no retain.
@usableFromInline
struct DisplayStep: Sendable {
  @usableFromInline enum Kind: UInt8, Sendable {
    case save, restore, transform, modulateOpacity, owned, retainedClip, retainedDraw
  }
  @usableFromInline var kind: Kind
  /// The fill rule of a retained path.
  @usableFromInline var rule: FillRule
  /// The matrix or owned operation index, the opacity's bits, or the retained frame's index.
  @usableFromInline var a: Int32
  /// A retained path's slot.
  @usableFromInline var b: Int32
  /// A retained draw's paint slot.
  @usableFromInline var c: Int32

  @inlinable @inline(__always)
  init(kind: Kind, rule: FillRule = .nonZero, a: Int32 = 0, b: Int32 = 0, c: Int32 = 0) {
    self.kind = kind
    self.rule = rule
    self.a = a
    self.b = b
    self.c = c
  }
}

/// Something that consumes draw operations: a rasteriser, a recorder, a JSON writer.
public protocol DrawRenderer {
  mutating func draw(_ operation: DrawOperation)
  /// A path of a retained frame, clipped to or drawn. The default implementation hands
  /// ``draw(_:)`` the operation it stands for; a display list keeps the reference.
  mutating func draw(retained reference: RetainedDraw)
  /// ``DrawOperation/save``; the default implementation hands it to ``draw(_:)``.
  mutating func save()
  /// ``DrawOperation/restore``; the default implementation hands it to ``draw(_:)``.
  mutating func restore()
  /// ``DrawOperation/transform(_:)``; the default implementation hands it to ``draw(_:)``.
  mutating func transform(_ matrix: Transform2D)
  /// Where a recording of what is drawn next starts; nil (the default) when this renderer
  /// keeps nothing to record from. A display list returns its ``DisplayList/recordingStart``.
  mutating func beginRecording() -> DrawRecording.Start?
  /// Copies what was drawn since `start` into `recording`; false when it cannot be replayed
  /// (the default: nothing is kept to record from).
  func record(
    since start: DrawRecording.Start, frame: RetainedPaths, into recording: inout DrawRecording
  ) -> Bool
  /// Draws `recording` again, its references into `frame`. The default implementation hands
  /// each step to ``save()``, ``restore()``, ``transform(_:)``, ``draw(_:)`` and
  /// ``draw(retained:)``; a display list appends the steps in bulk.
  mutating func replay(_ recording: DrawRecording, frame: RetainedPaths)
}

// Inlinable, so that a renderer of another module that keeps these gets them specialized for
// its own type rather than called generically.
extension DrawRenderer {
  @inlinable
  public mutating func draw(retained reference: RetainedDraw) { draw(reference.operation) }
  @inlinable
  public mutating func save() { draw(.save) }
  @inlinable
  public mutating func restore() { draw(.restore) }
  @inlinable
  public mutating func transform(_ matrix: Transform2D) { draw(.transform(matrix)) }
  @inlinable
  public mutating func beginRecording() -> DrawRecording.Start? { nil }
  @inlinable
  public func record(
    since start: DrawRecording.Start, frame: RetainedPaths, into recording: inout DrawRecording
  ) -> Bool { false }

  @inlinable
  public mutating func replay(_ recording: DrawRecording, frame: RetainedPaths) {
    for step in recording.steps {
      switch step.kind {
      case .save: save()
      case .restore: restore()
      case .transform: transform(recording.matrices[Int(step.a)])
      case .modulateOpacity:
        draw(.modulateOpacity(Float(bitPattern: UInt32(bitPattern: step.a))))
      case .retainedClip, .retainedDraw:
        draw(retained: RetainedDraw(frame: frame, path: step.b, rule: step.rule, paint: step.c))
      case .owned:
        draw(recording.owned[Int(step.a)])
      }
    }
  }
}

extension DisplayList {
  /// Hands every operation to `renderer`, in order.
  @inlinable
  public func replay<R: DrawRenderer>(into renderer: inout R) {
    for step in steps { renderer.draw(operation(step)) }
  }
}
