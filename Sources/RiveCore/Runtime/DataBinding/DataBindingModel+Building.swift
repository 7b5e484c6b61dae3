@_spi(RiveFormatInternals) import RiveFormat

extension DataBindingModel {
  /// Reads the data-binding parts of a linked file.
  ///
  /// - Parameters:
  ///   - graph: the file's linked records.
  ///   - artboards: the artboard models built from the same graph (for object ids).
  convenience init(graph: ObjectGraph.Shared, artboards: [ArtboardModel]) {
    let builder = DataBindingBuilder(graph: graph)
    let viewModels = builder.viewModels()
    let instances = builder.instances(viewModels: viewModels)
    var models = viewModels.models
    for (index, instance) in instances.enumerated() where instance.attach {
      models[instance.value.viewModel].instances.append(index)
    }
    let converters = builder.converters()
    let binds = builder.binds(converterCount: converters.count)
    let manifest = builder.manifest()
    let bindables = builder.bindables()
    // Everything is worked out first and then consumed by the model (each part still to be read
    // when passed was retained for the call and released after it).
    let artboardBindings = builder.artboardBindings(
      artboards: artboards, bindIndex: binds.index, viewModelCount: models.count)
    let conditions = builder.conditions(bindables: bindables)
    let (bindList, manifestNames, manifestPaths) = (binds.list, manifest.names, manifest.paths)
    self.init(
      viewModels: consume models, instances: instances.map(\.value), enums: builder.enums(),
      converters: consume converters, binds: consume bindList,
      manifestNames: consume manifestNames, manifestPaths: consume manifestPaths,
      artboards: consume artboardBindings, bindables: consume bindables,
      bindableOf: graph.graph.bindableOf, conditions: consume conditions,
      machineTargetTypes: builder.machineTargetTypes(),
      artboardModels: artboards, imageSizes: builder.imageSizes())
  }
}

/// The object id of each record of an artboard, by position in the span of records the artboard
/// holds (its objects are read in file order, so their records ascend).
private struct ObjectIDs {
  private let first: Int
  private var ids: [Int32] = []

  init(records: borrowing [Int]) {
    // Borrowed and read by position (an owned argument, or iterating it, costs a retain).
    var low = Int.max
    var high = Int.min
    for index in 0..<records.count where records[index] >= 0 {
      low = min(low, records[index])
      high = max(high, records[index])
    }
    guard low <= high else {
      first = 0
      return
    }
    first = low
    ids = [Int32](filling: -1, count: high - low + 1)
    for index in 0..<records.count where records[index] >= 0 {
      ids[records[index] - low] = Int32(index)
    }
  }

  /// The object id of `record`, if it is one of the artboard's.
  func id(of record: Int) -> Int? {
    let position = record - first
    guard position >= 0, position < ids.count, ids[position] >= 0 else { return nil }
    return Int(ids[position])
  }
}

/// The ids of a bind path, as a file packs them: varuints in a byte array.
enum BindPath {
  /// Varuints packed in `bytes`: at most ``ViewModelStore/maximumPathLength`` + 1 of them, in
  /// an array made at its size (one allocation, not one per doubling).
  static func decode(_ bytes: UnsafeRawBufferPointer) -> [UInt32] {
    var ends = 0
    for byte in bytes where byte & 0x80 == 0 { ends += 1 }
    guard ends > 0 else { return [] }
    var result: [UInt32] = []
    result.reserveCapacity(min(ends, ViewModelStore.maximumPathLength + 1))
    var offset = 0
    // A cut or malformed last id (``VarUInt``) ends the path with the ids before it.
    while offset < bytes.count, result.count <= ViewModelStore.maximumPathLength,
      let value = try? VarUInt.decode(bytes, at: &offset, "bind path id")
    {
      result.append(UInt32(truncatingIfNeeded: value))
    }
    return result
  }
}

/// Reads view models, instances, converters and binds out of an ``ObjectGraph``.
private struct DataBindingBuilder {
  /// The graph, shared (not copied) with the model builder.
  let shared: ObjectGraph.Shared
  /// The graph's stream, held once (a computed `shared.graph.stream` copied it at every read).
  let stream: ObjectStream
  let table = TypeTable.shared

  init(graph: ObjectGraph.Shared) {
    shared = graph
    stream = graph.graph.stream
  }

  func type(_ record: Int) -> UInt16? {
    guard record >= 0, record < stream.records.count else { return nil }
    return stream.records[record].typeKey
  }

  func isA(_ record: Int, _ base: UInt32) -> Bool {
    guard let type = type(record) else { return false }
    return table.isA(type, UInt16(base))
  }

  /// Varuints packed in a byte array (bind paths), read from the file in place.
  func path(_ record: Int, _ slot: Int) -> [UInt32] {
    stream.withBytes(record, slot) { BindPath.decode($0) }
  }

  /// The authored width and height of every image asset, by asset index.
  func imageSizes() -> [Int: (width: Float, height: Float)] {
    var sizes: [Int: (width: Float, height: Float)] = [:]
    for (index, record) in shared.graph.assets.enumerated()
    where UInt32(type(record) ?? 0) == TypeKey.imageAsset {
      sizes[index] = (
        stream.float(record, Slot.drawableAssetWidth),
        stream.float(record, Slot.drawableAssetHeight)
      )
    }
    return sizes
  }

