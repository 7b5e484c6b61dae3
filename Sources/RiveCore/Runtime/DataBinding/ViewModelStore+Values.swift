import RiveFormat

/// A view-model instance in a ``ViewModelStore``.
public struct ViewModelInstanceHandle: Hashable, Sendable {
  /// The instance's index in its store.
  public let index: Int32
}

/// One property value of a view-model instance in a ``ViewModelStore``.
public struct ViewModelValueHandle: Hashable, Sendable {
  /// The value's index in its store.
  public let index: Int32
}

/// The value of a view-model property.
public enum ViewModelValue: Sendable, Equatable {
  case number(Float)
  case string(String)
  case boolean(Bool)
  /// A colour as 0xAARRGGBB.
  case color(UInt32)
  /// An enum value: its index in the enum.
  case enumeration(UInt32)
  /// A trigger: how many times it fired this frame (triggers return to 0 at the end of each
  /// frame).
  case trigger(UInt32)
  /// The instances of a list, in order.
  case list([ViewModelInstanceHandle])
  /// The instance a view-model property references, or nil.
  case viewModel(ViewModelInstanceHandle?)
  /// An image, font or blob asset: its index in the file's asset list (`UInt32.max` for none).
  case asset(UInt32)
  /// An artboard: its index in the file (`UInt32.max` for none).
  case artboard(UInt32)
  /// A list item's index.
  case listIndex(UInt32)
}

extension ViewModelStore {
  /// The instance the artboard is bound to, if any.
  public var root: ViewModelInstanceHandle? {
    rootInstance >= 0 ? ViewModelInstanceHandle(index: rootInstance) : nil
  }

  /// The name of an instance's view model.
  public func viewModelName(of instance: ViewModelInstanceHandle) -> String? {
    let viewModel = self.viewModel(of: instance.index)
    return viewModel >= 0 ? model.viewModels[viewModel].name : nil
  }

  /// The property names of an instance's view model, in property order.
  public func propertyNames(of instance: ViewModelInstanceHandle) -> [String] {
    let viewModel = self.viewModel(of: instance.index)
    return viewModel >= 0 ? model.viewModels[viewModel].properties.map(\.name) : []
  }

  /// The value a slash-separated path of property names leads to ("card/title"), from
  /// `instance` (the root instance when nil).
  public func handle(at path: String, from instance: ViewModelInstanceHandle? = nil)
    -> ViewModelValueHandle?
  {
    let start = instance?.index ?? rootInstance
    let names = path.split(separator: "/")
    let value = resolveValue(names: names, from: start)
    return value >= 0 ? ViewModelValueHandle(index: value) : nil
  }

  /// The kind of a value.
  public func kind(of handle: ViewModelValueHandle) -> ViewModelValueKind {
    guard handle.index >= 0, Int(handle.index) < values.count else { return .unknown }
    return values[Int(handle.index)].kind
  }

  /// The name of an instance: the name of the authored instance it is a copy of (nested
  /// instances are copies too, and keep it, as in the official runtime), or `""` for a fresh
  /// instance.
  public func name(of instance: ViewModelInstanceHandle) -> String {
    guard instance.index >= 0, Int(instance.index) < instances.count else { return "" }
    let source = Int(instances[Int(instance.index)].source)
    return source >= 0 && source < model.instances.count ? model.instances[source].name : ""
  }

  /// The property name of a value.
  public func name(of handle: ViewModelValueHandle) -> String {
    guard handle.index >= 0, Int(handle.index) < values.count else { return "" }
    let state = values[Int(handle.index)]
    let viewModel = self.viewModel(of: state.instance)
    guard viewModel >= 0, state.propertyID >= 0,
      Int(state.propertyID) < model.viewModels[viewModel].properties.count
    else { return "" }
    return model.viewModels[viewModel].properties[Int(state.propertyID)].name
  }

  /// The instance a value belongs to.
  public func instance(of handle: ViewModelValueHandle) -> ViewModelInstanceHandle? {
    guard handle.index >= 0, Int(handle.index) < values.count else { return nil }
    return ViewModelInstanceHandle(index: values[Int(handle.index)].instance)
  }

  /// The current value.
  public func value(of handle: ViewModelValueHandle) -> ViewModelValue? {
    guard handle.index >= 0, Int(handle.index) < values.count else { return nil }
    let state = values[Int(handle.index)]
    switch state.kind {
    case .number: return .number(Float(bitPattern: state.bits))
    case .string: return .string(state.text)
    case .boolean: return .boolean(state.bits != 0)
    case .color: return .color(state.bits)
    case .enumeration: return .enumeration(state.bits)
    case .trigger: return .trigger(state.bits)
    case .list: return .list(state.items.map { ViewModelInstanceHandle(index: $0) })
    case .viewModel:
      let target = referencedInstance(handle.index)
      return .viewModel(target >= 0 ? ViewModelInstanceHandle(index: target) : nil)
    case .assetImage, .assetFont, .assetBlob: return .asset(state.bits)
    case .artboard: return .artboard(state.bits)
    case .symbolListIndex: return .listIndex(state.bits)
    case .unknown: return nil
    }
  }

