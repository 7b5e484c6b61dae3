import RiveCore

/// A view-model instance made by ``File/createViewModelInstance(_:)``.
///
/// An instance starts from the values the file stores for it (string, number, boolean, color
/// and enum values and asset references; a blank instance starts from each type's zero value)
/// and keeps what it is given. Nested view-model properties are reached with paths such as
/// `"Nested/Title"`; a nested instance that was never replaced starts from zero values.
public final class ViewModelInstance: Equatable, Sendable {
  /// The file the instance was made from.
  public let file: File
  let viewModelIndex: Int
  let stored: RiveDocument.ViewModelInstance?
  let storage: ViewModelInstanceStorage
  let prefix: String

  init(
    file: File, viewModelIndex: Int, stored: RiveDocument.ViewModelInstance?,
    storage: ViewModelInstanceStorage, prefix: String = ""
  ) {
    self.file = file
    self.viewModelIndex = viewModelIndex
    self.stored = stored
    self.storage = storage
    self.prefix = prefix
  }

  /// Whether both are the same instance.
  public static func == (lhs: ViewModelInstance, rhs: ViewModelInstance) -> Bool { lhs === rhs }

  var document: RiveDocument { file.loaded.document }

  /// The name of the instance's view model.
  ///
  /// - Returns: The name.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func viewModelName() async throws -> String {
    document.viewModels[viewModelIndex].name
  }

  /// The instance's name: the file's instance name, or `""` for blank and nested instances.
  ///
  /// - Returns: The name.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func name() async throws -> String {
    stored?.name ?? ""
  }

  /// A stream that yields once for every mutation applied to this instance (setters, `fire`,
  /// nested replacements), to every live subscriber. Writes that are rejected (unknown path,
  /// wrong type) change nothing and yield nothing.
  ///
  /// - Returns: The stream; it ends when its consumer stops.
  @MainActor
  public func dirtyStream() -> AsyncStream<Void> {
    storage.subscribe()
  }

  // MARK: - Paths

  /// Where a property lives: the storage that holds its value, its key there, and the file's
  /// description of it.
  struct Location {
    var storage: ViewModelInstanceStorage
    var key: String
    var property: RiveDocument.ViewModelProperty
    var propertyIndex: Int
    var stored: RiveDocument.ViewModelInstance?
  }

  @MainActor
  func locate(_ path: String, expecting expected: ViewModelProperty.DataType) throws
    -> Location
  {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !parts.isEmpty, !parts.contains("") else {
      throw ViewModelInstanceError.message("invalid property path \"\(path)\"")
    }
    var viewModel = viewModelIndex
    var stored = stored
    var prefix = prefix
    var storage = storage
    for part in parts.dropLast() {
      let properties = document.viewModels[viewModel].properties
      guard let property = properties.first(where: { $0.name == part }) else {
        throw ViewModelInstanceError.message("failed to find property at path \(path)")
      }
      guard property.dataType == .viewModel, let reference = property.viewModelReferenceIndex,
        document.viewModels.indices.contains(reference)
      else {
        throw ViewModelInstanceError.message(
          "property \"\(part)\" in path \(path) is not a view-model property")
      }
      let key = prefix + part
      if let replacement = storage.nested[key] {
        viewModel = replacement.viewModelIndex
        stored = replacement.stored
        prefix = replacement.prefix
        storage = replacement.storage
      } else {
        viewModel = reference
        stored = nil
        prefix = key + "/"
      }
    }
    let properties = document.viewModels[viewModel].properties
    guard let last = parts.last, let index = properties.firstIndex(where: { $0.name == last })
    else {
      throw ViewModelInstanceError.message("failed to find property at path \(path)")
    }
    let property = properties[index]
    let actual = ViewModelProperty.DataType(property.dataType)
    guard actual == expected else {
      throw ViewModelInstanceError.valueMismatch(
        String(describing: expected), String(describing: actual))
    }
    return Location(
      storage: storage, key: prefix + last, property: property, propertyIndex: index,
      stored: stored)
  }
}
