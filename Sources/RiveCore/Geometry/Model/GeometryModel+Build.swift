@_spi(RiveFormatInternals) import RiveFormat

extension GeometryModel {
  /// Works out the geometry structure of an artboard from its objects.
  ///
  /// - Parameters:
  ///   - types: the type key of each object (0 for none).
  ///   - slotBases: where each object's slots start.
  ///   - slots: the authored slot values.
  ///   - objectParents: each object's parent id, or -1.
  ///   - keyedClips: layout components whose clip some animation keys (they get a draw-order
  ///     proxy, as in the runtime).
  ///   - listenerTargets: objects that pointer listeners target.
  ///   - hitShapes: shapes pointer listeners hit-test (they never defer building their paths).
  ///   - composeLayoutTransforms: whether layouts compose their stored transform (7.3 files).
  ///   - meshIndices: each mesh's triangle indices, by object id.
  ///   - children: the children lists of `objectParents` (`IndexLists(childrenOf:)`), when the
  ///     caller has them already.
  /// - Returns: the structure.
  static func build(
    types: [UInt16], slotBases: [Int], slots: [UInt32], parents objectParents: [Int],
    keyedClips: Set<Int> = [], listenerTargets: Set<Int> = [], hitShapes: Set<Int> = [],
    composeLayoutTransforms: Bool = true, meshIndices: [Int: [UInt16]] = [:],
    children: IndexLists? = nil
  ) -> GeometryModel {
    var builder = GeometryModelBuilder(
      types: types, slotBases: slotBases, slots: slots, parents: objectParents)
    builder.objectChildren = children
    builder.keyedClips = keyedClips
    builder.listenerTargets = listenerTargets
    builder.hitShapes = hitShapes
    builder.composeLayoutTransforms = composeLayoutTransforms
    builder.meshIndexBuffers = meshIndices
    return builder.build()
  }
}

/// Builds a ``GeometryModel`` the way the runtime links an artboard: objects resolve their
/// references, then build their dependencies in object order, then the artboard sorts them.
struct GeometryModelBuilder {
  let types: [UInt16]
  let slotBases: [Int]
  let slots: [UInt32]
  let objectParents: [Int]
  var keyedClips: Set<Int> = []
  var listenerTargets: Set<Int> = []
  var hitShapes: Set<Int> = []
  var composeLayoutTransforms = true
  var meshIndexBuffers: [Int: [UInt16]] = [:]
  /// The children lists of ``objectParents``, if already grouped.
  var objectChildren: IndexLists?

  let count: Int
  /// The kind of each object, then ``ComponentKind/composer`` for each shape's path composer
  /// (made at that full size at once: no second array for the model).
  let kinds: [ComponentKind]
  /// The number of shapes (each gets a path composer, numbered after the objects).
  let shapeCount: Int
  /// The schema's type table, held once (not looked up through its global at every test).
  private let table = TypeTable.shared

  init(types: [UInt16], slotBases: [Int], slots: [UInt32], parents: [Int]) {
    self.types = types
    self.slotBases = slotBases
    self.slots = slots
    self.objectParents = parents
    count = types.count
    let kindTable = GeometryModelBuilder.kindTable
    var shapes = 0
    for type in types where Int(type) < kindTable.count && kindTable[Int(type)] == .shape {
      shapes += 1
    }
    shapeCount = shapes
    var kinds: [ComponentKind] = []
    kinds.reserveCapacity(types.count + shapes)
    for type in types { kinds.append(Int(type) < kindTable.count ? kindTable[Int(type)] : .inert) }
    kinds.append(contentsOf: repeatElement(.composer, count: shapes))
    self.kinds = kinds
  }

  // MARK: - Reading

  @inline(__always)
  func isA(_ id: Int, _ base: UInt32) -> Bool {
    guard id >= 0, id < count, types[id] != 0 else { return false }
    return table.isA(types[id], UInt16(base))
  }

  func uint(_ id: Int, _ slot: Int) -> UInt32 {
    let index = slotBases[id] + slot
    return index < slots.count ? slots[index] : 0
  }

