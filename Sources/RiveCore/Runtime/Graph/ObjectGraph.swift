@_spi(RiveFormatInternals) import RiveFormat

/// How the objects of a file attach to one another.
///
/// The official importer keeps, for each kind of importer, only the most recent object of that
/// kind, and attaches every new object to the most recent object of the kind it needs ("latest
/// of each kind", never popped). This type computes the same links over an ``ObjectStream``:
/// which artboard a component belongs to (and its index there), which animation a keyed object
/// belongs to, which layer a state belongs to, which object a data bind targets, and so on.
/// Objects whose importer is missing are dropped, as the official importer drops them.
struct ObjectGraph: Sendable {
  /// The records of one artboard.
  struct ArtboardRecords: Sendable {
    /// The artboard's own record.
    var record: Int
    /// Its components by local id (0 is the artboard); -1 for an unknown object's placeholder.
    var components: [Int]
    var animations: [Int] = []
    var stateMachines: [Int] = []
    /// Data binds owned by the artboard (their targets are among its components).
    var dataBinds: [Int] = []

    /// An artboard whose components are still being linked (they are collected apart and
    /// stored here when the artboard is closed).
    init(record: Int) {
      self.record = record
      components = []
    }
  }

  let stream: ObjectStream
  /// Children of each owner record, in file order; -1 entries are placeholders for unknown
  /// objects (state-machine inputs and layer states keep their indices that way). Collected
  /// flat while importing and grouped once at the end.
  private var children = IndexLists()
  /// The pairs `children` is grouped from. Used only by the one linking pass, on the thread
  /// that makes the graph, and emptied when it ends (so exempt from the graph's `Sendable`
  /// checking: its append buffer is a class that copies would share).
  nonisolated(unsafe) private var childPairs: IndexLists.Builder
  /// The components of the newest artboard, stored in its entry when the next artboard starts
  /// and when linking ends (appending here, not to the entry's array inside the artboard list,
  /// made no uniqueness checks). Exempt from `Sendable` checking as `childPairs` is.
  nonisolated(unsafe) private var openComponents = AppendBuffer<Int>()
  private(set) var artboards: [ArtboardRecords] = []
  /// The file's asset list (records of listed asset types).
  private(set) var assets: [Int] = []
  /// DataEnum and DataEnumCustom records, in file order.
  private(set) var enums: [Int] = []
  private(set) var viewModels: [Int] = []
  /// Every view-model instance (file-level and those inside artboards), in file order.
  private(set) var viewModelInstances: [Int] = []
  /// The file's data converters, in file order (converter ids index this list).
  private(set) var converters: [Int] = []
  /// Interpolators outside any artboard.
  private(set) var fileInterpolators: [Int] = []
  /// Scroll physics objects (the backboard's list, which scroll constraints index), in file
  /// order.
  private(set) var scrollPhysics: [Int] = []
  /// The target record of each data bind record.
  private(set) var dataBindTargets = RecordMap<Int>()
  /// State-machine data binds: (state machine record, data bind record).
  private(set) var stateMachineDataBinds: [Int: [Int]] = [:]
  /// The artboard index of each component record (-1 for records that are not components).
  private var componentArtboard: [Int32]
  /// The bindable property each comparator, view-model listener action or view-model blend
  /// took from the import stack (the most recent bindable property before it).
  private(set) var bindableOf = RecordMap<Int>()
  /// The first data bind targeting each keyframe (keyframe values bound to view models).
  private(set) var keyFrameBinds: [Int: Int] = [:]
  /// Imported bindable properties, view-model transition conditions, and the last manifest
  /// asset, in file order (found while importing, so their builders need not scan every
  /// record).
  private(set) var bindableRecords: [Int] = []
  private(set) var viewModelConditionRecords: [Int] = []
  private(set) var manifestRecord: Int?

  private var latest = ImportStack()
  /// The schema's type table, held once (not looked up through its global for every object).
  private let types = TypeTable.shared
  private let baseMasks = ObjectGraph.sharedBaseMasks
  private let importRules = ObjectGraph.importRules
  private let latestRules = ImportStack.latestRules

