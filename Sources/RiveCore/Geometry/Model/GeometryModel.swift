import RiveFormat

/// The fixed structure of an artboard's geometry, worked out once per artboard model: what
/// each object is, which components depend on which (and so the update order), which paths and
/// paints belong to which shape, the drawables and their clips, bones and constraints.
///
/// Component indices are the artboard's object ids, followed by one path composer per shape
/// (the runtime makes those itself; they are not objects of the file).
final class GeometryModel: Sendable {
  /// The number of objects (the artboard is object 0).
  let objectCount: Int
  /// Whether layout components compose their stored offset, rotation and scale (files of
  /// format 7.3 and later).
  let composeLayoutTransforms: Bool
  /// Objects plus path composers.
  let componentCount: Int
  let kinds: [ComponentKind]
  /// The parent of each component (a composer's parent is its shape), or -1.
  let parents: [Int32]
  /// The parent a transform component composes its world transform with (its parent when that
  /// is a world transform component), or -1.
  let parentTransforms: Column
  /// Children of each object, in object order.
  let children: IndexLists
  /// Components to dirty when a component is dirtied recursively.
  let dependents: IndexLists
  /// The update order.
  let dependencyOrder: [Int32]
  /// Each component's position in the update order (Int32.max when it is not in it).
  let graphOrder: [Int32]

  // MARK: Shapes and paths

  /// The path composer of each shape object, or -1.
  let composers: Column
  /// Paths of each shape (object order).
  let shapePaths: IndexLists
  /// The shape each path belongs to, or -1.
  let pathShapes: Column
  /// The vertices of each points path (object order).
  let pathVertices: IndexLists
  /// The N-sliced node that deforms each path (the nearest one above its shape), or -1.
  let pathDeformers: Column
  /// The axes (x and y, object order) of each N-sliced node.
  let sliceAxes: IndexLists
  /// The weight of each vertex, or -1.
  let vertexWeights: Column
  /// Static path flags of each shape (clipping, world for clipping, follow path) and path (follow
  /// path).
  let shapeStaticFlags: [UInt8]
  /// The deforming skin of each points path, or -1.
  let skins: Column
  /// Tendons of each skin.
  let skinTendons: IndexLists
  /// The bone of each tendon, or -1.
  let tendonBones: Column

  // MARK: Paints

  /// The paints (fills and strokes with a colour or gradient) of each paint container
  /// (artboard, layout component or shape).
  let paints: IndexLists
  /// The container a paint draws for, or -1.
  let paintContainers: Column
  /// The colour or gradient of each paint, or -1.
  let paintMutators: Column
  /// The paint a colour or gradient belongs to, or -1.
  let mutatorPaints: Column
  /// The path-effect steps of each paint, in the order they run: its trim paths, dashes and
  /// scripted effects, with each target effect replaced by its group's steps. The steps of all
  /// paints are numbered in order (``IndexLists/start(_:)``): each step has a path of its own,
  /// since one effect of a group can run for several paints.
  let paintEffects: IndexLists
  /// The steps (numbered as above) each effect runs as.
  let effectSteps: IndexLists
  /// The paint each step runs for.
  let stepPaints: [Int32]
  /// The feather of each paint, or -1.
  let paintFeathers: Column
  /// Gradient stops of each gradient (object order).
  let gradientStops: IndexLists
  /// The node whose world transform a gradient follows, or -1 (world space).
  let gradientNodes: Column
  /// The dashes of each dash path effect.
  let dashes: IndexLists

  // MARK: Drawing

  /// Drawables in the artboard's list order; `drawableIsProxy` marks layout proxies (empty
  /// when there are none: read through ``isProxy(drawableAt:)``).
  let drawables: [Int32]
  let drawableIsProxy: [Bool]
  /// The draw rules that apply to each drawable, or -1; empty when the artboard has no draw
  /// rules (read through ``rules(ofDrawable:)``).
  let drawableRules: [Int32]
  /// Clipping shapes of each drawable.
  let drawableClips: IndexLists
  /// All clipping shapes.
  let clippingShapes: [Int32]
  /// The shapes each clipping shape clips with.
  let clipShapes: IndexLists
  /// Draw targets in the order their placement is applied.
  let drawTargets: [Int32]

  // MARK: Constraints and bones

  /// Constraints of each transform component (object order).
  let constraints: IndexLists
  /// Peer constraints of each bone (IK chains).
  let bonePeerConstraints: IndexLists
  /// Child bones of each bone.
  let childBones: IndexLists
  /// The target of each targeted constraint, or -1.
  let constraintTargets: Column
  /// IK chains: for each IK constraint, the bones from the root of the chain to the tip.
  let ikChains: IndexLists

  /// The mesh of each image, or -1.
  let imageMeshes: Column
  /// Vertices of each mesh.
  let meshVertices: IndexLists
  /// Triangle indices of each mesh, by id (empty when no mesh of the artboard has any; read
  /// through ``indices(ofMesh:)``).
  let meshIndices: [[UInt16]]
  /// The meshes with a triangle that refers to a vertex they do not have, which the runtime
  /// rejects (almost always none; found once, not on every draw).
  let invalidMeshes: [Int32]
  /// The ids of the artboard's meshes, ascending: a mesh's position here numbers it among
  /// them (``meshOrdinal(_:)``), which is where an instance keeps what it last drew of it.
  let meshIDs: [Int32]

