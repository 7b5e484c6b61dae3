@_spi(RiveFormatInternals) import RiveFormat

extension ViewModelStore {
  static let displayValueKey: UInt16 = 596

  // MARK: - Source values

  /// The current value of a view-model value, as a data value.
  func dataValue(of value: Int32) -> DataValue {
    guard value >= 0, Int(value) < values.count else { return .none }
    let state = values[Int(value)]
    switch state.kind {
    case .number: return .number(Float(bitPattern: state.bits))
    case .string: return .string(state.text)
    case .boolean: return .boolean(state.bits != 0)
    case .color: return .color(state.bits)
    case .enumeration: return .enumeration(state.bits, enumIndex: enumIndex(ofValue: value))
    case .trigger: return .trigger(state.bits)
    case .list: return .list(state.items)
    case .symbolListIndex: return .symbolListIndex(state.bits)
    case .assetImage: return .assetImage(state.bits)
    case .assetFont: return .assetFont(state.bits)
    case .assetBlob: return .assetBlob(state.bits)
    case .artboard: return .artboard(state.bits)
    case .viewModel: return .viewModel(referencedInstance(value))
    case .unknown: return .none
    }
  }

  /// The enum (index in the model) an enum value's property uses, or -1.
  func enumIndex(ofValue value: Int32) -> Int {
    let state = values[Int(value)]
    let viewModel = self.viewModel(of: state.instance)
    guard viewModel >= 0 else { return -1 }
    let properties = model.viewModels[viewModel].properties
    guard state.propertyID >= 0, Int(state.propertyID) < properties.count else { return -1 }
    return properties[Int(state.propertyID)].reference
  }

  /// The type a source value has before conversion.
  func sourceOutputType(_ bind: Int32) -> DataValueType {
    let source = binds[Int(bind)].source
    guard source >= 0 else { return .none }
    return DataValueType(kind: values[Int(source)].kind)
  }

  /// The type a bind's value has after conversion.
  func outputType(_ bind: Int32) -> DataValueType {
    let converter = binds[Int(bind)].converter
    if converter >= 0 {
      let type = converterOutputType(converter)
      if type != .input && type != .none { return type }
    }
    return sourceOutputType(bind)
  }

  // MARK: - Source to target

  /// Applies a bind's source value (converted) to its target.
  mutating func applySourceToTarget(_ bind: Int32, artboard: inout ArtboardInstance) {
    let state = binds[Int(bind)]
    guard state.source >= 0, state.hasContextValue, state.toTarget else { return }
    binds[Int(bind)].suppressesDirt = true
    let isMain = !state.isMainToSource
    let input = dataValue(of: state.source)
    switch state.outputType {
    case .assetImage, .assetFont, .assetBlob, .artboard, .viewModel:
      // Assets, artboards and view models go to the target as they are.
      writeTarget(bind, input, artboard: &artboard)
    case .list:
      let converted = convert(state.converter, input, forward: isMain, bind: bind)
      if case .list(let items) = converted, case .component(let id) = state.target,
        state.propertyKey == PropertyKey.artboardComponentListListSource,
        artboard.model.isA(Int(id), TypeKey.artboardComponentList)
      {
        updateComponentList(
          Int(id), items: items, fromNumber: values[Int(state.source)].kind == .number,
          artboard: &artboard)
      } else if case .list(let items) = converted, case .component(let id) = state.target,
        state.propertyKey == PropertyKey.listPathListSource,
        artboard.model.isA(Int(id), TypeKey.listPath)
      {
        updateListPath(Int(id), items: items, artboard: &artboard)
      }
    case .any, .none, .input:
      _ = convert(state.converter, input, forward: isMain, bind: bind)
    default:
      let converted = convert(state.converter, input, forward: isMain, bind: bind)
      writeTarget(bind, typed(converted, as: state.outputType), artboard: &artboard)
    }
    if state.toSource {
      _ = syncTargetCache(bind, artboard: artboard)
    }
    binds[Int(bind)].suppressesDirt = false
    drainTargetChanges(artboard: &artboard)
  }

