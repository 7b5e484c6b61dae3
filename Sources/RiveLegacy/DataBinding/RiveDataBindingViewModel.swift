import Foundation
import RiveCore
import RiveFormat

/// A view model of a ``RiveFile``, from which instances are made (legacy data binding).
///
/// Not thread-safe: use from one thread at a time.
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
  public var propertyCount: UInt { UInt(definition.properties.count) }

  /// Each property's type and name, in file order.
  public var properties: [Instance.Property.Data] {
    definition.properties.map { Instance.Property.Data($0) }
  }

  /// The number of instances authored in the file.
  public var instanceCount: UInt { UInt(definition.instances.count) }

  /// The names of the instances authored in the file, in file order.
  public var instanceNames: [String] { definition.instances.map(\.name) }

  /// A new instance with the values of the default (first) authored instance; a blank instance
  /// (as ``createInstance()``) when the view model has none, as upstream's runtime falls back.
  /// Never nil; optional as upstream's.
  public func createDefaultInstance() -> Instance? {
    make(stored: definition.instances.first)
  }

  /// A new instance with the values of the authored instance at `index`, or nil.
  public func createInstance(fromIndex index: UInt) -> Instance? {
    guard let position = Int(exactly: index), definition.instances.indices.contains(position)
    else { return nil }
    return make(stored: definition.instances[position])
  }

  /// A new instance with the values of the authored instance named `name`, or nil.
  public func createInstance(fromName name: String) -> Instance? {
    guard let stored = definition.instance(named: name) else { return nil }
    return make(stored: stored)
  }

  /// A new blank instance: every property at its type's default value (`""`, 0, false, the
  /// runtime's default color, the enum's first value). Optional, as upstream's.
  public func createInstance() -> Instance? {
    make(stored: nil)
  }

  private func make(stored: RiveDocument.ViewModelInstance?) -> Instance {
    Instance(
      node: ViewModelInstanceNode(file: file, viewModelIndex: index, stored: stored),
      assetStore: store)
  }
}