  // MARK: - View models

  struct ViewModels {
    var models: [DataBindingModel.ViewModel]
    var records: [Int]
  }

  func viewModels() -> ViewModels {
    var models: [DataBindingModel.ViewModel] = []
    // Enums a custom enum property can reference: those imported before it.
    let enumRecords = shared.graph.enums.filter {
      let type = UInt32(self.type($0) ?? 0)
      return type == TypeKey.dataEnum || type == TypeKey.dataEnumCustom
    }
    models.reserveCapacity(shared.graph.viewModels.count)
    for record in shared.graph.viewModels {
      var properties: [DataBindingModel.Property] = []
      properties.reserveCapacity(shared.graph.childrenOf(record).count)
      for child in shared.graph.childrenOf(record) where child >= 0 {
        guard let type = type(child), table.isA(type, UInt16(TypeKey.viewModelProperty)) else {
          continue
        }
        let kind = ViewModelValueKind(propertyType: type)
        var reference = -1
        if kind == .viewModel {
          reference = Int(stream.uint(child, Slot.viewModelPropertyViewModelViewModelReferenceId))
        } else if UInt32(type) == TypeKey.viewModelPropertyEnumCustom {
          let id = Int(stream.uint(child, Slot.viewModelPropertyEnumCustomEnumId))
          // (Counted, not collected: the enums listed before the property.)
          let available = enumRecords.reduce(0) { $0 + ($1 < child ? 1 : 0) }
          if id < available { reference = id }
        }
        properties.append(
          .init(
            name: stream.string(child, Slot.viewModelComponentName), kind: kind,
            reference: reference,
            symbolType: UInt8(
              truncatingIfNeeded: stream.uint(child, Slot.viewModelPropertySymbolTypeValue))))
      }
      models.append(
        .init(
          name: stream.string(record, Slot.viewModelComponentName),
          type: stream.uint(record, Slot.viewModelViewModelType), properties: properties,
          instances: []))
    }
    return ViewModels(models: models, records: shared.graph.viewModels)
  }

  /// Every instance; `attach` tells whether its view model existed when it imported (only
  /// then does the view model list it).
  func instances(viewModels: ViewModels) -> [(value: DataBindingModel.Instance, attach: Bool)] {
    var result: [(value: DataBindingModel.Instance, attach: Bool)] = []
    result.reserveCapacity(shared.graph.viewModelInstances.count)
    for record in shared.graph.viewModelInstances {
      let viewModel = Int(stream.uint(record, Slot.viewModelInstanceViewModelId))
      let exists = viewModel < viewModels.records.count && viewModels.records[viewModel] < record
      var values: [DataBindingModel.Value] = []
      values.reserveCapacity(shared.graph.childrenOf(record).count)
      for child in shared.graph.childrenOf(record) where child >= 0 {
        guard let type = type(child), table.isA(type, UInt16(TypeKey.viewModelInstanceValue))
        else { continue }
        let kind = ViewModelValueKind(instanceValueType: type)
        var bits = kind.defaultBits
        var text = ""
        var items: [(viewModel: Int, instance: Int)] = []
        switch kind {
        case .number:
          bits = stream.uint(child, Slot.viewModelInstanceNumberPropertyValue)
        case .string:
          text = stream.string(child, Slot.viewModelInstanceStringPropertyValue)
        case .boolean:
          bits = stream.uint(child, Slot.viewModelInstanceBooleanPropertyValue)
        case .color:
          bits = stream.uint(child, Slot.viewModelInstanceColorPropertyValue)
        case .enumeration:
          bits = stream.uint(child, Slot.viewModelInstanceEnumPropertyValue)
        case .trigger:
          bits = stream.uint(child, Slot.viewModelInstanceTriggerPropertyValue)
        case .viewModel:
          bits = stream.uint(child, Slot.viewModelInstanceViewModelPropertyValue)
        case .assetImage, .assetFont, .assetBlob:
          bits = stream.uint(child, Slot.viewModelInstanceAssetPropertyValue)
        case .artboard:
          bits = stream.uint(child, Slot.viewModelInstanceArtboardPropertyValue)
        case .symbolListIndex:
          bits = stream.uint(child, Slot.viewModelInstanceSymbolListIndexPropertyValue)
        case .list:
          for item in shared.graph.childrenOf(child) where item >= 0 {
            guard UInt32(self.type(item) ?? 0) == TypeKey.viewModelInstanceListItem else {
              continue
            }
            items.append(
              (
                Int(stream.uint(item, Slot.viewModelInstanceListItemViewModelId)),
                Int(stream.uint(item, Slot.viewModelInstanceListItemViewModelInstanceId))
              ))
          }
        case .unknown:
          break
        }
        values.append(
          .init(
            propertyID: Int(stream.uint(child, Slot.viewModelInstanceValueViewModelPropertyId)),
            kind: kind, bits: bits, text: consume text, items: consume items))
      }
      result.append(
        (
          .init(
            viewModel: exists ? viewModel : -1,
            name: stream.string(record, Slot.componentName), values: consume values), exists
        ))
    }
    return result
  }

