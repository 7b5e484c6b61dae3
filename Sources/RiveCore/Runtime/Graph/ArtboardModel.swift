@_spi(RiveFormatInternals) import RiveFormat

/// An artboard as the file describes it: its objects with their authored property values, its
/// animations and its state machines. Instances (``ArtboardInstance``) copy its values on write.
public final class ArtboardModel: Sendable {
  /// The artboard's name.
  public let name: String
  /// The artboard's index in the file.
  public let index: Int
  /// The type key of each object by artboard-local id (0 is the artboard); 0 marks the
  /// placeholder of an object type the runtime cannot make.
  let types: [UInt16]
  /// Where each object's slots start in ``slots``.
  let slotBases: [Int]
  /// The authored value of every slot of every object.
  let slots: [UInt32]
  /// The strings string slots index.
  let strings: [String]
  /// The parent id of each object, or -1.
  let parents: [Int]
  package let animations: [LinearAnimationModel]
  package let stateMachines: [StateMachineModel]
  /// The file record of each object (for looking up data binds and other file-level links).
  let records: [Int]
  /// The children of each object, in file order (`children.ints(id)`).
  let children: IndexLists
  /// The nested artboards this artboard hosts, in file order.
  let nestedHosts: [NestedHost]
  /// The index in ``nestedHosts`` of each nested artboard component, by component id.
  let nestedHostIndex: [Int: Int]
  /// The geometry structure (update order, shapes, paints, drawables).
  let geometry: GeometryModel
  /// The custom trigger properties (they reset at the end of each frame), in object order.
  let customTriggerIDs: [Int]
  /// The slot (in ``slots``) of each custom trigger's value, by position in
  /// ``customTriggerIDs`` (-1: the type stores none), looked up once instead of every frame.
  let customTriggerSlots: [Int]
  /// The joystick components, in file order.
  let joystickIDs: [Int]
  /// The focus tree (focus data components and the nested artboards under them).
  let focus: FocusModel
  /// Whether a state machine of this artboard, or of an artboard it nests, can queue focus
  /// requests (the root looks for them only then: it does so several times a frame).
  let mayQueueFocus: Bool
  /// The layout structure (layout components, participants, their styles and tracks).
  let layout: LayoutModel
  /// The file's scroll physics objects, in file order (scroll constraints name them by index).
  let scrollPhysics: [ScrollPhysics.Kind]

  init(
    name: String, index: Int, types: [UInt16], slotBases: [Int], slots: [UInt32],
    strings: [String], parents: [Int], animations: [LinearAnimationModel],
    stateMachines: [StateMachineModel], records: [Int], nestedHosts: [NestedHost],
    children: IndexLists? = nil, composeLayoutTransforms: Bool = true,
    imageLayoutScaleSeparate: Bool = true,
    meshIndices: [Int: [UInt16]] = [:], scrollPhysics: [ScrollPhysics.Kind] = []
  ) {
    // Everything derived from the arguments is worked out first and the arguments stored last,
    // so each is moved into its property: storing one that is still to be read costs an atomic
    // retain, and its release at the end.
    let children = children ?? IndexLists(childrenOf: parents)
    var hostIndex: [Int: Int] = [:]
    // (By position: iterating the list retained it.)
    for index in nestedHosts.indices { hostIndex[nestedHosts[index].id] = index }
    let focus = FocusModel(types: types, children: children, nestedHostIndex: hostIndex)
    let mayQueueFocus =
      stateMachines.contains { $0.hasFocusActions }
      || nestedHosts.contains { $0.artboard?.mayQueueFocus == true }
    let geometry = GeometryModel.build(
      types: types, slotBases: slotBases, slots: slots, parents: parents,
      keyedClips: GeometryModel.keyedClips(animations),
      listenerTargets: ArtboardModel.listenerTargets(stateMachines),
      hitShapes: StateMachineModel.pointerTargetShapes(
        stateMachines, types: types, children: children),
      composeLayoutTransforms: composeLayoutTransforms, meshIndices: meshIndices,
      children: children)
    let layout = LayoutModel(
      types: types, slotBases: slotBases, slots: slots, children: children,
      imageScaleSeparate: imageLayoutScaleSeparate)
    // Both lists in one walk over the types.
    let table = TypeTable.shared
    var joysticks: [Int] = []
    var customTriggers: [Int] = []
    for (id, type) in types.enumerated() where type != 0 {
      if table.isA(type, UInt16(TypeKey.joystick)) { joysticks.append(id) }
      if table.isA(type, UInt16(TypeKey.customPropertyTrigger)) { customTriggers.append(id) }
    }
    self.name = name
    self.index = index
    self.types = types
    self.slotBases = slotBases
    self.slots = slots
    self.strings = strings
    self.parents = parents
    self.animations = animations
    self.stateMachines = stateMachines
    self.records = records
    self.children = children
    self.nestedHosts = nestedHosts
    nestedHostIndex = hostIndex
    self.focus = focus
    self.mayQueueFocus = mayQueueFocus
    self.geometry = geometry
    self.layout = layout
    self.scrollPhysics = scrollPhysics
    joystickIDs = joysticks
    customTriggerIDs = customTriggers
    customTriggerSlots = customTriggers.map { id in
      table.slotOffset(type: types[id], key: PropertyKey.customPropertyTriggerPropertyValue)
        .map { slotBases[id] + $0 } ?? -1
    }
  }