  func float(_ id: Int, _ slot: Int) -> Float { Float(bitPattern: uint(id, slot)) }

  /// The object an id property refers to, if it exists.
  func resolve(_ value: UInt32) -> Int? {
    let id = Int(value)
    guard value != UInt32.max, id < count, types[id] != 0 else { return nil }
    return id
  }

  func parent(_ id: Int) -> Int { id >= 0 && id < count ? objectParents[id] : -1 }

  /// The kind of every type key the schema has, worked out once.
  static let kindTable: [ComponentKind] = (0..<Schema.parentTypeKeys.count).map {
    kind(of: UInt16($0))
  }

  static func kind(of type: UInt16) -> ComponentKind {
    guard type != 0 else { return .inert }
    let table = TypeTable.shared
    func isA(_ base: UInt32) -> Bool { table.isA(type, UInt16(base)) }
    switch UInt32(type) {
    case TypeKey.artboard: return .artboard
    case TypeKey.rootBone: return .rootBone
    case TypeKey.bone: return .bone
    case TypeKey.shape: return .shape
    case TypeKey.pointsPath: return .pointsPath
    // A list path is a points path whose vertices come from a bound list (`ListPathInstance`).
    case TypeKey.listPath: return .pointsPath
    case TypeKey.rectangle: return .rectangle
    case TypeKey.ellipse: return .ellipse
    case TypeKey.triangle: return .triangle
    case TypeKey.star: return .star
    case TypeKey.polygon: return .polygon
    case TypeKey.image: return .image
    case TypeKey.solo: return .solo
    case TypeKey.fill: return .fill
    case TypeKey.stroke: return .stroke
    case TypeKey.solidColor: return .solidColor
    case TypeKey.radialGradient: return .radialGradient
    case TypeKey.linearGradient: return .linearGradient
    case TypeKey.gradientStop: return .gradientStop
    case TypeKey.clippingShape: return .clippingShape
    case TypeKey.skin: return .skin
    case TypeKey.trimPath: return .trimPath
    case TypeKey.dashPath: return .dashPath
    case TypeKey.scriptedPathEffect: return .scriptedPathEffect
    case TypeKey.feather: return .feather
    case TypeKey.iKConstraint: return .ikConstraint
    case TypeKey.distanceConstraint: return .distanceConstraint
    case TypeKey.transformConstraint: return .transformConstraint
    case TypeKey.translationConstraint: return .translationConstraint
    case TypeKey.rotationConstraint: return .rotationConstraint
    case TypeKey.scaleConstraint: return .scaleConstraint
    case TypeKey.followPathConstraint: return .followPathConstraint
    // A list's follow-path constraint measures its target like any follow path; it places the
    // list's items instead of the list (`ArtboardInstance.listFollowPathTransform`).
    case TypeKey.listFollowPathConstraint: return .followPathConstraint
    case TypeKey.drawRules: return .drawRules
    case TypeKey.drawTarget: return .drawTarget
    case TypeKey.mesh: return .mesh
    default:
      if isA(TypeKey.layoutComponent) { return .layout }
      if isA(TypeKey.nestedArtboard) { return .nestedArtboard }
      if isA(TypeKey.transformComponent) { return .transform }
      if isA(TypeKey.constraint) { return .otherConstraint }
      if isA(TypeKey.vertex) { return .vertex }
      return .inert
    }
  }

  // MARK: - Building

