import Foundation

/// How much of a file the reader builds.
public enum ReadDepth: Sendable, Hashable {
  /// Header and assets only; everything else is skipped by its wire type (the fast path).
  case assets
  /// Assets, artboards, animations, state machines, view models and enums, with the checks the
  /// official runtime makes when it resolves artboards and state-machine layers.
  case structure
}

/// One property value the importer keeps.
private enum Value {
  case uint(UInt64)
  case range(Range<Int>)
  case float(Float)
  case bool(Bool)
}

/// The blend-mode values the official runtime accepts on drawables.
private let validBlendModes: Set<UInt64> = [
  3, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
]

/// Reads the object stream of a `.riv` file, emulating the official importer's nesting rules.
///
/// The official importer keeps, for each importer kind, only the most recent object of that kind,
/// and never pops: an object attaches to the most recent importer of the kind it needs. This type
/// keeps the same "latest of each kind" state, so files that nest oddly give the same result.
struct Importer {
  private let storage: Data
  private var reader: ByteReader
  private let depth: ReadDepth
  private let schemaCodes: [UInt8]
  private var tableOfContents: [UInt16: FieldType] = [:]
  private var fields: [(key: UInt16, value: Value)] = []

  // The result being built.
  private(set) var report = RiveImportReport()

  // Latest importer of each kind (indices into the result), with the order they were made latest.
  private var hasBackboard = false
  private var currentAsset: PendingAsset?
  private var latestAssetIndex: Int?
  private var currentArtboard: Int?
  private var currentStateMachine: (artboard: Int, machine: Int)?
  private var currentLayer: PendingLayer?
  private var currentLayerState: Int?
  private var currentViewModel: Int?
  private var currentInstance: Int?
  private var currentEnum: Int?
  private var sequence = 0
  private var artboardSequence = 0
  private var layerSequence = 0
  private var assetSequence = 0
  private var stateMachineSequence = 0

  // Working state for structure checks.
  private var artboardDrawableBlendModes: [(offset: Int, value: UInt64)] = []
  private var assetIDs = Set<UInt32>()
  private var largestAssetID: UInt32 = 0
  private var pendingInstances: [(viewModelID: UInt64, instance: RiveDocument.ViewModelInstance)] =
    []
  private var pendingProperties: [(viewModel: Int, enumID: UInt64?)] = []

  /// An asset whose importer is current: it is offered to the loader when resolved.
  private struct PendingAsset {
    var offered: RiveImportReport.OfferedAsset
  }

  private struct PendingLayer {
    var stateCount = 0
    var hasAny = false
    var hasEntry = false
    var hasExit = false
    var transitions: [(offset: Int, stateTo: UInt64)] = []
    var byteOffset: Int
    var name: String
  }

  init(storage: Data, buffer: UnsafeRawBufferPointer, depth: ReadDepth) {
    self.storage = storage
    reader = ByteReader(buffer)
    self.depth = depth
    schemaCodes = Schema.fieldTypeCodes
    fields.reserveCapacity(16)
  }

  /// Reads the whole file; failures are recorded in the report, never thrown.
  mutating func run() {
    do throws(RiveError) {
      let header = try RiveHeader.parse(from: &reader)
      report.header = header
      try header.checkVersion()
      for entry in header.tableOfContents { tableOfContents[entry.key] = entry.fieldType }
      try readObjects()
      try resolveAtEnd()
      finishStructure()
      report.importResult = .success
    } catch {
      report.error = error
      report.importResult = error.code.importResult
    }
  }

  // MARK: - Object loop

  private mutating func readObjects() throws(RiveError) {
    while !reader.isAtEnd {
      let objectOffset = reader.offset
      let typeKey = try reader.readVarUInt("object type key")
      guard typeKey <= UInt64(Int32.max) else {
        throw RiveError(
          .malformed, "object type key \(typeKey) is larger than 2147483647", at: objectOffset)
      }
      let category = ObjectCategory.of(typeKey)
      switch category {
      case .unknown:
        try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        readNullObject()
      case .other:
        try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
      case .drawable:
        if depth == .structure {
          try readProperties(
            typeKey: typeKey, objectOffset: objectOffset,
            only: UInt64(PropertyKey.drawableBlendModeValue))
          if currentArtboard != nil {
            let blendMode = uint(PropertyKey.drawableBlendModeValue) ?? 3
            if !validBlendModes.contains(blendMode) {
              artboardDrawableBlendModes.append((objectOffset, blendMode))
            }
          }
        } else {
          try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        }
      default:
        let captures = depth == .structure || category.matters(for: .assets)
        if captures {
          try readProperties(typeKey: typeKey, objectOffset: objectOffset, only: nil)
          try importObject(category, typeKey: UInt32(typeKey), offset: objectOffset)
        } else {
          try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        }
      }
    }
  }

