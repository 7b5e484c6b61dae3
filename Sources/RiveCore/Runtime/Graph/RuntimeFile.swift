import Foundation

/// A `.riv` file parsed once into everything the runtime needs to play it: artboards with their
/// objects, animations and state machines.
///
/// Parse a file once and make as many ``ArtboardInstance`` values from it as you like; each
/// instance shares the authored values and copies them only when it changes one.
public final class RuntimeFile: Sendable {
  /// The artboards, in file order (the first is the default).
  public let artboards: [ArtboardModel]
  /// The structure report of the same bytes (assets, view models, import result).
  public let document: RiveDocument
  /// View models, instances, converters and data binds, as the runtime binds them.
  let dataBinding: DataBindingModel

  /// Parses `data`.
  ///
  /// - Throws: the `RiveError` the structure reader gives (bad header, malformed stream,
  ///   unsupported version, invalid object).
  public convenience init(data: Data) throws(RiveError) {
    let recorded = try RecordedFile(data: data)
    try self.init(stream: recorded.stream.get(), document: recorded.document)
  }

  /// Links the graph of a file read once (see ``RecordedFile``).
  package init(stream: consuming ObjectStream, document: RiveDocument) {
    let graph = ObjectGraph.Shared(ObjectGraph.linking(stream))
    var builder = ModelBuilder(graph: graph)
    artboards = builder.allArtboards()
    dataBinding = DataBindingModel(graph: graph, artboards: artboards)
    self.document = document
  }

  /// Parses the file at `url`.
  public convenience init(contentsOf url: URL) throws(RiveError) {
    try self.init(data: try RiveDocument.mappedData(at: url))
  }

  /// The artboard named `name`, if any.
  public func artboard(named name: String) -> ArtboardModel? {
    artboards.first { $0.name == name }
  }
}