  /// The model, built in the runtime's order: parents and composers, the links objects make as
  /// they resolve (paths, skeletons, paints, clips, constraints), the dependencies and their
  /// order, the drawables, then meshes and solos.
  func build() -> GeometryModel {
    let n = count
    // Shapes get a path composer each, numbered after the objects in shape order.
    let componentCount = n + shapeCount
    var links = LinkColumns(stride: componentCount)
    let parents = linkParents(&links, componentCount: componentCount)
    // (Objects without a type have no parent, so these are every object's children.)
    let children = objectChildren ?? IndexLists(childrenOf: objectParents)
    let sliceAxes = linkSliceAxes()
    let paths = linkPaths(&links)
    let skeleton = linkSkeleton(&links)
    let paints = linkPaints(&links)
    var shapeStaticFlags = [UInt8](filling: 0, count: n)
    for shape in hitShapes where shape >= 0 && shape < n && kinds[shape] == .shape {
      shapeStaticFlags[shape] |= PathFlags.neverDeferUpdate
    }
    let clips = linkClips(children: children, flags: &shapeStaticFlags)
    let constraints = linkConstraints(&links, flags: &shapeStaticFlags)
    let dependencies = linkDependencies(
      links, componentCount: componentCount, children: children, paths: paths,
      skeleton: skeleton, paints: paints, clips: clips)

    // The update order: depth first from the artboard, each component after what it depends on.
    let order = GeometryModelBuilder.dependencyOrder(
      from: 0, count: componentCount, dependents: dependencies.dependents)
    var graphOrder = [Int32](filling: Int32.max, count: componentCount)
    for (index, component) in order.enumerated() { graphOrder[Int(component)] = Int32(index) }

    let drawList = buildDrawables(paints: paints.paints)
    let (drawableIDs, drawableIsProxy, drawableRules) = (
      drawList.ids, drawList.isProxy, drawList.rules
    )
    let drawTargets = buildDrawTargets(
      children: children, drawables: drawableIDs, rules: drawableRules)
    let meshes = linkMeshes(&links)
    let soloMembers = linkSoloMembers(children: children)

    // The lists made here are consumed by the model (passed on without a copy: each copy was
    // an atomic retain here and a release at the end).
    return GeometryModel(
      objectCount: n, composeLayoutTransforms: composeLayoutTransforms,
      componentCount: componentCount, kinds: kinds, parents: consume parents,
      parentTransforms: links.column(.parentTransforms, count: componentCount),
      children: consume children, dependents: dependencies.dependents,
      dependencyOrder: consume order,
      graphOrder: consume graphOrder, composers: links.column(.composers, count: n),
      shapePaths: paths.shapePaths, pathShapes: links.column(.pathShapes, count: n),
      pathDeformers: links.column(.pathDeformers, count: n), sliceAxes: consume sliceAxes,
      pathVertices: paths.pathVertices, vertexWeights: links.column(.vertexWeights, count: n),
      shapeStaticFlags: consume shapeStaticFlags, skins: links.column(.skins, count: n),
      skinTendons: skeleton.skinTendons, tendonBones: links.column(.tendonBones, count: n),
      paints: paints.paints, paintContainers: links.column(.paintContainers, count: n),
      paintMutators: links.column(.paintMutators, count: n),
      mutatorPaints: links.column(.mutatorPaints, count: n), paintEffects: paints.effectSteps,
      effectSteps: paints.effectStepLists, stepPaints: paints.stepPaints,
      paintFeathers: links.column(.paintFeathers, count: n),
      gradientStops: paints.gradientStops,
      gradientNodes: links.column(.gradientNodes, count: n), dashes: paints.dashes,
      drawables: consume drawableIDs, drawableIsProxy: consume drawableIsProxy,
      drawableRules: consume drawableRules, drawableClips: clips.drawableClips,
      clippingShapes: clips.clippingShapes, clipShapes: clips.clipShapes,
      drawTargets: consume drawTargets, constraints: consume constraints,
      bonePeerConstraints: dependencies.bonePeers, childBones: skeleton.childBones,
      constraintTargets: links.column(.constraintTargets, count: n),
      ikChains: dependencies.ikChains,
      imageMeshes: links.column(.imageMeshes, count: n), meshVertices: meshes.vertices,
      meshIndices: meshes.indices, soloMembers: consume soloMembers)
  }