  /// The links of every object of `stream`.
  ///
  /// (Made empty, then linked by a mutating pass on a local value: an initialiser that calls
  /// mutating methods on `self` ended by copying the whole graph out, retaining each of its
  /// arrays, and destroying the original.)
  static func linking(_ stream: consuming ObjectStream) -> ObjectGraph {
    // Moved in, not copied (a copy retained each of the stream's arrays).
    var graph = ObjectGraph(unlinked: consume stream)
    graph.link()
    return graph
  }

  private init(unlinked stream: consuming ObjectStream) {
    let recordCount = stream.records.count
    componentArtboard = [Int32](filling: -1, count: recordCount)
    // Most records attach to one owner: room for them all, so appending never regrows.
    childPairs = IndexLists.Builder(count: recordCount, capacity: recordCount)
    self.stream = consume stream
  }

  private mutating func link() {
    var lastBindable: Int?
    for index in stream.records.indices {
      guard let type = stream.records[index].typeKey else {
        readNullObject()
        continue
      }
      let isDataBind = isA(type, TypeKey.dataBind)
      var target: Int?
      if !isDataBind {
        lastBindable = index
      } else {
        target = lastBindable
      }
      if importObject(index, type: type, dataBindTarget: target) {
        if isA(type, TypeKey.bindableProperty) {
          bindableRecords.append(index, firstCapacity: 8)
        } else if UInt32(type) == TypeKey.transitionViewModelCondition {
          viewModelConditionRecords.append(index, firstCapacity: 4)
        } else if UInt32(type) == TypeKey.manifestAsset {
          manifestRecord = index
        }
        if let bindable = latest[.bindableProperty], ObjectGraph.takesBindable(type) {
          bindableOf.append(bindable, for: index)
        }
        makeLatest(index, type: type)
      } else if lastBindable == index {
        lastBindable = nil
      }
    }
    closeArtboard()
    children = IndexLists(childPairs)
    childPairs = IndexLists.Builder(count: 0)
    openComponents = AppendBuffer()
  }

  /// Stores the newest artboard's components in its entry.
  private mutating func closeArtboard() {
    guard !artboards.isEmpty else { return }
    artboards[artboards.count - 1].components = openComponents.array
  }

  // MARK: - Import stack

  private mutating func setLatest(_ kind: ImporterKind, _ index: Int) {
    latest[kind] = index
  }

  private mutating func readNullObject() {
    // The kinds most recently made latest first: the null object goes to the newest that
    // takes one.
    for kind in latest.kindsNewestFirst() {
      guard let index = latest[kind] else { continue }
      switch kind {
      case .artboard:
        openComponents.append(-1)
        return
      case .stateMachine, .layer:
        childPairs.append(-1, to: index)
        return
      case .keyedProperty:
        return
      default:
        continue
      }
    }
  }

  private mutating func attach(_ index: Int, to kind: ImporterKind) -> Bool {
    guard let parent = latest[kind] else { return false }
    childPairs.append(Int32(index), to: parent)
    return true
  }

  private mutating func addComponent(_ index: Int) -> Bool {
    guard latest[.artboard] != nil, !artboards.isEmpty else { return false }
    let artboard = artboards.count - 1
    componentArtboard[index] = Int32(artboard)
    openComponents.append(index)
    return true
  }

  @inline(__always)
  private func isA(_ type: UInt16, _ base: UInt32) -> Bool {
    // The bases the importer asks about have a bit each in a per-type mask (one array read
    // instead of an ancestry lookup, for every check of every object).
    if let bit = ObjectGraph.baseBit(base) {
      return Int(type) < baseMasks.count && baseMasks[Int(type)] & (1 << bit) != 0
    }
    return types.isA(type, UInt16(base))
  }

  /// The bases with a bit in ``baseMasks``.
  private static let maskedBases: [UInt32] = [
    TypeKey.bindableProperty, TypeKey.blendAnimation, TypeKey.blendState, TypeKey.component,
    TypeKey.dataBind, TypeKey.dataConverter, TypeKey.dataConverterGroupItem,
    TypeKey.formulaToken, TypeKey.keyFrame, TypeKey.keyFrameInterpolator, TypeKey.layerState,
    TypeKey.listenerAction, TypeKey.listenerInputType, TypeKey.stateMachineFireAction,
    TypeKey.stateMachineInput, TypeKey.stateMachineLayer, TypeKey.stateMachineLayerComponent,
    TypeKey.stateMachineListener, TypeKey.stateTransition, TypeKey.transitionComparator,
    TypeKey.transitionCondition, TypeKey.viewModelInstanceValue, TypeKey.viewModelProperty,
  ]