  /// The value a context value of `type` takes from a converted value: the value when it has
  /// that type, else the type's default.
  func typed(_ value: DataValue, as type: DataValueType) -> DataValue {
    switch type {
    case .number:
      if case .number = value { return value }
      return .number(0)
    case .string:
      if case .string = value { return value }
      return .string("")
    case .boolean:
      if case .boolean = value { return value }
      return .boolean(false)
    case .color:
      if case .color = value { return value }
      return .color(0)
    case .enumeration:
      if case .enumeration = value { return value }
      return .enumeration(0, enumIndex: -1)
    case .trigger:
      if case .trigger = value { return value }
      return .trigger(0)
    case .symbolListIndex:
      if case .symbolListIndex = value { return value }
      return .symbolListIndex(0)
    default:
      return value
    }
  }

  /// Writes a value to a bind's target.
  mutating func writeTarget(_ bind: Int32, _ value: DataValue, artboard: inout ArtboardInstance) {
    let state = binds[Int(bind)]
    switch state.target {
    case .component(let id):
      writeComponent(
        Int(id), key: state.propertyKey, value, source: state.source, artboard: &artboard)
      if !artboard.embeddedHandles.isEmpty {
        // An embedded instance's value: its copy in this store is what nested binds read.
        let handle = artboard.embeddedValueHandle(Int(id), in: self)
        if handle >= 0 { _ = applyToSource(handle, value) }
      }
    case .bindable(let index):
      writeBindable(index, key: state.propertyKey, value)
    case .converter(let converter):
      if setConverterProperty(converter, key: state.propertyKey, value) {
        markConverterDirty(converter)
      }
    case .formulaToken(let converter, let token):
      if setFormulaToken(converter, token: token, value) { markConverterDirty(converter) }
    case .none:
      break
    }
  }

  private mutating func writeComponent(
    _ id: Int, key: UInt16, _ value: DataValue, source: Int32, artboard: inout ArtboardInstance
  ) {
    if ColorMath.channelShift(key) != nil, let host = artboard.colorValueSlot(of: id) {
      // A colour channel is a view of its host's colour value (solid colours, gradient stops).
      let channel: UInt32
      switch value {
      case .number(let number): channel = UInt32(clamping: number.rounded().saturatingInt)
      case .integer(let bits), .color(let bits): channel = bits
      default: return
      }
      artboard.set(id, offset: host.offset, key: key, bits: channel)
      return
    }
    guard let type = artboard.typeKey(of: id),
      let offset = TypeTable.shared.slotOffset(type: type, key: key)
    else { return }
    let kind = TypeTable.shared.slotKind(type: type, offset: offset)
    let isSolo = key == PropertyKey.soloActiveComponentId && artboard.model.isA(id, TypeKey.solo)
    switch value {
    case .number(let number):
      switch kind {
      case .float:
        artboard.setFloat(id, offset: offset, key: key, number)
      case .uint:
        if isSolo {
          artboard.setSoloActiveChild(id, index: number.rounded().saturatingInt)
        } else {
          artboard.set(
            id, offset: offset, key: key, bits: UInt32(clamping: number.rounded().saturatingInt))
        }
      case .int:
        artboard.set(
          id, offset: offset, key: key,
          bits: UInt32(bitPattern: Int32(clamping: number.rounded().saturatingInt)))
      default:
        break
      }
    case .string(let text):
      if kind == .uint {
        if isSolo { artboard.setSoloActiveChild(id, named: text) }
      } else if kind == .string {
        artboard.setString(id, offset: offset, key: key, text)
      }
    case .boolean(let flag):
      if kind == .bool || kind == .uint {
        artboard.set(id, offset: offset, key: key, bits: flag ? 1 : 0)
      }
    case .color(let color):
      if kind == .color || kind == .uint {
        artboard.set(id, offset: offset, key: key, bits: color)
      }
    case .enumeration(let index, let enumIndex):
      if isSolo {
        artboard.setSoloActiveChild(id, named: model.enumValueName(enumIndex, index))
      } else if kind == .uint || kind == .int {
        artboard.set(id, offset: offset, key: key, bits: index)
      }
    case .trigger(let count):
      if kind == .uint { artboard.set(id, offset: offset, key: key, bits: count) }
    case .symbolListIndex(let index):
      if kind == .float {
        artboard.setFloat(id, offset: offset, key: key, Float(index))
      } else if kind == .uint || kind == .int {
        artboard.set(id, offset: offset, key: key, bits: index)
      }
    case .artboard(let index)
    where key == PropertyKey.nestedArtboardArtboardId
      && artboard.model.isA(id, TypeKey.nestedArtboard):
      swapNestedArtboard(host: id, artboardIndex: index, artboard: &artboard)
    case .assetImage(let asset), .assetFont(let asset), .assetBlob(let asset),
      .artboard(let asset):
      if kind == .uint { artboard.set(id, offset: offset, key: key, bits: asset) }
    case .integer(let number):
      if kind == .uint || kind == .int { artboard.set(id, offset: offset, key: key, bits: number) }
    case .viewModel, .list, .none:
      break
    }
  }