  @inline(__always)
  private func fieldType(_ key: UInt64) -> FieldType? {
    if key < UInt64(schemaCodes.count) {
      let code = schemaCodes[Int(key)]
      if code != 255 { return FieldType(rawValue: code) }
    }
    return tableOfContents[UInt16(truncatingIfNeeded: key)]
  }

  @inline(__always)
  private mutating func readPropertyKey(typeKey: UInt64, objectOffset: Int) throws(RiveError)
    -> (key: UInt64, type: FieldType)?
  {
    let keyOffset = reader.offset
    let key = try reader.readVarUInt("property key of object type \(typeKey)")
    if key == 0 { return nil }
    guard key <= UInt64(UInt16.max) else {
      throw RiveError(
        .malformed,
        "property key \(key) of object type \(typeKey) (object at byte \(objectOffset)) is larger than 65535",
        at: keyOffset)
    }
    guard let type = fieldType(key) else {
      throw RiveError(
        .malformed,
        "unknown property key \(key) on object type \(typeKey) (object at byte \(objectOffset)): "
          + "neither the schema nor the file's table of contents gives its type",
        at: keyOffset)
    }
    return (key, type)
  }

  @inline(__always)
  private mutating func skipValue(_ type: FieldType, key: UInt64) throws(RiveError) {
    switch type {
    case .varUInt: _ = try reader.readVarUInt("value of property \(key)")
    case .bytes: _ = try reader.readLengthPrefixed("string or bytes of property \(key)")
    case .float32, .color: try reader.skip(4, "4-byte value of property \(key)")
    case .bool: try reader.skip(1, "bool value of property \(key)")
    }
  }

  private mutating func skipProperties(typeKey: UInt64, objectOffset: Int) throws(RiveError) {
    while let (key, type) = try readPropertyKey(typeKey: typeKey, objectOffset: objectOffset) {
      try skipValue(type, key: key)
    }
  }

  private mutating func readProperties(typeKey: UInt64, objectOffset: Int, only: UInt64?)
    throws(RiveError)
  {
    fields.removeAll(keepingCapacity: true)
    while let (key, type) = try readPropertyKey(typeKey: typeKey, objectOffset: objectOffset) {
      if let only, key != only {
        try skipValue(type, key: key)
        continue
      }
      let value: Value
      switch type {
      case .varUInt: value = .uint(try reader.readVarUInt("value of property \(key)"))
      case .bytes:
        value = .range(try reader.readLengthPrefixed("string or bytes of property \(key)"))
      case .float32: value = .float(try reader.readFloat32("float value of property \(key)"))
      case .color: value = .uint(UInt64(try reader.readUInt32("color value of property \(key)")))
      case .bool: value = .bool(try reader.readByte("bool value of property \(key)") == 1)
      }
      fields.append((UInt16(key), value))
    }
  }

  // MARK: - Field access (the last value of a repeated key wins)

  private func value(_ key: UInt16) -> Value? {
    var index = fields.count - 1
    while index >= 0 {
      if fields[index].key == key { return fields[index].value }
      index -= 1
    }
    return nil
  }

  private func uint(_ key: UInt16) -> UInt64? {
    switch value(key) {
    case .uint(let number): number
    case .bool(let flag): flag ? 1 : 0
    default: nil
    }
  }

  private func float(_ key: UInt16) -> Float? {
    if case .float(let number) = value(key) { return number }
    return nil
  }

  private func bool(_ key: UInt16) -> Bool? {
    switch value(key) {
    case .bool(let flag): flag
    case .uint(let number): number == 1
    default: nil
    }
  }

  private func string(_ key: UInt16) -> String? {
    if case .range(let range) = value(key) { return reader.string(in: range) }
    return nil
  }

