import RiveCore
import RiveFormat

extension File {
  /// The view-model names, in file order.
  ///
  /// - Returns: The names.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func getViewModelNames() async throws -> [String] {
    document.viewModels.map(\.name)
  }

  /// The instance names of a view model, in file order (the first is the default instance).
  ///
  /// - Parameter viewModel: The view model's name.
  /// - Returns: The names (older files may store empty names).
  /// - Throws: ``FileError/invalidViewModel(_:)`` when the file has no such view model
  ///   (upstream reports this as `invalidFile`).
  @MainActor
  public func getInstanceNames(of viewModel: String) async throws -> [String] {
    try viewModelIndex(named: viewModel).map { document.viewModels[$0].instances.map(\.name) }
      ?? []
  }

  /// The properties of a view model, in file order.
  ///
  /// - Parameter viewModel: The view model's name.
  /// - Returns: Each property's type and name; ``ViewModelProperty/metaData`` is the enum's name
  ///   for enum properties, the referenced view model's name for view-model properties, and
  ///   empty otherwise.
  /// - Throws: ``FileError/invalidViewModel(_:)`` when the file has no such view model.
  @MainActor
  public func getProperties(of viewModel: String) async throws -> [ViewModelProperty] {
    guard let index = try viewModelIndex(named: viewModel) else { return [] }
    return document.viewModels[index].properties.map { property in
      var metaData = property.enumName ?? ""
      if let reference = property.viewModelReferenceIndex,
        document.viewModels.indices.contains(reference)
      {
        metaData = document.viewModels[reference].name
      }
      return ViewModelProperty(
        type: ViewModelProperty.DataType(property.dataType), name: property.name,
        metaData: metaData)
    }
  }

  /// The file's enums used by enum properties.
  ///
  /// - Returns: Each enum's name and values, in file order.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func getViewModelEnums() async throws -> [ViewModelEnum] {
    document.enums.map { ViewModelEnum(name: $0.name, values: $0.values) }
  }

  /// The view model an artboard binds by default and that view model's default instance.
  ///
  /// - Parameter artboard: An artboard of this file.
  /// - Returns: The view model's name and its default (first) instance's name (`""` when the
  ///   view model has no instance: its default instance is then a blank one).
  /// - Throws: ``ArtboardError/invalidArtboard(_:)`` when the artboard is from another file or
  ///   names no view model.
  @MainActor
  public func getDefaultViewModelInfo(for artboard: Artboard) async throws -> (
    viewModelName: String, instanceName: String
  ) {
    guard artboard.loaded === loaded else {
      throw ArtboardError.invalidArtboard("artboard \"\(artboard.name)\" belongs to another file")
    }
    guard let index = artboard.model.viewModelIndex, document.viewModels.indices.contains(index)
    else {
      throw ArtboardError.invalidArtboard("artboard \"\(artboard.name)\" has no default view model")
    }
    let viewModel = document.viewModels[index]
    return (viewModel.name, viewModel.instances.first?.name ?? "")
  }

  /// Creates a new view-model instance.
  ///
  /// - Parameter source: Which view model (by name, or the artboard's default) and which
  ///   instance: blank (every property at its type's zero value), the default (first)
  ///   instance (a blank one when the view model has none, as upstream), or a named one —
  ///   the last two start from the values the file stores.
  /// - Returns: A new, independent instance on every call.
  /// - Throws: ``FileError/invalidViewModelInstance(_:)`` when the view model or instance does
  ///   not exist or the artboard is from another file.
  @MainActor
  public func createViewModelInstance(_ source: ViewModelInstanceSource) async throws
    -> ViewModelInstance
  {
    let viewModelSource: ViewModelSource
    switch source {
    case .blank(let from), .viewModelDefault(let from), .name(_, let from): viewModelSource = from
    }
    let viewModelIndex: Int
    switch viewModelSource {
    case .name(let name):
      guard let index = document.viewModels.firstIndex(where: { $0.name == name }) else {
        throw FileError.invalidViewModelInstance("view model \"\(name)\" not found.")
      }
      viewModelIndex = index
    case .artboardDefault(let artboard):
      guard artboard.loaded === loaded else {
        throw FileError.invalidViewModelInstance(
          "artboard \"\(artboard.name)\" belongs to another file.")
      }
      guard let index = artboard.model.viewModelIndex, document.viewModels.indices.contains(index)
      else {
        throw FileError.invalidViewModelInstance(
          "artboard \"\(artboard.name)\" has no default view model.")
      }
      viewModelIndex = index
    }
    let viewModel = document.viewModels[viewModelIndex]
    let stored: RiveDocument.ViewModelInstance?
    switch source {
    case .blank:
      stored = nil
    case .viewModelDefault:
      // A view model without instances gives a blank one, as the runtime's default does.
      stored = viewModel.instances.first
    case .name(let name, _):
      guard let named = viewModel.instance(named: name) else {
        throw FileError.invalidViewModelInstance(
          "instance \"\(name)\" of view model \"\(viewModel.name)\" not found.")
      }
      stored = named
    }
    return ViewModelInstance(
      file: self, node: .init(file: loaded, viewModelIndex: viewModelIndex, stored: stored))
  }

  private func viewModelIndex(named name: String) throws -> Int? {
    guard let index = document.viewModels.firstIndex(where: { $0.name == name }) else {
      throw FileError.invalidViewModel("view model \"\(name)\" not found.")
    }
    return index
  }
}