  func enums() -> [DataBindingModel.DataEnum] {
    shared.graph.enums.compactMap { record in
      let type = UInt32(self.type(record) ?? 0)
      guard type == TypeKey.dataEnum || type == TypeKey.dataEnumCustom else { return nil }
      var values: [(key: String, value: String)] = []
      for child in shared.graph.childrenOf(record) where child >= 0 {
        guard UInt32(self.type(child) ?? 0) == TypeKey.dataEnumValue else { continue }
        values.append(
          (
            stream.string(child, Slot.dataEnumValueKey),
            stream.string(child, Slot.dataEnumValueValue)
          ))
      }
      let name =
        type == TypeKey.dataEnumCustom ? stream.string(record, Slot.dataEnumCustomName) : ""
      return .init(name: name, values: values)
    }
  }

  // MARK: - Converters

  func converters() -> [ConverterDefinition] {
    func interpolator(_ id: UInt32) -> Interpolator? {
      guard id != UInt32.max, Int(id) < shared.graph.fileInterpolators.count else { return nil }
      return ModelBuilder.makeInterpolator(
        record: shared.graph.fileInterpolators[Int(id)], stream: stream)
    }
    return shared.graph.converters.map { record in
      let type = UInt32(self.type(record) ?? 0)
      var binds = shared.graph.childrenOf(record).filter { $0 >= 0 && isA($0, TypeKey.dataBind) }
      let kind: ConverterDefinition.Kind
      switch type {
      case TypeKey.dataConverterBooleanNegate:
        kind = .booleanNegate
      case TypeKey.dataConverterToString:
        kind = .toString(
          flags: stream.uint(record, Slot.dataConverterToStringFlags),
          decimals: stream.uint(record, Slot.dataConverterToStringDecimals),
          colorFormat: stream.string(record, Slot.dataConverterToStringColorFormat))
      case TypeKey.dataConverterTrigger:
        kind = .trigger
      case TypeKey.dataConverterOperationValue, TypeKey.dataConverterSystemDegsToRads,
        TypeKey.dataConverterSystemNormalizer:
        kind = .operation(
          op: stream.uint(record, Slot.dataConverterOperationOperationType),
          value: stream.float(record, Slot.dataConverterOperationValueOperationValue),
          isSystem: type != TypeKey.dataConverterOperationValue)
      case TypeKey.dataConverterRangeMapper:
        let interpolationType = stream.uint(record, Slot.dataConverterRangeMapperInterpolationType)
        kind = .rangeMapper(
          .init(
            interpolationType: interpolationType,
            interpolator: interpolator(
              stream.uint(record, Slot.dataConverterRangeMapperInterpolatorId)),
            flags: stream.uint(record, Slot.dataConverterRangeMapperFlags),
            minInput: stream.float(record, Slot.dataConverterRangeMapperMinInput),
            maxInput: stream.float(record, Slot.dataConverterRangeMapperMaxInput),
            minOutput: stream.float(record, Slot.dataConverterRangeMapperMinOutput),
            maxOutput: stream.float(record, Slot.dataConverterRangeMapperMaxOutput)))
      case TypeKey.dataConverterRounder:
        kind = .rounder(decimals: stream.uint(record, Slot.dataConverterRounderDecimals))
      case TypeKey.dataConverterToNumber:
        kind = .toNumber
      case TypeKey.dataConverterGroup:
        let items = shared.graph.childrenOf(record).compactMap { child -> Int? in
          guard child >= 0, UInt32(self.type(child) ?? 0) == TypeKey.dataConverterGroupItem
          else { return nil }
          let id = stream.uint(child, Slot.dataConverterGroupItemConverterId)
          return Int(id) < shared.graph.converters.count ? Int(id) : nil
        }
        kind = .group(items: items)
      case TypeKey.dataConverterInterpolator:
        kind = .interpolator(
          duration: stream.float(record, Slot.dataConverterInterpolatorDuration),
          interpolator: interpolator(
            stream.uint(record, Slot.dataConverterInterpolatorInterpolatorId)))
      case TypeKey.dataConverterFormula:
        let tokens = shared.graph.childrenOf(record).filter {
          $0 >= 0 && isA($0, TypeKey.formulaToken)
        }
        for token in tokens {
          binds.append(
            contentsOf: shared.graph.childrenOf(token).filter {
              $0 >= 0 && isA($0, TypeKey.dataBind)
            })
        }
        kind = .formula(
          tokens: formulaQueue(tokens),
          randomMode: stream.uint(record, Slot.dataConverterFormulaRandomModeValue))
      case TypeKey.dataConverterListToLength:
        kind = .listToLength
      case TypeKey.dataConverterNumberToList:
        kind = .numberToList(
          viewModel: Int(stream.uint(record, Slot.dataConverterNumberToListViewModelId)))
      case TypeKey.dataConverterStringPad:
        kind = .stringPad(
          length: stream.uint(record, Slot.dataConverterStringPadLength),
          text: stream.string(record, Slot.dataConverterStringPadText),
          padType: stream.uint(record, Slot.dataConverterStringPadPadType))
      case TypeKey.dataConverterStringTrim:
        kind = .stringTrim(type: stream.uint(record, Slot.dataConverterStringTrimTrimType))
      case TypeKey.dataConverterStringRemoveZeros:
        kind = .stringRemoveZeros
      default:
        kind = .passThrough
      }
      return ConverterDefinition(record: record, kind: kind, binds: binds)
    }
  }