  private func range(_ key: UInt16) -> Range<Int>? {
    if case .range(let range) = value(key) { return range }
    return nil
  }

  /// A uint property of a known type, range-checked to 32 bits as the official runtime does.
  private func uint32(_ key: UInt16, default defaultValue: UInt32, objectOffset: Int)
    throws(RiveError) -> UInt32
  {
    guard let number = uint(key) else { return defaultValue }
    guard number <= UInt64(UInt32.max) else {
      throw RiveError(
        .malformed, "property \(key) has value \(number), which does not fit in 32 bits",
        at: objectOffset)
    }
    return UInt32(number)
  }

  private func index(_ value: UInt32) -> Int? {
    value == UInt32.max ? nil : Int(value)
  }

  // MARK: - Importing objects

  private mutating func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  private mutating func importObject(_ category: ObjectCategory, typeKey: UInt32, offset: Int)
    throws(RiveError)
  {
    switch category {
    case .backboard:
      hasBackboard = true
    case .listedAsset, .manifestAsset:
      try importAsset(category, typeKey: typeKey, offset: offset)
    case .fileAssetContents:
      importContents(offset: offset)
    case .artboard:
      try importArtboard(offset: offset)
    case .linearAnimation:
      guard let artboard = currentArtboard else { return }
      let animation = RiveDocument.LinearAnimation(
        name: string(PropertyKey.animationName) ?? "",
        fps: try uint32(PropertyKey.linearAnimationFps, default: 60, objectOffset: offset),
        duration: try uint32(
          PropertyKey.linearAnimationDuration, default: 60, objectOffset: offset),
        speed: float(PropertyKey.linearAnimationSpeed) ?? 1,
        loopValue: try uint32(
          PropertyKey.linearAnimationLoopValue, default: 0, objectOffset: offset),
        workStart: try uint32(
          PropertyKey.linearAnimationWorkStart, default: UInt32.max, objectOffset: offset),
        workEnd: try uint32(
          PropertyKey.linearAnimationWorkEnd, default: UInt32.max, objectOffset: offset),
        enableWorkArea: bool(PropertyKey.linearAnimationEnableWorkArea) ?? false)
      report.artboards[artboard].animations.append(animation)
    case .stateMachine:
      guard let artboard = currentArtboard else { return }
      report.artboards[artboard].stateMachines.append(
        RiveDocument.StateMachine(
          name: string(PropertyKey.animationName) ?? "", inputs: [], layerCount: 0,
          listenerCount: 0, isSynthetic: false))
      currentStateMachine = (artboard, report.artboards[artboard].stateMachines.count - 1)
      stateMachineSequence = nextSequence()
    case .stateMachineInput:
      guard let (artboard, machine) = currentStateMachine else { return }
      let kind: RiveDocument.StateMachineInput.Kind
      switch typeKey {
      case TypeKey.stateMachineNumber:
        kind = .number(defaultValue: float(PropertyKey.stateMachineNumberValue) ?? 0)
      case TypeKey.stateMachineBool:
        kind = .boolean(defaultValue: bool(PropertyKey.stateMachineBoolValue) ?? false)
      default: kind = .trigger
      }
      report.artboards[artboard].stateMachines[machine].inputs.append(
        RiveDocument.StateMachineInput(
          name: string(PropertyKey.stateMachineComponentName) ?? "", typeKey: typeKey, kind: kind))
    case .stateMachineLayer:
      guard let (artboard, machine) = currentStateMachine else { return }
      try resolveLayer()
      report.artboards[artboard].stateMachines[machine].layerCount += 1
      currentLayer = PendingLayer(
        byteOffset: offset, name: string(PropertyKey.stateMachineComponentName) ?? "")
      layerSequence = nextSequence()
      currentLayerState = nil
    case .layerState:
      guard currentLayer != nil else { return }
      currentLayer?.stateCount += 1
      switch typeKey {
      case TypeKey.anyState: currentLayer?.hasAny = true
      case TypeKey.entryState: currentLayer?.hasEntry = true
      case TypeKey.exitState: currentLayer?.hasExit = true
      default: break
      }
      currentLayerState = offset
    case .stateTransition:
      guard currentLayerState != nil, currentLayer != nil else { return }
      let stateTo = uint(PropertyKey.stateTransitionStateToId) ?? UInt64(UInt32.max)
      currentLayer?.transitions.append((offset, stateTo))
    case .stateMachineListener:
      guard let (artboard, machine) = currentStateMachine else { return }
      report.artboards[artboard].stateMachines[machine].listenerCount += 1
    case .viewModel:
      report.viewModels.append(
        RiveDocument.ViewModel(
          name: string(PropertyKey.viewModelComponentName) ?? "", properties: [], instances: []))
      currentViewModel = report.viewModels.count - 1
    case .viewModelProperty:
      guard let viewModel = currentViewModel else { return }
      let reference = uint(PropertyKey.viewModelPropertyViewModelViewModelReferenceId).flatMap {
        $0 >= UInt64(UInt32.max) ? nil : Int($0)
      }
      report.viewModels[viewModel].properties.append(
        RiveDocument.ViewModelProperty(
          name: string(PropertyKey.viewModelComponentName) ?? "", typeKey: typeKey,
          dataType: RiveDocument.ViewModelProperty.DataType(typeKey: typeKey), enumName: nil,
          viewModelReferenceIndex: typeKey == TypeKey.viewModelPropertyViewModel ? reference : nil))
      pendingProperties.append(
        (
          viewModel,
          typeKey == TypeKey.viewModelPropertyEnumCustom
            ? (uint(PropertyKey.viewModelPropertyEnumCustomEnumId) ?? UInt64(UInt32.max)) : nil
        ))
    case .viewModelInstance:
      guard hasBackboard else { return }
      let instance = RiveDocument.ViewModelInstance(
        name: string(PropertyKey.componentName) ?? "", assetReferences: [], byteOffset: offset)
      pendingInstances.append((uint(PropertyKey.viewModelInstanceViewModelId) ?? 0, instance))
      currentInstance = pendingInstances.count - 1
    case .viewModelInstanceValue:
      guard let pending = currentInstance else { return }
      switch typeKey {
      case TypeKey.viewModelInstanceAssetImage, TypeKey.viewModelInstanceAssetFont,
        TypeKey.viewModelInstanceAssetBlob, TypeKey.viewModelInstanceAsset:
        let property = Int(
          clamping: uint(PropertyKey.viewModelInstanceValueViewModelPropertyId) ?? 0)
        let asset = uint(PropertyKey.viewModelInstanceAssetPropertyValue).flatMap {
          $0 >= UInt64(UInt32.max) ? nil : Int($0)
        }
        pendingInstances[pending].instance.assetReferences.append(
          .init(propertyIndex: property, assetIndex: asset))
      default:
        if let content = instanceValueContent(typeKey: typeKey) {
          let property = Int(
            clamping: uint(PropertyKey.viewModelInstanceValueViewModelPropertyId) ?? 0)
          pendingInstances[pending].instance.values.append(
            .init(propertyIndex: property, content: content))
        }
      }
    case .dataEnum:
      report.enums.append(
        RiveDocument.DataEnum(name: string(PropertyKey.dataEnumCustomName) ?? "", values: []))
      currentEnum = report.enums.count - 1
    case .dataEnumValue:
      guard let current = currentEnum else { return }
      report.enums[current].values.append(string(PropertyKey.dataEnumValueKey) ?? "")
    case .unknown, .other, .drawable:
      break
    }
  }

