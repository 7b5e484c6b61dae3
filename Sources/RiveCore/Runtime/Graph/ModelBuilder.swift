import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Turns the linked records of a file into artboard models.
struct ModelBuilder {
  /// The graph, shared (not copied) with the data-binding builder.
  let shared: ObjectGraph.Shared
  /// The graph's stream, held once (a computed `shared.graph.stream` copied the stream, retaining its
  /// arrays, at every read).
  let stream: ObjectStream
  let table = TypeTable.shared

  init(graph: ObjectGraph.Shared) {
    shared = graph
    stream = graph.graph.stream
  }

  /// Every artboard model, built so that an artboard is built after the artboards it nests;
  /// a reference that would nest an artboard inside itself is left empty.
  mutating func allArtboards() -> [ArtboardModel] {
    let count = shared.graph.artboards.count
    var built = [ArtboardModel?](filling: nil, count: count)
    var state = [UInt8](filling: 0, count: count)  // 0 new, 1 in progress, 2 done
    func references(_ index: Int) -> [Int] {
      shared.graph.artboards[index].components.compactMap { record in
        guard record >= 0, let type = stream.records[record].typeKey,
          table.isA(type, UInt16(TypeKey.nestedArtboard))
        else { return nil }
        let target = Int(stream.uint(record, Slot.nestedArtboardArtboardId))
        return target < count ? target : nil
      }
    }
    for root in 0..<count where state[root] == 0 {
      let rootReferences = references(root)
      // An artboard that nests none is built at once (no search, no stack to allocate).
      if rootReferences.isEmpty {
        built[root] = artboard(root, built: built)
        state[root] = 2
        continue
      }
      // Iterative depth-first search, post-order.
      var stack: [(index: Int, next: [Int])] = [(root, rootReferences)]
      state[root] = 1
      while !stack.isEmpty {
        if let child = stack[stack.count - 1].next.popLast() {
          if state[child] == 0 {
            state[child] = 1
            stack.append((child, references(child)))
          }
          continue
        }
        let index = stack.removeLast().index
        built[index] = artboard(index, built: built)
        state[index] = 2
      }
    }
    return built.enumerated().map { index, model in
      model ?? artboard(index, built: built)
    }
  }

  // MARK: - Artboards