  /// A formula's tokens in output order (the shunting-yard conversion the official runtime
  /// runs), with each function's argument count.
  func formulaQueue(_ records: [Int]) -> [ConverterDefinition.FormulaToken] {
    typealias Token = ConverterDefinition.FormulaToken
    enum Item {
      case token(Token)
      case open
    }
    func token(_ record: Int) -> (kind: Token.Kind?, isOpen: Bool, isClose: Bool, isSeparator: Bool)
    {
      switch UInt32(type(record) ?? 0) {
      case TypeKey.formulaTokenValue:
        return (
          .value(stream.float(record, Slot.formulaTokenValueOperationValue)), false, false, false
        )
      case TypeKey.formulaTokenInput:
        return (.input, false, false, false)
      case TypeKey.formulaTokenOperation:
        return (
          .operation(stream.uint(record, Slot.formulaTokenOperationOperationType)), false, false,
          false
        )
      case TypeKey.formulaTokenFunction:
        return (
          .function(stream.uint(record, Slot.formulaTokenFunctionFunctionType), arguments: 0),
          false, false, false
        )
      case TypeKey.formulaTokenParenthesisOpen: return (nil, true, false, false)
      case TypeKey.formulaTokenParenthesisClose: return (nil, false, true, false)
      case TypeKey.formulaTokenArgumentSeparator: return (nil, false, false, true)
      default: return (nil, false, false, false)
      }
    }
    var output: [Token] = []
    // The operator stack: tokens (operations, functions) and open parentheses, each with its
    // argument count (for functions and parentheses).
    var stack: [(item: Item, arguments: Int, record: Int)] = []
    func precedence(_ entry: (item: Item, arguments: Int, record: Int)) -> Int {
      switch entry.item {
      case .open: return 1
      case .token(let token): return ConverterMath.precedence(token.kind, isParenthesis: false)
      }
    }
    func isOpening(_ entry: (item: Item, arguments: Int, record: Int)) -> Bool {
      switch entry.item {
      case .open: return true
      case .token(let token):
        if case .function = token.kind { return true }
        return false
      }
    }
    func isOpenParenthesis(_ entry: (item: Item, arguments: Int, record: Int)) -> Bool {
      if case .open = entry.item { return true }
      return false
    }
    func emit(_ entry: (item: Item, arguments: Int, record: Int)) {
      guard case .token(var token) = entry.item else { return }
      if case .function(let type, _) = token.kind {
        token.kind = .function(type, arguments: entry.arguments)
      }
      output.append(token)
    }
    for (position, record) in records.enumerated() {
      let (kind, isOpen, isClose, isSeparator) = token(record)
      if let kind {
        switch kind {
        case .value, .input:
          output.append(Token(kind: kind, record: record))
        case .operation:
          let mine = ConverterMath.precedence(kind, isParenthesis: false)
          while let last = stack.last, !isOpenParenthesis(last), precedence(last) >= mine {
            emit(stack.removeLast())
          }
          stack.append((.token(Token(kind: kind, record: record)), 0, record))
        case .function:
          let nextIsClose = position + 1 < records.count && token(records[position + 1]).isClose
          stack.append((.token(Token(kind: kind, record: record)), nextIsClose ? 0 : 1, record))
        }
      } else if isOpen {
        let nextIsClose = position + 1 < records.count && token(records[position + 1]).isClose
        stack.append((.open, nextIsClose ? 0 : 1, record))
      } else if isClose {
        while let last = stack.last, !isOpening(last) { emit(stack.removeLast()) }
        if let opening = stack.popLast(), !isOpenParenthesis(opening) { emit(opening) }
      } else if isSeparator && !stack.isEmpty {
        var index = stack.count - 1
        while index >= 0 {
          if isOpening(stack[index]) {
            stack[index].arguments += 1
            break
          }
          index -= 1
        }
        while let last = stack.last, !isOpening(last) { emit(stack.removeLast()) }
      }
    }
    while let last = stack.popLast() {
      if !isOpenParenthesis(last) { emit(last) }
    }
    return output
  }

  // MARK: - Binds

