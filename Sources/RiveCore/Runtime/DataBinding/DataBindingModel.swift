@_spi(RiveFormatInternals) import RiveFormat

/// What a view-model property or a view-model instance value holds.
public enum ViewModelValueKind: UInt8, Sendable {
  case number, string, boolean, color, enumeration, trigger, list, viewModel
  case assetImage, assetFont, assetBlob, artboard, symbolListIndex
  /// A value type this runtime does not know.
  case unknown

  /// The kind of a view-model instance value type.
  init(instanceValueType type: UInt16) {
    switch UInt32(type) {
    case TypeKey.viewModelInstanceNumber: self = .number
    case TypeKey.viewModelInstanceString: self = .string
    case TypeKey.viewModelInstanceBoolean: self = .boolean
    case TypeKey.viewModelInstanceColor: self = .color
    case TypeKey.viewModelInstanceEnum: self = .enumeration
    case TypeKey.viewModelInstanceTrigger: self = .trigger
    case TypeKey.viewModelInstanceList: self = .list
    case TypeKey.viewModelInstanceViewModel: self = .viewModel
    case TypeKey.viewModelInstanceAssetImage: self = .assetImage
    case TypeKey.viewModelInstanceAssetFont: self = .assetFont
    case TypeKey.viewModelInstanceAssetBlob: self = .assetBlob
    case TypeKey.viewModelInstanceArtboard: self = .artboard
    case TypeKey.viewModelInstanceSymbolListIndex: self = .symbolListIndex
    default: self = .unknown
    }
  }

  /// The kind of value a view-model property type makes.
  init(propertyType type: UInt16) {
    switch UInt32(type) {
    case TypeKey.viewModelPropertyNumber: self = .number
    case TypeKey.viewModelPropertyString: self = .string
    case TypeKey.viewModelPropertyBoolean: self = .boolean
    case TypeKey.viewModelPropertyColor: self = .color
    case TypeKey.viewModelPropertyEnum, TypeKey.viewModelPropertyEnumCustom,
      TypeKey.viewModelPropertyEnumSystem:
      self = .enumeration
    case TypeKey.viewModelPropertyTrigger: self = .trigger
    case TypeKey.viewModelPropertyList: self = .list
    case TypeKey.viewModelPropertyViewModel: self = .viewModel
    case TypeKey.viewModelPropertyAssetImage: self = .assetImage
    case TypeKey.viewModelPropertyAssetFont: self = .assetFont
    case TypeKey.viewModelPropertyAssetBlob: self = .assetBlob
    case TypeKey.viewModelPropertyArtboard: self = .artboard
    case TypeKey.viewModelPropertySymbolListIndex: self = .symbolListIndex
    default: self = .unknown
    }
  }

  /// The authored default bits of a value of this kind (the schema's initial values; the
  /// references to other objects are this store's "none").
  var defaultBits: UInt32 {
    switch self {
    case .color: return Color.viewModelDefault.argbValue
    case .assetImage, .assetFont, .assetBlob, .artboard, .viewModel: return UInt32.max
    default: return 0
    }
  }
}

/// Everything a file says about view models and data binding, read once per file: view models
/// and their authored instances, enums, converters, data binds and what they target, the
/// bindable properties and view-model conditions of state machines, and the manifest that
/// name-based bind paths resolve through.
final class DataBindingModel: Sendable {
  struct ViewModel: Sendable {
    var name: String
    /// 0 standard, 1 text input, 2 global.
    var type: UInt32
    var properties: [Property]
    /// The authored instances of this view model (indices into ``instances``), in file order.
    var instances: [Int]
  }

  struct Property: Sendable {
    var name: String
    var kind: ViewModelValueKind
    /// For a view-model property, the view model it references; for a custom enum property,
    /// the enum's index; otherwise -1.
    var reference: Int
    /// The property's special role (its symbol type; 0 for none, 16 for a list item's draw
    /// index).
    var symbolType: UInt8 = 0
  }