  /// The component a container's paths are built by (a shape's composer, else itself).
  /// The steps each paint's effects run as: a target effect runs its group's effects (the
  /// official runtime hands the group a proxy path provider per target, so each target gets
  /// paths of its own), a target whose group is missing runs nothing. `effects` lists each
  /// paint's and each group's own effects in object order. Groups nest at most
  /// `maxGroupDepth` deep, which also ends a group that targets itself.
  func flattenEffects(_ effects: IndexLists, kinds: [ComponentKind]) -> (
    steps: IndexLists, effectSteps: IndexLists, stepPaints: [Int32]
  ) {
    let maxGroupDepth = 16
    var steps = IndexLists.Builder(count: effects.count)
    var effectSteps = IndexLists.Builder(count: effects.count)
    var stepPaints: [Int32] = []
    guard effects.totalCount > 0 else { return (IndexLists(steps), IndexLists(effectSteps), []) }
    func expand(_ list: ArraySlice<Int32>, paint: Int, depth: Int, into chain: inout [Int32]) {
      for effect in list {
        let e = Int(effect)
        if types[e] == UInt16(TypeKey.targetEffect) {
          guard depth < maxGroupDepth,
            let group = resolve(uint(e, Slot.targetEffectTargetId)),
            types[group] == UInt16(TypeKey.groupEffect)
          else { continue }
          expand(effects[group], paint: paint, depth: depth + 1, into: &chain)
        } else {
          effectSteps.append(Int32(stepPaints.count), to: e)
          stepPaints.append(Int32(paint))
          chain.append(effect)
        }
      }
    }
    for paint in 0..<effects.count where kinds[paint].isShapePaint && !effects.isEmpty(paint) {
      var chain: [Int32] = []
      expand(effects[paint], paint: paint, depth: 0, into: &chain)
      for step in chain { steps.append(step, to: paint) }
    }
    return (IndexLists(steps), IndexLists(effectSteps), stepPaints)
  }

  func pathBuilder(_ container: Int, _ links: LinkColumns) -> Int {
    if kinds[container] == .shape { return Int(links[.composers, container]) }
    // A layout's foreground drawable builds no path: its layout does.
    if types[container] == UInt16(TypeKey.foregroundLayoutDrawable) { return parent(container) }
    return container
  }

  /// Visits `id` and its descendants, depth first, parents before children.
  func forAll(_ id: Int, children: IndexLists, _ body: (Int) -> Void) {
    var stack = [id]
    var visited = 0
    while let current = stack.popLast(), visited <= count {
      visited += 1
      body(current)
      for child in children[current].reversed() { stack.append(child.asInt) }
    }
  }