  func binds(converterCount: Int) -> (list: [DataBindingModel.Bind], index: RecordMap<Int>) {
    var list: [DataBindingModel.Bind] = []
    list.reserveCapacity(shared.graph.dataBindTargets.count)
    // Bind records in order, so the index only appends.
    var index = RecordMap<Int>(capacity: shared.graph.dataBindTargets.count)
    for (record, target) in shared.graph.dataBindTargets.entries {
      let converter = Int(stream.uint(record, Slot.dataBindConverterId))
      let isContext = UInt32(type(record) ?? 0) == TypeKey.dataBindContext
      index.append(list.count, for: record)
      list.append(
        .init(
          record: record, targetRecord: target,
          propertyKey: UInt16(truncatingIfNeeded: stream.uint(record, Slot.dataBindPropertyKey)),
          flags: stream.uint(record, Slot.dataBindFlags),
          converter: converter < converterCount ? converter : -1,
          sourcePath: isContext
            ? path(record, Slot.dataBindContextSourcePathIds) : [],
          isContext: isContext))
    }
    return (list, index)
  }

  // MARK: - Manifest

  func manifest() -> (names: [UInt32: String], paths: [UInt32: [UInt32]]) {
    // The last manifest asset wins, as the official file keeps only one.
    guard let record = shared.graph.manifestRecord else { return ([:], [:]) }
    let contents = shared.graph.childrenOf(record).last {
      $0 >= 0 && UInt32(type($0) ?? 0) == TypeKey.fileAssetContents
    }
    guard let contents else { return ([:], [:]) }
    return ManifestReader.sections(stream.byteArray(contents, Slot.fileAssetContentsBytes))
  }

  // MARK: - Artboards and machines

  func artboardBindings(
    artboards: [ArtboardModel], bindIndex: RecordMap<Int>, viewModelCount: Int
  )
    -> [ArtboardBindings]
  {
    // Instances are listed in record order, so the map only appends.
    var instanceOfRecord = RecordMap<Int>(capacity: shared.graph.viewModelInstances.count)
    for (index, record) in shared.graph.viewModelInstances.enumerated() {
      instanceOfRecord.append(index, for: record)
    }
    return artboards.enumerated().map { index, artboard in
      // The artboard's record lists are read in place, by position (a copy of its entry, or a
      // walk over a list, retained each list).
      let viewModelID = stream.uint(shared.graph.artboards[index].record, Slot.artboardViewModelId)
      // The binds grouped by target object id (ascending), each group in file order.
      var binds: [(target: Int, bind: Int)] = []
      let bindCount = shared.graph.artboards[index].dataBinds.count
      if bindCount > 0 {
        let ids = ObjectIDs(records: artboard.records)
        binds.reserveCapacity(bindCount)
        var inOrder = true
        for position in 0..<bindCount {
          let bind = shared.graph.artboards[index].dataBinds[position]
          guard let target = shared.graph.dataBindTargets[bind], let id = ids.id(of: target),
            let modelIndex = bindIndex[bind]
          else { continue }
          if let last = binds.last, last.target > id { inOrder = false }
          binds.append((id, modelIndex))
        }
        // Stable: a bind keeps its file order among the binds of its target. (Files mostly list
        // binds in target order already, and then nothing moves.)
        if !inOrder {
          binds = binds.enumerated().sorted {
            ($0.element.target, $0.offset) < ($1.element.target, $1.offset)
          }.map(\.element)
        }
      }
      var nestedPaths: [Int: [UInt32]] = [:]
      for host in artboard.nestedHosts {
        let hostPath = path(artboard.records[host.id], Slot.nestedArtboardDataBindPathIds)
        if !hostPath.isEmpty { nestedPaths[host.id] = hostPath }
      }
      // Per machine, made only when some machine has any (most have none; readers take a
      // machine past the end as having none).
      var machineBinds: [[Int]] = []
      var machineListeners: [[(listener: Int, paths: [[UInt32]])]] = []
      let machineCount = shared.graph.artboards[index].stateMachines.count
      for machineIndex in 0..<machineCount {
        let machine = shared.graph.artboards[index].stateMachines[machineIndex]
        let binds = (shared.graph.stateMachineDataBinds[machine] ?? []).compactMap {
          bindIndex[$0]
        }
        if !binds.isEmpty {
          if machineBinds.isEmpty { machineBinds = Array(repeating: [], count: machineCount) }
          machineBinds[machineIndex] = binds
        }
        var listeners: [(listener: Int, paths: [[UInt32]])] = []
        var listenerIndex = 0
        for childPosition in shared.graph.childPositions(machine) {
          let child = shared.graph.child(at: childPosition)
          guard let type = type(child), table.isA(type, UInt16(TypeKey.stateMachineListener))
          else { continue }
          defer { listenerIndex += 1 }
          var paths: [[UInt32]] = []
          var listensToViewModel = false
          if UInt32(type) == TypeKey.stateMachineListenerSingle {
            if stream.uint(child, Slot.stateMachineListenerSingleListenerTypeValue) == 11 {
              listensToViewModel = true
              paths.append(path(child, Slot.stateMachineListenerSingleViewModelPathIds))
            }
          }
          for partPosition in shared.graph.childPositions(child) {
            let part = shared.graph.child(at: partPosition)
            guard let partType = self.type(part),
              table.isA(partType, UInt16(TypeKey.listenerInputType))
            else { continue }
            if stream.uint(part, Slot.listenerInputTypeListenerTypeValue) == 11 {
              listensToViewModel = true
            }
            if UInt32(partType) == TypeKey.listenerInputTypeViewModel {
              paths.append(path(part, Slot.listenerInputTypeViewModelViewModelPathIds))
            }
          }
          if listensToViewModel {
            if UInt32(type) != TypeKey.stateMachineListenerSingle {
              paths = paths.filter { !$0.isEmpty }
            }
            listeners.append((listenerIndex, paths))
          }
        }
        if !listeners.isEmpty {
          if machineListeners.isEmpty {
            machineListeners = Array(repeating: [], count: machineCount)
          }
          machineListeners[machineIndex] = listeners
        }
      }
      var listRules: [Int: [Int: Int]] = [:]
      for id in artboard.types.indices
      where isA(artboard.records[id], TypeKey.artboardComponentList) {
        var rules: [Int: Int] = [:]
        for child in artboard.children.ints(id)
        where isA(artboard.records[child], TypeKey.artboardListMapRule) {
          let record = artboard.records[child]
          rules[Int(stream.uint(record, Slot.artboardListMapRuleViewModelId))] = Int(
            stream.uint(record, Slot.artboardListMapRuleArtboardId))
        }
        listRules[id] = rules
      }
      var embedded: [ArtboardBindings.EmbeddedInstance] = []
      var embeddedValues: [Int: (instance: Int, propertyID: Int)] = [:]
      var embeddedOrdinal: [Int: Int] = [:]
      for id in artboard.types.indices where UInt32(artboard.types[id]) == TypeKey.viewModelInstance
      {
        guard let modelInstance = instanceOfRecord[artboard.records[id]] else { continue }
        let parent = artboard.parents[id]
        let host = parent >= 0 && artboard.nestedHostIndex[parent] != nil ? parent : -1
        embeddedOrdinal[id] = embedded.count
        embedded.append(.init(component: id, modelInstance: modelInstance, host: host))
      }
      if !embedded.isEmpty {
        for id in artboard.types.indices
        where isA(artboard.records[id], TypeKey.viewModelInstanceValue) {
          guard artboard.parents[id] >= 0, let ordinal = embeddedOrdinal[artboard.parents[id]]
          else { continue }
          let record = artboard.records[id]
          embeddedValues[id] = (
            ordinal, Int(stream.uint(record, Slot.viewModelInstanceValueViewModelPropertyId))
          )
        }
      }
      return ArtboardBindings(
        viewModel: Int(viewModelID) < viewModelCount ? Int(viewModelID) : nil,
        binds: consume binds, nestedPaths: consume nestedPaths,
        machineBinds: consume machineBinds, machineListeners: consume machineListeners,
        listRules: consume listRules, embeddedInstances: consume embedded,
        embeddedValues: consume embeddedValues)
    }
  }

