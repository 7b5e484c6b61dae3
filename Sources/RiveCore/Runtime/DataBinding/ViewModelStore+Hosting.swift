import RiveFormat

/// What a host API needs to keep view-model instances before (and between) binding them: a
/// store of its own, instances made in it, and the store moved into an artboard to bind an
/// instance and back out after each advance.
///
/// The API layer keeps one store per instance it hands out; binding moves that store into the
/// artboard (``ArtboardInstance/installViewModels(_:)``) and binds the given instance, so the
/// values the API reads and writes are the ones the artboard's binds use on advance.
extension ViewModelStore {
  /// An empty store for `file`'s view models.
  ///
  /// - Parameter file: The file whose view models the store's instances are of.
  public init(file: RuntimeFile) {
    self.init(model: file.dataBinding)
  }

  /// The number of view models the store knows.
  public var viewModelCount: Int { model.viewModels.count }

  /// Makes an instance of the view model at `viewModel`: a copy of its authored instance at
  /// `authoredIndex` (with the instances it references), or a fresh instance with every
  /// property at its type's default when `authoredIndex` is nil.
  ///
  /// - Parameters:
  ///   - viewModel: The view model's index in the file.
  ///   - authoredIndex: The authored instance's index among the view model's instances.
  /// - Returns: The instance, or nil when an index is out of range or the store is full.
  public mutating func makeInstance(viewModelAt viewModel: Int, authoredIndex: Int?)
    -> ViewModelInstanceHandle?
  {
    guard viewModel >= 0, viewModel < model.viewModels.count else { return nil }
    let instance: Int32
    if let authoredIndex {
      let authored = model.viewModels[viewModel].instances
      guard authoredIndex >= 0, authoredIndex < authored.count else { return nil }
      var copies: [Int: Int32] = [:]
      instance = copyInstance(authored[authoredIndex], copies: &copies)
    } else {
      instance = newInstance(of: viewModel)
    }
    return instance >= 0 ? ViewModelInstanceHandle(index: instance) : nil
  }

  /// Makes an instance of the view model at `viewModel` as `choice` says: a copy of an
  /// authored instance (by name or position), the default instance (the first authored one, or
  /// a blank one when there is none) or a blank instance.
  ///
  /// - Parameters:
  ///   - viewModel: The view model's index in the file.
  ///   - choice: Which instance.
  /// - Returns: The instance, or nil when the view model or the authored instance is not there
  ///   or the store is full.
  public mutating func makeInstance(viewModelAt viewModel: Int, choice: ViewModelInstanceChoice)
    -> ViewModelInstanceHandle?
  {
    guard viewModel >= 0, viewModel < model.viewModels.count else { return nil }
    let instance: Int32
    switch choice {
    case .named(let name): instance = selectInstance(of: viewModel, named: name)
    case .index(let index):
      return makeInstance(viewModelAt: viewModel, authoredIndex: index)
    case .defaultInstance: instance = defaultInstance(of: viewModel)
    case .blank: instance = newInstance(of: viewModel)
    }
    return instance >= 0 ? ViewModelInstanceHandle(index: instance) : nil
  }

  /// The index of the view model named `name`, or nil.
  public func viewModelIndex(named name: String) -> Int? { model.viewModelIndex(named: name) }

  /// The names of the file's view models, in file order.
  public var viewModelNames: [String] { model.viewModels.map(\.name) }

  /// The name of the view model at `index` (`#index` when there is none).
  public func viewModelName(at index: Int) -> String {
    index >= 0 && index < model.viewModels.count ? model.viewModels[index].name : "#\(index)"
  }

  /// The names of a view model's authored instances, in file order.
  public func instanceNames(ofViewModelAt viewModel: Int) -> [String] {
    guard viewModel >= 0, viewModel < model.viewModels.count else { return [] }
    return model.viewModels[viewModel].instances.map { model.instances[$0].name }
  }

  /// The view model a view-model property's value refers to (its declared view model), or nil
  /// when the value is not a view-model property.
  public func referencedViewModel(of handle: ViewModelValueHandle) -> Int? {
    guard handle.index >= 0, Int(handle.index) < values.count,
      values[Int(handle.index)].kind == .viewModel
    else { return nil }
    let state = values[Int(handle.index)]
    let viewModel = self.viewModel(of: state.instance)
    guard viewModel >= 0, state.propertyID >= 0,
      Int(state.propertyID) < model.viewModels[viewModel].properties.count
    else { return nil }
    let reference = model.viewModels[viewModel].properties[Int(state.propertyID)].reference
    return reference >= 0 && reference < model.viewModels.count ? reference : nil
  }

  /// The index of the file's artboard named `name` (as artboard values count artboards), or nil.
  public func artboardIndex(named name: String) -> Int? {
    model.artboardModels.firstIndex { $0.name == name }
  }

  /// The names of the file's artboards, in file order.
  public var artboardNames: [String] { model.artboardModels.map(\.name) }

  /// The index (in the file) of an instance's view model, or nil.
  public func viewModelIndex(of instance: ViewModelInstanceHandle) -> Int? {
    let index = viewModel(of: instance.index)
    return index >= 0 ? index : nil
  }
}

extension ArtboardInstance {
  /// Moves `store` into this instance and binds its `instance` to the artboard (and to
  /// `machine` when given) with the file's global view models, as
  /// ``StateMachineInstance/bindViewModel(file:instanceNamed:artboard:)`` does for an
  /// authored instance. Any store the artboard had is replaced.
  ///
  /// - Parameters:
  ///   - instance: The instance to bind, made in `store`.
  ///   - store: The store; it now lives in this artboard (take it back with
  ///     ``removeViewModels()``).
  ///   - machine: The state machine this artboard is driven by, if any.
  /// - Returns: Whether the instance is of the artboard's view model (else nothing is bound and
  ///   the store is still installed, unbound).
  @discardableResult
  public mutating func bind(
    _ instance: ViewModelInstanceHandle, in store: ViewModelStore,
    machine: inout StateMachineInstance?
  ) -> Bool {
    var store = store
    _ = takeViewModelStore()
    guard instance.index >= 0, store.viewModel(of: instance.index) >= 0 else {
      storeBox.value = store
      return false
    }
    store.setRoot(instance.index)
    store.attach(&self)
    var list = [instance.index]
    for (index, candidate) in store.model.viewModels.enumerated() where candidate.type == 2 {
      let global = store.defaultInstance(of: index)
      if global >= 0 { list.append(global) }
    }
    let context = store.makeContext(instances: list, parent: -1)
    store.bindArtboard(&self, context: context)
    if var bound = machine {
      machine = nil
      store.bindMachine(&bound, artboard: &self, context: context)
      machine = bound
    }
    storeBox.value = store
    return true
  }

  /// Moves a store into this instance (without binding anything new).
  ///
  /// - Parameter store: The store, as ``removeViewModels()`` returned it.
  public mutating func installViewModels(_ store: ViewModelStore?) {
    if let store, attachment != nil, attachment?.store != store.identity { forgetBindings() }
    storeBox.value = store
  }

  /// Moves the view-model store out of this instance (nil when it has none).
  public mutating func removeViewModels() -> ViewModelStore? {
    takeViewModelStore()
  }
}
