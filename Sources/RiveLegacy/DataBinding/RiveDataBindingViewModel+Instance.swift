import Foundation
import RiveCore
import RiveFormat

extension RiveDataBindingViewModel {
  /// An instance of a view model: property objects, cached per path, and their listeners.
  ///
  /// Its values live in the store the current API's `ViewModelInstance` uses, so the same
  /// instance seen through both generations (`ViewModelInstance(_:worker:)`) shows one value.
  /// Images set on its image properties appear in ``RiveFile/resolutionReport()`` as
  /// `.dataBinding(path:)` while the instance lives. Keep a strong reference to an instance
  /// you bind or observe, as upstream asks. Not thread-safe: use from one thread at a time.
  ///
  /// Equal only to itself, as upstream's Objective-C object compares (`isEqual:` is
  /// identity); since a nested instance and a list item are the same object on every lookup
  /// while they are not replaced, two lookups of one are equal.
  public final class Instance: Hashable {
    private static let counter = Locked(0)

    /// The instance as both API generations see it.
    package let node: ViewModelInstanceNode
    /// The file's asset state, for image bindings in its resolution report (nil when the
    /// instance was reached from another file's objects).
    let assetStore: FileAssetStore?
    /// A process-wide number identifying the instance's image bindings in the file's state.
    let number: Int
    private var cachedProperties: [String: Property] = [:]
    private var children: [String: Instance] = [:]

    init(node: ViewModelInstanceNode, assetStore: FileAssetStore?) {
      self.node = node
      self.assetStore = assetStore
      number = Self.counter.withLock { value in
        value += 1
        return value
      }
    }

    deinit {
      assetStore?.removeBindings(ofInstance: number)
    }

    public static func == (lhs: Instance, rhs: Instance) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The instance's name (`""` for blank and nested instances).
    public var name: String { node.name }

    /// The number of properties of its view model.
    public var propertyCount: UInt {
      node.failure == nil ? UInt(node.viewModel.properties.count) : 0
    }

    /// Each property's type and name, in file order.
    public var properties: [Property.Data] {
      guard node.failure == nil else { return [] }
      return node.viewModel.properties.map { Property.Data($0) }
    }

    // MARK: Property lookups

    /// The property at `path` (property names joined by `/` through nested view models), of
    /// whatever type; the same object on every lookup.
    public func property(fromPath path: String) -> Property? {
      lookup(path, type: nil) { Property(name: $0.property.name, location: $0, owner: $1) }
    }