  mutating func artboard(_ index: Int, built: [ArtboardModel?]) -> ArtboardModel {
    // The artboard's record lists are read in place (a copy of its entry retained each list).
    var components = shared.graph.artboards[index].components
    // Objects whose parent is missing (or not a container) are taken out, repeatedly, as the
    // official artboard does before it initialises.
    // (The flags are made only when some object is invalid, which few files have.)
    var valid: [Bool] = []
    for _ in 0..<100 {
      var changed = false
      for id in 1..<max(1, components.count) where components[id] >= 0 {
        let isValid = validate(id, components: components)
        if (valid.isEmpty || valid[id]) != isValid {
          if valid.isEmpty { valid = [Bool](filling: true, count: components.count) }
          valid[id] = isValid
          changed = true
        }
      }
      if !changed { break }
      for id in 1..<components.count where !valid[id] { components[id] = -1 }
    }

    var types = [UInt16](filling: 0, count: components.count)
    var slotBases = [Int](filling: 0, count: components.count)
    // Each object's slots go at the running total of those before it; counted first, so the
    // arrays allocate once.
    var slotCount = 0
    var stringCount = 1
    // (Written through mutable views: each write to an array checked its uniqueness.)
    types.withUnsafeMutableBufferPointer { types in
      slotBases.withUnsafeMutableBufferPointer { slotBases in
        for (id, record) in components.enumerated() {
          slotBases[id] = slotCount
          guard record >= 0, let type = stream.records[record].typeKey else { continue }
          types[id] = type
          slotCount += table.slotCount(type)
          stringCount += table.stringSlotCount(type)
        }
      }
    }
    // Every object's slots copied block by block into the array as it is made (no append per
    // object; every position is covered, as the bases are the running totals).
    var slots = [UInt32](unsafeUninitializedCapacity: slotCount) { buffer, initialized in
      initialized = 0
      guard let destination = buffer.baseAddress else { return }
      stream.slots.withUnsafeBufferPointer { source in
        guard let origin = source.baseAddress else {
          destination.initialize(repeating: 0, count: slotCount)
          return
        }
        for (id, record) in components.enumerated() where record >= 0 {
          guard let type = stream.records[record].typeKey else { continue }
          let count = table.slotCount(type)
          let base = stream.records[record].slotBase
          precondition(base + count <= source.count, "a record's slots past the stream's")
          (destination + slotBases[id]).initialize(from: origin + base, count: count)
        }
      }
      initialized = slotCount
    }
    var strings: [String] = []
    strings.reserveCapacity(stringCount)
    strings.append("")
    // A value read from the file belongs to one slot of one object, so each is a new string;
    // the schema's few default strings, which every object that leaves a string unset repeats,
    // get one entry each (found here without a map; 0, the table's first entry, is never a
    // default's, so it marks one not yet seen).
    var defaultEntries = InlineArray<4, UInt32>(repeating: 0)
    var parents = [Int](filling: -1, count: components.count)
    for (id, record) in components.enumerated() where record >= 0 {
      guard let type = stream.records[record].typeKey else { continue }
      // The object's strings renumbered into the artboard's table.
      let start = slotBases[id]
      for position in table.stringSlotPositions(type) {
        let slot = start + table.stringSlotOffset(at: position)
        let value = slots[slot]
        let isDefault = value & ObjectStream.fileRangeFlag == 0
        if isDefault, value < defaultEntries.count, defaultEntries[Int(value)] != 0 {
          slots[slot] = defaultEntries[Int(value)]
          continue
        }
        let newIndex = UInt32(strings.count)
        strings.append(stream.string(slotValue: value))
        if isDefault, value < defaultEntries.count { defaultEntries[Int(value)] = newIndex }
        slots[slot] = newIndex
      }
      if id > 0, table.isA(type, UInt16(TypeKey.component)) {
        let parent = Int(stream.uint(record, Slot.componentParentId))
        if parent < components.count, components[parent] >= 0 { parents[id] = parent }
      }
    }
    // The artboard's own position is reset when it initialises: instances start at 0, 0.
    if !types.isEmpty, types[0] != 0 {
      slots[slotBases[0] + Slot.nodeX] = Float(0).bitPattern
      slots[slotBases[0] + Slot.nodeY] = Float(0).bitPattern
    }
    let model = PartialArtboard(components: components, types: types)
    let animationCount = shared.graph.artboards[index].animations.count
    var animations: [LinearAnimationModel] = []
    animations.reserveCapacity(animationCount)
    for position in 0..<animationCount {
      let record = shared.graph.artboards[index].animations[position]
      animations.append(animation(record, artboard: model, strings: &strings))
    }
    let machineCount = shared.graph.artboards[index].stateMachines.count
    var machines: [StateMachineModel] = []
    machines.reserveCapacity(machineCount)
    for position in 0..<machineCount {
      let record = shared.graph.artboards[index].stateMachines[position]
      machines.append(stateMachine(record, artboard: model, animations: animations))
    }
    if machines.isEmpty && animations.isEmpty {
      machines.append(
        StateMachineModel(
          name: "Auto Generated State Machine", inputs: [], layers: [], listeners: [],
          isSynthetic: true))
    }
    // Grouped once, shared by the nested hosts, the focus tree and the pointer targets.
    let children = IndexLists(childrenOf: parents)
    return ArtboardModel(
      name: stream.string(shared.graph.artboards[index].record, Slot.componentName),
      index: index, types: types,
      slotBases: slotBases, slots: slots, strings: strings, parents: parents,
      animations: animations, stateMachines: machines, records: components,
      nestedHosts: nestedHosts(model, children: children, built: built), children: children,
      composeLayoutTransforms: stream.minorVersion >= 3,
      imageLayoutScaleSeparate: stream.minorVersion >= 2,
      meshIndices: GeometryModelBuilder.meshIndices(components: components, stream: stream),
      scrollPhysics: scrollPhysicsKinds())
  }

  /// The file's scroll physics objects as the kinds of physics they make.
  func scrollPhysicsKinds() -> [ScrollPhysics.Kind] {
    shared.graph.scrollPhysics.map { record in
      guard stream.records[record].typeKey == UInt16(TypeKey.elasticScrollPhysics) else {
        return .clamped
      }
      return .elastic(
        friction: stream.float(record, Slot.elasticScrollPhysicsFriction),
        speedMultiplier: stream.float(record, Slot.elasticScrollPhysicsSpeedMultiplier),
        elasticFactor: stream.float(record, Slot.elasticScrollPhysicsElasticFactor))
    }
  }