  /// The stored value of a string, number, boolean, color or enum instance value (the type's
  /// default when the file leaves the value out, as the official runtime does).
  private func instanceValueContent(typeKey: UInt32) -> RiveDocument.ViewModelInstance.Value
    .Content?
  {
    switch typeKey {
    case TypeKey.viewModelInstanceString:
      .string(string(PropertyKey.viewModelInstanceStringPropertyValue) ?? "")
    case TypeKey.viewModelInstanceNumber:
      .number(float(PropertyKey.viewModelInstanceNumberPropertyValue) ?? 0)
    case TypeKey.viewModelInstanceBoolean:
      .boolean(bool(PropertyKey.viewModelInstanceBooleanPropertyValue) ?? false)
    case TypeKey.viewModelInstanceColor:
      .color(
        UInt32(
          truncatingIfNeeded: uint(PropertyKey.viewModelInstanceColorPropertyValue) ?? 0xFF1D_1D1D))
    case TypeKey.viewModelInstanceEnum:
      .enumIndex(Int(clamping: uint(PropertyKey.viewModelInstanceEnumPropertyValue) ?? 0))
    default: nil
    }
  }

  /// Offers an unknown object to the most recent importer that takes a null placeholder.
  private mutating func readNullObject() {
    // Of the importers that accept placeholders (artboard, state machine, layer, keyed property),
    // only a layer's placeholder changes what this reader reports: it counts as a state.
    if currentLayer != nil, layerSequence > stateMachineSequence, layerSequence > artboardSequence {
      currentLayer?.stateCount += 1
    }
  }