  /// The runtime's dependency sort from `root` over components `0..<count`: every component
  /// reachable from `root`, each before the components that depend on it (a depth-first
  /// post-order, reversed). On a cycle the order stops where the sort found it, as the
  /// runtime's does.
  static func dependencyOrder(from root: Int, count: Int, dependents: IndexLists) -> [Int32] {
    guard root >= 0, root < count else { return [] }
    var order: [Int32] = []
    order.reserveCapacity(count)
    // Scratch on the stack when small (a heap array each costs an allocation per artboard):
    // each component's marks (1 visiting, 2 done), and the walk's path, each entry a component
    // and the position of its next dependent among all values. A component is on the path at
    // most once, so `count` entries are enough.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { marks in
      marks.initialize(repeating: 0)
      withUnsafeTemporaryAllocation(of: (id: Int32, next: Int32).self, capacity: count) { path in
        var depth = 0
        func push(_ id: Int) {
          marks[id] = 1
          path[depth] = (Int32(id), Int32(dependents.positions(id).lowerBound))
          depth += 1
        }
        push(root)
        while depth > 0 {
          let current = Int(path[depth - 1].id)
          let next = Int(path[depth - 1].next)
          if next < dependents.positions(current).upperBound {
            path[depth - 1].next += 1
            let dependent = Int(dependents.value(at: next))
            guard dependent >= 0, dependent < count else { continue }
            if marks[dependent] == 2 { continue }
            if marks[dependent] == 1 { break }  // A cycle.
            push(dependent)
          } else {
            marks[current] = 2
            order.append(Int32(current))
            depth -= 1
          }
        }
      }
    }
    order.reverse()
    return order
  }

  // MARK: - Drawables

  struct DrawList {
    var ids: [Int32] = []
    var isProxy: [Bool] = []
    var rules: [Int32] = []
  }

  private func buildDrawables(paints: IndexLists) -> DrawList {
    // The drawables in object order, a foreground layout drawable moved up to just after its
    // parent: gathered in scratch (on the stack when small; a heap array costs an allocation
    // per artboard).
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { scratch in
      var found = 0
      var layoutCount = 0
      for id in 1..<max(1, count) where isA(id, TypeKey.drawable) && kinds[id] != .artboard {
        scratch[found] = Int32(id)
        found += 1
        if kinds[id] == .layout { layoutCount += 1 }
        if types[id] == UInt16(TypeKey.foregroundLayoutDrawable) {
          let p = parent(id)
          var index = found - 1
          while index >= 1 {
            let swapping = Int(scratch[index - 1])
            scratch.swapAt(index - 1, index)
            if swapping == p { break }
            index -= 1
          }
        }
      }
      return drawList(
        UnsafeBufferPointer(rebasing: scratch[0..<found]), layoutCount: layoutCount,
        paints: paints)
    }
  }

  /// The draw list of `ids` (drawables in draw order): layout proxies placed, rules found.
  private func drawList(_ ids: UnsafeBufferPointer<Int32>, layoutCount: Int, paints: IndexLists)
    -> DrawList
  {
    // Draw rules by the component they are attached to (the last one wins).
    var rulesByComponent: [Int: Int] = [:]
    for id in 0..<count where kinds[id] == .drawRules {
      let p = parent(id)
      if p >= 0 { rulesByComponent[p] = id }
    }
    func isChild(_ drawable: Int, of layout: Int) -> Bool {
      var p = drawable
      var guardCount = 0
      while p >= 0, guardCount <= count {
        if p == layout { return true }
        p = parent(p)
        guardCount += 1
      }
      return false
    }
    func needsProxy(_ layout: Int) -> Bool {
      uint(layout, Slot.layoutComponentClip) != 0 || !paints[layout].isEmpty
        || keyedClips.contains(layout) || listenerTargets.contains(layout)
    }
    // Layout components get a proxy after their last child. (The proxy flags are made at the
    // first proxy: most artboards have none, and then they stay empty.)
    var list = DrawList()
    list.ids.reserveCapacity(ids.count + layoutCount)
    func append(_ id: Int, isProxy: Bool) {
      if isProxy && list.isProxy.isEmpty {
        list.isProxy.reserveCapacity(ids.count + layoutCount)
        list.isProxy.append(contentsOf: repeatElement(false, count: list.ids.count))
      }
      list.ids.append(Int32(id))
      if isProxy || !list.isProxy.isEmpty { list.isProxy.append(isProxy) }
    }
    var layouts: [Int] = []
    for raw in ids {
      let drawable = Int(raw)
      if let current = layouts.last, !isChild(drawable, of: current) {
        var currentLayout = current
        repeat {
          if needsProxy(currentLayout) { append(currentLayout, isProxy: true) }
          layouts.removeLast()
          if let next = layouts.last { currentLayout = next }
        } while !layouts.isEmpty && !isChild(drawable, of: currentLayout)
      }
      append(drawable, isProxy: false)
      if kinds[drawable] == .layout { layouts.append(drawable) }
    }
    while let layout = layouts.popLast() {
      if needsProxy(layout) { append(layout, isProxy: true) }
    }
    // (Left empty when the artboard has no draw rules: see `GeometryModel.rules(ofDrawable:)`.)
    guard !rulesByComponent.isEmpty else { return list }
    list.rules.reserveCapacity(list.ids.count)
    for (index, drawable) in list.ids.enumerated() {
      var rules: Int32 = -1
      if list.isProxy.isEmpty || !list.isProxy[index] {
        var p = Int(drawable)
        var guardCount = 0
        while p >= 0, guardCount <= count {
          if let found = rulesByComponent[p] {
            rules = Int32(found)
            break
          }
          p = parent(p)
          guardCount += 1
        }
      }
      list.rules.append(rules)
    }
    return list
  }

  /// Draw targets in dependency order (a target placed relative to a drawable whose rules have
  /// targets of their own comes after those).
  private func buildDrawTargets(children: IndexLists, drawables: [Int32], rules: [Int32]) -> [Int32]
  {
    var rulesByComponent: [Int: Int] = [:]
    for id in 0..<count where kinds[id] == .drawRules {
      let p = parent(id)
      if p >= 0 { rulesByComponent[p] = id }
    }
    guard !rulesByComponent.isEmpty else { return [] }
    var flattened: [Int: Int] = [:]
    for (index, drawable) in drawables.enumerated() where rules[index] >= 0 {
      flattened[Int(drawable)] = Int(rules[index])
    }
    var rulesList: [Int] = []
    for id in 0..<count {
      if let rules = rulesByComponent[id] { rulesList.append(rules) }
    }
    // Node count + 1: index `count` is the root.
    let root = count
    var dependents = [[Int32]](filling: [], count: count + 1)
    func add(_ from: Int, _ to: Int) {
      if !dependents[from].contains(Int32(to)) { dependents[from].append(Int32(to)) }
    }
    for rules in rulesList {
      for child in children[rules] where kinds[Int(child)] == .drawTarget {
        let target = Int(child)
        add(root, target)
        guard let drawable = resolve(uint(target, Slot.drawTargetDrawableId)),
          let dependentRules = flattened[drawable]
        else { continue }
        for other in 0..<count where kinds[other] == .drawTarget && parent(other) == dependentRules
        {
          add(other, target)
        }
      }
    }
    let order = GeometryModelBuilder.dependencyOrder(
      from: root, count: count + 1, dependents: IndexLists(dependents))
    return order.filter { $0 != Int32(root) && isDrawTargetValid(Int($0)) }
  }

  private func isDrawTargetValid(_ target: Int) -> Bool {
    guard let drawable = resolve(uint(target, Slot.drawTargetDrawableId)) else { return false }
    return isA(drawable, TypeKey.drawable)
  }
}

