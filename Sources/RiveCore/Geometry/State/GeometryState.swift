import RiveFormat

/// A path a paint draws, as the runtime keeps it: raw geometry plus the state of the
/// renderer-side path made from it on first use. The renderer path keeps its fill rule between draws (fills set it on
/// every draw), which is why the same path can show different rules on different frames.
struct PaintPath: Sendable {
  /// The geometry. Every change counts a new ``generation`` (an in-place `didSet`: no copy).
  var raw = RawPath() { didSet { generation &+= 1 } }
  /// The second buffers: the storage the retained frame gave back when it last took ``raw``
  /// (``rawIsShared``). A rewind of a shared path swaps them with the path's and rebuilds in
  /// them, so the frame keeps the geometry it drew and neither side copies or allocates. (Two
  /// arrays, not a second path: a paint path stays small.)
  var sparePoints: [Vec2] = []
  var spareVerbs: [PathVerb] = []
  /// Whether the retained frame shares ``raw``'s storage (it took it and no rewind followed).
  var rawIsShared = false
  /// Counts changes of ``raw`` (from 1), so a retained copy knows when it is stale.
  var generation: UInt32 = 1
  var isLocal: Bool
  var fillRule: FillRule
  /// The renderer path's fill rule, or nil before the renderer path exists.
  var renderRule: FillRule?
  /// Whether the geometry changed since the renderer path was last refreshed.
  var commandsDirty = true

  init(isLocal: Bool, fillRule: FillRule = .clockwise) {
    self.isLocal = isLocal
    self.fillRule = fillRule
  }

  mutating func rewind() {
    if rawIsShared {
      let points = sparePoints
      let verbs = spareVerbs
      sparePoints = raw.points
      spareVerbs = raw.verbs
      raw.points = points
      raw.verbs = verbs
      rawIsShared = false
    }
    raw.rewind()
    commandsDirty = true
  }

  mutating func rewind(isLocal: Bool, fillRule: FillRule) {
    self.isLocal = isLocal
    self.fillRule = fillRule
    rewind()
  }

  /// Whether the renderer path exists and is up to date.
  var hasRenderPath: Bool { renderRule != nil && !commandsDirty }

  /// Makes (or refreshes) the renderer path.
  mutating func prepareRenderPath() {
    if renderRule == nil { renderRule = fillRule }
    commandsDirty = false
  }
}

/// The renderer paint of a fill or stroke, as the runtime has last set it.
///
/// Every change counts a new ``generation``, so the retained frame compares a paint only when
/// it may have changed. A field set to the value it had is no change (an animation that sets
/// the same colour every frame leaves its paint as it was); a shader counts every time it is
/// set (comparing gradients would cost what the frame's comparison costs).
struct PaintState: Sendable {
  var style: RenderPaint.Style = .fill { didSet { if style != oldValue { generation &+= 1 } } }
  var color: UInt32? { didSet { if color != oldValue { generation &+= 1 } } }
  var thickness: Float = 1 { didSet { if thickness != oldValue { generation &+= 1 } } }
  var join: RenderPaint.Join = .miter { didSet { if join != oldValue { generation &+= 1 } } }
  var cap: RenderPaint.Cap = .butt { didSet { if cap != oldValue { generation &+= 1 } } }
  var blendMode: BlendMode = .srcOver {
    didSet { if blendMode != oldValue { generation &+= 1 } }
  }
  var feather: Float = 0 { didSet { if feather != oldValue { generation &+= 1 } } }
  var shader: Shader? { didSet { generation &+= 1 } }
  /// Counts changes (from 1).
  var generation: UInt32 = 1

  /// `state`'s renderer paint, made from its fields where it is (reading the state from its
  /// array to make the paint copied the whole state first).
  @inline(__always)
  static func renderPaint(of state: UnsafePointer<PaintState>) -> RenderPaint {
    RenderPaint(
      style: state.pointee.style, color: state.pointee.color, thickness: state.pointee.thickness,
      join: state.pointee.join, cap: state.pointee.cap, blendMode: state.pointee.blendMode,
      feather: state.pointee.feather, shader: state.pointee.shader)
  }

  /// Whether `paint` is `state`'s renderer paint, compared field by field where both are
  /// (neither made nor copied: a copy of either retained its shader).
  @inline(__always)
  static func matches(_ state: UnsafePointer<PaintState>, _ paint: UnsafePointer<RenderPaint>)
    -> Bool
  {
    paint.pointee.style == state.pointee.style && paint.pointee.color == state.pointee.color
      && paint.pointee.thickness == state.pointee.thickness
      && paint.pointee.join == state.pointee.join && paint.pointee.cap == state.pointee.cap
      && paint.pointee.blendMode == state.pointee.blendMode
      && paint.pointee.feather == state.pointee.feather
      && paint.pointee.shader == state.pointee.shader
  }
}

/// One entry of the draw order: a drawable, or the start or end of a clip.
enum DrawItem: Sendable, Equatable {
  case drawable(Int32)
  /// A layout component's proxy (draws nothing without layout).
  case proxy(Int32)
  case clipStart(Int32)
  case clipEnd(Int32)
}