/// Turns the linked records of a file into artboard models.
struct ModelBuilder {
  /// The graph, shared (not copied) with the data-binding builder.
  private let shared: ObjectGraph.Shared
  /// The graph's stream, held once (a computed `shared.graph.stream` copied the stream, retaining its
  /// arrays, at every read).
  private let stream: ObjectStream
  private let table = TypeTable.shared

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
      meshIndices: GeometryModelBuilder.meshIndices(components: components, stream: stream))
  }

  /// The nested artboard components of an artboard with what plays inside each.
  private func nestedHosts(
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
  private func isA(_ artboard: borrowing PartialArtboard, _ id: Int, _ base: UInt32) -> Bool {
    guard id >= 0, id < artboard.types.count, artboard.types[id] != 0 else { return false }
    return table.isA(artboard.types[id], UInt16(base))
  }

  private func validate(_ id: Int, components: [Int]) -> Bool {
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

  // MARK: - Animations

  private func interpolator(_ id: UInt32, artboard: PartialArtboard) -> Interpolator?? {
    if id == UInt32.max { return .some(nil) }
    let target = Int(id)
    guard target < artboard.components.count, artboard.components[target] >= 0,
      isA(artboard, target, TypeKey.keyFrameInterpolator)
    else { return nil }
    return .some(makeInterpolator(record: artboard.components[target]))
  }

  func makeInterpolator(record: Int) -> Interpolator? {
    ModelBuilder.makeInterpolator(record: record, stream: stream)
  }

  /// The interpolator object `record` of `stream` describes (static, so a caller without a
  /// builder need not make one: making one copied the stream, retaining its arrays).
  static func makeInterpolator(record: Int, stream: ObjectStream) -> Interpolator? {
    guard let type = stream.records[record].typeKey else { return nil }
    switch UInt32(type) {
    case TypeKey.cubicEaseInterpolator:
      return .cubicEase(
        CubicCurve(
          x1: stream.float(record, Slot.cubicInterpolatorX1),
          x2: stream.float(record, Slot.cubicInterpolatorX2)),
        y1: stream.float(record, Slot.cubicInterpolatorY1),
        y2: stream.float(record, Slot.cubicInterpolatorY2))
    case TypeKey.cubicValueInterpolator:
      return .cubicValue(
        CubicCurve(
          x1: stream.float(record, Slot.cubicInterpolatorX1),
          x2: stream.float(record, Slot.cubicInterpolatorX2)),
        y1: stream.float(record, Slot.cubicInterpolatorY1),
        y2: stream.float(record, Slot.cubicInterpolatorY2))
    case TypeKey.elasticInterpolator:
      return .elastic(
        ElasticCurve(
          easing: ElasticCurve.Easing(
            rawValue: stream.uint(record, Slot.elasticInterpolatorEasingValue)) ?? .easeOut,
          amplitude: stream.float(record, Slot.elasticInterpolatorAmplitude),
          period: stream.float(record, Slot.elasticInterpolatorPeriod)))
    default:
      return nil
    }
  }

  private func animation(_ record: Int, artboard: PartialArtboard, strings: inout [String])
    -> LinearAnimationModel
  {
    let fps = stream.uint(record, Slot.linearAnimationFps)
    // Collected flat: objects hold ranges of properties, properties ranges of keyframes.
    var keyedObjects: [LinearAnimationModel.KeyedObject] = []
    var properties: [LinearAnimationModel.KeyedProperty] = []
    var frames: [KeyFrame] = []
    // Room for everything the animation holds, counted first (each array then allocates once).
    var propertyCount = 0
    var frameCount = 0
    // (Children read by position throughout: see `ObjectGraph.childPositions(_:)`. And through
    // `shared` each time: a local copy of the graph retained every one of its arrays.)
    for keyedPosition in shared.graph.childPositions(record) {
      let keyedRecord = shared.graph.child(at: keyedPosition)
      guard keyedRecord >= 0 else { continue }
      for propertyPosition in shared.graph.childPositions(keyedRecord) {
        let propertyRecord = shared.graph.child(at: propertyPosition)
        guard propertyRecord >= 0 else { continue }
        propertyCount += 1
        frameCount += shared.graph.childPositions(propertyRecord).count
      }
    }
    keyedObjects.reserveCapacity(shared.graph.childPositions(record).count)
    properties.reserveCapacity(propertyCount)
    frames.reserveCapacity(frameCount)
    let hasKeyFrameBinds = !shared.graph.keyFrameBinds.isEmpty
    for keyedPosition in shared.graph.childPositions(record) {
      let keyedRecord = shared.graph.child(at: keyedPosition)
      guard keyedRecord >= 0 else { continue }
      let objectID = Int(stream.uint(keyedRecord, Slot.keyedObjectObjectId))
      guard objectID < artboard.components.count, artboard.components[objectID] >= 0 else {
        continue
      }
      let objectType = artboard.types[objectID]
      let firstProperty = properties.count
      let firstFrameOfObject = frames.count
      var failed = false
      for propertyPosition in shared.graph.childPositions(keyedRecord) {
        let propertyRecord = shared.graph.child(at: propertyPosition)
        guard propertyRecord >= 0 else { continue }
        let key = UInt16(
          truncatingIfNeeded: stream.uint(propertyRecord, Slot.keyedPropertyPropertyKey))
        guard
          table.supports(type: objectType, key: key)
            || RuntimeFile.colorChannelHostOffset(type: objectType, key: key) != nil
        else { continue }
        let firstFrame = frames.count
        var kind: KeyFrameKind = .callback
        for framePosition in shared.graph.childPositions(propertyRecord) {
          let frameRecord = shared.graph.child(at: framePosition)
          guard frameRecord >= 0, let frameType = stream.records[frameRecord].typeKey else {
            continue
          }
          let frame = stream.uint(frameRecord, Slot.keyFrameFrame)
          var value: UInt32 = 0
          var interpolationType: UInt32 = 0
          var easing: Interpolator?
          switch UInt32(frameType) {
          case TypeKey.keyFrameDouble:
            kind = .double
            value = stream.uint(frameRecord, Slot.keyFrameDoubleValue)
          case TypeKey.keyFrameColor:
            kind = .color
            value = stream.uint(frameRecord, Slot.keyFrameColorValue)
          case TypeKey.keyFrameBool:
            kind = .bool
            value = stream.uint(frameRecord, Slot.keyFrameBoolValue)
          case TypeKey.keyFrameId:
            kind = .id
            value = stream.uint(frameRecord, Slot.keyFrameIdValue)
          case TypeKey.keyFrameUint:
            kind = .uint
            value = stream.uint(frameRecord, Slot.keyFrameUintValue)
          case TypeKey.keyFrameInt:
            kind = .int
            value = stream.uint(frameRecord, Slot.keyFrameIntValue)
          case TypeKey.keyFrameString:
            kind = .string
            value = UInt32(strings.count)
            strings.append(stream.string(frameRecord, Slot.keyFrameStringValue))
          default:
            kind = .callback
          }
          if table.isA(frameType, UInt16(TypeKey.interpolatingKeyFrame)) {
            interpolationType = stream.uint(
              frameRecord, Slot.interpolatingKeyFrameInterpolationType)
            let id = stream.uint(frameRecord, Slot.interpolatingKeyFrameInterpolatorId)
            guard let resolved = interpolator(id, artboard: artboard) else {
              failed = true
              break
            }
            easing = resolved
          }
          frames.append(
            KeyFrame(
              frame: frame, seconds: Float(frame) / Float(fps), value: value,
              interpolationType: interpolationType, interpolator: easing,
              bindRecord: hasKeyFrameBinds
                ? Int32(shared.graph.keyFrameBinds[frameRecord] ?? -1) : -1))
        }
        if failed { break }
        properties.append(
          LinearAnimationModel.KeyedProperty(
            propertyKey: key,
            slotOffset: table.slotOffset(type: objectType, key: key)
              ?? RuntimeFile.colorChannelHostOffset(type: objectType, key: key),
            kind: table.isCallback(key) ? .callback : kind, frames: firstFrame..<frames.count))
      }
      if failed {
        // The object is dropped with everything collected for it.
        properties.removeSubrange(firstProperty...)
        frames.removeSubrange(firstFrameOfObject...)
        continue
      }
      keyedObjects.append(
        LinearAnimationModel.KeyedObject(
          objectID: objectID, properties: firstProperty..<properties.count))
    }
    return LinearAnimationModel(
      name: stream.string(record, Slot.animationName), fps: fps,
      duration: stream.uint(record, Slot.linearAnimationDuration),
      speed: stream.float(record, Slot.linearAnimationSpeed),
      loop: LoopMode(rawValue: stream.uint(record, Slot.linearAnimationLoopValue)) ?? .oneShot,
      workStart: stream.uint(record, Slot.linearAnimationWorkStart),
      workEnd: stream.uint(record, Slot.linearAnimationWorkEnd),
      enableWorkArea: stream.bool(record, Slot.linearAnimationEnableWorkArea),
      quantize: stream.bool(record, Slot.linearAnimationQuantize),
      keyedObjects: consume keyedObjects, keyedProperties: consume properties,
      keyFrames: consume frames)
  }

  // MARK: - State machines

  private func optionalIndex(_ value: UInt32) -> Int? {
    value == UInt32.max ? nil : Int(value)
  }

  private func stateMachine(
    _ record: Int, artboard: PartialArtboard, animations: [LinearAnimationModel]
  ) -> StateMachineModel {
    let children = shared.graph.childPositions(record)
    // The inputs first: the official importer drops a condition whose input index is out of
    // range or of the wrong kind, and each transition's conditions are checked against the
    // inputs as the transition is made (not in a pass over the finished layers, which copied
    // each layer's states to look).
    var inputs: [StateMachineModel.Input?] = []
    inputs.reserveCapacity(children.count)
    for position in children {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else {
        inputs.append(nil)
        continue
      }
      switch UInt32(type) {
      case TypeKey.stateMachineBool:
        inputs.append(
          .init(
            name: stream.string(child, Slot.stateMachineComponentName),
            kind: .bool(stream.bool(child, Slot.stateMachineBoolValue))))
      case TypeKey.stateMachineNumber:
        inputs.append(
          .init(
            name: stream.string(child, Slot.stateMachineComponentName),
            kind: .number(stream.float(child, Slot.stateMachineNumberValue))))
      case TypeKey.stateMachineTrigger:
        inputs.append(
          .init(name: stream.string(child, Slot.stateMachineComponentName), kind: .trigger))
      case TypeKey.stateMachineLayer:
        continue
      default:
        if table.isA(type, UInt16(TypeKey.stateMachineInput)) { inputs.append(nil) }
      }
    }
    var layers: [StateMachineModel.Layer] = []
    var listeners: [StateMachineModel.Listener] = []
    for position in children {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else { continue }
      if UInt32(type) == TypeKey.stateMachineLayer {
        layers.append(
          layer(child, artboard: artboard, animationCount: animations.count, inputs: inputs),
          firstCapacity: 4)
      } else if !table.isA(type, UInt16(TypeKey.stateMachineInput)),
        table.isA(type, UInt16(TypeKey.stateMachineListener))
      {
        listeners.append(listener(child, type: type), firstCapacity: 4)
      }
    }
    return StateMachineModel(
      name: stream.string(record, Slot.animationName), inputs: inputs,
      layers: consume layers, listeners: consume listeners, isSynthetic: false)
  }

  private static func conditionIsValid(
    _ condition: StateMachineModel.Condition, inputs: [StateMachineModel.Input?]
  ) -> Bool {
    func check(_ index: Int, _ accepts: (StateMachineModel.Input.Kind) -> Bool) -> Bool {
      guard index < inputs.count else { return false }
      guard let input = inputs[index] else { return true }
      return accepts(input.kind)
    }
    switch condition {
    case .bool(let input, _):
      return check(input) { if case .bool = $0 { true } else { false } }
    case .number(let input, _, _):
      return check(input) { if case .number = $0 { true } else { false } }
    case .trigger(let input):
      return check(input) { $0 == .trigger }
    default:
      return true
    }
  }

  private func layer(
    _ record: Int, artboard: PartialArtboard, animationCount: Int,
    inputs: [StateMachineModel.Input?]
  ) -> StateMachineModel.Layer {
    var states: [StateMachineModel.State] = []
    states.reserveCapacity(shared.graph.childPositions(record).count)
    var entry: Int?
    var any: Int?
    var exit: Int?
    for position in shared.graph.childPositions(record) {
      let child = shared.graph.child(at: position)
      guard child >= 0, let type = stream.records[child].typeKey else {
        states.append(
          .init(
            typeKey: 0, kind: .system, flags: 0, transitions: [], fireActions: [],
            listenerActions: []))
        continue
      }
      var kind: StateMachineModel.State.Kind
      switch UInt32(type) {
      case TypeKey.entryState:
        kind = .entry
        entry = states.count
      case TypeKey.exitState:
        kind = .exit
        exit = states.count
      case TypeKey.anyState:
        kind = .any
        any = states.count
      case TypeKey.animationState:
        let id = stream.uint(child, Slot.animationStateAnimationId)
        kind = .animation(
          Int(id) < animationCount ? Int(id) : nil,
          speed: stream.float(child, Slot.advanceableStateSpeed))
      case TypeKey.blendState1DInput, TypeKey.blendState1DViewModel:
        var source = StateMachineModel.BlendSource.none
        if UInt32(type) == TypeKey.blendState1DInput {
          let input = stream.uint(child, Slot.blendState1DInputInputId)
          if input != UInt32.max { source = .input(Int(input)) }
        } else {
          source = .bindable(child)
        }
        var blends: [StateMachineModel.BlendAnimation1D] = []
        for partPosition in shared.graph.childPositions(child) {
          let part = shared.graph.child(at: partPosition)
          guard part >= 0, stream.records[part].typeKey == UInt16(TypeKey.blendAnimation1D)
          else { continue }
          let id = stream.uint(part, Slot.blendAnimationAnimationId)
          blends.append(
            .init(
              animation: Int(id) < animationCount ? Int(id) : nil,
              value: stream.float(part, Slot.blendAnimation1DValue)))
        }
        kind = .blend1D(source, blends)
      case TypeKey.blendStateDirect:
        var blends: [StateMachineModel.BlendAnimationDirect] = []
        for partPosition in shared.graph.childPositions(child) {
          let part = shared.graph.child(at: partPosition)
          guard part >= 0, stream.records[part].typeKey == UInt16(TypeKey.blendAnimationDirect)
          else { continue }
          let id = stream.uint(part, Slot.blendAnimationAnimationId)
          let sourceValue = stream.uint(part, Slot.blendAnimationDirectBlendSource)
          let source: StateMachineModel.BlendAnimationDirect.Source
          switch sourceValue {
          case 0: source = .input(Int(stream.uint(part, Slot.blendAnimationDirectInputId)))
          case 1: source = .mixValue(stream.float(part, Slot.blendAnimationDirectMixValue))
          default: source = .bindable(part)
          }
          blends.append(
            .init(animation: Int(id) < animationCount ? Int(id) : nil, source: source))
        }
        kind = .blendDirect(blends)
      default:
        kind = .system
      }
      var transitions: [StateMachineModel.Transition] = []
      var fireActions: [StateMachineModel.FireAction] = []
      var listenerActions: [StateMachineModel.ListenerAction] = []
      for partPosition in shared.graph.childPositions(child) {
        let part = shared.graph.child(at: partPosition)
        guard part >= 0, let partType = stream.records[part].typeKey else { continue }
        if table.isA(partType, UInt16(TypeKey.stateTransition)) {
          if let transition = transition(
            part, type: partType, artboard: artboard, inputs: inputs)
          {
            transitions.append(transition, firstCapacity: 4)
          }
        } else if partType == UInt16(TypeKey.stateMachineFireEvent) {
          fireActions.append(fireAction(part))
        } else if table.isA(partType, UInt16(TypeKey.listenerAction)) {
          listenerActions.append(listenerAction(part, type: partType))
        }
      }
      states.append(
        .init(
          typeKey: type, kind: consume kind, flags: stream.uint(child, Slot.layerStateFlags),
          transitions: consume transitions, fireActions: consume fireActions,
          listenerActions: consume listenerActions))
    }
    // Transitions to states past the end make the official importer reject the file; the
    // structure reader has checked that already, so every stateTo is in range here.
    return .init(
      name: stream.string(record, Slot.stateMachineComponentName), states: consume states,
      entry: entry, any: any, exit: exit)
  }

  private func transition(
    _ record: Int, type: UInt16, artboard: PartialArtboard, inputs: [StateMachineModel.Input?]
  ) -> StateMachineModel.Transition? {
    var conditions: [StateMachineModel.Condition] = []
    // A transition's parts are mostly its conditions: room for them all at once.
    let parts = shared.graph.childPositions(record)
    if !parts.isEmpty { conditions.reserveCapacity(parts.count) }
    var fireActions: [StateMachineModel.FireAction] = []
    var listenerActions: [StateMachineModel.ListenerAction] = []
    for partPosition in parts {
      let part = shared.graph.child(at: partPosition)
      guard part >= 0, let partType = stream.records[part].typeKey else { continue }
      switch UInt32(partType) {
      case TypeKey.transitionBoolCondition:
        conditions.append(
          .bool(
            input: Int(stream.uint(part, Slot.transitionInputConditionInputId)),
            op: .init(rawValue: stream.uint(part, Slot.transitionValueConditionOpValue)) ?? .equal))
      case TypeKey.transitionNumberCondition:
        conditions.append(
          .number(
            input: Int(stream.uint(part, Slot.transitionInputConditionInputId)),
            op: .init(rawValue: stream.uint(part, Slot.transitionValueConditionOpValue)) ?? .equal,
            value: stream.float(part, Slot.transitionNumberConditionValue)))
      case TypeKey.transitionTriggerCondition:
        conditions.append(
          .trigger(input: Int(stream.uint(part, Slot.transitionInputConditionInputId))))
      case TypeKey.stateMachineFireEvent:
        fireActions.append(fireAction(part))
      case TypeKey.transitionArtboardCondition, TypeKey.transitionFocusCondition:
        conditions.append(sizeOrFocusCondition(part, type: partType))
      default:
        if table.isA(partType, UInt16(TypeKey.transitionViewModelCondition)) {
          conditions.append(
            .viewModel(
              record: part,
              op: .init(rawValue: stream.uint(part, Slot.transitionViewModelConditionOpValue))
                ?? .equal))
        } else if table.isA(partType, UInt16(TypeKey.transitionCondition)) {
          conditions.append(.unsupported(typeKey: partType))
        } else if table.isA(partType, UInt16(TypeKey.listenerAction)) {
          listenerActions.append(listenerAction(part, type: partType))
        }
      }
    }
    // Conditions on an input out of range or of the wrong kind are dropped, as the official
    // importer drops them.
    if conditions.contains(where: { !Self.conditionIsValid($0, inputs: inputs) }) {
      conditions.removeAll { !Self.conditionIsValid($0, inputs: inputs) }
    }
    // A transition whose interpolator does not resolve fails to initialise; the official
    // runtime then drops the whole state machine layer's state. Keep it without easing.
    let easing = interpolator(
      stream.uint(record, Slot.stateTransitionInterpolatorId), artboard: artboard)
    var exitBlend: Int?
    if type == UInt16(TypeKey.blendStateTransition) {
      exitBlend = optionalIndex(stream.uint(record, Slot.blendStateTransitionExitBlendAnimationId))
    }
    return StateMachineModel.Transition(
      stateTo: Int(stream.uint(record, Slot.stateTransitionStateToId)),
      flags: stream.uint(record, Slot.stateTransitionFlags),
      duration: stream.uint(record, Slot.stateTransitionDuration),
      exitTime: stream.uint(record, Slot.stateTransitionExitTime),
      interpolator: easing ?? nil,
      randomWeight: stream.uint(record, Slot.stateTransitionRandomWeight),
      conditions: consume conditions, fireActions: consume fireActions,
      listenerActions: consume listenerActions, exitBlendAnimation: exitBlend, record: record)
  }

  /// A condition on the artboard's size (its comparators: an artboard property on the left, a
  /// number on the right) or on keyboard focus.
  private func sizeOrFocusCondition(_ record: Int, type: UInt16) -> StateMachineModel.Condition {
    let op =
      StateMachineModel.Op(rawValue: stream.uint(record, Slot.transitionViewModelConditionOpValue))
      ?? .equal
    let comparators = shared.graph.childrenOf(record).filter { part in
      guard part >= 0, let partType = stream.records[part].typeKey else { return false }
      return table.isA(partType, UInt16(TypeKey.transitionComparator))
    }
    if UInt32(type) == TypeKey.transitionFocusCondition {
      // The focused component sits on a component comparator (the exported one is the left).
      let componentComparator = UInt16(TypeKey.transitionPropertyComponentComparator)
      let target = comparators.last { stream.records[$0].typeKey == componentComparator }
      return .focus(
        op: op,
        objectID: target.map {
          Int(stream.uint($0, Slot.transitionPropertyComponentComparatorObjectId))
        })
    }
    let artboardComparator = UInt16(TypeKey.transitionPropertyArtboardComparator)
    guard comparators.count >= 2, stream.records[comparators[0]].typeKey == artboardComparator,
      let last = comparators.last,
      stream.records[last].typeKey == UInt16(TypeKey.transitionValueNumberComparator)
    else { return .viewModel(record: record, op: op) }
    return .artboardSize(
      property: stream.uint(comparators[0], Slot.transitionPropertyArtboardComparatorPropertyType),
      op: op, value: stream.float(last, Slot.transitionValueNumberComparatorValue))
  }

  private func fireAction(_ record: Int) -> StateMachineModel.FireAction {
    .init(
      occurs: stream.uint(record, Slot.stateMachineFireActionOccursValue),
      eventID: Int(stream.uint(record, Slot.stateMachineFireEventEventId)))
  }

  private func listenerAction(_ record: Int, type: UInt16) -> StateMachineModel.ListenerAction {
    let flags = stream.uint(record, Slot.listenerActionFlags)
    let kind: StateMachineModel.ListenerAction.Kind
    func nested() -> Int? {
      optionalIndex(stream.uint(record, Slot.listenerInputChangeNestedInputId))
    }
    var input: Int { Int(stream.uint(record, Slot.listenerInputChangeInputId)) }
    switch UInt32(type) {
    case TypeKey.listenerBoolChange:
      kind = .boolChange(
        input: input, nestedInput: nested(),
        value: stream.uint(record, Slot.listenerBoolChangeValue))
    case TypeKey.listenerNumberChange:
      kind = .numberChange(
        input: input, nestedInput: nested(),
        value: stream.float(record, Slot.listenerNumberChangeValue))
    case TypeKey.listenerTriggerChange:
      kind = .triggerChange(input: input, nestedInput: nested())
    case TypeKey.listenerFireEvent:
      kind = .fireEvent(eventID: Int(stream.uint(record, Slot.listenerFireEventEventId)))
    case TypeKey.listenerViewModelChange:
      kind = .viewModelChange(record: record)
    case TypeKey.focusActionTarget:
      kind = .focusTarget(targetID: Int(stream.uint(record, Slot.focusActionTargetTargetId)))
    case TypeKey.listenerAlignTarget:
      kind = .alignTarget(
        targetID: Int(stream.uint(record, Slot.listenerAlignTargetTargetId)),
        preserveOffset: stream.bool(record, Slot.listenerAlignTargetPreserveOffset))
    default:
      kind = .unsupported(typeKey: type)
    }
    return .init(flags: flags, kind: kind, record: record)
  }

  private func listener(_ record: Int, type: UInt16) -> StateMachineModel.Listener {
    var actions: [StateMachineModel.ListenerAction] = []
    var inputs: [(type: UInt32, eventID: Int?)] = []
    if type == UInt16(TypeKey.stateMachineListenerSingle) {
      inputs.append(
        (
          stream.uint(record, Slot.stateMachineListenerSingleListenerTypeValue),
          optionalIndex(stream.uint(record, Slot.stateMachineListenerSingleEventId))
        ))
    }
    for part in shared.graph.childrenOf(record) where part >= 0 {
      guard let partType = stream.records[part].typeKey else { continue }
      if table.isA(partType, UInt16(TypeKey.listenerAction)) {
        actions.append(listenerAction(part, type: partType))
      } else if table.isA(partType, UInt16(TypeKey.listenerInputType)) {
        let eventID =
          partType == UInt16(TypeKey.listenerInputTypeEvent)
          ? optionalIndex(stream.uint(part, Slot.listenerInputTypeEventEventId)) : nil
        inputs.append((stream.uint(part, Slot.listenerInputTypeListenerTypeValue), eventID))
      }
    }
    return .init(
      typeKey: type, targetID: Int(stream.uint(record, Slot.stateMachineListenerTargetId)),
      inputs: inputs, actions: actions, record: record)
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

extension RuntimeFile {
  /// For a colour channel key on a solid colour or gradient stop: the slot of the colour value
  /// the channel is a view of (keyframes write their byte of it; see `ArtboardInstance.set`).
  static func colorChannelHostOffset(type: UInt16, key: UInt16) -> Int? {
    guard ColorMath.channelShift(key) != nil else { return nil }
    return ColorMath.hostColorSlot(type: type)?.offset
  }
}