  @inline(__always)
  private static func baseBit(_ base: UInt32) -> UInt32? {
    switch base {
    case TypeKey.bindableProperty: return 0
    case TypeKey.blendAnimation: return 1
    case TypeKey.blendState: return 2
    case TypeKey.component: return 3
    case TypeKey.dataBind: return 4
    case TypeKey.dataConverter: return 5
    case TypeKey.dataConverterGroupItem: return 6
    case TypeKey.formulaToken: return 7
    case TypeKey.keyFrame: return 8
    case TypeKey.keyFrameInterpolator: return 9
    case TypeKey.layerState: return 10
    case TypeKey.listenerAction: return 11
    case TypeKey.listenerInputType: return 12
    case TypeKey.stateMachineFireAction: return 13
    case TypeKey.stateMachineInput: return 14
    case TypeKey.stateMachineLayer: return 15
    case TypeKey.stateMachineLayerComponent: return 16
    case TypeKey.stateMachineListener: return 17
    case TypeKey.stateTransition: return 18
    case TypeKey.transitionComparator: return 19
    case TypeKey.transitionCondition: return 20
    case TypeKey.viewModelInstanceValue: return 21
    case TypeKey.viewModelProperty: return 22
    default: return nil
    }
  }

  /// Per type key, one bit per masked base it is or derives from.
  static let sharedBaseMasks: [UInt32] = {
    let table = TypeTable.shared
    let count = Schema.parentTypeKeys.count
    var masks = [UInt32](filling: 0, count: count)
    for type in 0..<count {
      for base in maskedBases where table.isA(UInt16(type), UInt16(base)) {
        if let bit = baseBit(base) { masks[type] |= 1 << bit }
      }
    }
    return masks
  }()

  /// How the importer takes an object of a type: worked out once per type key from the
  /// type's ancestry (the first matching rule wins, in the order the official importers are
  /// tried), so importing an object is one table read and one switch.
  enum ImportRule: UInt8, Sendable {
    case backboard, artboard, listedAsset, manifestAsset, fileAssetContents, linearAnimation
    case stateMachine, keyedObject, keyedProperty, dataEnum, dataEnumValue, viewModel
    case viewModelInstance, viewModelInstanceListItem, keyFrame, interpolator, machineChild
    case layerState, blendAnimation, transition, transitionCondition, transitionComparator
    case fireAction, listenerAction, listenerInput, viewModelProperty, viewModelInstanceValue
    case converterGroupItem, formulaToken, dataConverter, dataBind, bindableProperty, component
    case other
  }

  /// The rule of each type key.
  static let importRules: [ImportRule] = (0..<Schema.parentTypeKeys.count).map {
    importRule(UInt16($0))
  }

  /// The rule of `type`, from its key and ancestry.
  static func importRule(_ type: UInt16) -> ImportRule {
    let table = TypeTable.shared
    func isA(_ base: UInt32) -> Bool { table.isA(type, UInt16(base)) }
    let key = UInt32(type)
    switch key {
    case TypeKey.backboard: return .backboard
    case TypeKey.artboard: return .artboard
    case TypeKey.imageAsset, TypeKey.fontAsset, TypeKey.audioAsset, TypeKey.blobAsset,
      TypeKey.scriptAsset, TypeKey.scriptModuleAsset, TypeKey.shaderAsset:
      return .listedAsset
    case TypeKey.manifestAsset: return .manifestAsset
    case TypeKey.fileAssetContents: return .fileAssetContents
    case TypeKey.linearAnimation: return .linearAnimation
    case TypeKey.stateMachine: return .stateMachine
    case TypeKey.keyedObject: return .keyedObject
    case TypeKey.keyedProperty: return .keyedProperty
    case TypeKey.dataEnum, TypeKey.dataEnumCustom, TypeKey.dataEnumSystem: return .dataEnum
    case TypeKey.dataEnumValue: return .dataEnumValue
    case TypeKey.viewModel: return .viewModel
    case TypeKey.viewModelInstance: return .viewModelInstance
    case TypeKey.viewModelInstanceListItem: return .viewModelInstanceListItem
    default: break
    }
    if isA(TypeKey.keyFrame) { return .keyFrame }
    if isA(TypeKey.keyFrameInterpolator) { return .interpolator }
    if isA(TypeKey.stateMachineInput) || key == TypeKey.stateMachineLayer
      || isA(TypeKey.stateMachineListener)
    {
      return .machineChild
    }
    if isA(TypeKey.layerState) { return .layerState }
    if isA(TypeKey.blendAnimation) { return .blendAnimation }
    if isA(TypeKey.stateTransition) { return .transition }
    if isA(TypeKey.transitionCondition) { return .transitionCondition }
    if isA(TypeKey.transitionComparator) { return .transitionComparator }
    if isA(TypeKey.stateMachineFireAction) { return .fireAction }
    if isA(TypeKey.listenerAction) { return .listenerAction }
    if isA(TypeKey.listenerInputType) { return .listenerInput }
    if isA(TypeKey.viewModelProperty) { return .viewModelProperty }
    if isA(TypeKey.viewModelInstanceValue) { return .viewModelInstanceValue }
    if isA(TypeKey.dataConverterGroupItem) { return .converterGroupItem }
    if isA(TypeKey.formulaToken) { return .formulaToken }
    if isA(TypeKey.dataConverter) { return .dataConverter }
    if isA(TypeKey.dataBind) { return .dataBind }
    if isA(TypeKey.bindableProperty) { return .bindableProperty }
    if isA(TypeKey.component) { return .component }
    return .other
  }

