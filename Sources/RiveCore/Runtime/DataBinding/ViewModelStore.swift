import RiveFormat

/// The view-model instances an artboard instance is bound to, their current values, and the
/// data binds that move those values into the artboard, its nested artboards and its state
/// machines (and back).
///
/// A value type: it lives in the root ``ArtboardInstance`` and moves (never copies) into a
/// nested artboard while that artboard advances, so one store serves the whole tree. Make one
/// with ``ArtboardInstance/bindDefaultViewModel(file:)`` or
/// ``StateMachineInstance/bindDefaultViewModel(file:artboard:)``; read and write values by
/// path with ``value(at:)`` and ``setValue(_:at:)``, and list what changed with
/// ``changedValues``.
public struct ViewModelStore: Sendable {
  /// Bounds on work an input can cause: instances made by one copy, list items, path lengths.
  static let maximumInstances = 20_000
  static let maximumPathLength = 64
  /// How deep view-model references and lists are followed when instances are copied or
  /// advanced.
  static let maximumReferenceDepth = 64
  /// How many list item artboards a store makes in all.
  static let maximumListArtboards = 4096
  /// How many transitions the machines of all list items take in a frame at most. Items nest
  /// (an item's artboard can hold lists of its own, up to the nesting limit), so a file can
  /// make thousands of item machines, and each layer may take 100 transitions an advance, over
  /// several advances a frame: a file whose item states loop made minutes of work a frame. A
  /// machine out of budget takes no transition until the next frame.
  static let listTransitionsPerFrame = 4096

  let model: DataBindingModel

  struct InstanceState: Sendable {
    var viewModel: Int
    /// Where this instance's values start in ``values``, and how many there are.
    var firstValue: Int
    var valueCount: Int
    /// The authored instance this one is a copy of (its index in the model), or -1 for a
    /// fresh instance.
    var source: Int32 = -1
  }

  /// Who wants to hear about a value change.
  enum Dependent: Sendable, Equatable {
    /// A data bind (by index in ``binds``).
    case bind(Int32)
    /// A view-model listener of a state machine: the machine's container and the listener's
    /// index among the machine's view-model listeners.
    case listener(container: Int32, listener: Int32)
    /// A formula converter whose random values reset when its source changes.
    case formula(Int32)
    /// A bind to source whose target is an embedded instance's value (a stateful nested
    /// artboard's property): a change of the value, by whichever artboard wrote it, is a
    /// change of the bind's target, as the runtime's property observer reports it.
    case bindTarget(Int32)
  }

  struct ValueState: Sendable {
    var instance: Int32
    var propertyID: Int32
    var kind: ViewModelValueKind
    /// A float's bits, a colour, an enum index, a trigger count, an asset or artboard index,
    /// or (for a view-model reference) the referenced instance handle.
    var bits: UInt32
    var text: String = ""
    /// List items: instance handles.
    var items: [Int32] = []
    /// Set when the value changes; cleared when the frame's view models advance.
    var hasChanged = false
    /// Set when the value changes; cleared when the public API takes the change log.
    var isLogged = false
    var dependents: [Dependent] = []
    /// Layers (machine container << 16 | layer index) that used this value's change.
    var usedLayers: [UInt32] = []
  }

  /// A data context: instances searched in order, then the parent context.
  struct ContextState: Sendable {
    var instances: [Int32]
    var parent: Int32
  }

