@_spi(RiveFormatInternals) import RiveFormat

/// What a virtualized list puts back when it gives a pooled item artboard to an item entering
/// its window, as the official list's property recorder does: the authored values of the
/// properties the artboard's first state machine animates (every animation its layers' states
/// and blend states play) or a data bind targets, and that machine's authored number and
/// boolean input values. Nothing else of the recycled artboard is put back (a property only a
/// listener or another machine changed keeps the value the last item left).
struct ListItemRecord: Sendable {
  /// A property to put back: the object, its slot and the property key.
  struct Property: Sendable {
    var objectID: Int
    var offset: Int
    var key: UInt16
    var kind: SlotKind
  }

  /// An input value to put back: the machine's input kinds in order, as the recorder writes
  /// them (inputs of other kinds take no entry, so later entries shift as the runtime's do).
  enum Input: Sendable {
    case number(Float)
    case bool(Bool)
    case trigger
  }

  var properties: [Property] = []
  var inputs: [Input] = []

  /// The official recorder applies at most this many input entries.
  static let maximumInputs = 20

  /// The record of `model` (the file's artboard an item shows) and its binds in `bindings`.
  init(model: ArtboardModel, bindings: ArtboardBindings?, binds: [DataBindingModel.Bind]) {
    // Objects in the order they are first met; each property once per object.
    var order: [Int] = []
    var keys: [Int: [UInt16]] = [:]
    func add(_ id: Int, _ key: UInt16) {
      if keys[id] == nil {
        order.append(id)
        keys[id] = []
      }
      if keys[id]?.contains(key) == false { keys[id]?.append(key) }
    }
    if let machine = model.stateMachines.first {
      for input in machine.inputs {
        switch input?.kind {
        case .number(let value): inputs.append(.number(value))
        case .bool(let value): inputs.append(.bool(value))
        case .trigger: inputs.append(.trigger)
        case nil: break
        }
      }
      for layer in machine.layers {
        for state in layer.states {
          for index in Self.animations(of: state) {
            guard index >= 0, index < model.animations.count else { continue }
            let animation = model.animations[index]
            for object in animation.keyedObjects {
              for property in animation.properties(of: object) {
                add(object.objectID, property.propertyKey)
              }
            }
          }
        }
      }
    }
    for (target, bind) in bindings?.binds ?? [] where bind >= 0 && bind < binds.count {
      add(target, binds[bind].propertyKey)
    }
    let table = TypeTable.shared
    for id in order {
      guard id >= 0, id < model.types.count, model.types[id] != 0 else { continue }
      let type = model.types[id]
      for key in keys[id] ?? [] {
        var key = key
        if ColorMath.channelShift(key) != nil {
          // A colour channel is a view of its host's colour value: that is what is put back.
          guard let host = ColorMath.hostColorSlot(type: type) else { continue }
          key = host.key
        }
        guard let offset = table.slotOffset(type: type, key: key) else { continue }
        let kind = table.slotKind(type: type, offset: offset)
        guard kind != .bytes,
          !properties.contains(where: { $0.objectID == id && $0.offset == offset })
        else { continue }
        properties.append(Property(objectID: id, offset: offset, key: key, kind: kind))
      }
    }
  }

  /// The animations a state plays (an animation state's one, a blend state's each).
  private static func animations(of state: StateMachineModel.State) -> [Int] {
    switch state.kind {
    case .animation(let animation, _): return animation.map { [$0] } ?? []
    case .blend1D(_, let animations): return animations.compactMap(\.animation)
    case .blendDirect(let animations): return animations.compactMap(\.animation)
    default: return []
    }
  }

  /// Puts the recorded properties of `artboard` back to its model's authored values (each
  /// change runs its effect, as the runtime's setters do).
  func restore(_ artboard: inout ArtboardInstance) {
    let model = artboard.model
    for property in properties {
      let id = property.objectID
      guard id < model.slotBases.count else { continue }
      let index = model.slotBases[id] + property.offset
      guard index < model.slots.count else { continue }
      let bits = model.slots[index]
      switch property.kind {
      case .float:
        artboard.setFloat(id, offset: property.offset, key: property.key, Float(bitPattern: bits))
      case .string:
        let text = Int(bits) < model.strings.count ? model.strings[Int(bits)] : ""
        artboard.setString(id, offset: property.offset, key: property.key, text)
      default:
        artboard.set(id, offset: property.offset, key: property.key, bits: bits)
      }
    }
  }

  /// Sets `machine`'s inputs back as the runtime's recorder does: entry `i` names input `i`
  /// of the machine, whose first number (or boolean) input of that name takes the value.
  func restoreInputs(_ machine: inout StateMachineInstance) {
    let names = machine.machine.inputs
    for (position, input) in inputs.prefix(Self.maximumInputs).enumerated() {
      guard position < names.count, let name = names[position]?.name else { continue }
      switch input {
      case .number(let value):
        if let index = names.firstIndex(where: {
          if case .number? = $0?.kind { return $0?.name == name }
          return false
        }) {
          machine.setNumber(index, value)
        }
      case .bool(let value):
        if let index = names.firstIndex(where: {
          if case .bool? = $0?.kind { return $0?.name == name }
          return false
        }) {
          machine.setBool(index, value)
        }
      case .trigger:
        break
      }
    }
  }
}