  /// Imports one object; false when the official importer would drop it.
  private mutating func importObject(_ index: Int, type: UInt16, dataBindTarget: Int?) -> Bool {
    let rule = Int(type) < importRules.count ? importRules[Int(type)] : .other
    switch rule {
    case .backboard, .manifestAsset, .dataEnum, .viewModel, .bindableProperty, .other:
      if rule == .dataEnum { enums.append(index, firstCapacity: 4) }
      if rule == .viewModel { viewModels.append(index, firstCapacity: 4) }
      return true
    case .artboard:
      guard latest[.backboard] != nil else { return false }
      closeArtboard()
      artboards.append(ArtboardRecords(record: index), firstCapacity: 4)
      componentArtboard[index] = Int32(artboards.count - 1)
      // Its first component is itself; room for a few dozen more.
      openComponents.removeAll()
      openComponents.reserveCapacity(32)
      openComponents.append(index)
      return true
    case .listedAsset:
      guard latest[.backboard] != nil else { return false }
      assets.append(index, firstCapacity: 4)
      return true
    case .fileAssetContents:
      return attach(index, to: .fileAsset)
    case .linearAnimation:
      guard latest[.artboard] != nil, !artboards.isEmpty else { return false }
      artboards[artboards.count - 1].animations.append(index, firstCapacity: 8)
      return true
    case .stateMachine:
      guard latest[.artboard] != nil, !artboards.isEmpty else { return false }
      artboards[artboards.count - 1].stateMachines.append(index, firstCapacity: 4)
      return true
    case .keyedObject: return attach(index, to: .linearAnimation)
    case .keyedProperty: return attach(index, to: .keyedObject)
    case .dataEnumValue: return attach(index, to: .enumCustom)
    case .viewModelInstance:
      guard latest[.backboard] != nil else { return false }
      viewModelInstances.append(index, firstCapacity: 4)
      if latest[.artboard] != nil { _ = addComponent(index) }
      return true
    case .viewModelInstanceListItem: return attach(index, to: .viewModelInstanceList)
    case .keyFrame: return attach(index, to: .keyedProperty)
    case .interpolator:
      if latest[.artboard] != nil { return addComponent(index) }
      guard latest[.backboard] != nil else { return false }
      fileInterpolators.append(index, firstCapacity: 4)
      return true
    case .machineChild: return attach(index, to: .stateMachine)
    case .layerState:
      guard latest[.stateMachine] != nil else { return false }
      return attach(index, to: .layer)
    case .blendAnimation:
      guard let state = latest[.layerState], let stateType = stream.records[state].typeKey,
        isA(stateType, TypeKey.blendState)
      else { return false }
      return attach(index, to: .layerState)
    case .transition: return attach(index, to: .layerState)
    case .transitionCondition: return attach(index, to: .transition)
    case .transitionComparator: return attach(index, to: .transitionViewModelCondition)
    case .fireAction: return attach(index, to: .layerComponent)
    case .listenerAction:
      // Bits 1-2 of the flags: 1 a transition, 2 a state, anything else a listener.
      let parentKind = (stream.uint(index, Slot.listenerActionFlags) >> 1) & 3
      let ownedByLayer = parentKind == 1 || parentKind == 2
      return attach(index, to: ownedByLayer ? .layerComponent : .listener)
    case .listenerInput: return attach(index, to: .listener)
    case .viewModelProperty: return attach(index, to: .viewModel)
    case .viewModelInstanceValue:
      guard attach(index, to: .viewModelInstance) else { return false }
      if latest[.artboard] != nil { _ = addComponent(index) }
      return true
    case .converterGroupItem:
      guard latest[.backboard] != nil else { return false }
      return attach(index, to: .converterGroup)
    case .formulaToken: return attach(index, to: .converterFormula)
    case .dataConverter:
      guard latest[.backboard] != nil else { return false }
      converters.append(index, firstCapacity: 4)
      return true
    case .dataBind:
      guard latest[.backboard] != nil else { return false }
      if let target = dataBindTarget {
        dataBindTargets.append(target, for: index)
        attachDataBind(index, target: target)
      }
      return true
    case .component:
      if isA(type, TypeKey.scrollPhysics) {
        // The backboard keeps physics objects; they are never an artboard's components.
        guard latest[.backboard] != nil else { return false }
        scrollPhysics.append(index, firstCapacity: 2)
        return true
      }
      return addComponent(index)
    }
  }