  /// The current value at a path of property names from the root instance.
  public func value(at path: String) -> ViewModelValue? {
    handle(at: path).flatMap { value(of: $0) }
  }

  /// The name of an enum value's current entry (its value text, else its key).
  public func enumName(of handle: ViewModelValueHandle) -> String? {
    guard kind(of: handle) == .enumeration else { return nil }
    let index = enumIndex(ofValue: handle.index)
    guard index >= 0 else { return nil }
    return model.enumValueName(index, values[Int(handle.index)].bits)
  }

  /// Sets a value; the binds that read it update on the next advance. Returns false when the
  /// value's kind does not match the property's (or the handle is unknown).
  @discardableResult
  public mutating func setValue(_ value: ViewModelValue, for handle: ViewModelValueHandle) -> Bool {
    guard handle.index >= 0, Int(handle.index) < values.count else { return false }
    switch (values[Int(handle.index)].kind, value) {
    case (.number, .number(let number)):
      setBits(handle.index, number.bitPattern)
    case (.string, .string(let text)):
      setText(handle.index, text)
    case (.boolean, .boolean(let flag)):
      setBits(handle.index, flag ? 1 : 0)
    case (.color, .color(let color)):
      setBits(handle.index, color)
    case (.enumeration, .enumeration(let index)):
      let enumIndex = self.enumIndex(ofValue: handle.index)
      if enumIndex >= 0, Int(index) >= model.enums[enumIndex].values.count { return false }
      setBits(handle.index, index)
    case (.trigger, .trigger(let count)):
      setBits(handle.index, count)
    case (.assetImage, .asset(let index)), (.assetFont, .asset(let index)),
      (.assetBlob, .asset(let index)), (.artboard, .artboard(let index)),
      (.symbolListIndex, .listIndex(let index)):
      setBits(handle.index, index)
    case (.list, .list(let items)):
      let valid = items.map(\.index).filter { $0 >= 0 && Int($0) < instances.count }
      setItems(handle.index, valid)
    case (.viewModel, .viewModel(let instance)):
      let target = instance?.index ?? -1
      guard target < Int32(instances.count) else { return false }
      setBits(handle.index, target < 0 ? UInt32.max : UInt32(target))
    default:
      return false
    }
    return true
  }

  /// Sets the value at a path of property names from the root instance.
  @discardableResult
  public mutating func setValue(_ value: ViewModelValue, at path: String) -> Bool {
    guard let handle = handle(at: path) else { return false }
    return setValue(value, for: handle)
  }

  /// Sets an enum value by the name of its entry.
  @discardableResult
  public mutating func setEnum(named name: String, for handle: ViewModelValueHandle) -> Bool {
    guard kind(of: handle) == .enumeration,
      let index = model.enumValueIndex(enumIndex(ofValue: handle.index), named: name)
    else { return false }
    setBits(handle.index, UInt32(index))
    return true
  }

  /// Fires a trigger (its count goes up by one until the frame ends).
  @discardableResult
  public mutating func fireTrigger(_ handle: ViewModelValueHandle) -> Bool {
    guard kind(of: handle) == .trigger else { return false }
    setBits(handle.index, values[Int(handle.index)].bits &+ 1)
    return true
  }

  /// Fires the trigger at a path of property names from the root instance.
  @discardableResult
  public mutating func fireTrigger(at path: String) -> Bool {
    guard let handle = handle(at: path) else { return false }
    return fireTrigger(handle)
  }

  /// The values that changed since the change log was last taken, in the order they first
  /// changed (by an advance, a bind to source, a listener or a caller).
  public var changedValues: [ViewModelValueHandle] {
    changeLog.map { ViewModelValueHandle(index: $0) }
  }

  /// Returns the changed values and starts a new change log.
  public mutating func takeChangedValues() -> [ViewModelValueHandle] {
    let changed = changedValues
    for value in changeLog { values[Int(value)].isLogged = false }
    changeLog.removeAll(keepingCapacity: true)
    return changed
  }

  /// Makes a new instance of the view model named `name`: a copy of its authored instance
  /// named `instanceName` (its first authored instance when nil, or default values when it
  /// has none).
  public mutating func makeInstance(viewModel name: String, instanceName: String? = nil)
    -> ViewModelInstanceHandle?
  {
    guard let viewModel = model.viewModelIndex(named: name) else { return nil }
    let instance: Int32
    if let instanceName {
      guard
        let authored = model.viewModels[viewModel].instances.first(where: {
          model.instances[$0].name == instanceName
        })
      else { return nil }
      var copies: [Int: Int32] = [:]
      instance = copyInstance(authored, copies: &copies)
    } else {
      instance = defaultInstance(of: viewModel)
    }
    return instance >= 0 ? ViewModelInstanceHandle(index: instance) : nil
  }
}

extension ArtboardInstance {
  /// The view models this instance is bound to, or nil when it is not bound.
  public var viewModels: ViewModelStore? { storeBox.value }

  /// Reads or changes the bound view models' values between advances (nil when not bound).
  @discardableResult
  public mutating func withViewModels<Result>(_ body: (inout ViewModelStore) -> Result)
    -> Result?
  {
    // Changed where it lives.
    storeBox.withValue(body)
  }
}