  var instances: [InstanceState] = []
  var values: [ValueState] = []
  var contexts: [ContextState] = []
  var containers: [BindContainer] = []
  var binds: [BindState] = []
  var converters: [ConverterState] = []
  var bindables: [BindableState] = []
  /// Values changed since the change log was last taken, in the order they first changed.
  var changeLog: [Int32] = []
  /// Counts value changes (``valueChanged(_:)``): what reads values on its own (list paths'
  /// vertices) reads again only when it moved.
  var changeCount: UInt64 = 0
  /// Values the end of a frame may have to settle (changed, used by a layer), noted as that
  /// happens; with the values made since the last settling (which may hold a set trigger),
  /// the only ones ``advanced(context:)`` can change. When there are none it has nothing to
  /// do: a view model with a long list ends a quiet frame without visiting every item.
  var unsettledValues: [Int32] = []
  /// How many values there were when the end of a frame last settled them.
  var settledValueCount = 0
  /// List item artboards made so far.
  var listArtboardCount = 0
  /// What a virtualized list puts back in a recycled item artboard, by the file's artboard
  /// index (made when an artboard of that kind is first recycled).
  var listItemRecords: [Int: ListItemRecord] = [:]
  /// How many list items enclose the artboard that holds the store now (0 outside list items):
  /// raised while a list item's artboard holds it.
  var listItemDepth = 0
  /// The transitions the machines of list items may still take this frame (renewed each frame
  /// by the outermost artboard that advances lists).
  var listTransitionBudget = ViewModelStore.listTransitionsPerFrame
  /// The generator formula converters' random function draws from.
  var random = CLibraryRandom(seed: 1)
  /// The instance the root is bound to.
  public internal(set) var rootInstance: Int32 = -1
  /// This store's identity: what artboards and machines bound in it remember (copies share
  /// it; a store made anew never has another's).
  let identity: UInt64
  /// The attachment of the artboard tree bound in this store last (0 when none).
  var lastAttachment: UInt64 = 0

  init(model: DataBindingModel) {
    self.model = model
    self.identity = ViewModelStore.makeIdentity()
  }

  // MARK: - Instances

  /// The view model of instance `instance`, or -1.
  func viewModel(of instance: Int32) -> Int {
    guard instance >= 0, Int(instance) < instances.count else { return -1 }
    return instances[Int(instance)].viewModel
  }

  /// The value handle of property `propertyID` of `instance` (the first value with that
  /// property id, as the official runtime looks values up), or -1.
  func valueIndex(_ instance: Int32, property propertyID: Int) -> Int32 {
    guard instance >= 0, Int(instance) < instances.count else { return -1 }
    let state = instances[Int(instance)]
    for index in state.firstValue..<(state.firstValue + state.valueCount)
    where values[index].propertyID == Int32(propertyID) {
      return Int32(index)
    }
    return -1
  }

  /// The value handle of the property named `name` of `instance`, or -1.
  func valueIndex(_ instance: Int32, named name: String) -> Int32 {
    guard instance >= 0, Int(instance) < instances.count else { return -1 }
    let state = instances[Int(instance)]
    let properties = model.viewModels[state.viewModel].properties
    for index in state.firstValue..<(state.firstValue + state.valueCount) {
      let property = Int(values[index].propertyID)
      if property >= 0, property < properties.count, properties[property].name == name {
        return Int32(index)
      }
    }
    return -1
  }

  /// The instance a view-model reference value points at, or -1.
  func referencedInstance(_ value: Int32) -> Int32 {
    guard value >= 0, Int(value) < values.count, values[Int(value)].kind == .viewModel else {
      return -1
    }
    let bits = values[Int(value)].bits
    return bits == UInt32.max || Int(bits) >= instances.count ? -1 : Int32(bits)
  }

  /// Makes a copy of authored instance `source` (and, recursively, of the instances its
  /// view-model references and list items point at, each source copied once).
  mutating func copyInstance(_ source: Int, copies: inout [Int: Int32], depth: Int = 0) -> Int32 {
    if let existing = copies[source] { return existing }
    guard source >= 0, source < model.instances.count,
      instances.count < ViewModelStore.maximumInstances,
      depth < ViewModelStore.maximumReferenceDepth
    else { return -1 }
    let authored = model.instances[source]
    // An instance of a view model the file does not have (a damaged file) is not made: every
    // instance in the store has a view model.
    guard authored.viewModel >= 0, authored.viewModel < model.viewModels.count else { return -1 }
    let handle = Int32(instances.count)
    // Recorded before the references are copied, so a cycle of references ends here.
    copies[source] = handle
    let first = values.count
    instances.append(
      InstanceState(
        viewModel: authored.viewModel, firstValue: first, valueCount: 0, source: Int32(source)))
    for value in authored.values {
      values.append(
        ValueState(
          instance: handle, propertyID: Int32(value.propertyID), kind: value.kind,
          bits: value.bits, text: value.text))
    }
    instances[Int(handle)].valueCount = authored.values.count
    let properties =
      authored.viewModel >= 0 && authored.viewModel < model.viewModels.count
      ? model.viewModels[authored.viewModel].properties : []
    for (offset, value) in authored.values.enumerated() {
      let index = first + offset
      switch value.kind {
      case .viewModel:
        var target: Int32 = -1
        if value.propertyID < properties.count {
          let referenced = properties[value.propertyID].reference
          if referenced >= 0, referenced < model.viewModels.count {
            let candidates = model.viewModels[referenced].instances
            if Int(value.bits) < candidates.count {
              target = copyInstance(candidates[Int(value.bits)], copies: &copies, depth: depth + 1)
            }
          }
        }
        values[index].bits = target < 0 ? UInt32.max : UInt32(target)
      case .list:
        var items: [Int32] = []
        for item in value.items {
          guard item.viewModel >= 0, item.viewModel < model.viewModels.count else { continue }
          let candidates = model.viewModels[item.viewModel].instances
          guard item.instance >= 0, item.instance < candidates.count else { continue }
          let copy = copyInstance(candidates[item.instance], copies: &copies, depth: depth + 1)
          if copy >= 0 { items.append(copy) }
        }
        values[index].items = items
      default:
        break
      }
    }
    return handle
  }