  /// Every bindable property, built in record order (so the map only appends).
  func bindables() -> RecordMap<BindableDefinition> {
    var result = RecordMap<BindableDefinition>(capacity: shared.graph.bindableRecords.count)
    for record in shared.graph.bindableRecords {
      guard let type = type(record) else { continue }
      let kind: BindableDefinition.Kind
      var bits: UInt32 = 0
      var text = ""
      switch UInt32(type) {
      case TypeKey.bindablePropertyNumber:
        kind = .number
        bits = stream.uint(record, Slot.bindablePropertyNumberPropertyValue)
      case TypeKey.bindablePropertyString:
        kind = .string
        text = stream.string(record, Slot.bindablePropertyStringPropertyValue)
      case TypeKey.bindablePropertyBoolean:
        kind = .boolean
        bits = stream.uint(record, Slot.bindablePropertyBooleanPropertyValue)
      case TypeKey.bindablePropertyColor:
        kind = .color
        bits = stream.uint(record, Slot.bindablePropertyColorPropertyValue)
      case TypeKey.bindablePropertyEnum:
        kind = .enumeration
        bits = stream.uint(record, Slot.bindablePropertyEnumPropertyValue)
      case TypeKey.bindablePropertyInteger:
        kind = .integer
        bits = stream.uint(record, Slot.bindablePropertyIntegerPropertyValue)
      case TypeKey.bindablePropertyTrigger:
        kind = .trigger
        bits = stream.uint(record, Slot.bindablePropertyIntegerPropertyValue)
      case TypeKey.bindablePropertyAsset:
        kind = .asset
        bits = stream.uint(record, Slot.bindablePropertyIdPropertyValue)
      case TypeKey.bindablePropertyArtboard:
        kind = .artboard
        bits = stream.uint(record, Slot.bindablePropertyIdPropertyValue)
      case TypeKey.bindablePropertyViewModel:
        kind = .viewModel
        bits = stream.uint(record, Slot.bindablePropertyIdPropertyValue)
      case TypeKey.bindablePropertyList:
        kind = .list
        bits = stream.uint(record, Slot.bindablePropertyListPropertyValue)
      default:
        continue
      }
      result.append(BindableDefinition(kind: kind, type: type, bits: bits, text: text), for: record)
    }
    return result
  }