  private mutating func writeBindable(_ index: Int32, key: UInt16, _ value: DataValue) {
    guard index >= 0, Int(index) < bindables.count else { return }
    let slot = Int(index)
    switch value {
    case .number(let number):
      if bindables[slot].kind == .integer || bindables[slot].kind == .trigger {
        bindables[slot].bits = UInt32(clamping: number.rounded().saturatingInt)
      } else {
        bindables[slot].bits = number.bitPattern
      }
    case .string(let text):
      bindables[slot].text = text
    case .boolean(let flag):
      bindables[slot].bits = flag ? 1 : 0
    case .color(let color):
      bindables[slot].bits = color
    case .enumeration(let number, _), .trigger(let number), .integer(let number),
      .symbolListIndex(let number), .assetImage(let number), .assetFont(let number),
      .assetBlob(let number), .artboard(let number):
      bindables[slot].bits = number
    case .viewModel(let instance):
      bindables[slot].instance = instance
      bindables[slot].bits = instance < 0 ? UInt32.max : UInt32(instance)
    case .list, .none:
      break
    }
  }

  // MARK: - Target to source

  /// Applies a bind's target value (converted) to its source, when the target changed or the
  /// bind was invalidated.
  mutating func updateSourceBinding(
    _ bind: Int32, invalidate: Bool, artboard: inout ArtboardInstance
  ) {
    let state = binds[Int(bind)]
    guard state.toSource, state.target != .none, state.hasContextValue, state.source >= 0 else {
      return
    }
    if invalidate { binds[Int(bind)].isValid = false }
    let changed = syncTargetCache(bind, artboard: artboard)
    guard changed || !binds[Int(bind)].isValid else { return }
    let converted = convert(
      state.converter, binds[Int(bind)].targetCache, forward: state.isMainToSource, bind: bind)
    binds[Int(bind)].suppressesDirt = true
    if applyToSource(state.source, converted) {
      binds[Int(bind)].isValid = true
    }
    binds[Int(bind)].suppressesDirt = false
  }

  /// Writes a converted target value to a source value when its type fits the source's kind;
  /// returns whether it fitted.
  private mutating func applyToSource(_ source: Int32, _ value: DataValue) -> Bool {
    switch values[Int(source)].kind {
    case .number:
      guard case .number(let number) = value else { return false }
      setBits(source, number.bitPattern)
    case .string:
      guard case .string(let text) = value else { return false }
      setText(source, text)
    case .color:
      guard case .color(let color) = value else { return false }
      setBits(source, color)
    case .boolean:
      guard case .boolean(let flag) = value else { return false }
      setBits(source, flag ? 1 : 0)
    case .enumeration, .trigger, .symbolListIndex, .assetImage, .assetFont, .assetBlob,
      .artboard:
      guard let number = value.integerValue else { return false }
      setBits(source, number)
    case .viewModel:
      guard case .viewModel(let instance) = value else { return false }
      setBits(source, instance < 0 ? UInt32.max : UInt32(instance))
    case .list, .unknown:
      return false
    }
    return true
  }

