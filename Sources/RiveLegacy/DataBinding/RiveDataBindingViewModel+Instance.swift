import Foundation
import RiveCore

extension RiveDataBindingViewModel {
  /// An instance of a view model: property objects, cached per path, and their listeners.
  ///
  /// Images set on its image properties appear in ``RiveFile/resolutionReport()`` as
  /// `.dataBinding(path:)` while the instance lives. Not thread-safe: use from one thread at a
  /// time.
  public final class Instance {
    private static let counter = Locked(0)

    /// The view model this is an instance of.
    let viewModel: RiveDataBindingViewModel
    /// The authored instance whose values it starts with, nil for a blank instance.
    let instanceIndex: Int?
    /// A process-wide number identifying the instance's bindings in the file's state.
    let number: Int
    private var properties: [String: Property] = [:]

    init(viewModel: RiveDataBindingViewModel, instanceIndex: Int?) {
      self.viewModel = viewModel
      self.instanceIndex = instanceIndex
      number = Self.counter.withLock { value in
        value += 1
        return value
      }
    }

    deinit {
      viewModel.store.removeBindings(ofInstance: number)
    }

    /// The instance's name (`""` for a blank instance).
    public var name: String {
      instanceIndex.map { viewModel.definition.instances[$0].name } ?? ""
    }

    /// The number of properties of its view model.
    public var propertyCount: Int { viewModel.propertyCount }

    /// The image property at `path` (property names separated by `/` through nested view
    /// models), the same object on every lookup; nil when there is no such property or it is
    /// not an image property.
    public func imageProperty(fromPath path: String) -> ImageProperty? {
      if let cached = properties[path] { return cached as? ImageProperty }
      guard let target = resolveImage(path) else { return nil }
      let property = ImageProperty(
        name: target.name, path: path, asset: target.asset, store: viewModel.store,
        instance: number)
      properties[path] = property
      return property
    }

    /// Calls the listeners of every property that changed since the last call, then clears the
    /// changes (upstream does this on each advance of a bound state machine; headless, call it
    /// yourself).
    public func updateListeners() {
      for path in properties.keys.sorted() {
        guard let property = properties[path], property.hasChanged else { continue }
        property.notifyListeners()
        property.clearChanges()
      }
    }

    /// Follows `path` to an image property: every component but the last must be a view-model
    /// property.
    private func resolveImage(_ path: String) -> (name: String, asset: RiveDocument.Asset)? {
      let document = viewModel.file.document
      let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard let last = components.last, !components.contains(where: \.isEmpty) else { return nil }
      var model = viewModel.definition
      var authored = instanceIndex.map { model.instances[$0] }
      for component in components.dropLast() {
        guard let property = model.property(named: component), property.dataType == .viewModel,
          let index = property.viewModelReferenceIndex, document.viewModels.indices.contains(index)
        else { return nil }
        model = document.viewModels[index]
        authored = nil
      }
      guard let propertyIndex = model.properties.firstIndex(where: { $0.name == last }),
        model.properties[propertyIndex].dataType == .assetImage
      else { return nil }
      let assetIndex = authored?.assetReferences.first { $0.propertyIndex == propertyIndex }?
        .assetIndex
      if let assetIndex, document.assets.indices.contains(assetIndex) {
        return (last, document.assets[assetIndex])
      }
      return (last, RiveDocument.Asset.placeholder(kind: .image, propertyName: last))
    }
  }
}
