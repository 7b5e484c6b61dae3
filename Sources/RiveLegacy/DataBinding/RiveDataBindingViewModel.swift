import Foundation
import RiveCore

/// A view model of a ``RiveFile``, from which instances are made (legacy data binding).
///
/// Only image properties are supported in this headless runtime (see
/// ``Instance/imageProperty(fromPath:)``). Not thread-safe: use from one thread at a time.
public final class RiveDataBindingViewModel {
  /// The position of the view model in the file.
  let index: Int
  /// The parsed file.
  let file: LoadedFile
  /// The file's asset state (data-bound images are recorded there).
  let store: FileAssetStore

  init(index: Int, file: LoadedFile, store: FileAssetStore) {
    self.index = index
    self.file = file
    self.store = store
  }

  /// The view model as the reader describes it.
  var definition: RiveDocument.ViewModel { file.document.viewModels[index] }

  /// The view model's name.
  public var name: String { definition.name }

  /// The number of properties.
  public var propertyCount: Int { definition.properties.count }

  /// The number of instances authored in the file.
  public var instanceCount: Int { definition.instances.count }

  /// The names of the instances authored in the file, in file order.
  public var instanceNames: [String] { definition.instances.map(\.name) }

  /// A new instance with the values of the default (first) authored instance, or nil when the
  /// view model has none.
  public func createDefaultInstance() -> Instance? {
    createInstance(fromIndex: 0)
  }

  /// A new instance with the values of the authored instance at `index`, or nil.
  public func createInstance(fromIndex index: Int) -> Instance? {
    guard definition.instances.indices.contains(index) else { return nil }
    return Instance(viewModel: self, instanceIndex: index)
  }

  /// A new instance with the values of the authored instance named `name`, or nil.
  public func createInstance(fromName name: String) -> Instance? {
    guard let index = definition.instances.firstIndex(where: { $0.name == name }) else {
      return nil
    }
    return Instance(viewModel: self, instanceIndex: index)
  }

  /// A new blank instance (no authored values).
  public func createInstance() -> Instance {
    Instance(viewModel: self, instanceIndex: nil)
  }
}