  struct Instance: Sendable {
    var viewModel: Int
    var name: String
    var values: [Value]
  }

  /// One authored value of an instance.
  struct Value: Sendable {
    var propertyID: Int
    var kind: ViewModelValueKind
    /// The value's bits (a float's bits, a colour, an index…); for a view-model reference, the
    /// instance index in the referenced view model.
    var bits: UInt32
    var text: String
    /// For a list: the items, each a view model and an instance index in it.
    var items: [(viewModel: Int, instance: Int)]
  }

  struct DataEnum: Sendable {
    var name: String
    var values: [(key: String, value: String)]
  }

  /// A data bind as the file describes it.
  struct Bind: Sendable {
    var record: Int
    var targetRecord: Int
    var propertyKey: UInt16
    var flags: UInt32
    /// The converter's index in ``converters``, or -1.
    var converter: Int
    /// The source path: view model id then property ids, or manifest ids for name-based binds.
    var sourcePath: [UInt32]
    /// False for a bind that is not a context bind (it never gets a source).
    var isContext: Bool
  }

  let viewModels: [ViewModel]
  let instances: [Instance]
  let enums: [DataEnum]
  let converters: [ConverterDefinition]
  let binds: [Bind]
  /// Manifest names and paths (name-based binds resolve through them).
  let manifestNames: [UInt32: String]
  let manifestPaths: [UInt32: [UInt32]]
  /// Per artboard: its view model and the binds of its instances.
  let artboards: [ArtboardBindings]
  /// Per bindable property record: what it holds.
  let bindables: RecordMap<BindableDefinition>
  /// The bindable property each comparator, listener action or blend took when it imported.
  let bindableOf: RecordMap<Int>
  /// View-model conditions by record.
  let conditions: RecordMap<ConditionDefinition>
  /// Type key of every record that binds target inside state machines (to tell transitions,
  /// bindable properties and comparators apart).
  let machineTargetTypes: [Int: UInt16]
  /// The file's artboards (component lists instance them per list item).
  let artboardModels: [ArtboardModel]
  /// The authored size of each image asset, by asset index (what an image's computed size
  /// starts from).
  let imageSizes: [Int: (width: Float, height: Float)]

  init(
    viewModels: [ViewModel], instances: [Instance], enums: [DataEnum],
    converters: [ConverterDefinition], binds: [Bind], manifestNames: [UInt32: String],
    manifestPaths: [UInt32: [UInt32]], artboards: [ArtboardBindings],
    bindables: RecordMap<BindableDefinition>, bindableOf: RecordMap<Int>,
    conditions: RecordMap<ConditionDefinition>, machineTargetTypes: [Int: UInt16],
    artboardModels: [ArtboardModel], imageSizes: [Int: (width: Float, height: Float)] = [:]
  ) {
    self.viewModels = viewModels
    self.instances = instances
    self.enums = enums
    self.converters = converters
    self.binds = binds
    self.manifestNames = manifestNames
    self.manifestPaths = manifestPaths
    self.artboards = artboards
    self.bindables = bindables
    self.bindableOf = bindableOf
    self.conditions = conditions
    self.machineTargetTypes = machineTargetTypes
    self.artboardModels = artboardModels
    self.imageSizes = imageSizes
  }

  /// The index of the view model named `name`.
  func viewModelIndex(named name: String) -> Int? {
    viewModels.firstIndex { $0.name == name }
  }

  /// The property index named `name` in view model `viewModel`.
  func propertyIndex(named name: String, in viewModel: Int) -> Int? {
    guard viewModel >= 0, viewModel < viewModels.count else { return nil }
    return viewModels[viewModel].properties.firstIndex { $0.name == name }
  }

  /// The manifest path of a name-based bind's first id (its path of name ids), or the ids as
  /// given when the manifest has no such path.
  func resolvedPath(_ path: [UInt32]) -> [UInt32] {
    guard let first = path.first, let resolved = manifestPaths[first], !resolved.isEmpty else {
      return path
    }
    return resolved
  }

