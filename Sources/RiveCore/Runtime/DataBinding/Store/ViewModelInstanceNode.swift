import RiveFormat

/// One view-model instance as both API generations see it: which view model, the values the
/// file stores for it, and where its values live (a store and the key prefix inside it).
///
/// A current-API ``ViewModelInstance`` and a legacy instance are views of a node; two views of
/// the same node (``isSame(as:)``) read and write one set of values. A nested view-model
/// property that was never replaced is a node on its parent's store, with the property's path
/// as prefix.
package struct ViewModelInstanceNode: Sendable {
  /// The parsed file.
  package let file: LoadedFile
  /// The view model's index in the file.
  package let viewModelIndex: Int
  /// The file's instance the values start from; nil for blank and nested instances.
  package let stored: RiveDocument.ViewModelInstance?
  /// Where the values live.
  package let store: ViewModelValueStore
  /// The key prefix of this instance's properties in ``store``.
  package let prefix: String
  /// Why this node stands for no instance (a path or list index that resolved to none); every
  /// read of it fails with this message and every write is ignored.
  package let failure: String?

  /// A new instance with a store of its own.
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - viewModelIndex: The view model's index.
  ///   - stored: The file's instance to start from, nil for a blank instance.
  package init(file: LoadedFile, viewModelIndex: Int, stored: RiveDocument.ViewModelInstance?) {
    let authoredIndex = stored.flatMap { stored in
      file.document.viewModels.indices.contains(viewModelIndex)
        ? file.document.viewModels[viewModelIndex].instances.firstIndex(of: stored) : nil
    }
    self.init(
      file: file, viewModelIndex: viewModelIndex, stored: stored,
      store: ViewModelValueStore(
        file: file, viewModelIndex: viewModelIndex, authoredIndex: authoredIndex),
      prefix: "", failure: nil)
  }

  /// This instance in the runtime's store (nil when the file cannot be evaluated or this node
  /// stands for no instance).
  package var coreInstance: ViewModelInstanceHandle? {
    failure == nil ? store.coreInstance(prefix: prefix) : nil
  }

  private init(
    file: LoadedFile, viewModelIndex: Int, stored: RiveDocument.ViewModelInstance?,
    store: ViewModelValueStore, prefix: String, failure: String?
  ) {
    self.file = file
    self.viewModelIndex = viewModelIndex
    self.stored = stored
    self.store = store
    self.prefix = prefix
    self.failure = failure
  }

  /// A node that stands for no instance; `message` says why.
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - viewModelIndex: The view model the instance was expected of.
  ///   - message: Why there is none.
  /// - Returns: The node.
  package static func missing(file: LoadedFile, viewModelIndex: Int, message: String) -> Self {
    ViewModelInstanceNode(
      file: file, viewModelIndex: viewModelIndex, stored: nil, store: ViewModelValueStore(),
      prefix: "", failure: message)
  }

  /// Whether both are views of the same instance.
  package func isSame(as other: ViewModelInstanceNode) -> Bool {
    store === other.store && prefix == other.prefix && viewModelIndex == other.viewModelIndex
  }

  /// The file's document.
  package var document: RiveDocument { file.document }

  /// The view model.
  package var viewModel: RiveDocument.ViewModel { document.viewModels[viewModelIndex] }

  /// The instance's name: the file's instance name; for a nested instance, the name of the
  /// file's instance it is a copy of (as the official runtime copies nested instances, names
  /// and all); `""` for a blank instance.
  package var name: String {
    if let stored { return stored.name }
    guard failure == nil, !prefix.isEmpty, let handle = coreInstance else { return "" }
    return store.read { $0.core?.name(of: handle) } ?? ""
  }

  // MARK: - Nested instances

  /// The instance of the view-model property `name` of this instance: the one that replaced
  /// it, else the default nested instance on this store.
  ///
  /// - Parameter name: A view-model property's name.
  /// - Returns: The nested node, nil when there is no such view-model property.
  package func child(named name: String) -> ViewModelInstanceNode? {
    guard failure == nil, let property = viewModel.property(named: name),
      property.dataType == .viewModel, let reference = property.viewModelReferenceIndex,
      document.viewModels.indices.contains(reference)
    else { return nil }
    let key = prefix + name
    if let replacement = store.read({ $0.nested[key] }) { return replacement }
    return ViewModelInstanceNode(
      file: file, viewModelIndex: reference, stored: nil, store: store, prefix: key + "/",
      failure: nil)
  }

  // MARK: - Paths

  /// Why a path did not lead to a property of the expected type.
  package enum LocateError: Error, Sendable {
    /// No property at the path (or the node stands for no instance); the message says which.
    case notFound(String)
    /// The property has another type.
    case mismatch(
      expected: RiveDocument.ViewModelProperty.DataType,
      actual: RiveDocument.ViewModelProperty.DataType)
  }

  /// Where a property lives.
  package struct Location: Sendable {
    /// The instance that has the property (the last view-model step of the path).
    package var owner: ViewModelInstanceNode
    /// The property's key in the owner's store.
    package var key: String
    /// The file's description of the property.
    package var property: RiveDocument.ViewModelProperty
    /// The property's index in its view model.
    package var propertyIndex: Int

    /// The owner's store.
    package var store: ViewModelValueStore { owner.store }
  }

  /// Follows `path` (names joined by `/` through view-model properties) to a property.
  ///
  /// - Parameters:
  ///   - path: The property's path.
  ///   - expected: The type it must have; nil accepts any.
  /// - Returns: Where it lives.
  /// - Throws: ``LocateError``.
  package func locate(
    _ path: String, expecting expected: RiveDocument.ViewModelProperty.DataType? = nil
  ) throws(LocateError) -> Location {
    if let failure { throw .notFound(failure) }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let last = parts.last, !parts.contains("") else {
      throw .notFound("invalid property path \"\(path)\"")
    }
    var node = self
    for part in parts.dropLast() {
      guard node.viewModel.property(named: part) != nil else {
        throw .notFound("failed to find property at path \(path)")
      }
      guard let child = node.child(named: part) else {
        throw .notFound("property \"\(part)\" in path \(path) is not a view-model property")
      }
      node = child
    }
    guard let index = node.viewModel.properties.firstIndex(where: { $0.name == last }) else {
      throw .notFound("failed to find property at path \(path)")
    }
    let property = node.viewModel.properties[index]
    if let expected, property.dataType != expected {
      throw .mismatch(expected: expected, actual: property.dataType)
    }
    return Location(owner: node, key: node.prefix + last, property: property, propertyIndex: index)
  }

  // MARK: - Values

  /// The values of an enum property's enum, in file order (empty when it resolves to none).
  package func enumValues(of property: RiveDocument.ViewModelProperty) -> [String] {
    guard let name = property.enumName else { return [] }
    return document.enums.first { $0.name == name }?.values ?? []
  }

  /// The value a property shows while nothing was given to it: the file's stored value, else
  /// its type's default (`""`, 0, false, ``Color/viewModelDefault``, the enum's first value).
  package func fallback(at location: Location) -> ViewModelValueStore.Value? {
    let stored = location.owner.stored?.value(ofPropertyAt: location.propertyIndex)
    switch location.property.dataType {
    case .string:
      if case .string(let text)? = stored { return .string(text) }
      return .string("")
    case .number:
      if case .number(let number)? = stored { return .number(number) }
      return .number(0)
    case .boolean:
      if case .boolean(let flag)? = stored { return .boolean(flag) }
      return .boolean(false)
    case .color:
      if case .color(let argb)? = stored { return .color(Color(argb)) }
      return .color(Color.viewModelDefault)
    case .enumType:
      let values = enumValues(of: location.property)
      var index = 0
      if case .enumIndex(let storedIndex)? = stored { index = storedIndex }
      return .enumValue(values.indices.contains(index) ? values[index] : "")
    default:
      return nil
    }
  }

  /// The current value of a string, number, boolean, color or enum property.
  package func value(at location: Location) -> ViewModelValueStore.Value? {
    location.store.update { state in
      ViewModelValueStore.coreValue(location.key, in: &state) ?? state.values[location.key]
    } ?? fallback(at: location)
  }

  /// Sets a value; an enum value that is not one of the enum's is ignored (no change, no
  /// dirty event). Equal values tell the dirty streams but are not a change.
  ///
  /// - Returns: Whether the write was applied.
  @discardableResult
  package func setValue(_ value: ViewModelValueStore.Value, at location: Location) -> Bool {
    if case .enumValue(let name) = value {
      let values = enumValues(of: location.property)
      guard values.isEmpty || values.contains(name) else { return false }
    }
    let current = self.value(at: location)
    location.store.change(location.key) { state in
      if !ViewModelValueStore.setCoreValue(value, at: location.key, in: &state) {
        state.values[location.key] = value
      }
      return current != value
    }
    return true
  }

  /// Fires a trigger property.
  package func fire(at location: Location) {
    location.store.change(location.key) { state in
      state.triggerCounts[location.key, default: 0] += 1
      _ = ViewModelValueStore.fireCore(at: location.key, in: &state)
      return true
    }
  }

  /// How often a trigger property was fired.
  package func fireCount(at location: Location) -> Int {
    location.store.read { $0.triggerCounts[location.key, default: 0] }
  }

  /// Assigns content to an image, font or blob property (nil clears it).
  package func setAsset(_ asset: DecodedAsset?, at location: Location) {
    location.store.change(location.key) { state in
      state.assets[location.key] = asset.map { .content($0) } ?? .cleared
      ViewModelValueStore.bindImage(asset, at: location.key, in: &state)
      return true
    }
  }

  /// Assigns an artboard to an artboard property (nil object clears it).
  package func setArtboard(_ binding: ViewModelValueStore.ArtboardBinding, at location: Location) {
    location.store.change(location.key) { state in
      state.artboards[location.key] = binding
      return true
    }
  }

  /// The artboard assigned to an artboard property, if any.
  package func artboard(at location: Location) -> ViewModelValueStore.ArtboardBinding? {
    location.store.read { $0.artboards[location.key] }
  }

  /// Replaces the instance of a view-model property.
  ///
  /// - Returns: Whether `instance` is of the property's view model in the same file (else
  ///   nothing changes).
  @discardableResult
  package func replaceNested(with instance: ViewModelInstanceNode, at location: Location) -> Bool {
    guard instance.failure == nil, instance.file === file,
      location.property.viewModelReferenceIndex == instance.viewModelIndex
    else { return false }
    location.store.change(location.key) { state in
      state.nested[location.key] = instance
      return true
    }
    return true
  }

  // MARK: - Lists

  /// The items of a list property.
  package func items(at location: Location) -> [ViewModelInstanceNode] {
    location.store.read { $0.lists[location.key] ?? [] }
  }

  /// Edits a list property's items; `body` returns whether it changed them.
  ///
  /// - Returns: What `body` returned.
  @discardableResult
  package func editList(
    at location: Location, _ body: (inout [ViewModelInstanceNode]) -> Bool
  ) -> Bool {
    var applied = false
    location.store.change(location.key) { state in
      var items = state.lists[location.key] ?? []
      applied = body(&items)
      state.lists[location.key] = items
      return applied
    }
    return applied
  }
}