  private mutating func importAsset(_ category: ObjectCategory, typeKey: UInt32, offset: Int)
    throws(RiveError)
  {
    let kind = RiveDocument.Asset.Kind(typeKey: typeKey)
    if category == .listedAsset, !hasBackboard {
      // The official runtime drops an asset that comes before the backboard.
      return
    }
    let storedID = try uint32(PropertyKey.fileAssetAssetId, default: 0, objectOffset: offset)
    var asset = RiveDocument.Asset(
      index: report.assets.count, kind: kind, name: string(PropertyKey.assetName) ?? "",
      assetID: storedID,
      storedAssetID: storedID,
      cdnUUID: range(PropertyKey.fileAssetCdnUuid).map { reader.bytes(in: $0) } ?? [],
      cdnBaseURL: string(PropertyKey.fileAssetCdnBaseUrl) ?? RiveDocument.Asset.defaultCDNBaseURL,
      width: typeKey == TypeKey.imageAsset ? (float(PropertyKey.drawableAssetWidth) ?? 0) : nil,
      height: typeKey == TypeKey.imageAsset ? (float(PropertyKey.drawableAssetHeight) ?? 0) : nil,
      contents: nil, byteOffset: offset)
    if category == .manifestAsset || kind.isLoadable {
      // A new asset importer replaces the current one, which is then resolved (offered).
      resolveAsset()
    }
    if category == .manifestAsset {
      let offered = RiveImportReport.OfferedAsset(
        asset: asset, kindName: "manifest", typeKey: typeKey, contents: nil)
      currentAsset = PendingAsset(offered: offered)
      latestAssetIndex = nil
      assetSequence = nextSequence()
      report.manifest = asset
      return
    }
    // De-duplicate the id as the official runtime does when it adds the asset.
    if assetIDs.contains(asset.assetID) {
      asset.assetID = max(largestAssetID &+ 1, 1)
    }
    assetIDs.insert(asset.assetID)
    largestAssetID = max(largestAssetID, asset.assetID)
    report.assets.append(asset)
    latestAssetIndex = asset.index
    if kind.isLoadable {
      currentAsset = PendingAsset(
        offered: .init(asset: asset, kindName: kind.description, typeKey: typeKey, contents: nil))
      assetSequence = nextSequence()
    }
    // Runtimes built without scripting (as the reference reports were made) have no importer
    // for scripts and shaders: the current asset importer stays, so their contents replace
    // what it will offer. The document itself attaches contents to the asset they follow.
  }

  private mutating func importContents(offset: Int) {
    let bytes = range(PropertyKey.fileAssetContentsBytes).map {
      EmbeddedBytes(storage: storage, range: $0)
    }
    let contents = (bytes?.count ?? 0) > 0 ? bytes : nil
    if currentAsset != nil {
      currentAsset?.offered.contents = contents
    }
    if let index = latestAssetIndex {
      report.assets[index].contents = contents
    } else if report.manifest != nil, currentAsset != nil {
      report.manifest?.contents = contents
    }
  }

  private mutating func resolveAsset() {
    guard let pending = currentAsset else { return }
    report.offeredAssets.append(pending.offered)
    currentAsset = nil
  }