  /// The name a manifest id stands for ("" when unknown).
  func name(_ id: UInt32) -> String { manifestNames[id] ?? "" }

  /// The text of enum `index`'s value `value` ("" when out of range).
  func enumValueName(_ index: Int, _ value: UInt32) -> String {
    guard index >= 0, index < enums.count, Int(value) < enums[index].values.count else {
      return ""
    }
    let entry = enums[index].values[Int(value)]
    return entry.value.isEmpty ? entry.key : entry.value
  }

  /// The index of the enum value whose key or value is `name`, if any.
  func enumValueIndex(_ index: Int, named name: String) -> Int? {
    guard index >= 0, index < enums.count else { return nil }
    return enums[index].values.firstIndex { $0.key == name || $0.value == name }
  }
}

/// The data binding of one artboard: its view model and the binds its instances clone.
struct ArtboardBindings: Sendable {
  /// The artboard's view model (`viewModelId`), if it is in range.
  var viewModel: Int?
  /// The binds of an instance, in the order an instance clones them (by target object, then
  /// file order): component id of the target and the bind's index in the model.
  var binds: [(target: Int, bind: Int)]
  /// The data-bind path of each nested artboard component that has one, by component id
  /// (none kept for an empty path: read `?? []`).
  var nestedPaths: [Int: [UInt32]]
  /// Per state machine (by index): the binds it clones, in file order; empty when no machine
  /// of the artboard has any (a machine past the end has none).
  var machineBinds: [[Int]]
  /// Per state machine: its view-model listeners (listener index, paths it watches); empty
  /// when no machine of the artboard has any.
  var machineListeners: [[(listener: Int, paths: [[UInt32]])]]
  /// Per component list (by component id): artboard index by view model, from its map rules.
  var listRules: [Int: [Int: Int]] = [:]
  /// View-model instances stored in the artboard, in component order: a nested artboard's own
  /// instance (a stateful component's) and the global instances it passes down.
  var embeddedInstances: [EmbeddedInstance] = []
  /// The values of those instances, by component id: the instance's position in
  /// ``embeddedInstances`` and the value's property id.
  var embeddedValues: [Int: (instance: Int, propertyID: Int)] = [:]

  /// A view-model instance stored among an artboard's components.
  struct EmbeddedInstance: Sendable {
    /// Its component id.
    var component: Int
    /// The authored instance (index in the model's instances) each artboard instance copies.
    var modelInstance: Int
    /// The nested artboard component it belongs to, or -1.
    var host: Int
  }
}

/// What a state machine's bindable property holds.
struct BindableDefinition: Sendable {
  enum Kind: Sendable {
    case number, string, boolean, color, enumeration, integer, trigger, asset, artboard
    case viewModel, list
  }
  var kind: Kind
  var type: UInt16
  /// The authored value (bits), and text for strings.
  var bits: UInt32
  var text: String
}

/// A transition condition on view-model data: how its two comparators compare.
struct ConditionDefinition: Sendable {
  enum Comparand: Sendable {
    case bindable(record: Int)
    case number(Float)
    case boolean(Bool)
    case string(String)
    case color(UInt32)
    case uint(UInt32)
    case artboardProperty(UInt32)
    case component(objectID: Int, propertyKey: UInt16)
    case none

    /// Whether the value is read from the artboard (its size or a component's property).
    var readsArtboard: Bool {
      switch self {
      case .artboardProperty, .component: true
      default: false
      }
    }
  }

  enum Shape: Sendable {
    case number, boolean, string, color, enumeration, uint32, viewModel
    /// A bindable compared with itself: true when its source changed since the last frame
    /// and the layer has not used the change yet.
    case selfChange(record: Int)
    /// Never true.
    case never
  }

  var left: Comparand
  var right: Comparand
  var shape: Shape
  var op: StateMachineModel.Op
  /// The bindable property the left comparator reads (marked as used by a layer when the
  /// transition is taken).
  var leftBindable: Int?
}