  /// Makes a fresh instance of `viewModel` with every property at its default (and fresh
  /// instances for its view-model properties, to a bounded depth).
  mutating func newInstance(of viewModel: Int, depth: Int = 0) -> Int32 {
    guard viewModel >= 0, viewModel < model.viewModels.count, depth < 32,
      instances.count < ViewModelStore.maximumInstances
    else { return -1 }
    let properties = model.viewModels[viewModel].properties
    let handle = Int32(instances.count)
    let first = values.count
    instances.append(
      InstanceState(viewModel: viewModel, firstValue: first, valueCount: properties.count))
    for (id, property) in properties.enumerated() {
      values.append(
        ValueState(
          instance: handle, propertyID: Int32(id), kind: property.kind,
          bits: property.kind.defaultBits))
    }
    for (id, property) in properties.enumerated() where property.kind == .viewModel {
      let child = newInstance(of: property.reference, depth: depth + 1)
      values[first + id].bits = child < 0 ? UInt32.max : UInt32(child)
    }
    return handle
  }

  /// A copy of `viewModel`'s authored instance named `name` (its default instance when nil),
  /// or -1 when there is no such instance.
  mutating func selectInstance(of viewModel: Int, named name: String?) -> Int32 {
    guard let name else { return defaultInstance(of: viewModel) }
    guard viewModel >= 0, viewModel < model.viewModels.count,
      let authored = model.viewModels[viewModel].instances.first(where: {
        model.instances[$0].name == name
      })
    else { return -1 }
    var copies: [Int: Int32] = [:]
    return copyInstance(authored, copies: &copies)
  }

  /// A copy of `viewModel`'s first authored instance, or a fresh instance when it has none.
  mutating func defaultInstance(of viewModel: Int) -> Int32 {
    guard viewModel >= 0, viewModel < model.viewModels.count else { return -1 }
    if let first = model.viewModels[viewModel].instances.first {
      var copies: [Int: Int32] = [:]
      return copyInstance(first, copies: &copies)
    }
    return newInstance(of: viewModel)
  }

  // MARK: - Contexts

  mutating func makeContext(instances list: [Int32], parent: Int32) -> Int32 {
    contexts.append(ContextState(instances: list, parent: parent))
    return Int32(contexts.count - 1)
  }

  /// The first instance of a context chain that is not a global one (the main instance).
  func mainInstance(of context: Int32) -> Int32 {
    guard context >= 0, Int(context) < contexts.count else { return -1 }
    return contexts[Int(context)].instances.first ?? -1
  }

  /// Resolves an id path (view model id, then property ids) in a context chain to a value.
  func resolveValue(path: [UInt32], context: Int32) -> Int32 {
    guard !path.isEmpty, path.count <= ViewModelStore.maximumPathLength else { return -1 }
    var current = context
    var guardCount = 0
    while current >= 0, Int(current) < contexts.count, guardCount < 64 {
      for instance in contexts[Int(current)].instances {
        let found = resolveValue(path: path, from: instance)
        if found >= 0 { return found }
      }
      current = contexts[Int(current)].parent
      guardCount += 1
    }
    return -1
  }