extension Int32 {
  @inline(__always)
  var asInt: Int { Int(self) }
}

extension GeometryModel {
  /// Layout components whose clip property some animation keys.
  static func keyedClips(_ animations: [LinearAnimationModel]) -> Set<Int> {
    var result = Set<Int>()
    // By position throughout: iterating the lists, or slicing the properties, retained them.
    for a in animations.indices {
      let animation = animations[a]
      for o in animation.keyedObjects.indices {
        for p in animation.keyedObjects[o].properties
        where animation.keyedProperties[p].propertyKey == PropertyKey.layoutComponentClip {
          result.insert(animation.keyedObjects[o].objectID)
          break
        }
      }
    }
    return result
  }
}

extension GeometryModelBuilder {
  /// The triangle indices of each mesh object (by artboard-local id), decoded from the file's
  /// bytes (a sequence of var-uints).
  static func meshIndices(components: [Int], stream: ObjectStream) -> [Int: [UInt16]] {
    var result: [Int: [UInt16]] = [:]
    for (id, record) in components.enumerated() where record >= 0 {
      guard stream.records[record].typeKey == UInt16(TypeKey.mesh) else { continue }
      result[id] = triangleIndices(stream.byteArray(record, Slot.meshTriangleIndexBytes))
    }
    return result
  }

  /// Triangle indices packed as varuints, each kept to 16 bits as the runtime's index buffer
  /// holds them; a varuint that is cut by the end of the bytes, or malformed (``VarUInt``),
  /// ends the list with the indices before it.
  static func triangleIndices(_ bytes: ArraySlice<UInt8>) -> [UInt16] {
    bytes.withUnsafeBytes { buffer in
      var indices: [UInt16] = []
      var offset = 0
      while offset < buffer.count {
        guard let value = try? VarUInt.decode(buffer, at: &offset, "triangle index") else { break }
        indices.append(UInt16(truncatingIfNeeded: value))
      }
      return indices
    }
  }
}