  func machineTargetTypes() -> [Int: UInt16] {
    // Sized first: a dictionary that grows rehashes everything it holds.
    var result = [Int: UInt16](
      minimumCapacity: shared.graph.stateMachineDataBinds.values.reduce(0) { $0 + $1.count })
    for binds in shared.graph.stateMachineDataBinds.values {
      for bind in binds {
        if let target = shared.graph.dataBindTargets[bind], let type = type(target) {
          result[target] = type
        }
      }
    }
    return result
  }

  // MARK: - Conditions

  /// Every view-model condition, built in record order (so the map only appends).
  func conditions(bindables: RecordMap<BindableDefinition>) -> RecordMap<ConditionDefinition> {
    var result = RecordMap<ConditionDefinition>(
      capacity: shared.graph.viewModelConditionRecords.count)
    for record in shared.graph.viewModelConditionRecords {
      // The first and the last comparator (a third replaces the second, as the importer keeps
      // the last one), found without collecting them.
      var left = -1
      var right = -1
      for child in shared.graph.childrenOf(record)
      where child >= 0 && isA(child, TypeKey.transitionComparator) {
        if left < 0 { left = child } else { right = child }
      }
      let op =
        StateMachineModel.Op(
          rawValue: stream.uint(record, Slot.transitionViewModelConditionOpValue))
        ?? .equal
      guard left >= 0, right >= 0 else {
        result.append(
          ConditionDefinition(left: .none, right: .none, shape: .never, op: op, leftBindable: nil),
          for: record)
        continue
      }
      result.append(
        condition(left: left, right: right, op: op, bindables: bindables), for: record)
    }
    return result
  }

  private enum ComparandKind: Equatable {
    case numberDouble, numberFromUint, boolean, string, color, enumeration, trigger, asset
    case artboard, viewModel

    var isNumber: Bool { self == .numberDouble || self == .numberFromUint }
  }

  /// What a comparator compares as, or nil when it can match nothing.
  private func kind(_ record: Int, isLeft: Bool, bindables: RecordMap<BindableDefinition>)
    -> ComparandKind?
  {
    let type = UInt32(self.type(record) ?? 0)
    switch type {
    case TypeKey.transitionPropertyArtboardComparator:
      return isLeft ? .numberDouble : nil
    case TypeKey.transitionPropertyComponentComparator:
      let key = UInt64(stream.uint(record, Slot.transitionPropertyComponentComparatorPropertyKey))
      switch FieldType.schema(key) {
      case .float32: return .numberDouble
      case .bool: return .boolean
      case .bytes: return .string
      case .color: return .color
      case .varUInt:
        switch UInt16(truncatingIfNeeded: key) {
        case PropertyKey.customPropertyEnumPropertyValue,
          PropertyKey.viewModelInstanceEnumPropertyValue:
          return .enumeration
        case PropertyKey.customPropertyTriggerPropertyValue,
          PropertyKey.viewModelInstanceTriggerPropertyValue:
          return .trigger
        case PropertyKey.viewModelInstanceAssetPropertyValue: return .asset
        case PropertyKey.viewModelInstanceArtboardPropertyValue: return .artboard
        case PropertyKey.viewModelInstanceViewModelPropertyValue: return .viewModel
        default: return .numberFromUint
        }
      case nil: return nil
      }
    case TypeKey.transitionPropertyViewModelComparator:
      guard let bindable = shared.graph.bindableOf[record], let definition = bindables[bindable]
      else {
        return nil
      }
      switch definition.kind {
      case .number: return .numberDouble
      case .integer: return .numberFromUint
      case .boolean: return .boolean
      case .string: return .string
      case .color: return .color
      case .enumeration: return .enumeration
      case .trigger: return .trigger
      case .asset: return .asset
      case .artboard: return .artboard
      case .viewModel: return .viewModel
      case .list: return nil
      }
    default:
      guard !isLeft else { return nil }
      switch type {
      case TypeKey.transitionValueNumberComparator: return .numberDouble
      case TypeKey.transitionValueBooleanComparator: return .boolean
      case TypeKey.transitionValueStringComparator: return .string
      case TypeKey.transitionValueColorComparator: return .color
      case TypeKey.transitionValueEnumComparator: return .enumeration
      case TypeKey.transitionValueAssetComparator: return .asset
      case TypeKey.transitionValueArtboardComparator: return .artboard
      case TypeKey.transitionValueTriggerComparator: return .trigger
      default: return nil
      }
    }
  }