  /// The objects the listeners of `machines` target (made without an array of them first).
  private static func listenerTargets(_ machines: [StateMachineModel]) -> Set<Int> {
    var targets = Set<Int>()
    for machine in machines {
      for listener in machine.listeners { targets.insert(listener.targetID) }
    }
    return targets
  }

  /// The number of objects (including placeholders).
  public var objectCount: Int { types.count }

  /// The names of the linear animations, in file order.
  public var animationNames: [String] { animations.map(\.name) }

  /// The names of the state machines, in file order (including a synthetic one).
  public var stateMachineNames: [String] { stateMachines.map(\.name) }

  /// The default state machine index stored in the file, or nil.
  public var defaultStateMachineIndex: Int? {
    let value = slots[slotBases[0] + Slot.artboardDefaultStateMachineId]
    return value == UInt32.max ? nil : Int(value)
  }

  /// Whether some object of the artboard is of type `base` or derives from it, leaving out
  /// objects of type `excluded` (and its subtypes).
  package func hasObject(ofType base: UInt32, excluding excluded: UInt32? = nil) -> Bool {
    types.indices.contains { id in
      isA(id, base) && !(excluded.map { isA(id, $0) } ?? false)
    }
  }

  /// Whether some object of type `child` (or a subtype) has a parent of type `parent` (or a
  /// subtype).
  package func hasObject(ofType child: UInt32, under parent: UInt32) -> Bool {
    types.indices.contains { id in
      guard isA(id, child), id < parents.count else { return false }
      return isA(Int(parents[id]), parent)
    }
  }

  /// Whether object `id` exists and is of type `base` or derives from it.
  func isA(_ id: Int, _ base: UInt32) -> Bool {
    guard id >= 0, id < types.count, types[id] != 0 else { return false }
    return TypeTable.shared.isA(types[id], UInt16(base))
  }

  /// The authored float of a slot of object `id`.
  package func float(_ id: Int, _ slot: Int) -> Float {
    Float(bitPattern: slots[slotBases[id] + slot])
  }

  /// The authored integer of a slot of object `id`.
  func uint(_ id: Int, _ slot: Int) -> UInt32 { slots[slotBases[id] + slot] }
}

/// A nested artboard component: which artboard it shows and what plays it.
struct NestedHost: Sendable {
  /// The component's id in the hosting artboard.
  var id: Int
  /// The artboard it shows; nil when the reference is missing or would nest an artboard inside
  /// itself.
  var artboard: ArtboardModel?
  var animations: [NestedAnimation]

  /// A nested state machine, simple animation or remapped animation.
  struct NestedAnimation: Sendable {
    enum Kind: Sendable { case stateMachine, simple, remap }
    /// The component's id in the hosting artboard.
    var id: Int
    var kind: Kind
    /// The state machine or animation index in the nested artboard.
    var index: Int
    /// Nested inputs: component id in the host, input index in the nested machine.
    var inputs: [(id: Int, input: Int)]
  }
}