/// The geometry state of one artboard instance: every component's dirt, transforms, opacity,
/// built paths, paints and the draw order. Part of ``ArtboardInstance``'s value.
struct GeometryState: Sendable {
  var isReady = false
  /// Whether the artboard draws with its origin framed (top-level artboards; nested artboards
  /// draw around their origin).
  var frameOrigin = true
  /// The opacity the hosting nested-artboard component passes down (1 at the top level).
  var hostOpacity: Float = 1
  /// The transform from this artboard's world space to the root artboard's, as its host last
  /// placed it (identity at the top level): computed root coordinates go through it.
  var hostToRoot: Transform2D = .identity
  var dirt: [UInt16] = []
  /// Where the update loop is (graph order); dirt added before it restarts the loop.
  var dirtDepth = 0
  var transforms: [Transform2D] = []
  var worldTransforms: [Transform2D] = []
  /// Render opacity of transform components, and the inherited opacity of paint mutators.
  var renderOpacities: [Float] = []
  /// Visible (1) and translucent (2) flags of paint mutators.
  var mutatorFlags: [UInt8] = []
  /// Whether a path's or composer's build was deferred (its shape is invisible).
  var deferred: [Bool] = []

  /// Each path's raw path (index by ``pathSlots``).
  var rawPaths: [RawPath] = []
  var pathSlots: [Int32] = []

  /// Paint paths: for each shape its local, world and local-clockwise paths; for the artboard
  /// and layouts their local and world paths; for each clipping shape its clip; for each path
  /// effect one per paint; for each inner feather its inner path.
  var paintPaths: [PaintPath] = []
  /// First paint-path slot of each component (shapes: +0 local, +1 world, +2 clockwise;
  /// artboard and layouts: +0 local, +1 world; clipping shapes: +0; feathers: +0).
  var paintPathSlots: [Int32] = []
  /// The paint-path slot of effect step 0 (``GeometryModel/paintEffects``); step `s` has slot
  /// `effectStepBase + s`.
  var effectStepBase = 0
  /// Whether a clipping shape has a clip path now.
  var hasClipPath: [Bool] = []
  /// Trim and dash steps' measured contours of their source, by step, kept (for their
  /// storage) when invalidated.
  var effectContours: [Int: [ContourMeasure]] = [:]
  /// Whether a step's ``effectContours`` still measure its source path (an array:
  /// invalidation runs many times a frame, and a dictionary's in-place update allocates).
  var effectContoursValid: [Bool] = []
  /// The path a follow-path constraint measures its target's paths in (kept for its storage).
  var followScratch = RawPath()
  /// Follow-path constraints' measure of their target's paths.
  var followMeasures: [Int: PathMeasure] = [:]
  /// IK constraints' solved angle of each bone in the chain.
  var ikAngles: [Int: [Float]] = [:]
  /// Scratch of the IK solver (the chain's bones, their parts and parents' inverses), kept
  /// between constraints and frames so solving allocates nothing once sized.
  var ikScratch = IKScratch()
  /// Whether an inner feather must rebuild from its paint's effect path when drawn.
  var featherEffectDirty: [Bool] = []

  /// Renderer paint of each fill or stroke (index by ``paintSlots``).
  var paintStates: [PaintState] = []
  var paintSlots: [Int32] = []

  /// Index of each gradient into the gradient arrays, and of each skin into the bone buffers.
  var gradientSlots: [Int32] = []
  var skinSlots: [Int32] = []
  /// Gradient stops of each gradient in position order.
  var stopOrder: [[Int32]] = []
  var gradientColors: [[UInt32]] = []
  var gradientPositions: [[Float]] = []

  /// Skins' bone transforms (6 floats per tendon, after the skin's own world transform).
  var boneTransforms: [[Float]] = []
  /// Deformed vertex positions: translation, in, out (by vertex id; only skinned vertices).
  var deformed: [Vec2] = []
  var deformedIn: [Vec2] = []
  var deformedOut: [Vec2] = []

  /// The draw order (back to front) and whether each entry saves and restores.
  var drawOrder: [DrawItem] = []
  var drawNeedsSave: [Bool] = []
  /// Whether ``drawOrder`` holds clips (a walk of an order without any skips the bookkeeping
  /// of clips waiting for something to clip).
  var drawOrderHasClips = false
  /// The index in the instance's nested artboards of each nested-artboard host, or -1.
  var nestedSlots: [Int32] = []
  /// Handle-following joysticks' inputs when their position was last computed.
  var joystickInputs: [Int: JoystickHandleInputs] = [:]
  /// Scratch buffers reused by the update.
  var scratchStack: [Int32] = []
  var scratchPoints: [PathPoint] = []
  var scratchPending: [Int] = []
  /// A virtualized list's realized items, their draw order and its keys, as a draw finds them
  /// (reused from list to list and frame to frame).
  var scratchRealized: [ArtboardInstance.RealizedItem] = []
  var scratchVirtualOrder: [ArtboardInstance.RealizedItem] = []
  var scratchOrderKeys: [Float] = []
  /// The renderer paths and paints the instance's display lists refer to, kept across frames.
  var retained = RetainedPaths()
  /// Each drawn image mesh's last vertices and UVs, by the mesh's position among the model's
  /// meshes (``GeometryModel/meshOrdinal(_:)``; nil before it is drawn), handed out again
  /// while they do not change (as the runtime keeps its render buffers: a mesh is made again
  /// only after its vertices gained dirt or a vertex's position or UV was set); a changed mesh
  /// is made in the buffers of the one it replaces (once no display list holds them): a steady
  /// or moving mesh draws without allocating.
  var drawnMeshes: [DrawnMesh?] = []

  init() {}
}

/// An image mesh as last drawn (see ``GeometryState/drawnMeshes``).
struct DrawnMesh: Sendable {
  var mesh: ImageMesh
  /// False once its vertices may have changed since.
  var isCurrent: Bool
  /// False once a UV of its vertices was set since.
  var uvsAreCurrent: Bool
}

/// The IK solver's working arrays (see ``GeometryState/ikScratch``).
struct IKScratch: Sendable {
  var chain: [Int] = []
  var parts: [TransformParts] = []
  var inverses: [Transform2D] = []
}