  /// Mesh `mesh`'s position in ``meshIDs``, or nil when it is not a mesh.
  func meshOrdinal(_ mesh: Int) -> Int? {
    var low = 0
    var high = meshIDs.count
    let key = Int32(truncatingIfNeeded: mesh)
    while low < high {
      let middle = (low + high) / 2
      if meshIDs[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < meshIDs.count && meshIDs[low] == key ? low : nil
  }

  /// The triangle indices of mesh `mesh` (empty when it has none).
  func indices(ofMesh mesh: Int) -> [UInt16] {
    mesh >= 0 && mesh < meshIndices.count ? meshIndices[mesh] : []
  }

  /// Solos' children that take part in the solo (not constraints or clipping shapes).
  let soloMembers: IndexLists

  init(
    objectCount: Int,
    composeLayoutTransforms: Bool,
    componentCount: Int,
    kinds: [ComponentKind],
    parents: [Int32],
    parentTransforms: Column,
    children: IndexLists,
    dependents: IndexLists,
    dependencyOrder: [Int32],
    graphOrder: [Int32],
    composers: Column,
    shapePaths: IndexLists,
    pathShapes: Column,
    pathDeformers: Column,
    sliceAxes: IndexLists,
    pathVertices: IndexLists,
    vertexWeights: Column,
    shapeStaticFlags: [UInt8],
    skins: Column,
    skinTendons: IndexLists,
    tendonBones: Column,
    paints: IndexLists,
    paintContainers: Column,
    paintMutators: Column,
    mutatorPaints: Column,
    paintEffects: IndexLists,
    effectSteps: IndexLists,
    stepPaints: [Int32],
    paintFeathers: Column,
    gradientStops: IndexLists,
    gradientNodes: Column,
    dashes: IndexLists,
    drawables: [Int32],
    drawableIsProxy: [Bool],
    drawableRules: [Int32],
    drawableClips: IndexLists,
    clippingShapes: [Int32],
    clipShapes: IndexLists,
    drawTargets: [Int32],
    constraints: IndexLists,
    bonePeerConstraints: IndexLists,
    childBones: IndexLists,
    constraintTargets: Column,
    ikChains: IndexLists,
    imageMeshes: Column,
    meshVertices: IndexLists,
    meshIndices: [[UInt16]],
    soloMembers: IndexLists
  ) {
    self.objectCount = objectCount
    self.composeLayoutTransforms = composeLayoutTransforms
    self.componentCount = componentCount
    self.kinds = kinds
    self.parents = parents
    self.parentTransforms = parentTransforms
    self.children = children
    self.dependents = dependents
    self.dependencyOrder = dependencyOrder
    self.graphOrder = graphOrder
    self.composers = composers
    self.shapePaths = shapePaths
    self.pathShapes = pathShapes
    self.pathDeformers = pathDeformers
    self.sliceAxes = sliceAxes
    self.pathVertices = pathVertices
    self.vertexWeights = vertexWeights
    self.shapeStaticFlags = shapeStaticFlags
    self.skins = skins
    self.skinTendons = skinTendons
    self.tendonBones = tendonBones
    self.paints = paints
    self.paintContainers = paintContainers
    self.paintMutators = paintMutators
    self.mutatorPaints = mutatorPaints
    self.paintEffects = paintEffects
    self.effectSteps = effectSteps
    self.stepPaints = stepPaints
    self.paintFeathers = paintFeathers
    self.gradientStops = gradientStops
    self.gradientNodes = gradientNodes
    self.dashes = dashes
    self.drawables = drawables
    self.drawableIsProxy = drawableIsProxy
    self.drawableRules = drawableRules
    self.drawableClips = drawableClips
    self.clippingShapes = clippingShapes
    self.clipShapes = clipShapes
    self.drawTargets = drawTargets
    self.constraints = constraints
    self.bonePeerConstraints = bonePeerConstraints
    self.childBones = childBones
    self.constraintTargets = constraintTargets
    self.ikChains = ikChains
    self.imageMeshes = imageMeshes
    self.meshVertices = meshVertices
    self.meshIndices = meshIndices
    self.soloMembers = soloMembers
    var invalid: [Int32] = []
    for mesh in meshIndices.indices where !meshIndices[mesh].isEmpty {
      let count = mesh < meshVertices.count ? meshVertices[mesh].count : 0
      if meshIndices[mesh].contains(where: { Int($0) >= count }) {
        invalid.append(Int32(truncatingIfNeeded: mesh))
      }
    }
    self.invalidMeshes = invalid
    // (Looked for only when the artboard has meshes: each mesh has an entry among the
    // triangle indices, empty or not.)
    var meshes: [Int32] = []
    if !meshIndices.isEmpty {
      for (id, kind) in kinds.enumerated() where kind == .mesh {
        meshes.append(Int32(truncatingIfNeeded: id))
      }
    }
    self.meshIDs = meshes
  }
}

extension GeometryModel {
  /// Whether the entry at `index` of ``drawables`` is a layout's proxy.
  @inline(__always)
  func isProxy(drawableAt index: Int) -> Bool {
    index >= 0 && index < drawableIsProxy.count && drawableIsProxy[index]
  }

  /// The draw rules that apply to the drawable at `index` of ``drawables``, or -1.
  @inline(__always)
  func rules(ofDrawable index: Int) -> Int {
    index >= 0 && index < drawableRules.count ? Int(drawableRules[index]) : -1
  }
}