    /// The string property at `path`, or nil when there is none of that type; the same object
    /// on every lookup.
    public func stringProperty(fromPath path: String) -> StringProperty? {
      lookup(path, type: .string) {
        StringProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The number property at `path` (see ``stringProperty(fromPath:)``).
    public func numberProperty(fromPath path: String) -> NumberProperty? {
      lookup(path, type: .number) {
        NumberProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The boolean property at `path` (see ``stringProperty(fromPath:)``).
    public func booleanProperty(fromPath path: String) -> BooleanProperty? {
      lookup(path, type: .boolean) {
        BooleanProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The color property at `path` (see ``stringProperty(fromPath:)``).
    public func colorProperty(fromPath path: String) -> ColorProperty? {
      lookup(path, type: .color) { ColorProperty(name: $0.property.name, location: $0, owner: $1) }
    }

    /// The enum property at `path` (see ``stringProperty(fromPath:)``).
    public func enumProperty(fromPath path: String) -> EnumProperty? {
      lookup(path, type: .enumType) {
        EnumProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The trigger property at `path` (see ``stringProperty(fromPath:)``).
    public func triggerProperty(fromPath path: String) -> TriggerProperty? {
      lookup(path, type: .trigger) {
        TriggerProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The image property at `path` (see ``stringProperty(fromPath:)``).
    public func imageProperty(fromPath path: String) -> ImageProperty? {
      lookup(path, type: .assetImage) {
        ImageProperty(name: $0.property.name, location: $0, owner: $1, path: path)
      }
    }

    /// The list property at `path` (see ``stringProperty(fromPath:)``).
    public func listProperty(fromPath path: String) -> ListProperty? {
      lookup(path, type: .list) { ListProperty(name: $0.property.name, location: $0, owner: $1) }
    }

    /// The artboard property at `path` (see ``stringProperty(fromPath:)``).
    public func artboardProperty(fromPath path: String) -> ArtboardProperty? {
      lookup(path, type: .artboard) {
        ArtboardProperty(name: $0.property.name, location: $0, owner: $1)
      }
    }

    /// The nested instance of the view-model property at `path`; the same object on every
    /// lookup while it is not replaced.
    public func viewModelInstanceProperty(fromPath path: String) -> Instance? {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard !parts.contains("") else { return nil }
      var instance = self
      for part in parts {
        guard let child = instance.child(named: part) else { return nil }
        instance = child
      }
      return instance
    }

    /// Replaces the nested instance of the view-model property at `path`.
    ///
    /// - Returns: Whether it was replaced (false when there is no such property or `instance`
    ///   is of another view model or file).
    @discardableResult
    public func setViewModelInstanceProperty(fromPath path: String, to instance: Instance)
      -> Bool
    {
      guard let location = try? node.locate(path, expecting: .viewModel),
        location.owner.replaceNested(with: instance.node, at: location)
      else { return false }
      parent(of: path)?.children[location.property.name] = instance
      return true
    }

    /// Calls the listeners of every property (here and in nested instances and list items)
    /// that changed since the last call, then clears the changes, as upstream's view does after
    /// each advance of a bound state machine. Artboard properties call their listeners every
    /// time, as upstream's.
    ///
    /// Each instance is visited once per call, so an instance that holds itself (in a list or
    /// as a nested instance) ends the walk instead of recursing without end.
    public func updateListeners() {
      var visited: Set<ObjectIdentifier> = []
      updateListeners(visited: &visited)
    }

    private func updateListeners(visited: inout Set<ObjectIdentifier>) {
      guard visited.insert(ObjectIdentifier(self)).inserted else { return }
      let properties = cachedProperties.keys.sorted().compactMap { cachedProperties[$0] }
      for property in properties { property.handleListeners() }
      for property in properties where property.hasChanged { property.clearChanges() }
      for case let list as ListProperty in properties {
        for item in list.itemInstances { item.updateListeners(visited: &visited) }
      }
      for key in children.keys.sorted() { children[key]?.updateListeners(visited: &visited) }
    }

    // MARK: Internals

    /// The instance that owns the last component of `path`, creating wrappers on the way.
    private func parent(of path: String) -> Instance? {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard !parts.isEmpty, !parts.contains("") else { return nil }
      var instance = self
      for part in parts.dropLast() {
        guard let child = instance.child(named: part) else { return nil }
        instance = child
      }
      return instance
    }

    /// The wrapper of the nested instance `name`, kept while it stands for the current one.
    func child(named name: String) -> Instance? {
      guard let node = node.child(named: name) else { return nil }
      if let existing = children[name], existing.node.isSame(as: node) { return existing }
      let instance = Instance(node: node, assetStore: assetStore)
      children[name] = instance
      return instance
    }

    /// Finds or makes the property object at `path`, cached on the instance that owns it.
    private func lookup<Kind: Property>(
      _ path: String, type: RiveDocument.ViewModelProperty.DataType?,
      make: (ViewModelInstanceNode.Location, Instance) -> Kind
    ) -> Kind? {
      guard let owner = parent(of: path),
        let name = path.split(separator: "/").last.map(String.init)
      else { return nil }
      if let cached = owner.cachedProperties[name] as? Kind { return cached }
      guard let location = try? owner.node.locate(name, expecting: type) else { return nil }
      let property = make(location, owner)
      owner.cachedProperties[name] = property
      return property
    }
  }
}
