import RiveFormat

/// Dirt bits of a data bind, as the official runtime's component dirt uses them for binds.
enum BindDirt {
  /// The source changed: apply source to target.
  static let bindings: UInt8 = 1
  /// The target changed: apply target to source.
  static let bindingsTarget: UInt8 = 2
  /// A converter's own binds changed: update them and recompute.
  static let dependents: UInt8 = 4
}

/// The direction and behaviour flags of a data bind.
enum BindFlags {
  static let toSource: UInt32 = 1
  static let twoWay: UInt32 = 2
  static let once: UInt32 = 4
  static let sourceToTargetRunsFirst: UInt32 = 8
  static let nameBased: UInt32 = 16
}

/// What a data bind writes to (and, binding to source, reads from).
enum BindTarget: Sendable, Equatable {
  /// A property of an object of the container's artboard, by local id.
  case component(Int32)
  /// A state machine's bindable property instance (index in the store's bindables).
  case bindable(Int32)
  /// A property of a converter (index in the store's converters).
  case converter(Int32)
  /// A formula converter's token (converter index, token index in its output queue).
  case formulaToken(converter: Int32, token: Int32)
  case none
}

/// One data bind of a bound container.
struct BindState: Sendable {
  /// The bind's index in the model.
  var definition: Int32
  var container: Int32
  var target: BindTarget
  var propertyKey: UInt16
  var flags: UInt32
  /// The source value (index in the store's values), or -1.
  var source: Int32 = -1
  var dirt: UInt8 = 0
  var isInDirtyList = false
  var isInPersistingList = false
  var suppressesDirt = false
  /// Whether the change in flight came from the target.
  var targetOrigin = false
  /// Whether the bind's target component is collapsed (its changes wait, not queued), and
  /// whether the bind follows its target's collapse at all (the runtime's collapsables: not a
  /// layout's display, not a polled target).
  var isCollapsed = false
  var collapses = false
  /// Whether the bind has a context value (it is bound to a source of a known type).
  var hasContextValue = false
  /// Whether the target-to-source path is up to date (cleared by dependents' dirt).
  var isValid = false
  /// The type the bind's value has after conversion.
  var outputType: DataValueType = .none
  /// The last target value seen binding to source.
  var targetCache: DataValue = .none
  var targetCacheInitialized = false
  /// The bind's own converter (index in the store's converters), or -1.
  var converter: Int32 = -1

  var toSource: Bool { flags & (BindFlags.toSource | BindFlags.twoWay) != 0 }
  var toTarget: Bool { flags & BindFlags.twoWay != 0 || flags & BindFlags.toSource == 0 }
  var bindsOnce: Bool { flags & BindFlags.once != 0 }
  var isMainToSource: Bool { flags & BindFlags.toSource != 0 }
  var sourceToTargetRunsFirst: Bool { flags & BindFlags.sourceToTargetRunsFirst != 0 }
  var isNameBased: Bool { flags & BindFlags.nameBased != 0 }

  /// The dirt a (re)bind marks: every direction the bind supports.
  var reconcileDirt: UInt8 {
    (toTarget ? BindDirt.bindings : 0) | (toSource ? BindDirt.bindingsTarget : 0)
  }
}

/// A list of data binds that update together: an artboard instance's, a state machine's, or a
/// converter's own binds.
struct BindContainer: Sendable {
  enum Kind: Sendable, Equatable {
    case artboard
    case machine
    /// A converter's binds (the converter's index).
    case converter(Int32)
  }

  var kind: Kind
  var binds: [Int32] = []
  /// The binds of `binds` with a converter, in the same order: the ones a frame advances.
  var converterBinds: [Int32] = []
  var persisting: [Int32] = []
  var dirtyToSource: [Int32] = []
  var dirty: [Int32] = []
  var pendingDirtyToSource: [Int32] = []
  var pendingDirty: [Int32] = []
  var isProcessing = false
  var context: Int32 = -1
  /// For an artboard: a bind targeting a component got dirty (the artboard needs an update).
  var componentDirt = false
  /// For an artboard: its nested artboards' containers by host component id.
  var nested: [Int: Int32] = [:]
  /// For a machine: bindable property instance by bindable record.
  var bindableIndex = RecordMap<Int32>()
  /// For a machine: per view-model listener, the values it watches.
  var listenerValues: [[Int32]] = []
  /// For a machine: listener indices (in the machine's listener list) of its view-model
  /// listeners.
  var listenerIndices: [Int] = []
  /// For a machine: view-model listeners reported since they last ran.
  var reportedListeners: [Int32] = []
  /// For a machine: bindable records of transitions' bound properties, by transition record
  /// and property key.
  var transitionBindables = RecordMap<Int32>()
  /// For a machine: blend states, blend animations and transitions that read a numeric
  /// bindable (their record, the bindable's index).
  var numberConsumers: [(consumer: Int, bindable: Int32)] = []
  /// For an artboard: the bind carrying each bound keyframe's value into its holder (by the
  /// keyframe bind's record; -1 for a record that is not a bind).
  var keyFrameHolders: [Int: Int32] = [:]

  init(kind: Kind) { self.kind = kind }
}

/// A state machine's copy of a bindable property.
struct BindableState: Sendable {
  var record: Int
  var kind: BindableDefinition.Kind
  var bits: UInt32
  var text: String
  /// For a view-model bindable: the instance handle it holds.
  var instance: Int32 = -1
  /// The bind that writes it (source to target), or -1.
  var toTargetBind: Int32 = -1
  /// The bind that reads it (target to source), or -1.
  var toSourceBind: Int32 = -1
}