  private func resolveValue(path: [UInt32], from instance: Int32) -> Int32 {
    guard instance >= 0, viewModel(of: instance) == Int(path[0]), path.count > 1 else {
      return -1
    }
    var current = instance
    for id in path.dropFirst().dropLast() {
      let value = valueIndex(current, property: Int(id))
      current = referencedInstance(value)
      if current < 0 { return -1 }
    }
    return valueIndex(current, property: Int(path[path.count - 1]))
  }

  /// Resolves an id path to an instance (view model id, then view-model property ids).
  func resolveInstance(path: [UInt32], context: Int32) -> Int32 {
    guard !path.isEmpty, path.count <= ViewModelStore.maximumPathLength else { return -1 }
    var current = context
    var guardCount = 0
    while current >= 0, Int(current) < contexts.count, guardCount < 64 {
      for instance in contexts[Int(current)].instances
      where instance >= 0 && viewModel(of: instance) == Int(path[0]) {
        var walk = instance
        for id in path.dropFirst() {
          walk = referencedInstance(valueIndex(walk, property: Int(id)))
          if walk < 0 { break }
        }
        if walk >= 0 { return walk }
      }
      current = contexts[Int(current)].parent
      guardCount += 1
    }
    return -1
  }

  /// Resolves a name-based path (manifest name ids) in a context chain to a value.
  func resolveRelativeValue(path: [UInt32], context: Int32) -> Int32 {
    guard !path.isEmpty, path.count <= ViewModelStore.maximumPathLength else { return -1 }
    var current = context
    var guardCount = 0
    while current >= 0, Int(current) < contexts.count, guardCount < 64 {
      for instance in contexts[Int(current)].instances where instance >= 0 {
        var walk = instance
        var failed = false
        for id in path.dropLast() {
          walk = referencedInstance(valueIndex(walk, named: model.name(id)))
          if walk < 0 {
            failed = true
            break
          }
        }
        if !failed {
          let found = valueIndex(walk, named: model.name(path[path.count - 1]))
          if found >= 0 { return found }
        }
      }
      current = contexts[Int(current)].parent
      guardCount += 1
    }
    return -1
  }

  /// Resolves a value by property names from instance `instance` ("a/b/c"); after a list
  /// property, a number picks an item ("items/2/label").
  func resolveValue(names: [Substring], from instance: Int32) -> Int32 {
    guard !names.isEmpty, names.count <= ViewModelStore.maximumPathLength else { return -1 }
    var walk = instance
    var position = 0
    while position < names.count {
      let value = valueIndex(walk, named: String(names[position]))
      if position == names.count - 1 { return value }
      guard value >= 0 else { return -1 }
      if values[Int(value)].kind == .list, let item = Int(names[position + 1]) {
        let items = values[Int(value)].items
        // A path that ends at an item names an instance, not a value.
        guard item >= 0, item < items.count, position + 2 < names.count else { return -1 }
        walk = items[item]
        position += 2
      } else {
        walk = referencedInstance(value)
        if walk < 0 { return -1 }
        position += 1
      }
    }
    return -1
  }

  // MARK: - Changing values

  /// Sets a value's bits; notifies dependents when it changed. Returns whether it changed.
  @discardableResult
  mutating func setBits(_ value: Int32, _ bits: UInt32) -> Bool {
    guard value >= 0, Int(value) < values.count else { return false }
    if values[Int(value)].kind == .number {
      if Float(bitPattern: values[Int(value)].bits) == Float(bitPattern: bits) { return false }
    } else if values[Int(value)].bits == bits {
      return false
    }
    values[Int(value)].bits = bits
    valueChanged(value)
    return true
  }

  @discardableResult
  mutating func setText(_ value: Int32, _ text: String) -> Bool {
    guard value >= 0, Int(value) < values.count, values[Int(value)].text != text else {
      return false
    }
    values[Int(value)].text = text
    valueChanged(value)
    return true
  }

  @discardableResult
  mutating func setItems(_ value: Int32, _ items: [Int32]) -> Bool {
    guard value >= 0, Int(value) < values.count else { return false }
    values[Int(value)].items = items
    valueChanged(value)
    return true
  }