  /// The nested artboard components of an artboard with what plays inside each.
  func nestedHosts(
    _ artboard: PartialArtboard, children: IndexLists, built: [ArtboardModel?]
  ) -> [NestedHost] {
    var hosts: [NestedHost] = []
    for id in artboard.types.indices where isA(artboard, id, TypeKey.nestedArtboard) {
      let record = artboard.components[id]
      let target = Int(stream.uint(record, Slot.nestedArtboardArtboardId))
      let model = target < built.count ? built[target] : nil
      var animations: [NestedHost.NestedAnimation] = []
      for child in children.ints(id) where isA(artboard, child, TypeKey.nestedAnimation) {
        let childRecord = artboard.components[child]
        let kind: NestedHost.NestedAnimation.Kind
        if isA(artboard, child, TypeKey.nestedStateMachine) {
          kind = .stateMachine
        } else if isA(artboard, child, TypeKey.nestedRemapAnimation) {
          kind = .remap
        } else {
          kind = .simple
        }
        let inputs: [(id: Int, input: Int)] = children.ints(child).compactMap { input in
          guard isA(artboard, input, TypeKey.nestedInput) else { return nil }
          return (input, Int(stream.uint(artboard.components[input], Slot.nestedInputInputId)))
        }
        animations.append(
          .init(
            id: child, kind: kind,
            index: Int(stream.uint(childRecord, Slot.nestedAnimationAnimationId)), inputs: inputs))
      }
      hosts.append(NestedHost(id: id, artboard: model, animations: animations))
    }
    return hosts
  }

  /// The parts of an artboard being built that its animations, state machines and nested hosts
  /// resolve against (only those: each array held here is one more retain and release per
  /// artboard).
  struct PartialArtboard {
    var components: [Int]
    var types: [UInt16]
  }

  /// Whether object `id` of the artboard being built exists and is of type `base` or derives
  /// from it (through the builder's table: the shared one's global accessor cost a
  /// lazy-initialisation check per call).
  @inline(__always)
  func isA(_ artboard: borrowing PartialArtboard, _ id: Int, _ base: UInt32) -> Bool {
    guard id >= 0, id < artboard.types.count, artboard.types[id] != 0 else { return false }
    return table.isA(artboard.types[id], UInt16(base))
  }

  func validate(_ id: Int, components: [Int]) -> Bool {
    let record = components[id]
    guard let type = stream.records[record].typeKey else { return true }
    guard table.isA(type, UInt16(TypeKey.component)) else { return true }
    func resolve(_ value: UInt32) -> UInt16? {
      let target = Int(value)
      guard target < components.count, components[target] >= 0 else { return nil }
      return stream.records[components[target]].typeKey
    }
    if type == UInt16(TypeKey.scrollBarConstraint) {
      guard let target = resolve(stream.uint(record, Slot.scrollBarConstraintScrollConstraintId))
      else { return false }
      return target == UInt16(TypeKey.scrollConstraint)
    }
    let parent = resolve(stream.uint(record, Slot.componentParentId))
    if table.isA(type, UInt16(TypeKey.textStyle)) {
      guard let parent else { return false }
      return parent == UInt16(TypeKey.text) || table.isA(parent, UInt16(TypeKey.textInput))
    }
    guard let parent, table.isA(parent, UInt16(TypeKey.containerComponent)) else { return false }
    if table.isA(type, UInt16(TypeKey.nestedAnimation)) {
      return table.isA(parent, UInt16(TypeKey.nestedArtboard))
    }
    if type == UInt16(TypeKey.feather) { return table.isA(parent, UInt16(TypeKey.shapePaint)) }
    if table.isA(type, UInt16(TypeKey.targetedConstraint)) {
      let target = resolve(stream.uint(record, Slot.targetedConstraintTargetId))
      if let target, !table.isA(target, UInt16(TypeKey.transformComponent)) { return false }
      return !TargetedConstraintRules.requiresTarget(type) || target != nil
    }
    return true
  }
}

/// Which constraints need a target to be valid.
enum TargetedConstraintRules {
  static func requiresTarget(_ type: UInt16) -> Bool {
    switch UInt32(type) {
    case TypeKey.rotationConstraint, TypeKey.scaleConstraint, TypeKey.translationConstraint:
      return false
    default:
      return true
    }
  }
}