  private mutating func importArtboard(offset: Int) throws(RiveError) {
    guard hasBackboard else { return }
    try resolveArtboard()
    let artboard = RiveDocument.Artboard(
      name: string(PropertyKey.componentName) ?? "",
      width: float(PropertyKey.layoutComponentWidth) ?? 0,
      height: float(PropertyKey.layoutComponentHeight) ?? 0, animations: [],
      stateMachines: [],
      defaultStateMachineIndex: index(
        try uint32(
          PropertyKey.artboardDefaultStateMachineId, default: UInt32.max, objectOffset: offset)),
      viewModelIndex: index(
        try uint32(PropertyKey.artboardViewModelId, default: UInt32.max, objectOffset: offset)),
      byteOffset: offset)
    report.artboards.append(artboard)
    currentArtboard = report.artboards.count - 1
    artboardSequence = nextSequence()
    let blendMode = uint(PropertyKey.drawableBlendModeValue) ?? 3
    if depth == .structure, !validBlendModes.contains(blendMode) {
      artboardDrawableBlendModes.append((offset, blendMode))
    }
  }

  // MARK: - Resolving importers

  private mutating func resolveLayer() throws(RiveError) {
    guard let layer = currentLayer else { return }
    currentLayer = nil
    for transition in layer.transitions where transition.stateTo >= UInt64(layer.stateCount) {
      throw RiveError(
        .invalidObject,
        "state machine layer \"\(layer.name)\" (at byte \(layer.byteOffset)) has a transition "
          + "to state \(transition.stateTo), but the layer has \(layer.stateCount) states",
        at: transition.offset)
    }
    if depth == .structure, !(layer.hasAny && layer.hasEntry && layer.hasExit) {
      let missing = [(layer.hasAny, "Any"), (layer.hasEntry, "Entry"), (layer.hasExit, "Exit")]
        .filter { !$0.0 }.map(\.1).joined(separator: ", ")
      throw RiveError(
        .invalidObject,
        "state machine layer \"\(layer.name)\" lacks its \(missing) state", at: layer.byteOffset)
    }
  }

  private mutating func resolveArtboard() throws(RiveError) {
    guard let artboard = currentArtboard else { return }
    currentArtboard = nil
    guard depth == .structure else { return }
    let name = report.artboards[artboard].name
    if let bad = artboardDrawableBlendModes.first {
      throw RiveError(
        .invalidObject,
        "artboard \"\(name)\": drawable has blend mode \(bad.value), expected one of "
          + "3 (srcOver) or 14...28", at: bad.offset)
    }
    artboardDrawableBlendModes.removeAll()
  }

  /// Resolves the importers still current at the end of the stream, newest first.
  private mutating func resolveAtEnd() throws(RiveError) {
    var pending: [(sequence: Int, kind: Int)] = []
    if currentAsset != nil { pending.append((assetSequence, 0)) }
    if currentArtboard != nil { pending.append((artboardSequence, 1)) }
    if currentLayer != nil { pending.append((layerSequence, 2)) }
    for item in pending.sorted(by: { $0.sequence > $1.sequence }) {
      switch item.kind {
      case 0: resolveAsset()
      case 1: try resolveArtboard()
      default: try resolveLayer()
      }
    }
  }

  // MARK: - Finishing

  private mutating func finishStructure() {
    guard depth == .structure else { return }
    // Instances attach to their view model by index, wherever they appear.
    for (viewModelID, instance) in pendingInstances
    where viewModelID < UInt64(report.viewModels.count) {
      report.viewModels[Int(viewModelID)].instances.append(instance)
    }
    // Enum properties name their enum by index into the file's enum list.
    var propertyCursor = [Int](repeating: 0, count: report.viewModels.count)
    for (viewModel, enumID) in pendingProperties {
      let propertyIndex = propertyCursor[viewModel]
      propertyCursor[viewModel] += 1
      if let enumID, enumID < UInt64(report.enums.count) {
        report.viewModels[viewModel].properties[propertyIndex].enumName =
          report.enums[Int(enumID)].name
      }
    }
    // The runtime adds a state machine to an artboard that has no animation and no state machine.
    for index in report.artboards.indices
    where report.artboards[index].animations.isEmpty
      && report.artboards[index].stateMachines.isEmpty
    {
      report.artboards[index].stateMachines.append(
        RiveDocument.StateMachine(
          name: RiveDocument.StateMachine.autoGeneratedName, inputs: [], layerCount: 0,
          listenerCount: 0,
          isSynthetic: true))
    }
  }
}

extension ObjectCategory {
  /// Whether the asset-only reader must look inside objects of this category.
  func matters(for depth: ReadDepth) -> Bool {
    switch self {
    case .backboard, .listedAsset, .manifestAsset, .fileAssetContents: true
    default: depth == .structure
    }
  }
}