  private func comparand(_ record: Int) -> ConditionDefinition.Comparand {
    switch UInt32(type(record) ?? 0) {
    case TypeKey.transitionPropertyViewModelComparator:
      guard let bindable = shared.graph.bindableOf[record] else { return .none }
      return .bindable(record: bindable)
    case TypeKey.transitionPropertyArtboardComparator:
      return .artboardProperty(
        stream.uint(record, Slot.transitionPropertyArtboardComparatorPropertyType))
    case TypeKey.transitionPropertyComponentComparator:
      return .component(
        objectID: Int(stream.uint(record, Slot.transitionPropertyComponentComparatorObjectId)),
        propertyKey: UInt16(
          truncatingIfNeeded: stream.uint(
            record, Slot.transitionPropertyComponentComparatorPropertyKey)))
    case TypeKey.transitionValueNumberComparator:
      return .number(stream.float(record, Slot.transitionValueNumberComparatorValue))
    case TypeKey.transitionValueBooleanComparator:
      return .boolean(stream.bool(record, Slot.transitionValueBooleanComparatorValue))
    case TypeKey.transitionValueStringComparator:
      return .string(stream.string(record, Slot.transitionValueStringComparatorValue))
    case TypeKey.transitionValueColorComparator:
      return .color(stream.uint(record, Slot.transitionValueColorComparatorValue))
    case TypeKey.transitionValueEnumComparator, TypeKey.transitionValueAssetComparator,
      TypeKey.transitionValueArtboardComparator:
      return .uint(stream.uint(record, Slot.transitionValueIdComparatorValue))
    case TypeKey.transitionValueTriggerComparator:
      return .uint(stream.uint(record, Slot.transitionValueTriggerComparatorValue))
    default:
      return .none
    }
  }

  private func condition(
    left: Int, right: Int, op: StateMachineModel.Op, bindables: RecordMap<BindableDefinition>
  ) -> ConditionDefinition {
    let leftType = UInt32(type(left) ?? 0)
    let rightType = UInt32(type(right) ?? 0)
    let leftBindable =
      leftType == TypeKey.transitionPropertyViewModelComparator
      ? shared.graph.bindableOf[left] : nil
    func make(_ shape: ConditionDefinition.Shape) -> ConditionDefinition {
      ConditionDefinition(
        left: comparand(left), right: comparand(right), shape: shape, op: op,
        leftBindable: leftBindable)
    }
    if rightType == TypeKey.transitionSelfComparator {
      if let leftBindable { return make(.selfChange(record: leftBindable)) }
      return make(.never)
    }
    if let leftBindable, rightType == TypeKey.transitionValueTriggerComparator,
      bindables[leftBindable]?.kind == .trigger
    {
      return make(.selfChange(record: leftBindable))
    }
    guard let lk = kind(left, isLeft: true, bindables: bindables),
      let rk = kind(right, isLeft: false, bindables: bindables),
      (lk.isNumber && rk.isNumber) || lk == rk
    else { return make(.never) }
    if lk.isNumber && rk.isNumber {
      return make(lk == .numberFromUint && rk == .numberFromUint ? .uint32 : .number)
    }
    switch lk {
    case .boolean: return make(.boolean)
    case .string: return make(.string)
    case .color: return make(.color)
    case .enumeration: return make(.enumeration)
    case .trigger, .asset, .artboard: return make(.uint32)
    case .viewModel: return make(.viewModel)
    default: return make(.never)
    }
  }
}

/// Reads the manifest's sections.
struct ManifestReader {
  /// The names and paths sections of a manifest asset's contents; a cut or malformed section
  /// ends the reading with what came before it.
  static func sections(_ bytes: ArraySlice<UInt8>)
    -> (names: [UInt32: String], paths: [UInt32: [UInt32]])
  {
    var names: [UInt32: String] = [:]
    var paths: [UInt32: [UInt32]] = [:]
    var reader = ManifestReader(bytes: bytes)
    while !reader.isAtEnd {
      guard let section = reader.varuint(), let size = reader.varuint() else { break }
      let start = reader.position
      if section == 0 {
        guard let count = reader.varuint() else { break }
        for _ in 0..<min(count, 1 << 20) {
          guard let id = reader.varuint(), let name = reader.string() else { break }
          names[UInt32(truncatingIfNeeded: id)] = name
        }
      } else if section == 1 {
        guard let count = reader.varuint() else { break }
        for _ in 0..<min(count, 1 << 20) {
          guard let id = reader.varuint(), let length = reader.varuint() else { break }
          var path: [UInt32] = []
          for _ in 0..<min(length, UInt64(ViewModelStore.maximumPathLength)) {
            guard let part = reader.varuint() else { break }
            path.append(UInt32(truncatingIfNeeded: part))
          }
          paths[UInt32(truncatingIfNeeded: id)] = path
        }
      } else {
        reader.skip(Int(min(size, UInt64(Int32.max))))
        continue
      }
      if reader.position - start != Int(min(size, UInt64(Int32.max))) { break }
    }
    return (names, paths)
  }

  let bytes: ArraySlice<UInt8>
  var position: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  var isAtEnd: Bool { position >= bytes.endIndex }

  /// The next varuint (``VarUInt``), or nil when it is cut or malformed.
  mutating func varuint() -> UInt64? {
    var offset = position - bytes.startIndex
    let value = bytes.withUnsafeBytes { buffer in
      try? VarUInt.decode(buffer, at: &offset, "manifest value")
    }
    position = bytes.startIndex + offset
    return value
  }

  mutating func string() -> String? {
    guard let length = varuint(), length <= UInt64(bytes.endIndex - position) else { return nil }
    let end = position + Int(length)
    let text = String(decoding: bytes[position..<end], as: UTF8.self)
    position = end
    return text
  }

  mutating func skip(_ count: Int) {
    position = min(bytes.endIndex, position + max(0, count))
  }
}