  /// Reads a bind's target into its cache; true when the value differs from the cache.
  mutating func syncTargetCache(_ bind: Int32, artboard: ArtboardInstance) -> Bool {
    let current = readTarget(bind, artboard: artboard)
    if !binds[Int(bind)].targetCacheInitialized {
      binds[Int(bind)].targetCacheInitialized = true
      binds[Int(bind)].targetCache = initialTargetCache(bind)
    }
    if binds[Int(bind)].targetCache == current { return false }
    binds[Int(bind)].targetCache = current
    return true
  }

  /// The empty target cache the official runtime makes for a bind's target field.
  private func initialTargetCache(_ bind: Int32) -> DataValue {
    let key = binds[Int(bind)].propertyKey
    switch FieldType.schema(UInt64(key)) {
    case .float32: return .number(0)
    case .color: return .color(0)
    case .bool: return .boolean(false)
    case .bytes: return .string("")
    case .varUInt:
      if key == PropertyKey.soloActiveComponentId {
        switch sourceOutputType(bind) {
        case .string: return .string("")
        case .number: return .number(0)
        default: return .integer(0)
        }
      }
      return sourceOutputType(bind) == .number ? .number(0) : .integer(0)
    case nil: return .none
    }
  }

  /// The current value of a bind's target, typed as its cache.
  func readTarget(_ bind: Int32, artboard: ArtboardInstance) -> DataValue {
    let state = binds[Int(bind)]
    let key = state.propertyKey
    let wantsNumber = sourceOutputType(bind) == .number
    switch state.target {
    case .component(let id):
      let id = Int(id)
      if !artboard.embeddedHandles.isEmpty {
        let handle = artboard.embeddedValueHandle(id, in: self)
        if handle >= 0 { return dataValue(of: handle) }
      }
      if let computed = artboard.computedValue(id, key: key, imageSizes: model.imageSizes) {
        return .number(computed)
      }
      if let shift = ColorMath.channelShift(key), let host = artboard.colorValueSlot(of: id) {
        let channel = (artboard.uint(id, host.offset) >> shift) & 0xFF
        return wantsNumber ? .number(Float(channel)) : .integer(channel)
      }
      guard let type = artboard.typeKey(of: id),
        let offset = TypeTable.shared.slotOffset(type: type, key: key)
      else { return .none }
      if key == PropertyKey.soloActiveComponentId && artboard.model.isA(id, TypeKey.solo) {
        let active = artboard.soloActiveChild(id)
        switch sourceOutputType(bind) {
        case .string: return .string(active.name)
        case .number: return .number(Float(active.index))
        case .enumeration:
          let source = state.source
          let enumIndex = source >= 0 ? self.enumIndex(ofValue: source) : -1
          let index = model.enumValueIndex(enumIndex, named: active.name).map { Int32($0) } ?? -1
          return .integer(UInt32(bitPattern: index))
        default: return .integer(UInt32(bitPattern: Int32(active.index)))
        }
      }
      let bits = artboard.uint(id, offset)
      switch TypeTable.shared.slotKind(type: type, offset: offset) {
      case .float: return .number(Float(bitPattern: bits))
      case .uint: return wantsNumber ? .number(Float(bits)) : .integer(bits)
      case .int:
        return wantsNumber ? .number(Float(Int32(bitPattern: bits))) : .integer(bits)
      case .color: return .color(bits)
      case .bool: return .boolean(bits != 0)
      case .string:
        return .string(Int(bits) < artboard.strings.count ? artboard.strings[Int(bits)] : "")
      case .bytes: return .none
      }
    case .bindable(let index):
      guard index >= 0, Int(index) < bindables.count else { return .none }
      let bindable = bindables[Int(index)]
      switch bindable.kind {
      case .number: return .number(Float(bitPattern: bindable.bits))
      case .string: return .string(bindable.text)
      case .boolean: return .boolean(bindable.bits != 0)
      case .color: return .color(bindable.bits)
      case .viewModel: return .viewModel(bindable.instance)
      default: return wantsNumber ? .number(Float(bindable.bits)) : .integer(bindable.bits)
      }
    case .converter, .formulaToken, .none:
      return .none
    }
  }
}