  /// A value changed: its binds are dirtied, its listeners reported, its flags set.
  mutating func valueChanged(_ value: Int32) {
    let index = Int(value)
    changeCount &+= 1
    if !values[index].hasChanged { unsettledValues.append(value) }
    values[index].hasChanged = true
    if !values[index].isLogged {
      values[index].isLogged = true
      changeLog.append(value)
    }
    let dependents = values[index].dependents
    for dependent in dependents {
      switch dependent {
      case .bind(let bind):
        addDirt(bind, BindDirt.bindings)
      case .bindTarget(let bind):
        addDirt(bind, BindDirt.bindingsTarget)
      case .listener(let container, let listener):
        if values[index].kind == .trigger && values[index].bits == 0 { continue }
        reportListener(container: container, listener: listener)
      case .formula(let converter):
        resetFormulaRandoms(converter)
      }
    }
  }

  mutating func addDependent(_ value: Int32, _ dependent: Dependent) {
    guard value >= 0, Int(value) < values.count else { return }
    if !values[Int(value)].dependents.contains(dependent) {
      values[Int(value)].dependents.append(dependent)
    }
  }

  mutating func removeDependent(_ value: Int32, _ dependent: Dependent) {
    guard value >= 0, Int(value) < values.count else { return }
    values[Int(value)].dependents.removeAll { $0 == dependent }
  }

  /// The end of a frame for the instances of a context: triggers return to 0, change flags and
  /// layer uses are cleared (recursively through view-model references and list items).
  mutating func advanced(context: Int32) {
    guard context >= 0, Int(context) < contexts.count, !isSettled else { return }
    var visited = 0
    for instance in contexts[Int(context)].instances {
      advancedInstance(instance, budget: &visited, depth: 0)
    }
    keepUnsettled()
  }

  /// Keeps in ``unsettledValues`` (with the values made since the last settling) only what
  /// still has something to settle: what the instances just settled did not reach stays
  /// (another context may reach it). Run after every settling, so that a value settled is no
  /// longer listed: listed still, a change the next frame listed it again, and a value that
  /// changed every frame (kept by each frame's settling of the contexts that do not reach it)
  /// was listed once more every frame, each frame's settling slower than the last.
  mutating func keepUnsettled() {
    var unsettled: [Int32] = []
    swap(&unsettled, &unsettledValues)
    let made = min(settledValueCount, values.count)..<values.count
    unsettled.append(contentsOf: made.lazy.map { Int32($0) })
    unsettled.removeAll { !needsSettling($0) }
    swap(&unsettled, &unsettledValues)
    settledValueCount = values.count
  }

  /// Whether no value has anything for the end of a frame to clear.
  var isSettled: Bool { unsettledValues.isEmpty && settledValueCount == values.count }

  /// Whether value `value` has a change flag, a layer's use or a set trigger to clear.
  func needsSettling(_ value: Int32) -> Bool {
    guard value >= 0, Int(value) < values.count else { return false }
    let state = values[Int(value)]
    return state.hasChanged || !state.usedLayers.isEmpty
      || (state.kind == .trigger && state.bits != 0)
  }

  mutating func advancedInstance(_ instance: Int32, budget: inout Int, depth: Int) {
    guard instance >= 0, Int(instance) < instances.count, budget < ViewModelStore.maximumInstances,
      depth < ViewModelStore.maximumReferenceDepth
    else { return }
    budget += 1
    let state = instances[Int(instance)]
    for index in state.firstValue..<(state.firstValue + state.valueCount) {
      switch values[index].kind {
      case .viewModel:
        // A reference advances what it references (its own flags stay).
        advancedInstance(referencedInstance(Int32(index)), budget: &budget, depth: depth + 1)
        continue
      case .list:
        for item in values[index].items {
          advancedInstance(item, budget: &budget, depth: depth + 1)
        }
      case .trigger:
        if values[index].bits != 0 {
          values[index].bits = 0
          valueChanged(Int32(index))
        }
      default:
        break
      }
      values[index].hasChanged = false
      if !values[index].usedLayers.isEmpty {
        values[index].usedLayers.removeAll(keepingCapacity: true)
      }
    }
  }
}