  /// Data binds go to the state machine when they target state-machine objects, else to the
  /// artboard that owns their target.
  private mutating func attachDataBind(_ index: Int, target: Int) {
    guard let targetType = stream.records[target].typeKey else { return }
    if isA(targetType, TypeKey.bindableProperty)
      || targetType == UInt16(TypeKey.transitionPropertyViewModelComparator)
      || isA(targetType, TypeKey.stateTransition)
    {
      if let machine = latest[.stateMachine] {
        stateMachineDataBinds[machine, default: []].append(index)
      }
      return
    }
    if isA(targetType, TypeKey.dataConverter) || isA(targetType, TypeKey.formulaToken) {
      childPairs.append(Int32(index), to: target)
      return
    }
    if componentArtboard[target] >= 0 {
      artboards[Int(componentArtboard[target])].dataBinds.append(index, firstCapacity: 8)
    } else if isA(targetType, TypeKey.keyFrame), keyFrameBinds[target] == nil {
      keyFrameBinds[target] = index
    }
  }

  /// Makes the object the latest of its importer kind, as the official importer does.
  @inline(__always)
  private mutating func makeLatest(_ index: Int, type: UInt16) {
    guard Int(type) < latestRules.count else { return }
    let rule = latestRules[Int(type)]
    // The kind's raw value straight from the table (0x7F for none), not through the enum.
    latest.set(rawKind: Int(rule & 0x7F), index)
    if rule & 0x80 != 0 { setLatest(.layerComponent, index) }
  }

  /// Whether objects of `type` take the most recent bindable property when they import.
  static func takesBindable(_ type: UInt16) -> Bool {
    switch UInt32(type) {
    case TypeKey.transitionPropertyViewModelComparator, TypeKey.listenerViewModelChange,
      TypeKey.blendState1DViewModel, TypeKey.blendAnimationDirect:
      return true
    default:
      return false
    }
  }

  // MARK: - Queries

  /// The children of a record in file order (placeholders as -1).
  func childrenOf(_ index: Int) -> IndexLists.Ints { children.ints(index) }

  /// Where the children of a record are among all children, each read with ``child(at:)``: a
  /// walk that makes no slice (each slice retained the lists and released them after).
  @inline(__always)
  func childPositions(_ index: Int) -> Range<Int> { children.positions(index) }

  /// The child at `position` (see ``childPositions(_:)``); -1 for a placeholder.
  @inline(__always)
  func child(at position: Int) -> Int { Int(children.value(at: position)) }
}

extension ObjectGraph {
  /// A graph held by reference: the builders that read a graph share it instead of each copying
  /// its two dozen arrays (a copy retained, and its end released, every one of them).
  final class Shared: Sendable {
    let graph: ObjectGraph

    /// Takes `graph` over (consumed, so it is moved in, not copied).
    init(_ graph: consuming ObjectGraph) { self.graph = graph }
  }
}
