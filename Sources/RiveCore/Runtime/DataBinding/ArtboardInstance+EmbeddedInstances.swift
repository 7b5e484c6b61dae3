@_spi(RiveFormatInternals) import RiveFormat

/// View-model instances stored among an artboard's components: the instance a nested artboard
/// binds its artboard to (a stateful component's properties) and the global instances it
/// passes down. Each artboard instance has its own copies in the store; keyframes and binds
/// that write the instances' values write those copies, so the nested artboard's binds see
/// them, as the official runtime's nested artboard binds its child instance.
extension ArtboardInstance {
  /// The store value that embedded value component `id` stands for, or -1.
  func embeddedValueHandle(_ id: Int, in store: ViewModelStore) -> Int32 {
    guard !embeddedHandles.isEmpty,
      let entry = store.model.artboards[model.index].embeddedValues[id],
      entry.instance < embeddedHandles.count
    else { return -1 }
    return store.valueIndex(embeddedHandles[entry.instance], property: entry.propertyID)
  }

  /// Copies a change of an embedded value component (a keyframe's) into its store value.
  mutating func forwardEmbeddedValue(_ id: Int, key: UInt16) {
    guard storeBox.hasValue else { return }
    // Its box lent out while this artboard is read, the store changed in place.
    var store = lendStore()
    store.withValue { store in
      let handle = embeddedValueHandle(id, in: store)
      if handle >= 0, let current = value(of: id, property: key) {
        store.setEmbeddedValue(handle, current)
      }
    }
    returnStore(store)
  }

  /// The end of a frame for the instances nested artboards bind to (their triggers return to
  /// 0, their change flags clear), as the official nested artboard's reset.
  mutating func resetEmbeddedInstances() {
    // Asked with the handles, not the instance: passing `self` from here copied all of it.
    let handles = embeddedHandles
    let model = model
    storeBox.withValue { store in
      for host in model.nestedHosts {
        let main = store.embeddedContext(
          artboardIndex: model.index, handles: handles, host: host.id, collectsGlobals: false
        ).main
        if main >= 0 { store.advanced(instance: main) }
      }
    }
  }

  /// A keyframe fired an embedded trigger: its count goes up by one.
  mutating func fireEmbeddedTrigger(_ id: Int) {
    guard
      let offset = TypeTable.shared.slotOffset(
        type: model.types[id], key: PropertyKey.viewModelInstanceTriggerPropertyValue)
    else { return }
    var count = uint(id, offset) &+ 1
    if storeBox.hasValue {
      // The store's copy is the trigger (it returns to 0 each frame; the slot does not).
      var store = lendStore()
      store.withValue { store in
        let handle = embeddedValueHandle(id, in: store)
        if handle >= 0 {
          count = store.values[Int(handle)].bits &+ 1
          store.setBits(handle, count)
        }
      }
      returnStore(store)
    }
    set(id, offset: offset, key: PropertyKey.viewModelInstanceTriggerPropertyValue, bits: count)
  }
}

extension ViewModelStore {
  /// Makes an artboard instance's copies of its embedded view-model instances (once).
  mutating func makeEmbeddedInstances(_ artboard: inout ArtboardInstance) {
    let embedded = model.artboards[artboard.model.index].embeddedInstances
    guard !embedded.isEmpty, artboard.embeddedHandles.isEmpty else { return }
    artboard.embeddedHandles = embedded.map { entry in
      // An instance of a view model the file does not have (a damaged file) stays unmade.
      let viewModel = model.instances[entry.modelInstance].viewModel
      guard viewModel >= 0, viewModel < model.viewModels.count else { return -1 }
      var copies: [Int: Int32] = [:]
      return copyInstance(entry.modelInstance, copies: &copies)
    }
  }

  /// The embedded instances of nested artboard component `host`: the first standard one (the
  /// instance the nested artboard binds to) and the global ones (searched after it).
  func embeddedContext(_ artboard: ArtboardInstance, host: Int) -> (
    main: Int32, globals: [Int32]
  ) {
    embeddedContext(
      artboardIndex: artboard.model.index, handles: artboard.embeddedHandles, host: host,
      collectsGlobals: true)
  }

  /// ``embeddedContext(_:host:)`` of the artboard at `artboardIndex` in the file, whose
  /// embedded instances' handles are `handles`; without `collectsGlobals`, only the first
  /// standard one is looked for (the globals come back empty).
  func embeddedContext(
    artboardIndex: Int, handles: [Int32], host: Int, collectsGlobals: Bool
  ) -> (main: Int32, globals: [Int32]) {
    let embedded = model.artboards[artboardIndex].embeddedInstances
    var main: Int32 = -1
    var globals: [Int32] = []
    for (position, entry) in embedded.enumerated()
    where entry.host == host && position < handles.count {
      let handle = handles[position]
      let viewModel = self.viewModel(of: handle)
      guard viewModel >= 0 else { continue }
      if model.viewModels[viewModel].type == 2 {
        if collectsGlobals { globals.append(handle) }
      } else if main < 0 {
        main = handle
        if !collectsGlobals { break }
      }
    }
    return (main, globals)
  }

  /// Writes a property value (an embedded value component's) into a store value of a fitting
  /// kind.
  mutating func setEmbeddedValue(_ handle: Int32, _ value: PropertyValue) {
    guard handle >= 0, Int(handle) < values.count else { return }
    switch (values[Int(handle)].kind, value) {
    case (.number, .number(let number)):
      setBits(handle, number.bitPattern)
    case (.string, .string(let text)):
      setText(handle, text)
    case (.list, _), (.viewModel, _), (.unknown, _):
      break
    case (_, .uint(let bits)), (_, .color(let bits)):
      setBits(handle, bits)
    case (_, .bool(let flag)):
      setBits(handle, flag ? 1 : 0)
    case (_, .int(let number)):
      setBits(handle, UInt32(bitPattern: number))
    default:
      break
    }
  }
}
