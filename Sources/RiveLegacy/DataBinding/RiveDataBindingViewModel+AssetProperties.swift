import Foundation
import RiveCore
import RiveFormat

extension RiveDataBindingViewModel.Instance {
  /// An image property of an instance.
  public final class ImageProperty: Property {
    /// A listener, called after the image changed.
    public typealias Listener = () -> Void

    /// The property's full path from the instance it was looked up on (for reports).
    private let path: String

    init(
      name: String, location: ViewModelInstanceNode.Location,
      owner: RiveDataBindingViewModel.Instance, path: String
    ) {
      self.path = path
      super.init(name: name, location: location, owner: owner)
    }

    /// Sets the image (nil clears it) and marks the property changed.
    ///
    /// An empty image (bytes that did not decode) is recorded as `.failed(reason:)` in
    /// ``RiveFile/resolutionReport()`` and logged.
    public func setValue(_ image: RiveRenderImage?) {
      node.setAsset(image?.decodedAsset, at: location)
      guard let assetStore else { return }
      let origin: ResolutionReport.Origin
      if let image, image.isEmpty {
        let reason = "the image set at \(path) is empty: \(image.failureReason)"
        RiveLogger.log(.error, "dataBinding", reason)
        origin = .failed(reason: reason)
      } else {
        origin = .dataBinding(path: path)
      }
      assetStore.bind(
        .init(asset: referencedAsset, origin: origin, content: image?.decodedAsset),
        instance: ownerNumber, path: path)
    }

    /// The asset the file's stored value points at, or a placeholder named after the property.
    private var referencedAsset: RiveDocument.Asset {
      let document = node.document
      let assetIndex = node.stored?.assetReferences.first {
        $0.propertyIndex == location.propertyIndex
      }?.assetIndex
      if let assetIndex, document.assets.indices.contains(assetIndex) {
        return document.assets[assetIndex]
      }
      return RiveDocument.Asset.placeholder(kind: .image, propertyName: name)
    }

    /// Adds a listener, called by `updateListeners()` after the image changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener() }
    }
  }

  /// A list property: an ordered list of view-model instances.
  ///
  /// Lists start empty (the reader does not model authored list items) and hold what is
  /// appended or inserted, through either API generation.
  public final class ListProperty: Property {
    /// A listener, called after the list changed.
    public typealias Listener = () -> Void
    private var wrappers: [RiveDataBindingViewModel.Instance] = []

    /// The number of items.
    public var count: UInt { UInt(node.items(at: location).count) }

    /// The item at `index`, or nil when out of range; the same object on every call while
    /// the item stays in the list.
    public func instance(at index: Int32) -> RiveDataBindingViewModel.Instance? {
      let items = node.items(at: location)
      guard let position = Int(exactly: index), items.indices.contains(position) else {
        return nil
      }
      return wrapper(of: items[position])
    }

    /// Appends an instance.
    public func append(_ instance: RiveDataBindingViewModel.Instance) {
      guard accepts(instance) else { return }
      remember(instance)
      node.editList(at: location) { items in
        items.append(instance.node)
        return true
      }
    }

    /// Inserts an instance at `index` (within `0...count`).
    ///
    /// - Returns: Whether it was inserted.
    @discardableResult
    public func insert(_ instance: RiveDataBindingViewModel.Instance, at index: Int32) -> Bool {
      guard accepts(instance) else { return false }
      let inserted = node.editList(at: location) { items in
        guard let position = Int(exactly: index), (0...items.count).contains(position) else {
          return false
        }
        items.insert(instance.node, at: position)
        return true
      }
      if inserted { remember(instance) }
      return inserted
    }

    /// Removes every occurrence of an instance.
    public func remove(_ instance: RiveDataBindingViewModel.Instance) {
      node.editList(at: location) { items in
        let count = items.count
        items.removeAll { $0.isSame(as: instance.node) }
        return items.count != count
      }
      prune()
    }

    /// Removes the item at `index` (nothing when out of range).
    public func remove(at index: Int32) {
      node.editList(at: location) { items in
        guard let position = Int(exactly: index), items.indices.contains(position) else {
          return false
        }
        items.remove(at: position)
        return true
      }
      prune()
    }

    /// Swaps two items (nothing when either index is out of range).
    public func swap(at firstIndex: UInt32, with secondIndex: UInt32) {
      node.editList(at: location) { items in
        let first = Int(firstIndex)
        let second = Int(secondIndex)
        guard items.indices.contains(first), items.indices.contains(second) else { return false }
        items.swapAt(first, second)
        return first != second
      }
    }

    /// Adds a listener, called by `updateListeners()` after the list changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      if hasChanged {
        for listener in listeners(as: Listener.self) { listener() }
      }
    }

    /// The item instances handed out so far (their listeners are called after the list's).
    var itemInstances: [RiveDataBindingViewModel.Instance] { wrappers }

    private func accepts(_ instance: RiveDataBindingViewModel.Instance) -> Bool {
      instance.node.failure == nil && instance.node.file === node.file
    }

    private func remember(_ instance: RiveDataBindingViewModel.Instance) {
      if !wrappers.contains(where: { $0 === instance }) { wrappers.append(instance) }
    }

    private func wrapper(of item: ViewModelInstanceNode) -> RiveDataBindingViewModel.Instance {
      if let existing = wrappers.first(where: { $0.node.isSame(as: item) }) { return existing }
      let instance = RiveDataBindingViewModel.Instance(node: item, assetStore: assetStore)
      wrappers.append(instance)
      return instance
    }

    /// Forgets the wrappers of items no longer in the list.
    private func prune() {
      let items = node.items(at: location)
      wrappers.removeAll { wrapper in !items.contains { $0.isSame(as: wrapper.node) } }
    }
  }

  /// An artboard property: which artboard a nested-artboard slot shows.
  public final class ArtboardProperty: Property {
    /// A listener, called by `updateListeners()`.
    public typealias Listener = () -> Void

    /// Sets the artboard (nil clears it).
    public func setValue(_ artboard: RiveBindableArtboard?) {
      node.setArtboard(.init(object: artboard, name: artboard?.name), at: location)
    }

    /// Sets the view-model instance the assigned artboard binds (kept; the runtime's data
    /// binding is not part of this package yet).
    public func setViewModelInstance(_ instance: RiveDataBindingViewModel.Instance?) {
      boundInstance = instance
    }

    /// The instance given to ``setViewModelInstance(_:)``.
    private(set) var boundInstance: RiveDataBindingViewModel.Instance?

    /// Adds a listener, called by every `updateListeners()` (as upstream's, whether or not
    /// the artboard changed).
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      for listener in listeners(as: Listener.self) { listener() }
    }
  }
}
